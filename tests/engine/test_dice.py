"""Dice: exact face odds and exact odds of sums."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.engine.dice import Die, Face, sum_distribution

D6 = Die("d6", tuple(Face(str(v), v) for v in range(1, 7)))
HOOD = Face("hood", 0, "hood")


def test_a_plain_die_is_uniform() -> None:
    odds = D6.distribution()
    assert len(odds) == 6
    assert set(odds.values()) == {Fraction(1, 6)}


def test_repeated_faces_add_up() -> None:
    die = Die("odd", (Face("1", 1), Face("1", 1), HOOD, Face("3", 3)))
    assert die.distribution() == {Face("1", 1): Fraction(1, 2), HOOD: Fraction(1, 4), Face("3", 3): Fraction(1, 4)}


def test_two_d6_sums() -> None:
    odds = sum_distribution([D6, D6])
    assert sum(odds.values()) == 1
    assert odds[7] == Fraction(1, 6)
    assert odds[2] == odds[12] == Fraction(1, 36)
    assert list(odds) == list(range(2, 13))


def test_symbol_faces_count_their_value() -> None:
    die = Die("toy", (Face("1", 1), Face("2", 2), HOOD))
    odds = sum_distribution([die, die])
    assert odds == {
        0: Fraction(1, 9),
        1: Fraction(2, 9),
        2: Fraction(3, 9),
        3: Fraction(2, 9),
        4: Fraction(1, 9),
    }


def test_no_dice_sum_to_zero_for_sure() -> None:
    assert sum_distribution([]) == {0: Fraction(1)}


def test_a_die_needs_faces() -> None:
    with pytest.raises(ValueError):
        Die("none", ())
