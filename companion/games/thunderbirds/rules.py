"""The Thunderbirds rules: one `apply` for every action, `check` for its reason, `legal_actions` for the UI and bot.

`apply(state, action, chance)` returns the next state and the events; an illegal action raises `IllegalAction`
whose reason names the rule, and changes nothing (states are immutable). The definitions are read from the
shipped data and overlay (`default_definitions()`), or from the setup's data override; they never live in the
state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.engine.chance import Chance
from companion.engine.codec import RulesCodec
from companion.engine.errors import IllegalAction
from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds import adjust, operations, rescue, turn
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.setup import definitions_for
from companion.games.thunderbirds.setup import initial_state as _initial_state
from companion.games.thunderbirds.state import GameState, Outcome
from companion.locale import domain

_, ngettext = domain("thunderbirds")

Check = Callable[[GameState, Any, Definitions], "str | None"]
Do = Callable[[GameState, Any, Definitions, Chance, list[object]], GameState]

HANDLERS: dict[type, tuple[Check, Do]] = {
    act.Move: (turn.check_move, turn.do_move),
    act.Plan: (turn.check_plan, turn.do_plan),
    act.Scan: (turn.check_scan, turn.do_scan),
    act.DrawAbilityToken: (turn.check_draw_ability_token, turn.do_draw_ability_token),
    act.EndTurn: (turn.check_end_turn, turn.do_end_turn),
    act.ChangeCharacter: (turn.check_change_character, turn.do_change_character),
    act.Rescue: (rescue.check_rescue, rescue.do_rescue),
    act.ConfirmRescue: (rescue.check_confirm_rescue, rescue.do_confirm_rescue),
    act.UseIntelligence: (rescue.check_use_intelligence, rescue.do_use_intelligence),
    act.UseTeamwork: (rescue.check_use_teamwork, rescue.do_use_teamwork),
    act.IgnoreHood: (rescue.check_ignore_hood, rescue.do_ignore_hood),
    act.FinishRescue: (rescue.check_finish_rescue, rescue.do_finish_rescue),
    act.ChooseReward: (rescue.check_choose_reward, rescue.do_choose_reward),
    act.Transfer: (operations.check_transfer, operations.do_transfer),
    act.Load: (operations.check_load, operations.do_load),
    act.Unload: (operations.check_unload, operations.do_unload),
    act.FoilScheme: (operations.check_foil_scheme, operations.do_foil_scheme),
    act.UseDetermination: (operations.check_use_determination, operations.do_use_determination),
    act.UseLogistics: (operations.check_use_logistics, operations.do_use_logistics),
    act.UseTechnology: (operations.check_use_technology, operations.do_use_technology),
    act.ExchangeToken: (operations.check_exchange_token, operations.do_exchange_token),
    act.AnnounceAbility: (operations.check_announce_ability, operations.do_announce_ability),
    act.PlayFab: (operations.check_play_fab, operations.do_play_fab),
    act.AdjustHood: (adjust.check_adjust_hood, adjust.do_adjust_hood),
    act.AdjustDisaster: (adjust.check_adjust_disaster, adjust.do_adjust_disaster),
    act.AdjustTokens: (adjust.check_adjust_tokens, adjust.do_adjust_tokens),
    act.AdjustFab: (adjust.check_adjust_fab, adjust.do_adjust_fab),
    act.AdjustPiece: (adjust.check_adjust_piece, adjust.do_adjust_piece),
    act.AdjustSeat: (adjust.check_adjust_seat, adjust.do_adjust_seat),
    act.AdjustSpeed: (adjust.check_adjust_speed, adjust.do_adjust_speed),
    act.EndEffect: (adjust.check_end_effect, adjust.do_end_effect),
    act.AdjustActions: (adjust.check_adjust_actions, adjust.do_adjust_actions),
    act.AdjustRescue: (adjust.check_adjust_rescue, adjust.do_adjust_rescue),
}


def defs_of(state: GameState, defs: Definitions | None = None) -> Definitions:
    return defs if defs is not None else definitions_for(state.setup)


def check(state: GameState, action: object, defs: Definitions | None = None) -> str | None:
    """The reason `action` is illegal now (naming the rule, in the current language), or None."""
    handlers = HANDLERS.get(type(action))
    if handlers is None:
        return _("Unknown action {name}.").format(name=type(action).__name__)
    return handlers[0](state, action, defs if defs is not None else definitions_for(state.setup))


def apply(
    state: GameState, action: object, chance: Chance, defs: Definitions | None = None
) -> tuple[GameState, tuple[object, ...]]:
    """The state after `action` and what happened; raises `IllegalAction` (nothing changes)."""
    handlers = HANDLERS.get(type(action))
    if handlers is None:
        raise IllegalAction(_("Unknown action {name}.").format(name=type(action).__name__))
    if defs is None:
        defs = definitions_for(state.setup)
    check_action, do_action = handlers
    reason = check_action(state, action, defs)
    if reason is not None:
        raise IllegalAction(reason)
    out: list[object] = []
    return do_action(state, action, defs, chance, out), tuple(out)


def legal_actions(state: GameState, defs: Definitions | None = None) -> tuple[object, ...]:
    from companion.games.thunderbirds.legal import legal_actions as _legal

    return _legal(state, defs_of(state, defs))


def is_terminal(state: GameState) -> bool:
    return state.outcome is not None


def outcome(state: GameState) -> Outcome | None:
    return state.outcome


def current_player(state: GameState) -> str:
    """The character whose turn it is (solo: the card under the current-player marker)."""
    return state.active_character


class ThunderbirdsRules(RulesCodec[GameState]):
    """The `GameRules` of the engine for Thunderbirds."""

    codec_module = "companion.games.thunderbirds.codec"
    name = "thunderbirds"
    state_format = 1
    #: `data_dir` points a scenario's game at a folder of this machine: an imported game may not carry it.
    local_setup_keys = frozenset({"data_dir"})

    def __init__(self, defs: Definitions | None = None) -> None:
        self._defs = defs

    def definitions(self, state: GameState | None = None) -> Definitions:
        if self._defs is not None:
            return self._defs
        if state is not None:
            return definitions_for(state.setup)
        from companion.games.thunderbirds.loader import default_definitions

        return default_definitions()

    def initial_state(self, setup: Mapping[str, Any], chance: Chance) -> GameState:
        return _initial_state(setup, chance, self._defs)

    def apply(self, state: GameState, action: object, chance: Chance) -> tuple[GameState, tuple[object, ...]]:
        return apply(state, action, chance, self._defs)

    def check(self, state: GameState, action: object) -> str | None:
        return check(state, action, self._defs)

    def legal_actions(self, state: GameState) -> tuple[object, ...]:
        return legal_actions(state, self._defs)

    def describe(self, action: object, state: GameState) -> str:
        from companion.games.thunderbirds.describe import describe

        return describe(action, state, self.definitions(state))

    def summary(self, state: GameState) -> dict[str, Any]:
        from companion.games.thunderbirds.describe import summary

        return summary(state, self.definitions(state))

    is_terminal = staticmethod(is_terminal)
    outcome = staticmethod(outcome)
    current_player = staticmethod(current_player)


RULES = ThunderbirdsRules()
