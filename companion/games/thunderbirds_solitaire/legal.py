"""What may be done now: every action of the game's flow with finite choices (`legal_actions`), and the
player's own moves with finite choices (`manual_actions`). Each listed action applies; screens build the free
ones (a roll of several dice, a card's symbols) from these pieces.

Rolls are listed one die (or one symbol) at a time, at each chain whose symbols are known; a roll may hold
several dice up to the box's count.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire.chains import on_table
from companion.games.thunderbirds_solitaire.checklist import TURN_STEP_IDS
from companion.games.thunderbirds_solitaire.definitions import KINDS, PILOT_PLACES
from companion.games.thunderbirds_solitaire.referee import check
from companion.games.thunderbirds_solitaire.rescue import active, wilds
from companion.games.thunderbirds_solitaire.state import CHAINS, LOCATIONS, GameState


def legal_actions(state: GameState) -> tuple[object, ...]:
    return tuple(action for action in _candidates(state) if check(state, action) is None)


def manual_actions(state: GameState) -> tuple[object, ...]:
    return tuple(action for action in _manual_candidates(state) if check(state, action) is None)


def turn_options(state: GameState) -> Iterable[act.TurnCard]:
    """What turning a card can be: the companion's next card, or each kind and each completed card the player
    may name (table)."""
    if state.setup.dealing == "companion":
        yield act.TurnCard()
        return
    for kind in KINDS:
        yield act.TurnCard(kind)
    for facts in state.setup.facts.cards:
        if facts.kind is not None and not on_table(state, facts.id):
            yield act.TurnCard(facts.kind, facts.id)


def _candidates(state: GameState) -> Iterable[object]:
    if state.phase == "over":
        return
    if state.phase == "setup":
        yield from turn_options(state)
        yield act.DealChains()
        return
    yield act.DeclareOutcome("won")
    yield act.DeclareOutcome("lost")
    if state.turned is not None:
        for number in range(1, CHAINS + 1):
            yield act.PlaceCard(number)
        yield act.DiscardTurned()
        return
    if state.rescue is not None:
        yield from _rescue_candidates(state)
        return
    if state.phase == "turn":
        yield from turn_options(state)
        for step in TURN_STEP_IDS:
            yield act.ConfirmStep(step)
        yield act.BeginLadyPenelope()
        for number in range(1, CHAINS + 1):
            for die in state.setup.facts.dice:
                yield act.RollDice(number, (die.id,))
            for symbol in state.setup.facts.symbols:
                yield act.EnterRoll(number, (symbol.id,))
        return
    for to in LOCATIONS:
        yield act.MoveLadyPenelope(to)
    yield act.FlipLadyPenelope()
    chain = state.lady_penelope_chain
    if chain is not None:
        for card in state.chain(chain):
            yield act.AssignCivilian(card.id)
    yield act.UnassignCivilian()
    yield act.EndTurn()


def _rescue_candidates(state: GameState) -> Iterable[object]:
    rescue = state.rescue
    assert rescue is not None
    wild = wilds(state)
    slots = active(state)
    for index, die in enumerate(rescue.dice):
        if die.status != "free":
            continue
        for card, slot, symbol in slots:
            if die.symbol == symbol or die.symbol in wild:
                yield act.AllocateDie(index, card, slot)
        yield act.StoreDie(index)
    yield act.EndRescue()


def _manual_candidates(state: GameState) -> Iterable[object]:
    for chain in state.chains:
        for card in chain:
            yield act.RemoveCard(card.id, "discard")
            yield act.RemoveCard(card.id, "rescued")
            yield act.SetInfluenced(card.id, not card.influenced)
    for at in LOCATIONS:
        for side in ("road", "air"):
            if (at, side) != (state.lady_penelope, state.side):
                yield act.PlaceLadyPenelope(at, side)
    for pilot, here in state.pilots:
        for at in PILOT_PLACES:
            if at != here:
                yield act.PlacePilot(pilot, at)
    yield act.DealPod()
    for pod in state.pods_up:
        yield act.DiscardPod(pod)
    for symbol in dict.fromkeys(state.stored):
        yield act.UseStored(symbol)
