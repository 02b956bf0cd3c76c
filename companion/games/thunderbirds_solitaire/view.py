"""The table as a screen (or a scenario check) reads it: plain JSON-able data, names in the language of the moment.

Nothing here is secret: the only hidden thing of the game is the order of the companion's deck, and the view
gives its size, never its cards.
"""

from __future__ import annotations

from typing import Any

from companion.games.thunderbirds_solitaire.checklist import TURN_STEPS
from companion.games.thunderbirds_solitaire.rescue import covered, printed
from companion.games.thunderbirds_solitaire.state import Card, GameState, is_full
from companion.games.thunderbirds_solitaire.words import (
    card_name,
    kind_name,
    pilot_name,
    place_name,
    pod_name,
    side_name,
    symbol_name,
)


def card_view(state: GameState, card: Card) -> dict[str, Any]:
    return {
        "id": card.id,
        "kind": card.kind,
        "kind_name": kind_name(card.kind),
        "name": card_name(state, card),
        "symbols": None if card.symbols is None else list(card.symbols),
        "influenced": card.influenced,
    }


def view(state: GameState) -> dict[str, Any]:
    cards: dict[str, Any] = {}
    for card in (*(c for chain in state.chains for c in chain), state.turned, state.escort):
        if card is not None:
            cards[card.id] = card_view(state, card)
    rescue = None
    if state.rescue is not None:
        taken = covered(state.rescue)
        rescue = {
            "chain": state.rescue.chain,
            "dice": [
                {
                    "symbol": die.symbol,
                    "symbol_name": symbol_name(state, die.symbol),
                    "die": die.die,
                    "status": die.status,
                    "card": die.card,
                    "slot": die.slot,
                }
                for die in state.rescue.dice
            ],
            "symbols": [
                {"card": card, "slot": slot, "symbol": symbol, "die": taken.get((card, slot))}
                for card, slot, symbol in printed(state.chain(state.rescue.chain))
            ],
        }
    return {
        "phase": state.phase,
        "turn": state.turn,
        "deck": state.setup.deck,
        "dealing": state.setup.dealing,
        "asked": state.setup.asked,
        "deck_size": len(state.deck) if state.setup.dealing == "companion" else None,
        "chains": [[card.id for card in chain] for chain in state.chains],
        "full": [is_full(chain) for chain in state.chains],
        "cards": cards,
        "turned": None if state.turned is None else state.turned.id,
        "discard": [card.id for card in state.discard],
        "rescued": [card.id for card in state.rescued],
        "returned": [card.id for card in state.returned],
        "lady_penelope": {
            "at": state.lady_penelope or None,
            "place": place_name(state.lady_penelope) if state.lady_penelope else None,
            "side": state.side,
            "side_name": side_name(state.side),
            "escort": None if state.escort is None else state.escort.id,
        },
        "pods": {
            "known": bool(state.setup.facts.pods),
            "deck_size": len(state.pod_deck),
            "up": list(state.pods_up),
            "up_names": [pod_name(state, pod) for pod in state.pods_up],
            "out": list(state.pods_out),
        },
        "pilots": dict(state.pilots),
        "pilot_names": {pilot: pilot_name(state, pilot) for pilot, _at in state.pilots},
        "checklist": [
            {"step": step.id, "text": step.label(), "who": step.who, "done": step.id in state.confirmed}
            for step in TURN_STEPS
        ],
        "rescue": rescue,
        "stored": list(state.stored),
        "outcome": state.outcome,
    }
