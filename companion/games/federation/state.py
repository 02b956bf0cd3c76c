"""The state of a Federation game: the players' systems as the companion records them, and the turn.

The map itself (where systems lie, empty space, nebulas, worm holes) is the players' physical Warp Empires map;
the companion only keeps the list of planetary systems the players named (or counted), each with what exploring
it revealed and what has been done there. Units and cards stay on the table too.

Frozen and small: systems and encounters are tuples in a fixed order, small mappings tuples of pairs, so states
compare, hash and encode simply. Everything refers to races, table rows and readings by their data ids.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

#: An Enigma in a system: none found, one there and not solved, or solved for ever.
EnigmaStatus = Literal["none", "present", "solved"]
ENIGMA_STATUSES: tuple[EnigmaStatus, ...] = ("none", "present", "solved")
BUILDING_FIELDS = {"colony": "colony", "shipyard": "shipyard", "terraform": "terraformed"}


@dataclass(frozen=True)
class System:
    """One planetary system of the players' map.

    `name` is what the players call it ("" shows the default label, "System 3", in the language of the moment).
    Exploration results are None until the system is explored; a Homesystem is explored from the start, has no
    resources roll (it yields a flat revenue) and no minor race or Enigma."""

    id: str
    number: int  # the default label's number
    name: str = ""
    home_of: str | None = None
    explored: bool = False
    resources: str | None = None  # a row of the resources table
    minor_race: str | None = None  # a row of the minor-race table ("none": no minor race)
    minor_destroyed: bool = False
    enigma: EnigmaStatus | None = None
    owner: str | None = None
    colony: bool = False
    shipyard: bool = False
    terraformed: bool = False
    #: Races this system's minor race will never join by diplomacy (they rolled 1 to 2), in seat order.
    refused: tuple[str, ...] = ()

    @property
    def has_minor_race(self) -> bool:
        """A living minor race is here (found by exploring and not destroyed)."""
        return self.minor_race not in (None, "none") and not self.minor_destroyed

    @property
    def has_unresolved_enigma(self) -> bool:
        return self.enigma == "present"

    def built(self, kind: str) -> bool:
        return bool(getattr(self, BUILDING_FIELDS[kind]))


@dataclass(frozen=True)
class Encounter:
    """A stack that entered a system holding an unsolved Enigma and must face it in the Enigma phase."""

    system: str
    race: str
    ships: tuple[str, ...] = ()  # the ships in the stack that count for the Enigma roll


@dataclass(frozen=True)
class FederationState:
    races: tuple[str, ...]  # the races in play, in seat order
    systems: tuple[System, ...]
    next_number: int  # the default label number of the next system added
    turn: int = 1
    phase: int = 0  # the checklist's current phase (an index into the data's phases)
    encounters: tuple[Encounter, ...] = ()
    #: (system, race) pairs that tried diplomacy this turn (a failed attempt may be tried again next turn).
    diplomacy_tried: tuple[tuple[str, str], ...] = ()
    #: Our readings in force for this game: (reading id, choice id), sorted by reading id.
    readings: tuple[tuple[str, str], ...] = ()
    #: Each race's revenue as credited by the last end of turn, in seat order (empty before the first).
    last_revenue: tuple[tuple[str, int], ...] = ()
    rng: int = 0

    def system(self, system_id: str) -> System | None:
        for system in self.systems:
            if system.id == system_id:
                return system
        return None

    def reading(self, reading_id: str) -> str:
        for key, value in self.readings:
            if key == reading_id:
                return value
        raise KeyError(reading_id)

    def encounter(self, system_id: str, race: str) -> Encounter | None:
        for encounter in self.encounters:
            if encounter.system == system_id and encounter.race == race:
                return encounter
        return None

    def home_of(self, race: str) -> System | None:
        for system in self.systems:
            if system.home_of == race:
                return system
        return None


def evolve(state: FederationState, **changes: Any) -> FederationState:
    return dataclasses.replace(state, **changes)


def with_system(state: FederationState, system: System) -> FederationState:
    """`state` with the system of the same id replaced by `system`."""
    return evolve(state, systems=tuple(system if s.id == system.id else s for s in state.systems))


def change(system: System, **changes: Any) -> System:
    return dataclasses.replace(system, **changes)


def set_reading(readings: tuple[tuple[str, str], ...], key: str, value: str) -> tuple[tuple[str, str], ...]:
    return tuple(sorted({**dict(readings), key: value}.items()))
