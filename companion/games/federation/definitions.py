"""The Federation module's facts as immutable objects, read once from `data/federation/` by `loader.py`.

Every fact keeps its confidence mark (`high`: the rules text or the module's page; `low`: our inference, said so
to players; `unknown`: an empty slot the players fill in from their box) and its source marks (R, S, I, U).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from companion.engine.pack import Words

Confidence = Literal["high", "low", "unknown"]
CONFIDENCES: tuple[Confidence, ...] = ("high", "low", "unknown")
#: R the rules text, S the module's public page, I our inference, U unknown.
SOURCES = ("R", "S", "I", "U")


@dataclass(frozen=True)
class Mark:
    """Where a fact comes from and how sure we are of it."""

    confidence: Confidence
    source: tuple[str, ...]
    note: str = ""


@dataclass(frozen=True)
class Race:
    id: str
    names: Words  # the full name: "Klingon Empire"
    short: Words  # the name on a busy screen: "Klingons"
    diplomacy_modifier: int
    minor_race_revenue: int
    conquers_minor_races: bool
    mark: Mark


@dataclass(frozen=True)
class Row:
    """One line of a dice table: the faces that give it, what it is called, what it adds to revenue."""

    id: str
    faces: tuple[int, ...]
    names: Words
    revenue: int = 0


@dataclass(frozen=True)
class Table:
    id: str
    names: Words
    rows: tuple[Row, ...]
    mark: Mark

    def row_for(self, face: int) -> Row:
        for row in self.rows:
            if face in row.faces:
                return row
        raise ValueError(f"table {self.id}: no row for face {face}")

    def row(self, row_id: str) -> Row:
        for row in self.rows:
            if row.id == row_id:
                return row
        raise KeyError(row_id)

    @property
    def row_ids(self) -> tuple[str, ...]:
        return tuple(row.id for row in self.rows)


@dataclass(frozen=True)
class Ship:
    id: str
    names: Words
    mark: Mark


@dataclass(frozen=True)
class EnigmaRoll:
    solved_on: tuple[int, ...]
    consequences_on: tuple[int, ...]
    ship_bonus: int
    bonus_ships: tuple[str, ...]
    mark: Mark


@dataclass(frozen=True)
class Diplomacy:
    joins_at: int
    never_on: tuple[int, ...]
    mark: Mark


@dataclass(frozen=True)
class Revenue:
    homesystem: int
    terraformed_bonus: int
    colony_needed_without_minor_race: bool
    mark: Mark


@dataclass(frozen=True)
class Building:
    id: str
    names: Words
    max_per_system: int
    not_on_minor_race: bool
    mark: Mark


@dataclass(frozen=True)
class Victory:
    over_percent: int
    mark: Mark

    def is_reached(self, controlled: int, systems: int) -> bool:
        """Over `over_percent` of the systems, in whole numbers (no rounding: 6 of 10 is 60 %, not over)."""
        return systems > 0 and controlled * 100 > self.over_percent * systems


@dataclass(frozen=True)
class Phase:
    """One step of the turn's checklist; `module` marks the phases whose tables the companion runs."""

    id: str
    names: Words
    module: bool
    mark: Mark


@dataclass(frozen=True)
class Choice:
    id: str
    names: Words


@dataclass(frozen=True)
class Reading:
    """A question the module leaves open, the answer we ship (`default`, confidence low) and the others."""

    id: str
    names: Words
    question: Words
    choices: tuple[Choice, ...]
    default: str
    mark: Mark

    @property
    def choice_ids(self) -> tuple[str, ...]:
        return tuple(choice.id for choice in self.choices)

    def choice(self, choice_id: str) -> Choice:
        for choice in self.choices:
            if choice.id == choice_id:
                return choice
        raise KeyError(choice_id)


@dataclass(frozen=True)
class Slot:
    """A fact nobody has found in the module: shipped empty (`value` None) and listed by `check-data --list`."""

    id: str
    names: Words
    value: int | None
    mark: Mark
    file: str


@dataclass(frozen=True)
class Definitions:
    races: Mapping[str, Race]  # in the data's order
    tables: Mapping[str, Table]  # resources, minor-race, enigma, consequences
    ships: Mapping[str, Ship]
    enigma_roll: EnigmaRoll
    diplomacy: Diplomacy
    revenue: Revenue
    buildings: Mapping[str, Building]
    victory: Victory
    starting_units: int
    phases: tuple[Phase, ...]
    readings: Mapping[str, Reading]
    slots: tuple[Slot, ...]
    sources: tuple[str, ...]  # the files read

    @property
    def resources(self) -> Table:
        return self.tables["resources"]

    @property
    def minor_races(self) -> Table:
        return self.tables["minor-race"]

    @property
    def enigmas(self) -> Table:
        return self.tables["enigma"]

    @property
    def consequences(self) -> Table:
        return self.tables["consequences"]

    def phase_index(self, phase_id: str) -> int:
        for i, phase in enumerate(self.phases):
            if phase.id == phase_id:
                return i
        raise KeyError(phase_id)


#: The tables the rules read, and the row ids each must have (the rules give these rows their meaning).
REQUIRED_ROWS: dict[str, frozenset[str]] = {
    "resources": frozenset(),
    "minor-race": frozenset({"none"}),
    "enigma": frozenset({"none", "enigma"}),
    "consequences": frozenset({"destroyed", "retreat", "again"}),
}
#: The readings the rules consult, with the choices each must offer.
REQUIRED_READINGS: dict[str, frozenset[str]] = {
    "enigma-high": frozenset({"solved", "consequences", "nothing"}),
    "consequence-six": frozenset({"consequence", "enigma"}),
    "diplomacy-never": frozenset({"die", "total"}),
    "homesystem-building": frozenset({"refused", "allowed"}),
    "build-needs-control": frozenset({"yes", "no"}),
}
REQUIRED_BUILDINGS = frozenset({"colony", "shipyard", "terraform"})
