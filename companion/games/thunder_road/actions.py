"""What the players do, one frozen dataclass each; the rules' `apply` takes them, the log stores them."""

from __future__ import annotations

from dataclasses import dataclass

#: What a car may collide with: a road vehicle by size, a wreck (a small inoperable car), the Max Titan, a bike.
VEHICLES: tuple[str, ...] = ("small", "medium", "large", "wreck", "big-rig", "bike")


@dataclass(frozen=True)
class Assign:
    """Step 1: a movement die on an operable car that has not moved this round."""

    car: str
    die: int


@dataclass(frozen=True)
class Coast:
    """Step 1, once every operable car has moved: a die on a car's coast slot (1 space; twice a round at most)."""

    car: str
    die: int


@dataclass(frozen=True)
class Command:
    """Step 2, once a round: another unused die on a command whose values it fits (Repair names the car)."""

    command: str
    die: int
    car: str = ""


@dataclass(frozen=True)
class Shoot:
    """Step 4: the active car (or the chopper after an Airstrike) shoots a car; never in round 1."""

    target: str
    chopper: bool = False


@dataclass(frozen=True)
class TakeDamage:
    """A car takes 1 damage (a hazard, shrapnel, an effect): the top token of the pile."""

    car: str


@dataclass(frozen=True)
class Collide:
    """The slam and direction dice for a collision between `mover` and `other` (vehicle kinds)."""

    mover: str
    other: str


@dataclass(frozen=True)
class Reroll:
    """The larger vehicle's owner has both collision dice rolled again (once)."""


@dataclass(frozen=True)
class Eliminate:
    """A car is eliminated (impassable space, a chopper's space at the end of a turn, off the side or back)."""

    car: str


@dataclass(frozen=True)
class LeaveLeadTile:
    """A vehicle leaves the lead tile by the front (not the final tile): the tail tile goes with the cars the
    players name on it; the next tile is laid with `hazards` face-down hazards on its hazard spaces."""

    eliminated: tuple[str, ...] = ()
    hazards: int = 0


@dataclass(frozen=True)
class CrossFinish:
    """A car reaches the finish line at the end of the final tile: its team wins."""

    car: str


@dataclass(frozen=True)
class RollFx:
    """Roll one FX die on screen (its faces known), e.g. the stunt die for an effect."""

    die: str


@dataclass(frozen=True)
class PlaceHazards:
    """Face-down hazards laid on a road tile (0 tail, 1 middle, 2 lead), e.g. at set-up."""

    tile: int
    count: int


@dataclass(frozen=True)
class DiscardHazard:
    """A one-use hazard on a road tile was resolved and goes to the discard."""

    tile: int


@dataclass(frozen=True)
class CatchFire:
    """Carnage: a car catches fire (an "on fire" damage token read on the table): it gets a FIRE! ring."""

    car: str


@dataclass(frozen=True)
class EndTurn:
    """The turn ends; the next player to the left, or the next round after everyone's three turns."""


ACTION_TYPES = (
    Assign,
    Coast,
    Command,
    Shoot,
    TakeDamage,
    Collide,
    Reroll,
    Eliminate,
    LeaveLeadTile,
    CrossFinish,
    RollFx,
    PlaceHazards,
    DiscardHazard,
    CatchFire,
    EndTurn,
)
Action = (
    Assign
    | Coast
    | Command
    | Shoot
    | TakeDamage
    | Collide
    | Reroll
    | Eliminate
    | LeaveLeadTile
    | CrossFinish
    | RollFx
    | PlaceHazards
    | DiscardHazard
    | CatchFire
    | EndTurn
)
