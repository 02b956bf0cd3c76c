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
