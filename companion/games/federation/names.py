"""Names a player reads, in the language of the moment: systems, races, table rows, ships, buildings, phases."""

from __future__ import annotations

from companion.games.federation.definitions import Definitions
from companion.games.federation.state import FederationState, System
from companion.locale import _


def system(state: FederationState, defs: Definitions, system_id: str) -> str:
    """The players' name for a system, else its default label ("System 3", "Homesystem (Klingons)")."""
    found = state.system(system_id)
    if found is None:
        return system_id
    return system_label(found, defs)


def system_label(found: System, defs: Definitions) -> str:
    if found.name:
        return found.name
    if found.home_of is not None:
        return _("Homesystem ({race})").format(race=race(defs, found.home_of))
    return _("System {number}").format(number=found.number)


def race(defs: Definitions, race_id: str | None) -> str:
    """A race's short name ("Klingons"); "nobody" for None."""
    if race_id is None:
        return _("nobody")
    found = defs.races.get(race_id)
    return found.short.text() if found is not None else race_id


def row(defs: Definitions, table: str, row_id: str | None) -> str:
    if row_id is None:
        return _("not explored")
    found = defs.tables[table]
    try:
        return found.row(row_id).names.text()
    except KeyError:
        return row_id


def ship(defs: Definitions, ship_id: str) -> str:
    found = defs.ships.get(ship_id)
    return found.names.text() if found is not None else ship_id


def building(defs: Definitions, kind: str) -> str:
    found = defs.buildings.get(kind)
    return found.names.text() if found is not None else kind


def phase(defs: Definitions, index: int) -> str:
    return defs.phases[index].names.text() if 0 <= index < len(defs.phases) else str(index)


def enigma(status: str | None) -> str:
    return {
        None: _("not explored"),
        "none": _("no Enigma"),
        "present": _("an unsolved Enigma"),
        "solved": _("a solved Enigma"),
    }.get(status, status or "")


def reading(defs: Definitions, reading_id: str) -> str:
    found = defs.readings.get(reading_id)
    return found.names.text() if found is not None else reading_id


def choice(defs: Definitions, reading_id: str, choice_id: str) -> str:
    found = defs.readings.get(reading_id)
    if found is None or choice_id not in found.choice_ids:
        return choice_id
    return found.choice(choice_id).names.text()
