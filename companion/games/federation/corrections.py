"""The players' corrections: the list of systems (their map is the truth) and any recorded fact.

None of these rolls a die or applies a module rule beyond what keeps the record coherent (a minor race's planet
is never terraformed; a Homesystem is never unexplored). They are allowed at any time, even after a victory.
"""

from __future__ import annotations

from companion.engine.chance import Chance
from companion.games.federation import actions as act
from companion.games.federation import checks, names
from companion.games.federation.definitions import Definitions
from companion.games.federation.state import (
    ENIGMA_STATUSES,
    FederationState,
    System,
    change,
    evolve,
    set_reading,
    with_system,
)
from companion.locale import _

#: The longest name a system may have (a name must fit a button on the 800x480 screen).
NAME_LENGTH = 40
#: The most systems the list holds (a generous map; the limit keeps a mistyped count from flooding the screen).
MAX_SYSTEMS = 200
BOOLEAN_FIELDS = ("colony", "shipyard", "terraformed", "minor_destroyed")
ADJUSTABLE_FIELDS = ("owner", "enigma", *BOOLEAN_FIELDS)


def check_name(state: FederationState, defs: Definitions, name: str, system_id: str | None) -> str | None:
    """A valid new name for a system ("" goes back to the default label)."""
    if name != name.strip() or not name.isprintable():
        return _("A system's name has no leading or trailing spaces and no control characters.")
    if len(name) > NAME_LENGTH:
        return _("A system's name is at most {count} characters.").format(count=NAME_LENGTH)
    if name:
        for other in state.systems:
            if other.id != system_id and names.system_label(other, defs).casefold() == name.casefold():
                return _("There is already a system called {name}.").format(name=name)
    return None


def _without_system_traces(state: FederationState, system_id: str) -> FederationState:
    """Forgets the turn's encounters and diplomacy attempts in a system."""
    return evolve(
        state,
        encounters=tuple(e for e in state.encounters if e.system != system_id),
        diplomacy_tried=tuple(pair for pair in state.diplomacy_tried if pair[0] != system_id),
    )


# --- the list -----------------------------------------------------------------------------------------------


def check_add(state: FederationState, action: act.AddSystem, defs: Definitions) -> str | None:
    if len(state.systems) >= MAX_SYSTEMS:
        return _("The list holds at most {count} systems.").format(count=MAX_SYSTEMS)
    return check_name(state, defs, action.name, None)


