"""What happened during an action: the log's outcomes, the pop-ups' lines, the sounds and the lights' moments."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MovementRolled:
    """Every team's movement dice for the round (`first`: the set-up roll that chose the first player)."""

    round: int
    dice: tuple[tuple[int, ...], ...]
    first: bool = False


@dataclass(frozen=True)
class FirstPlayerChosen:
    seat: int
    totals: tuple[int, ...]


@dataclass(frozen=True)
class RoadDieRolled:
    """The first player rolls the road die (`face` None: its faces are unknown, rolled on the table)."""

    seat: int
    face: str | None


@dataclass(frozen=True)
class ShotFired:
    car: str
    target: str
    face: str
    hit: bool
    chopper: bool = False


@dataclass(frozen=True)
class DamageDrawn:
    car: str
    token: str
    rolls: tuple[tuple[str, str | None], ...] = ()  # (die, face) for the effect's dice; None: roll on the table


@dataclass(frozen=True)
class PileEmpty:
    """No damage token left to draw: the damage is not taken."""

    car: str


@dataclass(frozen=True)
class CarInoperable:
    car: str


@dataclass(frozen=True)
class CarRepaired:
    car: str
    token: str
    operable_again: bool


@dataclass(frozen=True)
class CarEliminated:
    car: str
    tokens_back: int


@dataclass(frozen=True)
class PlayerOut:
    seat: int


@dataclass(frozen=True)
class TileLaid:
    tile: str
    laid: int
    hazards: int
    removed: str


@dataclass(frozen=True)
class FinalTile:
    """The lead tile is the final tile: add the finish line (announced loudly)."""

    tile: str
    laid: int
    players: int


@dataclass(frozen=True)
class RaceWon:
    seat: int
    how: str  # "finish" or "survivor"


@dataclass(frozen=True)
class FxRolled:
    die: str
    face: str | None


@dataclass(frozen=True)
class SlamRolled:
    mover: str
    other: str
    slam: str | None
    direction: str | None
    rerolled: bool = False


@dataclass(frozen=True)
class CaughtFire:
    car: str


@dataclass(frozen=True)
class FireRolled:
    """A burning car rolls the fire die before it moves (`face` None: rolled on the table)."""

    car: str
    face: str | None


@dataclass(frozen=True)
class RoundStarted:
    round: int
    first: int


EVENT_TYPES = (
    MovementRolled,
    FirstPlayerChosen,
    RoadDieRolled,
    ShotFired,
    DamageDrawn,
    PileEmpty,
    CarInoperable,
    CarRepaired,
    CarEliminated,
    PlayerOut,
    TileLaid,
    FinalTile,
    RaceWon,
    FxRolled,
    SlamRolled,
    CaughtFire,
    FireRolled,
    RoundStarted,
)
