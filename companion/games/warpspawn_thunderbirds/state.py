"""The state of a game: frozen, small, JSON-able, referring to cards by id and to squares as (column, row).

Where things are:
- an emergency card is in the Emergency deck (`emergencies.draw_pile`, top first), on the board (`board`, with its
  square and time counters), in the Emergency discard (`emergencies.discard_pile`: its time ran out) or in one
  player's rescue pile (`Seat.rescues`);
- a Responder card (called by its kind id: the deck holds three "move-3") is in the Responder deck
  (`responder.draw_pile`), its discard (`responder.discard_pile`), a hand (`Seat.hand`), or on the table while
  the other players may Delay it (`pending.card`);
- each seat's six pawns stand on squares (`Seat.pawns`, in `PAWNS` order); several may share a square, never
  one holding an emergency.

The hands are secret: `views.public_view` is what the shared screen, the history and the lights may read.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from companion.engine.deck import Deck
from companion.engine.dice import Die, Face
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Square

Phase = Literal["countdown", "alert", "organization", "response", "move", "over"]
PHASES: tuple[Phase, ...] = ("countdown", "alert", "organization", "response", "move", "over")
PAWN_INDEX: dict[str, int] = {pawn: i for i, pawn in enumerate(PAWNS)}


def die(faces: int) -> Die:
    """A die numbered 1 to `faces`: a forced roll (a face index) of i shows i + 1."""
    return _DICE.get(faces) or Die(f"d{faces}", tuple(Face(str(v), v) for v in range(1, faces + 1)))


_DICE: dict[int, Die] = {n: Die(f"d{n}", tuple(Face(str(v), v) for v in range(1, n + 1))) for n in (6, 10, 12, 20)}


@dataclass(frozen=True)
class Setup:
    """What the players chose at the start, resolved against the data so a saved game keeps its own board."""

    players: int
    size: int
    colours: tuple[str, ...]  # seat order
    bases: tuple[Square, ...]  # by seat
    starts: tuple[tuple[Square, ...], ...]  # by seat, in `PAWNS` order
    #: A data directory replacing the shipped data (tests); None: the shipped data and the user's overlay.
    data_dir: str | None = None


@dataclass(frozen=True)
class Seat:
    colour: str
    pawns: tuple[Square, ...]  # in `PAWNS` order
    hand: tuple[str, ...]  # Responder card kinds, sorted (a hand is a set of cards, not a sequence)
    rescues: tuple[str, ...]  # the rescue pile: emergency ids, oldest first

    def square_of(self, pawn: str) -> Square:
        return self.pawns[PAWN_INDEX[pawn]]


@dataclass(frozen=True)
class Emergency:
    """An emergency card on the board."""

    card: str
    square: Square
    counters: int  # time counters left (at least 1 while on the board)
    placed_turn: int  # the turn whose Alert phase placed it


@dataclass(frozen=True)
class PendingPlay:
    """A card played face up that the other players may still cancel with Delay (`Allow` lets it resolve)."""

    seat: int
    card: str
    pawn: str | None = None
    to: Square | None = None
    owner: str | None = None


@dataclass(frozen=True)
class Outcome:
    winners: tuple[str, ...]  # colours with the most rescues: more than one is a tie
    scores: tuple[int, ...]  # rescues by seat

    @property
    def is_tie(self) -> bool:
        return len(self.winners) > 1


@dataclass(frozen=True)
class GameState:
    setup: Setup
    seats: tuple[Seat, ...]
    turn: int  # 1 for the first turn
    phase: Phase
    order: tuple[int, ...]  # the seats in this turn's move order (empty before the Response roll)
    mover: int  # index into `order` of the seat whose move phase it is
    emergencies: Deck  # the Emergency deck and its discard (emergencies whose time ran out)
    board: tuple[Emergency, ...]  # in the order they were placed
    responder: Deck  # the Responder deck and its discard
    quick: int | None  # the seat that played Quick Responder this turn
    rolls: tuple[tuple[int, ...], ...]  # this turn's Response rolls by seat, re-rolls included (public)
    pending: PendingPlay | None
    delay_seen: bool  # Delay was played face up since the Responder deck was last shuffled
    outcome: Outcome | None
    rng: int = 0

    @property
    def size(self) -> int:
        return self.setup.size

    @property
    def moving_seat(self) -> int | None:
        """The seat whose move phase it is, or None outside the move phases."""
        if self.phase != "move" or not self.order:
            return None
        return self.order[self.mover]

    def seat_index(self, colour: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.colour == colour:
                return i
        return None

    def emergency_at(self, square: Square) -> Emergency | None:
        for emergency in self.board:
            if emergency.square == square:
                return emergency
        return None

    def emergency(self, card: str) -> Emergency | None:
        for emergency in self.board:
            if emergency.card == card:
                return emergency
        return None

    def occupied(self) -> frozenset[Square]:
        """The squares holding an emergency."""
        return frozenset(e.square for e in self.board)

    def base(self, seat: int) -> Square:
        return self.setup.bases[seat]


def evolve(state: GameState, **changes: object) -> GameState:
    """`dataclasses.replace` without re-running `__init__`: a copy of the state's fields with some changed.

    The rules make a new state several times per action and a simulated game plays about 300 actions; this
    costs a third of what `replace` does (the benchmark's profile). Only for `GameState`, whose fields are all
    immutable values and which keeps nothing else in its `__dict__`."""
    if not _FIELDS.issuperset(changes):
        raise TypeError(f"GameState has no field(s) {', '.join(sorted(set(changes) - _FIELDS))}")
    fields = dict(state.__dict__)
    fields.update(changes)
    new = _new_instance(GameState)
    _set_attribute(new, "__dict__", fields)
    return new


_FIELDS = frozenset(f.name for f in dataclasses.fields(GameState))
_new_instance = object.__new__
_set_attribute = object.__setattr__


def hand_without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def hand_with(hand: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(hand + cards))


def pawns_with(pawns: tuple[Square, ...], pawn: str, square: Square) -> tuple[Square, ...]:
    index = PAWN_INDEX[pawn]
    return pawns[:index] + (square,) + pawns[index + 1 :]
