"""The state of a kit game: frozen, refers to every component by id (through the definition it carries)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.kit.components import BagState, CounterState, DeckState, TrackState
from companion.kit.definition import KitDefinition


@dataclass(frozen=True)
class RollResult:
    """One roll of a dice group: the face index each die shows (`dice` holds each die's id)."""

    group: str
    seat: int
    dice: tuple[str, ...]
    faces: tuple[int, ...]


@dataclass(frozen=True)
class KitState:
    """`decks`, `bags`, `tracks` and `counters` follow the definition's order. `first_player` holds the
    first-player marker, `current` the turn; `phase` is an index into `kit.phases` and `checked` the steps of
    its checklist done; `turns_taken` counts the turns passed in the phase. `rolls` keeps the latest roll of each
    group and `order_rolls` the set-up roll that chose the first player. The timer's `timer_ms` is the time it
    ran up to its last pause (the screen adds the time since `StartTimer` while it runs)."""

    kit: KitDefinition
    players: int
    decks: tuple[DeckState, ...]
    bags: tuple[BagState, ...]
    tracks: tuple[TrackState, ...]
    counters: tuple[CounterState, ...]
    first_player: int = 0
    current: int = 0
    round: int = 1
    phase: int = 0
    checked: tuple[str, ...] = ()
    turns_taken: int = 0
    rolls: tuple[RollResult, ...] = ()
    order_rolls: tuple[RollResult, ...] = ()
    out: tuple[int, ...] = ()
    timer_ms: int = 0
    timer_running: bool = False
    #: Counts the timer's fresh starts (a start, a reset while it runs): the screen measures each run from its
    #: own clock and starts measuring again when this changes.
    timer_runs: int = 0
    is_over: bool = False
    rng: int = 0

    def roll_of(self, group: str) -> RollResult | None:
        for roll in self.rolls:
            if roll.group == group:
                return roll
        return None


def next_in_game(state: KitState, seat: int) -> int:
    """The next seat after `seat` still in the game."""
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if candidate not in state.out:
            return candidate
    return seat
