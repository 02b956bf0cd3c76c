"""The Diplomacy phase [S]: a race rolls one die, plus its modifier (the Federation and the Ferengi +1), to have an
independent minor race join its empire. 6 or more: it joins. 1 to 2: it will never join that empire by diplomacy.
Otherwise the race may try again next turn. A system with an unsolved Enigma cannot be controlled by diplomacy.

Our reading [I, changeable per game]: `diplomacy-never` decides whether the 1 to 2 is read on the die (default)
or on the total with the modifier.
"""

from __future__ import annotations

from companion.engine.chance import Chance
from companion.games.federation import actions as act
from companion.games.federation import checks, names
from companion.games.federation.definitions import Definitions
from companion.games.federation.events import DiplomacyRolled, OwnerChanged
from companion.games.federation.exploration import roll
from companion.games.federation.state import FederationState, change, evolve, with_system
from companion.locale import _


def check_diplomacy(state: FederationState, action: act.AttemptDiplomacy, defs: Definitions) -> str | None:
    found = checks.find_system(state, action.system)
    if isinstance(found, str):
        return found
    reason = checks.race_in_play(state, defs, action.race)
    if reason is not None:
        return reason
    reason = checks.not_explored(state, defs, found)
    if reason is not None:
        return reason
    label = names.system_label(found, defs)
    race = names.race(defs, action.race)
    if found.minor_destroyed:
        return _("The minor race of {system} was destroyed: there is no one to talk to.").format(system=label)
    if not found.has_minor_race:
        return _("{system} has no minor race: diplomacy is for minor races.").format(system=label)
    if found.owner is not None:
        return _("The minor race of {system} already belongs to an empire: {owner}.").format(
            system=label, owner=names.race(defs, found.owner)
        )
    reason = checks.unsolved_enigma(defs, found)
    if reason is not None:
        return reason
    if action.race in found.refused:
        return _("{race}: the minor race of {system} will never join them by diplomacy (a roll of 1 to 2).").format(
            system=label, race=race
        )
    if (action.system, action.race) in state.diplomacy_tried:
        return _(
            "{race}: diplomacy was already tried in {system} this turn; a failed attempt may be tried again next turn."
        ).format(system=label, race=race)
    return None


def do_diplomacy(
    state: FederationState, action: act.AttemptDiplomacy, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    system = state.system(action.system)
    assert system is not None
    rule = defs.diplomacy
    modifier = defs.races[action.race].diplomacy_modifier
    die = roll(chance)
    total = die + modifier
    read = die if state.reading("diplomacy-never") == "die" else total
    by_reading = (die in rule.never_on) != (total in rule.never_on)  # the other reading would have said otherwise
    if read in rule.never_on:
        result = "never"
        system = change(system, refused=tuple(r for r in state.races if r in system.refused or r == action.race))
    elif total >= rule.joins_at:
        result = "joined"
    else:
        result = "failed"
    out.append(DiplomacyRolled(system.id, action.race, die, modifier, total, result, by_reading))
    if result == "joined":
        out.append(OwnerChanged(system.id, system.owner, action.race))
        system = change(system, owner=action.race)
    tried = tuple(sorted(set(state.diplomacy_tried) | {(action.system, action.race)}))
    return evolve(with_system(state, system), diplomacy_tried=tried)
