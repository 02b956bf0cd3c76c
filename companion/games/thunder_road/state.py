"""The race as the companion keeps it: frozen, by id, with its PRNG state; the cars stay on the physical board.

Cars are `<seat>-<size>` (`0-small`); a car's damage slots hold the damage tokens it drew (two: inoperable). The
damage pile is face down, top first. Hazard tokens are face down and alike until revealed on the board, so the
companion counts them: in the pile, on each road tile (tail, middle, lead) and in the discard.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.engine.pack import Words
from companion.engine.turns import Phase, Rounds, Turns

#: A car with this many damage tokens is inoperable [R].
INOPERABLE_AT = 2
#: Movement dice per team [R].
MOVEMENT_DICE = 4
#: A car may coast at most twice a round [R].
MAX_COASTS = 2
#: The tiles laid at set-up: tail, middle, lead [R].
ROAD_LENGTH = 3
#: With two players still in, the fifth tile is the final tile [R].
FINAL_TILE_TWO_PLAYERS = 5

ROUNDS = Rounds(
    phases=(
        Phase(
            "turns",
            Words("Turns", "Tours", frozenset({"en"})),
            Words(
                "Three turns each: assign a die, a command once a round, move, shoot (not in round 1).",
                "Trois tours chacun\u00a0: assignez un dé, un ordre une fois par round, déplacez, tirez (pas "
                "au 1er round).",
                frozenset({"en", "fr"}),
            ),
            turns=3,
        ),
    ),
    marker_passes="each_round",
)


@dataclass(frozen=True)
class Car:
    id: str
    seat: int
    size: str
    damage: tuple[str, ...] = ()
    eliminated: bool = False
    moved: bool = False  # a die was assigned to it this round (not counting coasts)
    coasts: int = 0

    @property
    def operable(self) -> bool:
        return not self.eliminated and len(self.damage) < INOPERABLE_AT


@dataclass(frozen=True)
class Turn:
    """The current turn: the active car and its die, whether it coasts, the command and the shot."""

    car: str | None = None
    die: int | None = None
    coasting: bool = False
    command: str | None = None
    shot: bool = False
    chopper_shot: bool = False


@dataclass(frozen=True)
class Slam:
    """The collision just rolled: the two vehicles' kinds, the faces, and whether the re-roll was used."""

    active: str
    other: str
    slam: str | None  # None: the slam die's faces are not known, rolled on the table
    direction: str | None
    rerolled: bool = False


@dataclass(frozen=True)
class RaceState:
    players: int
    colours: tuple[str, ...]
    expansions: tuple[str, ...]
    start_tile: str
    turns: Turns
    cars: tuple[Car, ...]
    dice: tuple[tuple[int, ...], ...]  # each seat's movement dice this round
    used: tuple[tuple[int, ...], ...]  # each seat's dice used this round, by index
    turn: Turn
    damage_pile: tuple[str, ...]  # face down, top first
    road: tuple[str, ...]  # tail, middle, lead tile ids
    stack: tuple[str, ...]  # the face-down tile stack, bottom first (the next tile is the last)
    laid: int  # road tiles laid so far, the set-up's three included
    hazard_pile: int
    hazards_on: tuple[int, ...]  # on the tail, middle, lead tiles
    hazard_discard: int
    final: bool = False  # the lead tile is the final tile
    road_die: str | None = None  # this round's road die face (None: rolled on the table)
    slam: Slam | None = None
    winner: int | None = None
    won_by: str | None = None  # "finish" or "survivor"
    burning: tuple[str, ...] = ()  # Carnage: the cars with a FIRE! ring
    rng: int = 0

    def car(self, car_id: str) -> Car:
        for car in self.cars:
            if car.id == car_id:
                return car
        raise KeyError(car_id)

    def cars_of(self, seat: int) -> tuple[Car, ...]:
        return tuple(car for car in self.cars if car.seat == seat)

    def has_operable(self, seat: int) -> bool:
        return any(car.operable for car in self.cars_of(seat))

    def with_car(self, car: Car) -> RaceState:
        return replace(self, cars=tuple(car if c.id == car.id else c for c in self.cars))

    @property
    def is_over(self) -> bool:
        return self.winner is not None
