"""History labels (in the language of the moment) and the saved-games summary.

A label is written from the state before the action; it never names the card a draw is about to reveal (the
events say what was turned), so the history shows nothing the table has not seen.
"""

from __future__ import annotations

from typing import Any

from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire.checklist import step
from companion.games.thunderbirds_solitaire.state import GameState
from companion.games.thunderbirds_solitaire.words import (
    card_name,
    counted,
    kind_name,
    pilot_name,
    pilot_place_name,
    place_name,
    pod_name,
    side_name,
    symbol_name,
)
from companion.locale import _


def describe(action: object, state: GameState) -> str:
    label = _label(action, state)
    return label if label is not None else type(action).__name__


def _label(action: object, state: GameState) -> str | None:
    if isinstance(action, act.TurnCard):
        if action.kind is None:
            return _("Turn the next Emergency card")
        if action.card is not None:
            return _("Turned {card}").format(card=card_name(state, action.card))
        return _("Turned a {kind} card").format(kind=kind_name(action.kind))
    if isinstance(action, act.DealChains):
        return _("Deal the four chains")
    if isinstance(action, act.PlaceCard):
        card = state.turned
        name = card_name(state, card) if card is not None else "?"
        return _("{card} to chain {n}").format(card=name, n=action.chain)
    if isinstance(action, act.DiscardTurned):
        card = state.turned
        return _("Discard {card}").format(card=card_name(state, card) if card is not None else "?")
    if isinstance(action, act.RollDice):
        dice = counted(len(action.dice), _("{n} die"), _("{n} dice"))
        return _("Roll {dice} for chain {chain}").format(dice=dice, chain=action.chain)
    if isinstance(action, act.EnterRoll):
        shown = ", ".join(symbol_name(state, s) for s in action.symbols)
        return _("Dice rolled for chain {chain}: {symbols}").format(chain=action.chain, symbols=shown)
    if isinstance(action, act.AllocateDie):
        return _("Die {n} to symbol {slot} of {card}").format(
            n=action.die + 1, slot=action.slot + 1, card=card_name(state, action.card)
        )
    if isinstance(action, act.StoreDie):
        return _("Store die {n}").format(n=action.die + 1)
    if isinstance(action, act.EndRescue):
        return _("End the rescue")
    if isinstance(action, act.ConfirmStep):
        found = step(action.step)
        name = found.label() if found is not None else action.step
        return (_("Done: {step}") if action.done else _("Not done: {step}")).format(step=name)
    if isinstance(action, act.BeginLadyPenelope):
        return _("Lady Penelope's phase")
    if isinstance(action, act.MoveLadyPenelope):
        return _("Lady Penelope to {place}").format(place=place_name(action.to))
    if isinstance(action, act.FlipLadyPenelope):
        if state.side == "road":
            return _("Lady Penelope flipped to her Air side")
        return _("Lady Penelope flipped to her Road side")
    if isinstance(action, act.AssignCivilian):
        return _("Lady Penelope escorts {card}").format(card=card_name(state, action.card))
    if isinstance(action, act.UnassignCivilian):
        escorted = card_name(state, state.escort) if state.escort is not None else "?"
        return _("Lady Penelope leaves {card} at {place}").format(card=escorted, place=place_name(state.lady_penelope))
    if isinstance(action, act.EndTurn):
        return _("End of turn {n}").format(n=state.turn)
    if isinstance(action, act.RemoveCard):
        where = _("the rescued pile") if action.to == "rescued" else _("the discard pile")
        return _("{card} to {pile}").format(card=card_name(state, action.card), pile=where)
    if isinstance(action, act.SetInfluenced):
        text = _("{card} influenced") if action.influenced else _("{card} no longer influenced")
        return text.format(card=card_name(state, action.card))
    if isinstance(action, act.SetSymbols):
        shown = ", ".join(symbol_name(state, s) for s in action.symbols)
        return _("Symbols of {card}: {symbols}").format(card=card_name(state, action.card), symbols=shown)
    if isinstance(action, act.PlaceLadyPenelope):
        return _("Lady Penelope placed at {place}, {side} up").format(
            place=place_name(action.at), side=side_name(action.side)
        )
    if isinstance(action, act.PlacePilot):
        return _("{pilot} placed {place}").format(
            pilot=pilot_name(state, action.pilot), place=pilot_place_name(state, action.at)
        )
    if isinstance(action, act.DealPod):
        return _("Deal a pod face up")
    if isinstance(action, act.DiscardPod):
        return _("Discard {pod}").format(pod=pod_name(state, action.pod))
    if isinstance(action, act.UseStored):
        return _("Spend a stored {symbol}").format(symbol=symbol_name(state, action.symbol))
    if isinstance(action, act.DeclareOutcome):
        return _("Game declared won") if action.result == "won" else _("Game declared lost")
    return None


def summary(state: GameState) -> dict[str, Any]:
    """Small facts for the saved-games list."""
    return {
        "phase": state.phase,
        "turn": state.turn,
        "deck": state.setup.deck,
        "dealing": state.setup.dealing,
        "rescued": sum(1 for card in state.rescued if card.kind == "civilian"),
        "outcome": state.outcome,
    }
