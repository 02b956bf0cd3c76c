"""Dice as data: faces with a value and an optional symbol, and exact odds for sums."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Face:
    """One face of a die. `symbol` marks special faces (e.g. the Hood face: `Face("hood", 0, "hood")`)."""

    label: str
    value: int
    symbol: str | None = None


@dataclass(frozen=True)
class Die:
    """A die by its faces, any number of them, repeats allowed (a face twice is twice as likely).

    >>> d6 = Die("d6", tuple(Face(str(n), n) for n in range(1, 7)))
    >>> sum_distribution([d6, d6])[7]
    Fraction(1, 6)
    >>> from companion.engine.chance import LiveChance
    >>> LiveChance(1, forced_rolls=(5,)).roll(d6).value  # a scenario forces a face by its index
    6
    """

    name: str
    faces: tuple[Face, ...]

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError(f"die {self.name!r} has no faces")

    def distribution(self) -> dict[Face, Fraction]:
        """Exact chance of each distinct face (repeated faces add up)."""
        share = Fraction(1, len(self.faces))
        odds: dict[Face, Fraction] = {}
        for face in self.faces:
            odds[face] = odds.get(face, Fraction(0)) + share
        return odds


def sum_distribution(dice: Sequence[Die]) -> dict[int, Fraction]:
    """Exact chance of each total of face values when all `dice` are rolled together (no dice: total 0)."""
    totals: dict[int, Fraction] = {0: Fraction(1)}
    for die in dice:
        step: dict[int, Fraction] = {}
        faces = die.distribution()
        for total, p in totals.items():
            for face, q in faces.items():
                key = total + face.value
                step[key] = step.get(key, Fraction(0)) + p * q
        totals = step
    return dict(sorted(totals.items()))
