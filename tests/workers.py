"""`make test` runs on three workers (pytest-xdist, `--dist loadfile`: a module's tests stay on one worker, so its
module fixtures are set up once). Each worker has its own session fixtures (its own Xvfb, on a free display) and
its own temporary folders; the UI tests' artefacts are named by test, and no two modules share a test name.

The run's length is its longest worker's. So the modules that take longest are handed out first (`cost_rank`:
slow `ui` modules, then slow ones, then `ui` ones, then the rest, which fill in at the end), and the modules in
`ONE_BY_ONE` (one long test per pack, no module fixture) give their tests out one at a time
(`LongestFirstScheduling`), so the workers share them rather than one running them all.

What the workers do share is the checkout. A test in `ALONE` changes a file the others read (the French catalogue,
moved aside to stand for a fresh checkout), so it runs alone: under xdist every test holds a shared lock on
`artifacts/workers/run.lock` while it runs and a test of `ALONE` an exclusive one; a gate lock taken first keeps the
exclusive one from waiting for ever behind the other worker's stream of shared ones. One process takes no lock.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from xdist.scheduler import LoadFileScheduling

from companion.paths import ROOT

#: Tests that change a file of the checkout that the other worker's tests read, each with the file.
ALONE = {
    "tests/ui/test_ui_launch.py::test_make_run_without_a_screen_exits_cleanly_and_compiles_the_catalogues": (
        "companion/locale/fr/LC_MESSAGES/ui.mo"
    ),
}
#: Modules of long tests that share no module fixture, whose tests go to the workers one at a time.
ONE_BY_ONE = frozenset({"tests/drills/test_power_cut_game.py", "tests/ui/test_ui_screen_tour.py"})
LOCKS = ROOT / "artifacts" / "workers"
#: Whether this process holds the lock (a test running pytest inside itself must not wait for it again).
HELD: list[bool] = []


@contextmanager
def holding() -> Iterator[None]:
    HELD.append(True)
    try:
        yield
    finally:
        HELD.pop()


def pytest_configure(config: pytest.Config) -> None:
    """A name in `ALONE` that is no test is an error, so a renamed test is not silently left to race."""
    for name in ALONE:
        path, function = name.split("::")
        module = ROOT / path
        if not module.is_file() or f"def {function}(" not in module.read_text(encoding="utf-8"):
            raise pytest.UsageError(f"tests/workers.py names a test that does not exist: {name}")
    for path in ONE_BY_ONE:
        if not (ROOT / path).is_file():
            raise pytest.UsageError(f"tests/workers.py names a module that does not exist: {path}")


class LongestFirstScheduling(LoadFileScheduling):
    """`--dist loadfile`, but a module of `ONE_BY_ONE` is one unit of work per test, and the units go out in the
    collection's order (`cost_rank` first), not by how many tests each holds."""

    def _split_scope(self, nodeid: str) -> str:
        path = nodeid.split("::", 1)[0]
        return nodeid if path in ONE_BY_ONE else path


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> LoadFileScheduling | None:
    if config.getoption("dist") != "loadfile":
        return None
    config.option.loadscopereorder = False
    return LongestFirstScheduling(config, log)


def cost_rank(item: pytest.Item) -> int:
    """How long a test is likely to take, from its marks: 0 a slow test with a screen, 3 a plain test."""
    slow, ui = item.get_closest_marker("slow") is not None, item.get_closest_marker("ui") is not None
    return {(True, True): 0, (True, False): 1, (False, True): 2, (False, False): 3}[(slow, ui)]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """On a worker, the modules longest first (`cost_rank` of their most costly test); each module's tests stay
    together and in order."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        return
    first_seen: dict[str, int] = {}
    rank: dict[str, int] = {}
    for index, item in enumerate(items):
        module = item.nodeid.split("::", 1)[0]
        first_seen.setdefault(module, index)
        rank[module] = min(rank.get(module, 3), cost_rank(item))
    items.sort(key=lambda item: (rank[item.nodeid.split("::", 1)[0]], first_seen[item.nodeid.split("::", 1)[0]]))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    if "PYTEST_XDIST_WORKER" not in os.environ or HELD:
        return (yield)  # one process, or a run inside a test (pytester): its test holds the lock already
    alone = item.nodeid in ALONE
    LOCKS.mkdir(parents=True, exist_ok=True)
    with open(LOCKS / "gate.lock", "a") as gate, open(LOCKS / "run.lock", "a") as run, holding():
        fcntl.flock(gate, fcntl.LOCK_EX)
        try:
            fcntl.flock(run, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        finally:
            if not alone:
                fcntl.flock(gate, fcntl.LOCK_UN)
        try:
            return (yield)
        finally:
            fcntl.flock(run, fcntl.LOCK_UN)
            if alone:
                fcntl.flock(gate, fcntl.LOCK_UN)
