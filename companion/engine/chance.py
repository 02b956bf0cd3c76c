"""Every random outcome goes through a `Chance`, so it can be logged and replayed without the PRNG.

The log records `outcomes` (each `below` result in order); `ReplayChance` hands them back, which keeps old
games replayable even if the PRNG or a shuffle ever changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from companion.engine.dice import Die, Face
from companion.engine.errors import IllegalAction, ReplayMismatch
from companion.engine.rng import below as _below
from companion.engine.rng import fisher_yates as _fisher_yates
from companion.locale import _

T = TypeVar("T")


class Chance(Protocol):
    """The source of every random outcome during one `initial_state` or `apply` call."""

    def below(self, n: int) -> int:
        """A value in [0, n)."""
        ...

    @property
    def rng_after(self) -> int:
        """The PRNG state after everything drawn so far."""
        ...

    @property
    def outcomes(self) -> tuple[int, ...]:
        """Every `below` result so far, in order: what the log records."""
        ...

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        """Fisher-Yates on `below`, so a shuffle is logged as its swaps."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return tuple(result)

    def roll(self, die: Die) -> Face:
        return die.faces[self.below(len(die.faces))]

    def roll_index(self, die: Die) -> int:
        """`roll`, as the index of the face rolled (faces are distinct)."""
        return die.faces.index(self.roll(die))


class LiveChance(Chance):
    """Draws from the PRNG, starting at `rng`; `forced_rolls` (face indices) answer the first `roll()` calls.

    One is made for every action applied, so it keeps its few fields in slots, and `rng_after` is a plain
    field (the PRNG state after everything drawn so far) rather than a property."""

    __slots__ = ("rng_after", "_forced", "_outcomes")
    rng_after: int  # the protocol's read-only property, as a field this class writes

    def __init__(self, rng: int, forced_rolls: Sequence[int] = ()) -> None:
        self.rng_after = rng
        self._forced: list[int] | None = list(forced_rolls) if forced_rolls else None  # None: nothing forced
        self._outcomes: list[int] = []

    def below(self, n: int) -> int:
        value, self.rng_after = _below(self.rng_after, n)
        self._outcomes.append(value)
        return value

    def roll(self, die: Die) -> Face:
        return die.faces[self.roll_index(die)]

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        """`Chance.shuffle` (the same draws, logged the same way), without a function call per card."""
        result = list(items)
        draws, self.rng_after = _fisher_yates(self.rng_after, result)
        self._outcomes += draws
        return tuple(result)

    def roll_index(self, die: Die) -> int:
        if not self._forced:
            value, self.rng_after = _below(self.rng_after, len(die.faces))
            self._outcomes.append(value)
            return value
        index = self._forced.pop(0)
        if not 0 <= index < len(die.faces):
            raise IllegalAction(
                _("Forced roll {index} is not a face of the {die} die (it has {count} faces).").format(
                    index=index, die=die.name, count=len(die.faces)
                )
            )
        self._outcomes.append(index)
        return index

    @property
    def outcomes(self) -> tuple[int, ...]:
        return tuple(self._outcomes)

    @property
    def forced_left(self) -> tuple[int, ...]:
        """Forced rolls not used (a scenario that forced more dice than were rolled)."""
        return tuple(self._forced or ())


class ReplayChance(Chance):
    """Hands back logged outcomes in order; anything that does not fit the log raises `ReplayMismatch`."""

    def __init__(self, outcomes: Sequence[int], rng_after: int) -> None:
        self._log = tuple(outcomes)
        self._rng_after = rng_after
        self._next = 0

    def below(self, n: int) -> int:
        if self._next >= len(self._log):
            raise ReplayMismatch(
                _("The saved game asks for more random outcomes than were recorded ({count}).").format(
                    count=len(self._log)
                )
            )
        value = self._log[self._next]
        if not 0 <= value < n:
            raise ReplayMismatch(
                _("Recorded outcome {value} is out of range (expected 0 to {top}).").format(value=value, top=n - 1)
            )
        self._next += 1
        return value

    def finish(self) -> None:
        """Raises `ReplayMismatch` if the rules used fewer outcomes than were recorded."""
        if self._next != len(self._log):
            raise ReplayMismatch(
                _("The saved game recorded {count} random outcomes but only {used} were used.").format(
                    count=len(self._log), used=self._next
                )
            )

    @property
    def rng_after(self) -> int:
        return self._rng_after

    @property
    def outcomes(self) -> tuple[int, ...]:
        return self._log[: self._next]
