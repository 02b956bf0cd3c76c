"""Exact odds for kit dice, as fractions: a total of any mix of dice, how many show a symbol (wilds counting),
and the lines the table screen shows beside a roll.

Each die is folded into the running distribution one at a time (a convolution), so thirty dice cost thirty
small steps instead of six to the thirtieth outcomes; tests check every answer against brute-force enumeration.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from companion.engine.dice import Die, Face, sum_distribution
from companion.kit.components import DieSpec, symbol_count, total_of
from companion.kit.definition import KitDefinition
from companion.locale import domain
from companion.locale.numbers import percent

_, ngettext = domain("kit")


def _known(dice: Sequence[DieSpec]) -> None:
    for die in dice:
        if not die.is_known:
            raise ValueError(f"the faces of die {die.id!r} are not known")


def total_distribution(dice: Sequence[DieSpec]) -> dict[int, Fraction]:
    """The exact chance of each total of face values (no dice: a total of 0 for sure)."""
    _known(dice)
    return sum_distribution([Die(die.id, tuple(Face("", face.value) for face in die.faces)) for die in dice])


def symbol_distribution(dice: Sequence[DieSpec], symbol: str, wilds: bool = True) -> dict[int, Fraction]:
    """The exact chance that exactly k dice show `symbol` (a wild face counts when `wilds`), for each k."""
    _known(dice)
    counts: dict[int, Fraction] = {0: Fraction(1)}
    for die in dice:
        hits = sum(1 for face in die.faces if face.symbol == symbol or (wilds and face.wild))
        hit = Fraction(hits, len(die.faces))
        step: dict[int, Fraction] = {}
        for count, chance in counts.items():
            step[count + 1] = step.get(count + 1, Fraction(0)) + chance * hit
            step[count] = step.get(count, Fraction(0)) + chance * (1 - hit)
        counts = {k: v for k, v in step.items() if v}
    return dict(sorted(counts.items()))


def chance_total_at_least(dice: Sequence[DieSpec], target: int) -> Fraction:
    return sum((p for total, p in total_distribution(dice).items() if total >= target), Fraction(0))


def chance_total_at_most(dice: Sequence[DieSpec], target: int) -> Fraction:
    return sum((p for total, p in total_distribution(dice).items() if total <= target), Fraction(0))


def chance_at_least(dice: Sequence[DieSpec], symbol: str, count: int, wilds: bool = True) -> Fraction:
    """The chance that at least `count` dice show `symbol` (wilds counting when `wilds`)."""
    return sum((p for k, p in symbol_distribution(dice, symbol, wilds).items() if k >= count), Fraction(0))


def roll_odds(kit: KitDefinition, dice: Sequence[DieSpec], faces: Sequence[int]) -> tuple[str, ...]:
    """What the table screen shows beside a roll: the chance of a total at least this high (when the dice
    carry numbers), and of at least as many of each symbol shown (wilds counting)."""
    lines = []
    if any(face.shows_value for die in dice for face in die.faces):
        total = total_of(dice, faces)
        lines.append(
            _("Total {total}: {chance} chance of {total} or more").format(
                total=total, chance=percent(chance_total_at_least(dice, total))
            )
        )
    symbols = dict.fromkeys(face.symbol for die in dice for face in die.faces if face.symbol is not None)
    for symbol in symbols:
        assert symbol is not None
        shown = symbol_count(dice, faces, symbol)
        if shown == 0:
            continue
        spec = kit.symbol(symbol)
        name = spec.name.text() if spec else symbol
        lines.append(
            _("{count} × {symbol}: {chance} chance of {count} or more").format(
                count=shown, symbol=name, chance=percent(chance_at_least(dice, symbol, shown))
            )
        )
    return tuple(lines)
