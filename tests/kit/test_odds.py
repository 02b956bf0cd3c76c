"""Exact odds against brute-force enumeration of every outcome."""

from __future__ import annotations

import itertools
from fractions import Fraction

from depth import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.pack import Words
from companion.kit.components import DieSpec, FaceSpec, symbol_count, total_of
from companion.kit.odds import (
    chance_at_least,
    chance_total_at_least,
    chance_total_at_most,
    percent,
    roll_odds,
    symbol_distribution,
    total_distribution,
)
from companion.kit.schema import parse_kit, to_definition

from .kits import SMALL

faces = st.builds(
    FaceSpec,
    value=st.integers(-2, 6),
    symbol=st.sampled_from((None, "star", "skull")),
    wild=st.booleans(),
    shows_value=st.just(True),
)
dice = st.lists(
    st.builds(lambda f: DieSpec("d", Words("d", "d"), tuple(f)), st.lists(faces, min_size=1, max_size=5)),
    min_size=0,
    max_size=4,
)


def brute_force(rolled: list[DieSpec]) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every outcome with its chance."""
    outcomes = []
    for combo in itertools.product(*(range(len(die.faces)) for die in rolled)):
        chance = Fraction(1)
        for die in rolled:
            chance /= len(die.faces)
        outcomes.append((combo, chance))
    return outcomes


@settings(max_examples=examples(100), deadline=None, derandomize=True)
@given(dice)
def test_totals_match_enumeration(rolled: list[DieSpec]) -> None:
    expected: dict[int, Fraction] = {}
    for combo, chance in brute_force(rolled):
        total = total_of(rolled, combo)
        expected[total] = expected.get(total, Fraction(0)) + chance
    assert total_distribution(rolled) == dict(sorted(expected.items()))
    assert sum(total_distribution(rolled).values()) == 1
    for target in range(-8, 26, 3):
        at_least = sum((p for t, p in expected.items() if t >= target), Fraction(0))
        at_most = sum((p for t, p in expected.items() if t <= target), Fraction(0))
        assert chance_total_at_least(rolled, target) == at_least
        assert chance_total_at_most(rolled, target) == at_most


@settings(max_examples=examples(100), deadline=None, derandomize=True)
@given(dice, st.booleans())
def test_symbol_counts_with_wilds_match_enumeration(rolled: list[DieSpec], wilds: bool) -> None:
    expected: dict[int, Fraction] = {}
    for combo, chance in brute_force(rolled):
        count = symbol_count(rolled, combo, "star", wilds)
        expected[count] = expected.get(count, Fraction(0)) + chance
    assert symbol_distribution(rolled, "star", wilds) == dict(sorted(expected.items()))
    for k in range(0, 5):
        assert chance_at_least(rolled, "star", k, wilds) == sum((p for n, p in expected.items() if n >= k), Fraction(0))


def test_known_answers() -> None:
    d6 = DieSpec("d6", Words("d6", "d6"), tuple(FaceSpec(v, shows_value=True) for v in range(1, 7)))
    assert chance_total_at_least([d6, d6], 12) == Fraction(1, 36)
    assert chance_total_at_least([d6, d6], 7) == Fraction(21, 36)
    assert total_distribution([]) == {0: Fraction(1)}


def test_the_lines_beside_a_roll(french: None) -> None:
    kit = to_definition(parse_kit(SMALL, "small.toml"))
    rolled = kit.group_dice("two")  # a d6 and the odd die ("star", "wild", "blank", 2 + star)
    lines = roll_odds(kit, rolled, (5, 3))
    # A total of 8 (6 + 2) or more: only 6 on the d6 with the 2-star face: 1/24.
    assert lines[0] == "Total\u00a08\u00a0: 4\u00a0% de chances d'obtenir 8 ou plus"
    # At least one star with wilds: 3 of the odd die's 4 faces.
    assert lines[1] == "1\u00a0× Étoile\u00a0: 75\u00a0% de chances d'en obtenir 1 ou plus"


def test_percent_never_rounds_a_chance_to_certainty() -> None:
    """The kit writes a chance as every game does (`companion.locale.numbers.percent`): "33%" in English."""
    from companion.games.thunderbirds.ui.presenters.words import percent as thunderbirds_percent

    assert percent(Fraction(1, 100000)) == "<1%"
    assert percent(Fraction(99999, 100000)) == ">99%"
    assert percent(Fraction(1, 2)) == "50%"
    assert percent(Fraction(1, 3)) == thunderbirds_percent(Fraction(1, 3)) == "33%"
    assert percent(Fraction(1, 3), places=1) == "33.3%"


def test_percent_in_french(french: None) -> None:
    assert percent(Fraction(1, 3)) == "33\u00a0%"
    assert percent(Fraction(1, 3), places=1) == "33,3\u00a0%"
    assert percent(Fraction(1, 100000)) == "<1\u00a0%"
