"""What may be done now: the module's actions (`legal_actions`) and a sample of the players' corrections.

Every listed action passes `rules.check`, so a screen that offers only these never shows a refusal. Corrections
take free arguments (names, any field), so `legal_actions` leaves them out, as Thunderbirds leaves its Adjust
actions out; `correction_examples` lists one valid instance of each kind for bots and conformance tests.
"""

from __future__ import annotations

from itertools import combinations

from companion.games.federation import actions as act
from companion.games.federation.definitions import Definitions
from companion.games.federation.empire import winner
from companion.games.federation.referee import HANDLERS, check
from companion.games.federation.state import FederationState


def stacks(defs: Definitions) -> tuple[tuple[str, ...], ...]:
    """The ship lists that matter to an Enigma roll: none, each bonus ship alone, and so on up to all of them."""
    ships = tuple(ship for ship in defs.ships if ship in defs.enigma_roll.bonus_ships)
    return tuple(combo for size in range(len(ships) + 1) for combo in combinations(ships, size))


def legal_actions(state: FederationState, defs: Definitions) -> tuple[object, ...]:
    """The module's actions allowed now; none once a race has won (corrections only)."""
    if winner(state, defs) is not None:
        return ()
    candidates: list[object] = []
    for system in state.systems:
        if system.home_of is None and (not system.explored or system.has_unresolved_enigma):
            for race in state.races:
                candidates.extend(act.EnterSystem(system.id, race, ships) for ships in stacks(defs))
    candidates.extend(act.ResolveEnigma(e.system, e.race) for e in state.encounters)
    for system in state.systems:
        if not system.explored:
            continue
        if system.has_minor_race and system.owner is None:
            candidates.extend(act.AttemptDiplomacy(system.id, race) for race in state.races)
        candidates.extend(act.Build(system.id, kind) for kind in defs.buildings)
        candidates.extend(act.SetOwner(system.id, race) for race in (*state.races, None))
    candidates.extend((act.NextPhase(), act.EndTurn()))
    # The game is not over, so each action's own check is `rules.check`.
    return tuple(action for action in candidates if HANDLERS[type(action)][0](state, action, defs) is None)


def correction_examples(state: FederationState, defs: Definitions) -> tuple[object, ...]:
    """One valid correction of each kind where one exists (the first system, race or choice that fits)."""
    candidates: list[object] = [act.AddSystem("")]
    others = [s for s in state.systems if s.home_of is None]
    explored = [s for s in state.systems if s.explored]
    if others:
        first = others[0]
        candidates.append(act.RenameSystem(first.id, "" if first.name else f"Named {first.number}"))
        candidates.append(act.RemoveSystem(others[-1].id))
        resources = defs.resources.row_ids
        candidates.append(act.RecordExploration(first.id, resources[-1], "none", "none"))
        candidates.append(act.ForgetExploration(first.id))
    for system in explored[-1:]:
        owner = "" if system.owner else state.races[-1]
        candidates.append(act.AdjustSystem(system.id, "owner", owner))
        candidates.append(act.AdjustSystem(system.id, "shipyard", not system.shipyard))
        candidates.append(act.AdjustSystem(system.id, "colony", not system.colony))
        if system.home_of is None:
            candidates.append(
                act.AdjustSystem(system.id, "enigma", "none" if system.enigma == "present" else "present")
            )
    candidates.extend(act.CancelEncounter(e.system, e.race) for e in state.encounters[:1])
    for reading in defs.readings.values():
        current = state.reading(reading.id)
        candidates.extend(act.SetReading(reading.id, c) for c in reading.choice_ids if c != current)
    return tuple(action for action in candidates if check(state, action, defs) is None)
