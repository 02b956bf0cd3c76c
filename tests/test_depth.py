"""The run's depth (tests/depth.py): one setting, `--depth ci` or `nightly`, gives the drills their counts and
Hypothesis its profile."""

from __future__ import annotations

import pytest
from depth import FULL_POWER_CUTS, FULL_POWER_CUTS_GAME, Depth
from hypothesis import settings


def test_ci_kills_one_game_200_times_and_every_other_pack_a_few_dozen_times() -> None:
    ci = Depth("ci")
    assert ci.power_cuts(FULL_POWER_CUTS_GAME) == FULL_POWER_CUTS == 200
    assert 24 <= ci.power_cuts("federation") == ci.power_cuts("pig") < FULL_POWER_CUTS


def test_nightly_kills_every_pack_200_times() -> None:
    assert {Depth("nightly").power_cuts(game) for game in ("thunderbirds", "federation", "pig")} == {200}


HYPOTHESIS_TEST = """
from depth import examples
from hypothesis import given, settings, strategies

RUNS = []

def test_the_profile(depth):
    assert settings.default.max_examples == {examples}
    assert depth.name == "{name}"

@settings(max_examples=examples(7), database=None)
@given(strategies.integers())
def test_a_count_of_its_own(number):
    RUNS.append(number)

def test_a_count_of_its_own_is_deepened_with_the_profile():
    assert len(RUNS) == 7 * {examples} // 100
"""


@pytest.mark.parametrize(("option", "name", "examples"), [((), "ci", 100), (("--depth", "nightly"), "nightly", 1000)])
def test_the_depth_option_chooses_the_hypothesis_profile_for_the_run(
    pytester: pytest.Pytester, option: tuple[str, ...], name: str, examples: int
) -> None:
    before = settings.default.max_examples
    pytester.makepyfile(test_profile=HYPOTHESIS_TEST.format(name=name, examples=examples))
    result = pytester.runpytest_inprocess("-p", "depth", "-p", "no:cacheprovider", *option)
    result.assert_outcomes(passed=3)
    assert settings.default.max_examples == before, "the run gives the profile back"


def test_a_depth_that_is_not_one_of_the_two_is_refused(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_nothing="def test_nothing():\n    pass\n")
    result = pytester.runpytest_inprocess("-p", "depth", "--depth", "deep")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--depth: invalid choice: 'deep'*"])