def do_add(
    state: FederationState, action: act.AddSystem, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    number = state.next_number
    added = System(f"s{number}", number, action.name)
    return evolve(state, systems=state.systems + (added,), next_number=number + 1)


def check_rename(state: FederationState, action: act.RenameSystem, defs: Definitions) -> str | None:
    found = checks.find_system(state, action.system)
    if isinstance(found, str):
        return found
    if found.name == action.name:
        return _("{system} already has that name.").format(system=names.system_label(found, defs))
    return check_name(state, defs, action.name, found.id)


def do_rename(
    state: FederationState, action: act.RenameSystem, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    system = state.system(action.system)
    assert system is not None
    return with_system(state, change(system, name=action.name))


def check_remove(state: FederationState, action: act.RemoveSystem, defs: Definitions) -> str | None:
    found = checks.find_system(state, action.system)
    if isinstance(found, str):
        return found
    if found.home_of is not None:
        return _("{system} is a Homesystem: it stays on the list.").format(system=names.system_label(found, defs))
    return None


def do_remove(
    state: FederationState, action: act.RemoveSystem, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    state = _without_system_traces(state, action.system)
    return evolve(state, systems=tuple(s for s in state.systems if s.id != action.system))


# --- recorded facts -----------------------------------------------------------------------------------------


def check_record(state: FederationState, action: act.RecordExploration, defs: Definitions) -> str | None:
    found = checks.find_system(state, action.system)
    if isinstance(found, str):
        return found
    label = names.system_label(found, defs)
    if found.home_of is not None:
        return _("{system} is a Homesystem: it has no exploration results.").format(system=label)
    if action.resources not in defs.resources.row_ids:
        return _("Resources are one of {choices}, not {value}.").format(
            choices=", ".join(defs.resources.row_ids), value=action.resources
        )
    if action.minor_race not in defs.minor_races.row_ids:
        return _("A minor race is one of {choices}, not {value}.").format(
            choices=", ".join(defs.minor_races.row_ids), value=action.minor_race
        )
    if action.enigma not in ENIGMA_STATUSES:
        return _("An Enigma is one of {choices}, not {value}.").format(
            choices=", ".join(ENIGMA_STATUSES), value=action.enigma
        )
    if found.terraformed and action.minor_race != "none":
        return _("A minor race's planet cannot be terraformed, and {system} is: remove its terraforming first.").format(
            system=label
        )
    if (found.explored, found.resources, found.minor_race, found.enigma, found.minor_destroyed) == (
        True,
        action.resources,
        action.minor_race,
        action.enigma,
        False,
    ):
        return _("{system} is already recorded that way.").format(system=label)
    return None


def do_record(
    state: FederationState, action: act.RecordExploration, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    system = state.system(action.system)
    assert system is not None
    recorded = change(
        system,
        explored=True,
        resources=action.resources,
        minor_race=action.minor_race,
        minor_destroyed=False,
        enigma=action.enigma,
        refused=system.refused if system.minor_race == action.minor_race else (),
    )
    state = with_system(state, recorded)
    if action.enigma != "present":
        state = evolve(state, encounters=tuple(e for e in state.encounters if e.system != system.id))
    return state


def check_forget(state: FederationState, action: act.ForgetExploration, defs: Definitions) -> str | None:
    found = checks.find_system(state, action.system)
    if isinstance(found, str):
        return found
    label = names.system_label(found, defs)
    if found.home_of is not None:
        return _("{system} is a Homesystem: it is always explored.").format(system=label)
    if not found.explored:
        return _("{system} is not explored yet.").format(system=label)
    return None


def do_forget(
    state: FederationState, action: act.ForgetExploration, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    system = state.system(action.system)
    assert system is not None
    state = _without_system_traces(state, system.id)
    return with_system(state, System(system.id, system.number, system.name))


def check_adjust(state: FederationState, action: act.AdjustSystem, defs: Definitions) -> str | None:
    found = checks.find_system(state, action.system)
    if isinstance(found, str):
        return found
    label = names.system_label(found, defs)
    if action.field not in ADJUSTABLE_FIELDS:
        return _("A system's {field} cannot be adjusted; one of {fields} can.").format(
            field=action.field, fields=", ".join(ADJUSTABLE_FIELDS)
        )
    if not found.explored:
        return _("{system} is not explored yet: record its exploration first.").format(system=label)
    value = action.value
    if action.field == "owner":
        if not isinstance(value, str):
            return _("An owner is a race in play, or empty for nobody.")
        if value:
            reason = checks.race_in_play(state, defs, value)
            if reason is not None:
                return reason
        current: object = found.owner or ""
    elif action.field == "enigma":
        if value not in ENIGMA_STATUSES:
            return _("An Enigma is one of {choices}, not {value}.").format(
                choices=", ".join(ENIGMA_STATUSES), value=value
            )
        if found.home_of is not None:
            return _("{system} is a Homesystem: it has no Enigma.").format(system=label)
        current = found.enigma
    else:
        if not isinstance(value, bool):
            return _("{field} is true or false.").format(field=action.field)
        current = getattr(found, action.field)
        if action.field == "minor_destroyed" and found.minor_race in (None, "none"):
            return _("{system} has no minor race.").format(system=label)
        if action.field == "terraformed" and value and found.has_minor_race:
            return _("A minor race's planet cannot be terraformed: {system} has one ({minor}).").format(
                system=label, minor=names.row(defs, "minor-race", found.minor_race).lower()
            )
        if action.field == "minor_destroyed" and not value and found.terraformed:
            return _(
                "A minor race's planet cannot be terraformed, and {system} is: remove its terraforming first."
            ).format(system=label)
    if current == value:
        return _("Nothing changes: {system} is already recorded that way.").format(system=label)
    return None


def do_adjust(
    state: FederationState, action: act.AdjustSystem, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    system = state.system(action.system)
    assert system is not None
    if action.field == "owner":
        system = change(system, owner=action.value or None)
    else:
        system = change(system, **{action.field: action.value})
    state = with_system(state, system)
    if not system.has_unresolved_enigma:
        state = evolve(state, encounters=tuple(e for e in state.encounters if e.system != system.id))
    return state


def check_set_reading(state: FederationState, action: act.SetReading, defs: Definitions) -> str | None:
    reading = defs.readings.get(action.reading)
    if reading is None:
        return _("There is no reading called {reading}.").format(reading=action.reading)
    if action.choice not in reading.choice_ids:
        return _("{reading} is one of {choices}, not {value}.").format(
            reading=reading.names.text(), choices=", ".join(reading.choice_ids), value=action.choice
        )
    if state.reading(action.reading) == action.choice:
        return _("{reading}: this game already reads it that way.").format(reading=reading.names.text())
    return None


def do_set_reading(
    state: FederationState, action: act.SetReading, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    return evolve(state, readings=set_reading(state.readings, action.reading, action.choice))
