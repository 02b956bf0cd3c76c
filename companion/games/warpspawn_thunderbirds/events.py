"""What happened during an action: public facts only (a hand's cards never appear, only how many were drawn)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.warpspawn_thunderbirds.definitions import Square


@dataclass(frozen=True)
class CounterRemoved:
    emergency: str
    left: int


@dataclass(frozen=True)
class EmergencyExpired:
    """Its time ran out: to the Emergency discard."""

    emergency: str
    square: Square


@dataclass(frozen=True)
class AlertRolled:
    face: int
    new_emergencies: int


@dataclass(frozen=True)
class EmergencyPlaced:
    emergency: str
    square: Square
    counters: int
    rerolled: tuple[Square, ...]  # coordinates rolled first that were a base or an emergency


@dataclass(frozen=True)
class EmergencyDeckEmpty:
    """The last emergency card was drawn."""


@dataclass(frozen=True)
class PawnSentToBase:
    player: str
    pawn: str
    came_from: Square
    base: Square


@dataclass(frozen=True)
class ResponderShuffled:
    cards: int  # the size of the new draw pile


@dataclass(frozen=True)
class HandFilled:
    player: str
    drawn: int
    short: int  # cards the deck could not give (it ran out)


@dataclass(frozen=True)
class QuickResponderPlayed:
    player: str


@dataclass(frozen=True)
class OrderRolled:
    rolls: tuple[tuple[str, tuple[int, ...]], ...]  # (colour, every roll it made), seat order
    order: tuple[str, ...]


@dataclass(frozen=True)
class CardPlayed:
    """A card played face up (public from then on)."""

    player: str
    card: str


@dataclass(frozen=True)
class AwaitingDelay:
    player: str
    card: str


@dataclass(frozen=True)
class CardDelayed:
    by: str
    player: str
    card: str


@dataclass(frozen=True)
class PawnMoved:
    player: str
    pawn: str
    came_from: Square
    to: Square


@dataclass(frozen=True)
class CardsDrawn:
    player: str
    count: int
    short: int


@dataclass(frozen=True)
class CardDiscarded:
    player: str


@dataclass(frozen=True)
class Rescued:
    player: str
    emergency: str
    square: Square
    pawns: tuple[str, ...]  # the player's pawns next to it


@dataclass(frozen=True)
class PhaseEnded:
    player: str


@dataclass(frozen=True)
class TurnEnded:
    turn: int


@dataclass(frozen=True)
class Adjusted:
    what: str


@dataclass(frozen=True)
class GameOver:
    winners: tuple[str, ...]
    scores: tuple[int, ...]
