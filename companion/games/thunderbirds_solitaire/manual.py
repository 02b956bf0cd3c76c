"""The player's own moves: the table is the truth, and much of the game is the rulebook's, not the excerpt's.

These are logged and undoable like every action and check only what the excerpt states (a chain always begins
with a Disaster; the symbols named exist; a pod or pilot exists). The checklist steps (`ConfirmStep`) and the
declared outcome (`DeclareOutcome`, the rulebook's win and loss conditions) live here too.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.engine.chance import Chance
from companion.games.thunderbirds_solitaire import events as ev
from companion.games.thunderbirds_solitaire.actions import (
    ConfirmStep,
    DealPod,
    DeclareOutcome,
    DiscardPod,
    PlaceLadyPenelope,
    PlacePilot,
    RemoveCard,
    SetInfluenced,
    SetSymbols,
    UseStored,
)
from companion.games.thunderbirds_solitaire.chains import check_symbols, refuse_removal, with_chain, without_card
from companion.games.thunderbirds_solitaire.checklist import TURN_STEP_IDS
from companion.games.thunderbirds_solitaire.definitions import PILOT_PLACES
from companion.games.thunderbirds_solitaire.state import LOCATIONS, Card, GameState, evolve
from companion.games.thunderbirds_solitaire.words import card_name, pod_name, symbol_name
from companion.locale import _


def check_remove(state: GameState, action: RemoveCard) -> str | None:
    if action.to not in ("discard", "rescued"):
        return _("A card taken from a chain goes to the discard pile or the rescued pile.")
    return refuse_removal(state, action.card)


def do_remove(state: GameState, action: RemoveCard, chance: Chance, out: list[object]) -> GameState:
    state, card, number = without_card(state, action.card)
    out.append(ev.CardRemoved(card.id, number, action.to))
    if action.to == "rescued":
        return evolve(state, rescued=state.rescued + (card,))
    return evolve(state, discard=state.discard + (card,))


def check_set_influenced(state: GameState, action: SetInfluenced) -> str | None:
    card = state.card(action.card)
    if card is None or state.chain_of(action.card) is None:
        return _("{card} is not in a chain.").format(card=card_name(state, action.card))
    if card.kind != "civilian":
        return _("Only Civilian cards are influenced or not.")
    if card.influenced == action.influenced:
        return (_("{card} is influenced already.") if card.influenced else _("{card} is not influenced.")).format(
            card=card_name(state, card)
        )
    return None


def do_set_influenced(state: GameState, action: SetInfluenced, chance: Chance, out: list[object]) -> GameState:
    out.append(ev.Adjusted("influenced"))
    return _replace_card(state, action.card, lambda card: evolve(card, influenced=action.influenced))


def check_set_symbols(state: GameState, action: SetSymbols) -> str | None:
    if state.card(action.card) is None:
        return _("{card} is not on the table.").format(card=card_name(state, action.card))
    return check_symbols(state, action.symbols)


def do_set_symbols(state: GameState, action: SetSymbols, chance: Chance, out: list[object]) -> GameState:
    out.append(ev.Adjusted("symbols"))
    return _replace_card(state, action.card, lambda card: evolve(card, symbols=tuple(action.symbols)))


def _replace_card(state: GameState, card_id: str, change: Callable[[Card], Card]) -> GameState:
    """The card changed wherever it is (a chain, turned, under Lady Penelope)."""
    number = state.chain_of(card_id)
    if number is not None:
        chain = tuple(change(card) if card.id == card_id else card for card in state.chain(number))
        return with_chain(state, number, chain)
    if state.turned is not None and state.turned.id == card_id:
        return evolve(state, turned=change(state.turned))
    assert state.escort is not None and state.escort.id == card_id
    return evolve(state, escort=change(state.escort))


def check_place_lady_penelope(state: GameState, action: PlaceLadyPenelope) -> str | None:
    if action.at not in LOCATIONS:
        return _("There is no location called {to}: the chains are chain-1 to chain-4, and tracy-island.").format(
            to=action.at
        )
    if action.side not in ("road", "air"):
        return _("Lady Penelope's card shows its Road side or its Air side.")
    return None


def do_place_lady_penelope(state: GameState, action: PlaceLadyPenelope, chance: Chance, out: list[object]) -> GameState:
    out.append(ev.Adjusted("lady-penelope"))
    return evolve(state, lady_penelope=action.at, side=action.side)


def check_place_pilot(state: GameState, action: PlacePilot) -> str | None:
    if action.pilot not in dict(state.pilots):
        return _("There is no pilot called {pilot}.").format(pilot=action.pilot)
    if action.at not in PILOT_PLACES:
        return _(
            "A pilot goes on a Thunderbird card (tb1 to tb5), beside the Pod cards (pods) or near the"
            " Thunderbird cards (thunderbirds)."
        )
    return None


def do_place_pilot(state: GameState, action: PlacePilot, chance: Chance, out: list[object]) -> GameState:
    out.append(ev.Adjusted("pilot"))
    pilots = tuple((pilot, action.at if pilot == action.pilot else at) for pilot, at in state.pilots)
    return evolve(state, pilots=pilots)


def check_deal_pod(state: GameState, action: DealPod) -> str | None:
    if not state.setup.facts.pods:
        return _("The companion does not know your pods yet: the Pod deck stays on the table.")
    if not state.pod_deck:
        return _("The Pod deck is empty.")
    return None


def do_deal_pod(state: GameState, action: DealPod, chance: Chance, out: list[object]) -> GameState:
    pod = state.pod_deck[0]
    out.append(ev.PodDealt(pod))
    return evolve(state, pod_deck=state.pod_deck[1:], pods_up=state.pods_up + (pod,))


def check_discard_pod(state: GameState, action: DiscardPod) -> str | None:
    if action.pod not in state.pods_up:
        return _("{pod} is not face up.").format(pod=pod_name(state, action.pod))
    return None


def do_discard_pod(state: GameState, action: DiscardPod, chance: Chance, out: list[object]) -> GameState:
    out.append(ev.PodDiscarded(action.pod))
    return evolve(
        state, pods_up=tuple(p for p in state.pods_up if p != action.pod), pods_out=state.pods_out + (action.pod,)
    )


def check_use_stored(state: GameState, action: UseStored) -> str | None:
    if action.symbol not in state.stored:
        return _("No {symbol} symbol is stored.").format(symbol=symbol_name(state, action.symbol))
    return None


def do_use_stored(state: GameState, action: UseStored, chance: Chance, out: list[object]) -> GameState:
    index = state.stored.index(action.symbol)
    out.append(ev.Adjusted("stored"))
    return evolve(state, stored=state.stored[:index] + state.stored[index + 1 :])


def check_confirm(state: GameState, action: ConfirmStep) -> str | None:
    if action.step not in TURN_STEP_IDS:
        return _("There is no step {step} in the turn's checklist.").format(step=action.step)
    if state.phase != "turn":
        return _("The turn's steps are confirmed before Lady Penelope's phase.")
    if (action.step in state.confirmed) == action.done:
        return _("That step is confirmed already.") if action.done else _("That step is not confirmed.")
    return None


def do_confirm(state: GameState, action: ConfirmStep, chance: Chance, out: list[object]) -> GameState:
    out.append(ev.StepConfirmed(action.step, action.done))
    confirmed = state.confirmed | {action.step} if action.done else state.confirmed - {action.step}
    return evolve(state, confirmed=frozenset(confirmed))


def check_declare(state: GameState, action: DeclareOutcome) -> str | None:
    if action.result not in ("won", "lost"):
        return _("A game is won or lost.")
    return None


def do_declare(state: GameState, action: DeclareOutcome, chance: Chance, out: list[object]) -> GameState:
    out.append(ev.GameOver(action.result))
    return evolve(state, phase="over", outcome=action.result)
