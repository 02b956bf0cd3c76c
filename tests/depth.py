"""How deep the repeated drills go: one setting for the whole run, never a count edited into a test.

    pytest --depth ci         the default, what `make test` and CI run: each proof once, at the depth it needs
    pytest --depth nightly    every drill at full depth (every pack killed 200 times, Hypothesis at 1,000 examples)

Durability is the store's and the session's, not a game's: at `ci` the power-cut drill kills one game
(`FULL_POWER_CUTS_GAME`) the full 200 times and every other pack a few dozen times, enough to land in every phase
of a commit (the drill asserts it, tests/drills/test_power_cut_game.py). The store's own drill
(tests/engine/test_power_cut.py) is unchanged. The same setting chooses the Hypothesis profile of the same name;
a test whose `@settings` names its own `max_examples` keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

CI, NIGHTLY = "ci", "nightly"
DEPTHS = (CI, NIGHTLY)
#: The game that gets the full power-cut drill at every depth: the first pack, the one the store was built for.
FULL_POWER_CUTS_GAME = "thunderbirds"
#: The full drill: SIGKILLs per game.
FULL_POWER_CUTS = 200
#: Every other pack at `ci`: enough for every phase of a commit to be hit (asserted by the drill).
FEW_POWER_CUTS = 60
#: The seeds of the conformance drill's games, for each set-up, in which every listed action is applied at every
#: step (tests/conformance/test_every_pack.py): every player count and option is played at every depth.
CONFORMANCE_SEEDS = {CI: (1,), NIGHTLY: (1, 7, 2024)}
#: Hypothesis' examples per test at each depth (a test's own `@settings(max_examples=...)` wins).
HYPOTHESIS_EXAMPLES = {CI: 100, NIGHTLY: 1000}


@dataclass(frozen=True)
class Depth:
    """The run's depth, as the drills read it (the `depth` fixture)."""

    name: str

    def power_cuts(self, game: str) -> int:
        """How many times the power-cut drill kills a writer playing `game`."""
        if self.name == NIGHTLY or game == FULL_POWER_CUTS_GAME:
            return FULL_POWER_CUTS
        return FEW_POWER_CUTS

    def conformance_seeds(self) -> tuple[int, ...]:
        """The seeds of the games the conformance drill plays from each set-up, every listed action tried."""
        return CONFORMANCE_SEEDS[self.name]


def examples(at_ci: int) -> int:
    """`at_ci` Hypothesis examples at the `ci` depth, as many times more at a deeper one as the profile gives (ten
    at `nightly`): for a test whose count is its own (`@settings(max_examples=examples(40))`), so that `nightly`
    deepens it too. Read when the test module is imported, after the profile is loaded."""
    from hypothesis import settings

    return max(1, at_ci * settings.default.max_examples // HYPOTHESIS_EXAMPLES[CI])


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--depth",
        choices=DEPTHS,
        default=CI,
        help="how deep the repeated drills go: ci (the default, make test) or nightly (every drill at full depth); "
        "tests/depth.py",
    )


def pytest_configure(config: pytest.Config) -> None:
    from hypothesis import settings

    # A run inside a test (pytester) gives the profile back when it ends.
    settings.register_profile(f"before-{id(config)}", parent=settings.default)
    for name, examples in HYPOTHESIS_EXAMPLES.items():
        settings.register_profile(name, max_examples=examples)
    settings.load_profile(config.getoption("depth"))


def pytest_unconfigure(config: pytest.Config) -> None:
    from hypothesis import settings

    settings.load_profile(f"before-{id(config)}")


def pytest_report_header(config: pytest.Config) -> str:
    return f"depth: {config.getoption('depth')} (tests/depth.py)"


def depth_of(config: pytest.Config) -> Depth:
    return Depth(config.getoption("depth"))


@pytest.fixture(scope="session")
def depth(pytestconfig: pytest.Config) -> Depth:
    """The run's depth: how many kills, examples or rounds a drill makes."""
    return depth_of(pytestconfig)
