"""The turn: a checklist of phases the players tick (Warp Empires' own, with the module's three after Move), and
the end of the turn, which credits each race's revenue and clears the turn's diplomacy attempts.

The checklist does not hold any action back: the players play Warp Empires' phases on the table, and the
module's actions are accepted whenever the players make them. Only the Enigma phase is enforced: a stack that
entered a system with an unsolved Enigma faces it (or the players cancel it) before the turn ends.
"""

from __future__ import annotations

from companion.engine.chance import Chance
from companion.games.federation import actions as act
from companion.games.federation import names
from companion.games.federation.definitions import Definitions
from companion.games.federation.empire import revenues
from companion.games.federation.events import PhaseStarted, TurnEnded
from companion.games.federation.state import FederationState, evolve
from companion.locale import _


def check_next_phase(state: FederationState, action: act.NextPhase, defs: Definitions) -> str | None:
    if state.phase >= len(defs.phases) - 1:
        return _("{phase} is the last phase of the turn: end the turn.").format(phase=names.phase(defs, state.phase))
    return None


def do_next_phase(
    state: FederationState, action: act.NextPhase, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    out.append(PhaseStarted(defs.phases[state.phase + 1].id))
    return evolve(state, phase=state.phase + 1)


def check_end_turn(state: FederationState, action: act.EndTurn, defs: Definitions) -> str | None:
    if state.encounters:
        waiting = state.encounters[0]
        return _(
            "{race}: the stack in {system} has not faced the Enigma yet (Enigma phase); resolve it, or cancel it, "
            "before the turn ends."
        ).format(race=names.race(defs, waiting.race), system=names.system(state, defs, waiting.system))
    return None


def do_end_turn(
    state: FederationState, action: act.EndTurn, defs: Definitions, chance: Chance, out: list[object]
) -> FederationState:
    credited = revenues(state, defs)
    out.append(TurnEnded(state.turn, credited))
    if defs.phases:
        out.append(PhaseStarted(defs.phases[0].id))
    return evolve(state, turn=state.turn + 1, phase=0, diplomacy_tried=(), last_revenue=credited)
