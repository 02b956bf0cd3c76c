"""Thunderbirds Solitaire's referee: `check` gives the reason an action is illegal now, `apply` the state after
it and what happened. Kept apart from `rules` (the engine's `GameRules`), which `legal` reads through: the moves
are judged here, and listed there."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.chance import Chance
from companion.engine.errors import IllegalAction
from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire import chains, lady_penelope, manual, rescue
from companion.games.thunderbirds_solitaire.state import GameState
from companion.games.thunderbirds_solitaire.words import card_name
from companion.locale import domain

_, ngettext = domain("thunderbirds_solitaire")

Check = Callable[[GameState, Any], "str | None"]
Do = Callable[[GameState, Any, Chance, list[object]], GameState]

HANDLERS: dict[type, tuple[Check, Do]] = {
    act.TurnCard: (chains.check_turn_card, chains.do_turn_card),
    act.DealChains: (chains.check_deal_chains, chains.do_deal_chains),
    act.PlaceCard: (chains.check_place_card, chains.do_place_card),
    act.DiscardTurned: (chains.check_discard_turned, chains.do_discard_turned),
    act.RollDice: (rescue.check_roll, rescue.do_roll),
    act.EnterRoll: (rescue.check_enter_roll, rescue.do_enter_roll),
    act.AllocateDie: (rescue.check_allocate, rescue.do_allocate),
    act.StoreDie: (rescue.check_store, rescue.do_store),
    act.EndRescue: (rescue.check_end_rescue, rescue.do_end_rescue),
    act.ConfirmStep: (manual.check_confirm, manual.do_confirm),
    act.BeginLadyPenelope: (lady_penelope.check_begin, lady_penelope.do_begin),
    act.MoveLadyPenelope: (lady_penelope.check_move, lady_penelope.do_move),
    act.FlipLadyPenelope: (lady_penelope.check_flip, lady_penelope.do_flip),
    act.AssignCivilian: (lady_penelope.check_assign, lady_penelope.do_assign),
    act.UnassignCivilian: (lady_penelope.check_unassign, lady_penelope.do_unassign),
    act.EndTurn: (lady_penelope.check_end_turn, lady_penelope.do_end_turn),
    act.RemoveCard: (manual.check_remove, manual.do_remove),
    act.SetInfluenced: (manual.check_set_influenced, manual.do_set_influenced),
    act.SetSymbols: (manual.check_set_symbols, manual.do_set_symbols),
    act.PlaceLadyPenelope: (manual.check_place_lady_penelope, manual.do_place_lady_penelope),
    act.PlacePilot: (manual.check_place_pilot, manual.do_place_pilot),
    act.DealPod: (manual.check_deal_pod, manual.do_deal_pod),
    act.DiscardPod: (manual.check_discard_pod, manual.do_discard_pod),
    act.UseStored: (manual.check_use_stored, manual.do_use_stored),
    act.DeclareOutcome: (manual.check_declare, manual.do_declare),
}

_SETUP = (act.TurnCard, act.DealChains)
_WHILE_TURNED = (act.PlaceCard, act.DiscardTurned, act.SetSymbols, act.DeclareOutcome)
_WHILE_RESCUING = (act.AllocateDie, act.StoreDie, act.EndRescue, act.DeclareOutcome)


def _gate(state: GameState, action: object) -> str | None:
    """What the moment allows at all: set-up first, a turned card placed, a rescue finished, nothing once over."""
    if state.phase == "over":
        return _("The game is over: undo to go back.")
    if state.phase == "setup" and not isinstance(action, _SETUP):
        return _("Set-up first: turn Emergency cards until four Disasters begin the four chains.")
    if state.turned is not None and not isinstance(action, _WHILE_TURNED):
        return _("Place or discard the card just turned first: {card}.").format(card=card_name(state, state.turned))
    if state.rescue is not None and not isinstance(action, _WHILE_RESCUING):
        return _("Finish the rescue at chain {n} first.").format(n=state.rescue.chain)
    return None


def check(state: GameState, action: object) -> str | None:
    """The reason `action` is illegal now (naming the rule, in the current language), or None."""
    handlers = HANDLERS.get(type(action))
    if handlers is None:
        return _("Unknown action {name}.").format(name=type(action).__name__)
    return _gate(state, action) or handlers[0](state, action)


def apply(state: GameState, action: object, chance: Chance) -> tuple[GameState, tuple[object, ...]]:
    """The state after `action` and what happened; raises `IllegalAction` (nothing changes)."""
    reason = check(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    out: list[object] = []
    return HANDLERS[type(action)][1](state, action, chance, out), tuple(out)
