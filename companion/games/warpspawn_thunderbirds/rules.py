"""The Warpspawn Thunderbirds rules: one `apply` for every action, `check` for its reason, `legal_actions`.

`apply(state, action, chance)` returns the next state and the events; an illegal action raises `IllegalAction`
whose reason names the rule, and changes nothing (states are immutable). The definitions come from the shipped
data and the user's overlay, or from the set-up's data directory; they never live in the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.engine.chance import Chance
from companion.engine.codec import RulesCodec
from companion.engine.errors import IllegalAction
from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds import moves, turn
from companion.games.warpspawn_thunderbirds.definitions import Definitions
from companion.games.warpspawn_thunderbirds.setup import definitions_for
from companion.games.warpspawn_thunderbirds.setup import initial_state as _initial_state
from companion.games.warpspawn_thunderbirds.state import GameState, Outcome
from companion.locale import domain

_, ngettext = domain("warpspawn_thunderbirds")

Check = Callable[[GameState, Any, Definitions], "str | None"]
Do = Callable[[GameState, Any, Definitions, Chance, list[object]], GameState]

HANDLERS: dict[type, tuple[Check, Do]] = {
    act.Countdown: (turn.check_countdown, turn.do_countdown),
    act.Alert: (turn.check_alert, turn.do_alert),
    act.Organize: (turn.check_organize, turn.do_organize),
    act.PlayQuickResponder: (turn.check_play_quick_responder, turn.do_play_quick_responder),
    act.RollForOrder: (turn.check_roll_for_order, turn.do_roll_for_order),
    act.PlayCard: (moves.check_play_card, moves.do_play_card),
    act.Discard: (moves.check_discard, moves.do_discard),
    act.Allow: (moves.check_allow, moves.do_allow),
    act.PlayDelay: (moves.check_play_delay, moves.do_play_delay),
    act.EndPhase: (moves.check_end_phase, moves.do_end_phase),
    act.ConfirmRescue: (moves.check_confirm_rescue, moves.do_confirm_rescue),
    act.AdjustPawn: (moves.check_adjust_pawn, moves.do_adjust_pawn),
    act.AdjustCounters: (moves.check_adjust_counters, moves.do_adjust_counters),
}


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
    reason = handlers[0](state, action, defs)
    if reason is not None:
        raise IllegalAction(reason)
    out: list[object] = []
    return handlers[1](state, action, defs, chance, out), tuple(out)


def legal_actions(state: GameState, defs: Definitions | None = None) -> tuple[object, ...]:
    from companion.games.warpspawn_thunderbirds.legal import legal_actions as _legal

    return _legal(state, defs if defs is not None else definitions_for(state.setup))


def is_terminal(state: GameState) -> bool:
    return state.outcome is not None


def outcome(state: GameState) -> Outcome | None:
    return state.outcome


def current_player(state: GameState) -> str | None:
    """The colour whose move phase it is (also while others may Delay its card); None during the upkeep."""
    seat = state.moving_seat
    return None if seat is None else state.seats[seat].colour


class WarpspawnRules(RulesCodec[GameState]):
    """The engine's `GameRules` for Warpspawn Thunderbirds."""

    codec_module = "companion.games.warpspawn_thunderbirds.codec"
    name = "warpspawn_thunderbirds"
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
        from companion.games.warpspawn_thunderbirds.loader import default_definitions

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
        from companion.games.warpspawn_thunderbirds.describe import describe

        return describe(action, state, self.definitions(state))

    def summary(self, state: GameState) -> dict[str, Any]:
        from companion.games.warpspawn_thunderbirds.describe import summary

        return summary(state)

    is_terminal = staticmethod(is_terminal)
    outcome = staticmethod(outcome)
    current_player = staticmethod(current_player)


RULES = WarpspawnRules()
