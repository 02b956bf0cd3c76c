"""The actions: what a player taps (or a seat chooses behind the hand-over step), one dataclass each."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LookAtToken:
    """Set-up step 16: the seat has looked at its infection token (secret choice)."""

    seat: int


@dataclass(frozen=True)
class DrawFromBag:
    """4.4: a lone character meets an NPC and draws from the infection bag (public: who drew, never what)."""

    seat: int


@dataclass(frozen=True)
class ReturnToken:
    """4.4: the seat has seen its draw and puts the token back into the bag (secret choice)."""

    seat: int


@dataclass(frozen=True)
class RollWeather:
    pass


@dataclass(frozen=True)
class EndPhase:
    pass


@dataclass(frozen=True)
class MoveNpcs:
    """Phase 8, the whole of it: `holder` is the seat holding the Leader token (-1: nobody, the Leader stays)."""

    holder: int


@dataclass(frozen=True)
class PlaceSniper:
    """A sniper rifle card placed at the dog track's end: its dog icons (1 to 3), once a game."""

    dogs: int


@dataclass(frozen=True)
class DogAtEnd:
    """The players report the dog on the track's last space (while the track's length is unknown here)."""


@dataclass(frozen=True)
class ShowRole:
    """A role shown to everyone (test A, a flashlight's test B showing fillings, a self-test)."""

    seat: int
    role: str  # "human" | "alien"


@dataclass(frozen=True)
class Eliminate:
    """A character assimilated by a revealed Alien: out of play, still on the Human side."""

    seat: int


@dataclass(frozen=True)
class Escape:
    """An escape with a vehicle (4.7) or with the rescue helicopter (`vehicle = "rescue"`): who was aboard and
    the roles they revealed."""

    vehicle: str
    humans: tuple[int, ...]
    aliens: tuple[int, ...]


@dataclass(frozen=True)
class Board:
    """4.7: a character boards the vehicle (the driver first, then whom the driver takes) and shows their role."""

    vehicle: str
    seat: int
    role: str


@dataclass(frozen=True)
class Depart:
    """The vehicle leaves with everyone aboard: the escape with that crew."""


@dataclass(frozen=True)
class Disembark:
    """A crew entered by mistake gets off: nothing happened."""


@dataclass(frozen=True)
class RescueLeftEmpty:
    """The rescue helicopter left without passengers."""


@dataclass(frozen=True)
class OnlyAliensLeft:
    """The players report no human left in the base, only hidden Aliens."""


@dataclass(frozen=True)
class UnveilAliens:
    """UFO escape step 4: every Alien reveals itself; `aliens` is how many players are Aliens, `reserve` the
    Alien strength already held when an Alien was revealed before."""

    aliens: int
    reserve: int = 0


@dataclass(frozen=True)
class UfoEncounter:
    """An encounter on a UFO location: `winner` "alien", "humans" or "tie"; `take` for the Alien: "tokens" or
    "assimilate"."""

    location: int
    winner: str
    take: str = "tokens"


@dataclass(frozen=True)
class ActivateSequence:
    """The Alien side activates the next take-off sequence card with `tokens` of its take-off tokens."""

    tokens: int


@dataclass(frozen=True)
class EndUfoRound:
    pass


@dataclass(frozen=True)
class NoHumansInUfo:
    pass


ACTION_TYPES: tuple[type, ...] = (
    LookAtToken,
    DrawFromBag,
    ReturnToken,
    RollWeather,
    EndPhase,
    MoveNpcs,
    PlaceSniper,
    DogAtEnd,
    ShowRole,
    Eliminate,
    Escape,
    Board,
    Depart,
    Disembark,
    RescueLeftEmpty,
    OnlyAliensLeft,
    UnveilAliens,
    UfoEncounter,
    ActivateSequence,
    EndUfoRound,
    NoHumansInUfo,
)
