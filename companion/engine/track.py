"""Tracks on the board: numbered slots holding cards, and a marker moving along spaces."""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.errors import IllegalAction
from companion.locale import _


@dataclass(frozen=True, slots=True)
class SlotTrack:
    """Slots numbered from 1: slot k is `slots[k-1]`; None is an empty slot.

    >>> track = SlotTrack.empty(3).place(1, "fire")
    >>> track.slot_of("fire"), track.push_in("flood")
    (1, (SlotTrack(slots=('flood', 'fire', None)), ()))
    """

    slots: tuple[str | None, ...]

    @classmethod
    def empty(cls, n: int) -> SlotTrack:
        return cls(slots=(None,) * n)

    def __len__(self) -> int:
        return len(self.slots)

    def card_at(self, slot: int) -> str | None:
        self._check_slot(slot)
        return self.slots[slot - 1]

    def place(self, slot: int, card: str) -> SlotTrack:
        self._check_slot(slot)
        if self.slots[slot - 1] is not None:
            raise IllegalAction(_("Slot {slot} is already taken.").format(slot=slot))
        if card in self.slots:
            raise IllegalAction(_("Card {card} is already on the track.").format(card=card))
        return SlotTrack(self.slots[: slot - 1] + (card,) + self.slots[slot:])

    def remove(self, card: str) -> SlotTrack:
        slots = self.slots
        if card not in slots:
            raise IllegalAction(_("Card {card} is not on the track.").format(card=card))
        emptied = list(slots)  # one copy changed in place (every rescue takes a card off)
        emptied[slots.index(card)] = None
        return SlotTrack(tuple(emptied))

    def slot_of(self, card: str) -> int | None:
        try:
            return self.slots.index(card) + 1
        except ValueError:
            return None

    def occupied(self) -> tuple[tuple[int, str], ...]:
        """(slot, card) for every filled slot, left to right."""
        return tuple([(i + 1, card) for i, card in enumerate(self.slots) if card is not None])

    @property
    def is_full(self) -> bool:
        return None not in self.slots

    def shift_right(self) -> tuple[SlotTrack, tuple[str, ...]]:
        """Every card one slot to the right, gaps kept; the card pushed past the last slot is returned."""
        if not self.slots:
            return self, ()
        overflow = () if self.slots[-1] is None else (self.slots[-1],)
        return SlotTrack((None,) + self.slots[:-1]), overflow

    def push_in(self, card: str) -> tuple[SlotTrack, tuple[str, ...]]:
        """`shift_right`, then `place(1, card)`: a new card enters on slot 1 and pushes the others along (the
        disaster phase, every turn). Returns the card pushed past the last slot, as `shift_right` does."""
        slots = self.slots
        if not slots or card in slots[:-1]:  # refused: let `place` say why
            track, overflow = self.shift_right()
            return track.place(1, card), overflow
        overflow = () if slots[-1] is None else (slots[-1],)
        return SlotTrack((card,) + slots[:-1]), overflow

    def move(self, card: str, to_slot: int) -> SlotTrack:
        self._check_slot(to_slot)
        if self.slot_of(card) == to_slot:
            return self
        return self.remove(card).place(to_slot, card)

    def _check_slot(self, slot: int) -> None:
        if not 1 <= slot <= len(self.slots):
            raise IllegalAction(
                _("There is no slot {slot} (slots go from 1 to {last}).").format(slot=slot, last=len(self.slots))
            )


@dataclass(frozen=True)
class MarkerTrack:
    """A marker on spaces 0..length-1 (e.g. the Hood's track)."""

    length: int
    position: int = 0

    def __post_init__(self) -> None:
        if self.length < 1:
            raise ValueError(f"a marker track needs at least one space, got {self.length}")
        if not 0 <= self.position < self.length:
            raise ValueError(f"position {self.position} is off a track of {self.length} spaces")

    @property
    def last(self) -> int:
        return self.length - 1

    @property
    def is_at_end(self) -> bool:
        return self.position == self.last

    def advance(self, steps: int = 1) -> tuple[MarkerTrack, tuple[int, ...]]:
        """Moves forward `steps` spaces, stopping on the last; returns the spaces entered in order."""
        if steps < 0:
            raise ValueError(f"advance() takes a number of steps >= 0, got {steps}")
        target = min(self.position + steps, self.last)
        entered = tuple(range(self.position + 1, target + 1))
        return MarkerTrack(self.length, target), entered

    def move_to(self, position: int) -> MarkerTrack:
        if not 0 <= position < self.length:
            raise IllegalAction(
                _("Space {position} is off the track (spaces go from 0 to {last}).").format(
                    position=position, last=self.last
                )
            )
        return MarkerTrack(self.length, position)
