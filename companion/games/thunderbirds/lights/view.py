"""What the lights need to know about a game, and nothing more.

The lights never read the rules' state directly: an adapter (see `thunderbirds_view.py`) turns the game state
into a `BoardView`, and the game's events into `Moment`s for the short animations. This keeps the frame function
testable with hand-built views and independent of how the rules evolve.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

#: Character ids and the colour of their pegs in the box (Scott blue, Virgil green, ...), as RGB.
CHARACTER_COLOURS: Mapping[str, tuple[int, int, int]] = {
    "scott": (0, 60, 255),
    "virgil": (0, 255, 40),
    "alan": (255, 90, 0),
    "gordon": (255, 200, 0),
    "john": (255, 255, 255),
    "lady-penelope": (255, 40, 150),
}
CHARACTERS: tuple[str, ...] = tuple(CHARACTER_COLOURS)

#: Slots 1-7 of the disaster track; a card pushed past slot 7 reaches the skull and the game is lost.
DISASTER_SLOTS = 7

Outcome = Literal["won", "lost"]


class HoodMark(enum.Enum):
    """What sits on a Hood-track space, as far as the lights are concerned."""

    PLAIN = "plain"
    EVENT_HIDDEN = "event-hidden"  # an event card still face down: it triggers when the Hood reaches it
    EVENT_REVEALED = "event-revealed"  # a triggered event left on the track as a reminder
    SCHEME_PENDING = "scheme-pending"  # a face-down scheme, not yet the one to foil
    SCHEME_CURRENT = "scheme-current"  # the face-up scheme: the one players must foil next
    SCHEME_FOILED = "scheme-foiled"


@dataclass(frozen=True, slots=True)
class BoardView:
    """The table as the lights see it.

    Hood-track spaces are numbered as in the game data: 0 is the start space, `hood_length - 1` the last.
    `marks[i]` is the mark of space i. `disasters[k - 1]` says whether disaster slot k (1-7) holds a card;
    `skull` whether a card was pushed onto the skull (the game is lost).
    """

    hood_length: int
    hood_space: int
    marks: tuple[HoodMark, ...]
    disasters: tuple[bool, ...] = (False,) * DISASTER_SLOTS
    skull: bool = False
    character: str | None = None
    actions_left: int = 0
    outcome: Outcome | None = None

    def __post_init__(self) -> None:
        if self.hood_length < 1:
            raise ValueError(f"hood_length must be at least 1, not {self.hood_length}")
        if not 0 <= self.hood_space < self.hood_length:
            raise ValueError(f"hood_space {self.hood_space} is off a track of {self.hood_length} spaces")
        if len(self.marks) != self.hood_length:
            raise ValueError(f"{len(self.marks)} marks for a track of {self.hood_length} spaces")
        if len(self.disasters) != DISASTER_SLOTS:
            raise ValueError(f"{len(self.disasters)} disaster slots; the track has {DISASTER_SLOTS}")
        if self.character is not None and self.character not in CHARACTER_COLOURS:
            raise ValueError(f"unknown character {self.character!r}")
        if self.actions_left < 0:
            raise ValueError("actions_left cannot be negative")
        if self.outcome not in (None, "won", "lost"):
            raise ValueError(f"unknown outcome {self.outcome!r}")

    @classmethod
    def build(
        cls,
        hood_length: int,
        hood_space: int = 0,
        marks: Mapping[int, HoodMark] | None = None,
        occupied: tuple[int, ...] | frozenset[int] = (),
        **rest: Any,
    ) -> BoardView:
        """A view from the few facts that matter: marks by space (others plain), occupied slot numbers."""
        by_space = dict(marks or {})
        return cls(
            hood_length=hood_length,
            hood_space=hood_space,
            marks=tuple(by_space.get(i, HoodMark.PLAIN) for i in range(hood_length)),
            disasters=tuple(slot in occupied for slot in range(1, DISASTER_SLOTS + 1)),
            **rest,
        )


@dataclass(frozen=True, slots=True)
class HoodMoved:
    """The Hood went from one space to another (usually the next; any move, for manual adjustments)."""

    from_space: int
    to_space: int


@dataclass(frozen=True, slots=True)
class DisasterDrawn:
    """A disaster card was drawn and placed in `slot` (after the track shifted right)."""

    slot: int


@dataclass(frozen=True, slots=True)
class RescueResolved:
    success: bool


Moment = HoodMoved | DisasterDrawn | RescueResolved
