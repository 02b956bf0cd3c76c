"""Exploration and the Enigma phase.

Exploration [R]: a stack entering an unexplored system for the first time rolls three dice, one on each table
(resources, minor race, Enigma), in that order. The Enigma [S]: a stack in a system with an unsolved Enigma rolls
one die in the Enigma phase, +1 once if it holds a Command ship or a Science vessel; 5 solves the Enigma for
ever, 1 to 4 brings consequences (one die: 1-3 the stack is destroyed, 4-5 it retreats, 6 roll again and a minor
race present is destroyed); a stack destroyed or retreating leaves the Enigma to be faced again.

Our readings [I, changeable per game]: `enigma-high` decides a total of 6 or more (solved, by default);
`consequence-six` decides what the 6's "roll again" rolls (the consequences table, by default).
"""

from __future__ import annotations

from companion.engine.chance import Chance
from companion.engine.dice import Die, Face
from companion.games.federation import actions as act
from companion.games.federation import checks, names
from companion.games.federation.definitions import Definitions
from companion.games.federation.events import (
    ConsequenceRolled,
    EnigmaAwaits,
    EnigmaRolled,
    Explored,
    MinorRaceDestroyed,
)
from companion.games.federation.state import Encounter, FederationState, change, evolve, with_system
from companion.locale import _

#: The module's six-sided die; a face's index is its value minus one (a forced roll of index 4 shows a 5).
D6 = Die("d6", tuple(Face(str(value), value) for value in range(1, 7)))


def roll(chance: Chance) -> int:
    """One six-sided die, through the `Chance` (logged, forced in scenarios)."""
    return chance.roll_index(D6) + 1


# --- EnterSystem --------------------------------------------------------------------------------------------


def check_enter(state: FederationState, action: act.EnterSystem, defs: Definitions) -> str | None:
    found = checks.find_system(state, action.system)
    if isinstance(found, str):
        return found
    reason = checks.race_in_play(state, defs, action.race)
    if reason is not None:
        return reason
    for ship in action.ships:
        if ship not in defs.ships:
            return _("There is no ship called {ship}.").format(ship=ship)
    if len(set(action.ships)) != len(action.ships):
        return _("Each kind of ship is listed once for a stack.")
    label = names.system_label(found, defs)
    if found.home_of is not None:
        return _("{system} is a Homesystem: it is known from the start, there is nothing to explore.").format(
            system=label
        )
    if found.explored and not found.has_unresolved_enigma:
        return _("{system} is already explored and holds no unsolved Enigma: nothing to roll.").format(system=label)
    if state.encounter(action.system, action.race) is not None:
        return _("{race}: a stack already waits to face the Enigma of {system}.").format(
            race=names.race(defs, action.race), system=label
        )
    return None


def do_enter(
    state: FederationState, action: act.EnterSystem, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    system = state.system(action.system)
    assert system is not None
    if not system.explored:
        dice = (roll(chance), roll(chance), roll(chance))
        resources = defs.resources.row_for(dice[0]).id
        minor_race = defs.minor_races.row_for(dice[1]).id
        enigma = "present" if defs.enigmas.row_for(dice[2]).id == "enigma" else "none"
        system = change(system, explored=True, resources=resources, minor_race=minor_race, enigma=enigma)
        state = with_system(state, system)
        out.append(Explored(system.id, action.race, dice, resources, minor_race, enigma))
    if system.has_unresolved_enigma:
        ships = tuple(ship for ship in defs.ships if ship in action.ships)  # in the data's order
        state = evolve(state, encounters=state.encounters + (Encounter(system.id, action.race, ships),))
        out.append(EnigmaAwaits(system.id, action.race))
    return state


# --- ResolveEnigma ------------------------------------------------------------------------------------------


def check_resolve(state: FederationState, action: act.ResolveEnigma, defs: Definitions) -> str | None:
    found = checks.find_system(state, action.system)
    if isinstance(found, str):
        return found
    reason = checks.race_in_play(state, defs, action.race)
    if reason is not None:
        return reason
    label = names.system_label(found, defs)
    if not found.has_unresolved_enigma:
        return _("{system} holds no unsolved Enigma.").format(system=label)
    if state.encounter(action.system, action.race) is None:
        return _("{race}: no stack waits to face the Enigma of {system}; a stack enters the system first.").format(
            race=names.race(defs, action.race), system=label
        )
    return None


def do_resolve(
    state: FederationState, action: act.ResolveEnigma, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    encounter = state.encounter(action.system, action.race)
    system = state.system(action.system)
    assert encounter is not None and system is not None
    rule = defs.enigma_roll
    bonus = rule.ship_bonus if any(ship in rule.bonus_ships for ship in encounter.ships) else 0
    solved = False
    while True:  # the Enigma roll; again when a consequence of 6 rolls the Enigma again (our reading)
        die = roll(chance)
        total = die + bonus
        by_reading = False
        if total in rule.solved_on:
            result = "solved"
        elif total in rule.consequences_on:
            result = "consequences"
        else:
            result = state.reading("enigma-high")
            by_reading = True
        out.append(EnigmaRolled(system.id, action.race, die, bonus, total, result, by_reading))
        if result == "solved":
            solved = True
            break
        if result == "nothing":
            break
        roll_enigma_again = False
        while True:  # the consequences table
            face = roll(chance)
            consequence = defs.consequences.row_for(face).id
            out.append(ConsequenceRolled(system.id, action.race, face, consequence))
            if consequence != "again":
                break
            if system.has_minor_race:
                out.append(MinorRaceDestroyed(system.id, system.minor_race or ""))
                system = change(system, minor_destroyed=True)
            if state.reading("consequence-six") == "enigma":
                roll_enigma_again = True
                break
        if not roll_enigma_again:
            break
    if solved:
        system = change(system, enigma="solved")
        encounters = tuple(e for e in state.encounters if e.system != system.id)  # solved for every stack there
    else:
        encounters = tuple(e for e in state.encounters if e != encounter)
    return evolve(with_system(state, system), encounters=encounters)


# --- CancelEncounter ----------------------------------------------------------------------------------------


def check_cancel(state: FederationState, action: act.CancelEncounter, defs: Definitions) -> str | None:
    found = checks.find_system(state, action.system)
    if isinstance(found, str):
        return found
    if state.encounter(action.system, action.race) is None:
        return _("{race}: no stack waits to face an Enigma in {system}.").format(
            race=names.race(defs, action.race), system=names.system_label(found, defs)
        )
    return None


def do_cancel(
    state: FederationState, action: act.CancelEncounter, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    kept = tuple(e for e in state.encounters if (e.system, e.race) != (action.system, action.race))
    return evolve(state, encounters=kept)
