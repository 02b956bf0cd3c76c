"""What each race holds: revenue, victory, building and control.

Revenue [S]: a system yields its resources plus its minor race; without a (living) minor race it yields nothing
until a colony is built; terraformed +1; a Homesystem yields a flat 10; Cardassians and Borg get 1 more from each
system with a minor race, the Ferengi 1 less. Victory [R]: over 60 % of the systems on the list. Building [S]: at
most one colony, one shipyard and one terraforming per system; a minor race's planet cannot be terraformed.
Control [S]: a system with an unsolved Enigma cannot be controlled by diplomacy or conquest; the Federation
cannot conquer independent minor races (only diplomacy).

Our readings [I]: `homesystem-building` (nothing is built on a Homesystem, by default) and
`build-needs-control` (only in a system a race controls, by default: its buildings are the owner's).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.engine.chance import Chance
from companion.games.federation import actions as act
from companion.games.federation import checks, names
from companion.games.federation.definitions import Definitions
from companion.games.federation.events import Built, OwnerChanged
from companion.games.federation.state import BUILDING_FIELDS, FederationState, System, change, with_system
from companion.locale import _

# --- revenue ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SystemRevenue:
    """One system's part of its owner's revenue, term by term, so a screen can show the sum."""

    system: str
    total: int
    homesystem: int = 0
    resources: int = 0
    minor_race: int = 0
    race_modifier: int = 0  # the owner's modifier on minor races (Cardassians, Borg +1; Ferengi -1)
    terraformed: int = 0
    needs_colony: bool = False  # no minor race and no colony: it yields nothing yet


@dataclass(frozen=True)
class RaceRevenue:
    race: str
    total: int
    systems: tuple[SystemRevenue, ...]


def system_revenue(system: System, race: str, defs: Definitions) -> SystemRevenue:
    """What `system` yields to `race`, its owner, each turn."""
    rule = defs.revenue
    terraformed = rule.terraformed_bonus if system.terraformed else 0
    if system.home_of is not None:
        return SystemRevenue(
            system.id, rule.homesystem + terraformed, homesystem=rule.homesystem, terraformed=terraformed
        )
    if not system.explored or system.resources is None:
        return SystemRevenue(system.id, 0)
    resources = defs.resources.row(system.resources).revenue
    if system.has_minor_race:
        minor = defs.minor_races.row(system.minor_race or "none").revenue
        modifier = defs.races[race].minor_race_revenue
        total = resources + minor + modifier + terraformed
        return SystemRevenue(system.id, total, 0, resources, minor, modifier, terraformed)
    if rule.colony_needed_without_minor_race and not system.colony:
        return SystemRevenue(system.id, 0, needs_colony=True)
    return SystemRevenue(system.id, resources + terraformed, resources=resources, terraformed=terraformed)


def race_revenue(state: FederationState, defs: Definitions, race: str) -> RaceRevenue:
    """What `race` earns a turn from the systems it controls now."""
    parts = tuple(system_revenue(s, race, defs) for s in state.systems if s.owner == race)
    return RaceRevenue(race, sum(part.total for part in parts), parts)


def revenues(state: FederationState, defs: Definitions) -> tuple[tuple[str, int], ...]:
    """Each race's revenue now, in seat order."""
    return tuple((race, race_revenue(state, defs, race).total) for race in state.races)


# --- victory ------------------------------------------------------------------------------------------------


def controlled(state: FederationState, race: str) -> int:
    return sum(1 for system in state.systems if system.owner == race)


def winner(state: FederationState, defs: Definitions) -> str | None:
    """The race controlling over the victory share of the systems on the list, if any (at most one can)."""
    held = Counter(system.owner for system in state.systems)
    total = len(state.systems)
    for race in state.races:
        if defs.victory.is_reached(held[race], total):
            return race
    return None


def needed_to_win(state: FederationState, defs: Definitions) -> int:
    """The fewest systems a race must control to win with the list as it is."""
    total = len(state.systems)
    return next(n for n in range(total + 1) if defs.victory.is_reached(n, total)) if total else 0


# --- Build --------------------------------------------------------------------------------------------------


def check_build(state: FederationState, action: act.Build, defs: Definitions) -> str | None:
    found = checks.find_system(state, action.system)
    if isinstance(found, str):
        return found
    building = defs.buildings.get(action.kind)
    if building is None or action.kind not in BUILDING_FIELDS:
        return _("There is no building called {kind}.").format(kind=action.kind)
    reason = checks.not_explored(state, defs, found)
    if reason is not None:
        return reason
    label = names.system_label(found, defs)
    if found.home_of is not None and state.reading("homesystem-building") == "refused":
        return _("Nothing is built on a Homesystem: {why}.").format(why=checks.our_reading(defs, "homesystem-building"))
    if found.owner is None and state.reading("build-needs-control") == "yes":
        return _("Nobody controls {system}: a race builds only in a system it controls ({why}).").format(
            system=label, why=checks.our_reading(defs, "build-needs-control")
        )
    if found.built(action.kind):
        return _("{building}: {system} already has it, and the limit is 1 per system.").format(
            building=building.names.text(), system=label
        )
    if building.not_on_minor_race and found.has_minor_race:
        return _("A minor race's planet cannot be terraformed: {system} has one ({minor}).").format(
            system=label, minor=names.row(defs, "minor-race", found.minor_race).lower()
        )
    return None


def do_build(
    state: FederationState, action: act.Build, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    system = state.system(action.system)
    assert system is not None
    out.append(Built(system.id, action.kind, system.owner))
    return with_system(state, change(system, **{BUILDING_FIELDS[action.kind]: True}))


# --- SetOwner -----------------------------------------------------------------------------------------------


def check_set_owner(state: FederationState, action: act.SetOwner, defs: Definitions) -> str | None:
    found = checks.find_system(state, action.system)
    if isinstance(found, str):
        return found
    label = names.system_label(found, defs)
    if action.race is None:
        if found.owner is None:
            return _("{system} already has no owner.").format(system=label)
        return None
    reason = checks.race_in_play(state, defs, action.race)
    if reason is not None:
        return reason
    if found.owner == action.race:
        return _("{race}: already in control of {system}.").format(race=names.race(defs, action.race), system=label)
    reason = checks.not_explored(state, defs, found) or checks.unsolved_enigma(defs, found)
    if reason is not None:
        return reason
    if found.has_minor_race and found.owner is None and not defs.races[action.race].conquers_minor_races:
        return _("{race}: cannot conquer minor races, only win them by diplomacy; {system} has one ({minor}).").format(
            race=names.race(defs, action.race),
            system=label,
            minor=names.row(defs, "minor-race", found.minor_race).lower(),
        )
    return None


def do_set_owner(
    state: FederationState, action: act.SetOwner, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    system = state.system(action.system)
    assert system is not None
    out.append(OwnerChanged(system.id, system.owner, action.race))
    return with_system(state, change(system, owner=action.race))
