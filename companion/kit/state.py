"""The state of a kit game: frozen, refers to every component by id (through the definition it carries)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.engine.turns import Turns
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
    """`decks`, `bags`, `tracks` and `counters` follow the definition's order. `turns` holds the first-player
    marker, the turn, the round, the phase and its checklist (the engine's turns model, read through the
    properties below). `rolls` keeps the latest roll of each group and `order_rolls` the set-up roll that chose
    the first player. The timer's `timer_ms` is the time it ran up to its last pause (the screen adds the time
    since `StartTimer` while it runs)."""

    kit: KitDefinition
    players: int
    decks: tuple[DeckState, ...]
    bags: tuple[BagState, ...]
    tracks: tuple[TrackState, ...]
    counters: tuple[CounterState, ...]
    turns: Turns
    rolls: tuple[RollResult, ...] = ()
    order_rolls: tuple[RollResult, ...] = ()
    timer_ms: int = 0
    timer_running: bool = False
    #: Counts the timer's fresh starts (a start, a reset while it runs): the screen measures each run from its
    #: own clock and starts measuring again when this changes.
    timer_runs: int = 0
    is_over: bool = False
    rng: int = 0

    @property
    def current(self) -> int:
        return self.turns.current

    @property
    def first_player(self) -> int:
        return self.turns.first

    @property
    def round(self) -> int:
        return self.turns.round

    @property
    def phase(self) -> int:
        """An index into `kit.phases`."""
        return self.turns.phase

    @property
    def checked(self) -> tuple[str, ...]:
        return self.turns.checked

    @property
    def turns_taken(self) -> int:
        """The turns passed in the phase."""
        return self.turns.taken

    @property
    def out(self) -> tuple[int, ...]:
        return self.turns.out

    def roll_of(self, group: str) -> RollResult | None:
        for roll in self.rolls:
            if roll.group == group:
                return roll
        return None


#: The turn fields a state kept flat before the engine's turns model (state format 2).
_FLAT_TURNS = ("first_player", "current", "round", "phase", "checked", "turns_taken", "out")


def upgraded(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """An encoded state as the turns model reads it: a state written before it (its turn fields flat) has them
    gathered into `turns`; the turns ended in the phase are counted back from the current player, one each."""
    if "turns" in data or not isinstance(data.get("players"), int):
        return data
    flat = {key: data[key] for key in _FLAT_TURNS if key in data}
    seats: int = data["players"]
    turns: dict[str, Any] = {"seats": seats}
    for old, new in (("first_player", "first"), ("current", "current"), ("round", "round"), ("phase", "phase")):
        if old in flat:
            turns[new] = flat[old]
    turns["checked"] = flat.get("checked", [])
    out = flat.get("out", [])
    turns["out"] = out
    taken = flat.get("turns_taken", 0)
    if isinstance(taken, int) and taken > 0 and isinstance(out, list) and len(out) < seats:
        acted = [0] * seats
        seat = flat.get("current", 0)
        playing = [s for s in range(seats) if s not in out]
        for _turn in range(taken):
            seat = playing[(playing.index(seat) - 1) % len(playing)] if seat in playing else playing[-1]
            acted[seat] += 1
        turns["acted"] = acted
    rest = {key: value for key, value in data.items() if key not in _FLAT_TURNS}
    return {**rest, "turns": turns}


def next_in_game(state: KitState, seat: int) -> int:
    """The next seat after `seat` still in the game."""
    return state.turns.next_seat(seat)
