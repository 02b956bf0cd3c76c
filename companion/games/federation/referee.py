"""Federation's referee: `check` gives the reason an action is refused now, `apply` the state after it and what
happened. Kept apart from `rules` (the engine's `GameRules`), which `legal` reads through: the moves are judged
here, and listed there."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.chance import Chance
from companion.engine.errors import IllegalAction
from companion.games.federation import actions as act
from companion.games.federation import corrections, diplomacy, empire, exploration, names, turn
from companion.games.federation.definitions import Definitions
from companion.games.federation.events import VictoryLost, VictoryReached
from companion.games.federation.state import FederationState
from companion.locale import domain

_, ngettext = domain("federation")

Check = Callable[[FederationState, Any, Definitions], "str | None"]
Do = Callable[[FederationState, Any, Definitions, Chance, list[object]], FederationState]

HANDLERS: dict[type, tuple[Check, Do]] = {
    act.EnterSystem: (exploration.check_enter, exploration.do_enter),
    act.ResolveEnigma: (exploration.check_resolve, exploration.do_resolve),
    act.CancelEncounter: (exploration.check_cancel, exploration.do_cancel),
    act.AttemptDiplomacy: (diplomacy.check_diplomacy, diplomacy.do_diplomacy),
    act.Build: (empire.check_build, empire.do_build),
    act.SetOwner: (empire.check_set_owner, empire.do_set_owner),
    act.NextPhase: (turn.check_next_phase, turn.do_next_phase),
    act.EndTurn: (turn.check_end_turn, turn.do_end_turn),
    act.AddSystem: (corrections.check_add, corrections.do_add),
    act.RenameSystem: (corrections.check_rename, corrections.do_rename),
    act.RemoveSystem: (corrections.check_remove, corrections.do_remove),
    act.RecordExploration: (corrections.check_record, corrections.do_record),
    act.ForgetExploration: (corrections.check_forget, corrections.do_forget),
    act.AdjustSystem: (corrections.check_adjust, corrections.do_adjust),
    act.SetReading: (corrections.check_set_reading, corrections.do_set_reading),
}


def check(state: FederationState, action: object, defs: Definitions) -> str | None:
    """The reason `action` is refused now (naming the rule, in the current language), or None."""
    handlers = HANDLERS.get(type(action))
    if handlers is None:
        return _("Unknown action {name}.").format(name=type(action).__name__)
    if type(action) not in act.CORRECTIONS:
        won = empire.winner(state, defs)
        if won is not None:
            return _(
                "{race}: {count} of the {total} systems controlled, over {percent}%; the game is over. Undo, or "
                "correct the systems."
            ).format(
                race=names.race(defs, won),
                count=empire.controlled(state, won),
                total=len(state.systems),
                percent=defs.victory.over_percent,
            )
    return handlers[0](state, action, defs)


def apply(
    state: FederationState, action: object, chance: Chance, defs: Definitions
) -> tuple[FederationState, tuple[object, ...]]:
    """The state after `action` and what happened; raises `IllegalAction` (nothing changes)."""
    reason = check(state, action, defs)
    if reason is not None:
        raise IllegalAction(reason)
    out: list[object] = []
    before = empire.winner(state, defs)
    after_state = HANDLERS[type(action)][1](state, action, defs, chance, out)
    after = empire.winner(after_state, defs)
    if after is not None and after != before:
        out.append(VictoryReached(after, empire.controlled(after_state, after), len(after_state.systems)))
    elif before is not None and after is None:
        out.append(VictoryLost(before))
    return after_state, tuple(out)
