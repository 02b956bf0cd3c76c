"""The Federation rules: one `apply` for every action, `check` for its reason, `legal_actions` for the screens.

`apply(state, action, chance)` returns the next state and the events; an illegal action raises `IllegalAction`
whose reason names the rule, and changes nothing (states are immutable). Once a race controls over the victory
share of the systems the game is over: only the players' corrections are accepted (one may bring the count back
under, and the game goes on), and undo is the other way back.

The definitions come from the shipped data (`loader.default_definitions()`), or from the rules object's own
(`FederationRules(defs)`, for a scenario's data folder); they never live in the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.engine.chance import Chance
from companion.engine.errors import IllegalAction
from companion.games.federation import actions as act
from companion.games.federation import corrections, diplomacy, empire, exploration, names, turn
from companion.games.federation.definitions import Definitions
from companion.games.federation.events import VictoryLost, VictoryReached
from companion.games.federation.loader import default_definitions
from companion.games.federation.setup import initial_state as _initial_state
from companion.games.federation.state import FederationState
from companion.locale import _

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


def is_terminal(state: FederationState, defs: Definitions) -> bool:
    return empire.winner(state, defs) is not None


class FederationRules:
    """The engine's `GameRules` for the Federation module (registry name "federation")."""

    name = "federation"
    state_format = 1

    def __init__(self, defs: Definitions | None = None) -> None:
        self._defs = defs

    @property
    def definitions(self) -> Definitions:
        return self._defs if self._defs is not None else default_definitions()

    def initial_state(self, setup: Mapping[str, Any], chance: Chance) -> FederationState:
        return _initial_state(setup, chance, self.definitions)

    def apply(self, state: FederationState, action: object, chance: Chance) -> tuple[FederationState, tuple[Any, ...]]:
        return apply(state, action, chance, self.definitions)

    def check(self, state: FederationState, action: object) -> str | None:
        return check(state, action, self.definitions)

    def legal_actions(self, state: FederationState) -> tuple[object, ...]:
        from companion.games.federation.legal import legal_actions

        return legal_actions(state, self.definitions)

    def describe(self, action: object, state: FederationState) -> str:
        from companion.games.federation.describe import describe

        return describe(action, state, self.definitions)

    def encode_action(self, action: object) -> dict[str, Any]:
        from companion.games.federation.codec import encode_action

        return encode_action(action)

    def decode_action(self, data: Mapping[str, Any]) -> object:
        from companion.games.federation.codec import decode_action

        return decode_action(data)

    def encode_state(self, state: FederationState) -> dict[str, Any]:
        from companion.games.federation.codec import encode_state

        return encode_state(state)

    def decode_state(self, data: Mapping[str, Any]) -> FederationState:
        from companion.games.federation.codec import decode_state

        return decode_state(data)

    def summary(self, state: FederationState) -> dict[str, Any]:
        from companion.games.federation.describe import summary

        return summary(state, self.definitions)

    def is_terminal(self, state: FederationState) -> bool:
        return is_terminal(state, self.definitions)

    def outcome(self, state: FederationState) -> str | None:
        """The winning race, or None while the game goes on."""
        return empire.winner(state, self.definitions)

    def current_player(self, state: FederationState) -> None:
        """Nobody in particular: the players keep Warp Empires' turn order on the table."""
        return None


RULES = FederationRules()
