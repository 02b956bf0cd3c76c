"""What happened, as the log keeps it. No event carries a secret: a bag draw says who drew, never what."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TokensDealt:
    seats: int


@dataclass(frozen=True)
class TokenSeen:
    seat: int


@dataclass(frozen=True)
class TokensBackInBag:
    pass


@dataclass(frozen=True)
class BagDrawn:
    seat: int


@dataclass(frozen=True)
class TokenReturned:
    seat: int


@dataclass(frozen=True)
class WeatherRolled:
    face: int


@dataclass(frozen=True)
class NpcMoved:
    npc: int
    place: str


@dataclass(frozen=True)
class CabinOpened:
    pass


@dataclass(frozen=True)
class LeaderChanged:
    seat: int


@dataclass(frozen=True)
class LeaderTokenPlaced:
    place: str


@dataclass(frozen=True)
class DogMoved:
    space: int


@dataclass(frozen=True)
class DogEscaped:
    pass


@dataclass(frozen=True)
class RoleShown:
    seat: int
    role: str


@dataclass(frozen=True)
class Escaped:
    vehicle: str
    humans: tuple[int, ...]
    aliens: tuple[int, ...]


@dataclass(frozen=True)
class UfoEscapeBegins:
    board: tuple[int, ...]


@dataclass(frozen=True)
class TokensTaken:
    side: str
    count: int


@dataclass(frozen=True)
class SequenceActivated:
    card: int
    cost: int


@dataclass(frozen=True)
class GameOver:
    outcome: str


EVENT_TYPES: tuple[type, ...] = (
    TokensDealt,
    TokenSeen,
    TokensBackInBag,
    BagDrawn,
    TokenReturned,
    WeatherRolled,
    NpcMoved,
    CabinOpened,
    LeaderChanged,
    LeaderTokenPlaced,
    DogMoved,
    DogEscaped,
    RoleShown,
    Escaped,
    UfoEscapeBegins,
    TokensTaken,
    SequenceActivated,
    GameOver,
)
