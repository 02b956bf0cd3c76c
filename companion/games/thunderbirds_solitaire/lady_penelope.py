"""Lady Penelope's phase, at the end of the turn, as the excerpt gives it, in two stages.

1. Move or Flip, one or the other (or neither), never both. Road: to the chain just above or below, never from
   Tracy Island. Air: to any other location, exactly like Thunderbird 1 or 3; the only way to or from Tracy
   Island. A Civilian she escorts stays with her.
2. Escort, one of two things (or neither). Assign: with no Civilian assigned, at a chain holding an uninfluenced
   Civilian, that Civilian goes under her card and the chain closes its gap. Unassign: at Tracy Island the
   Civilian is rescued; at a chain that is not full it joins the chain's right end; at a full chain it cannot.

The stages come in that order: after a move or a flip only the escort is left; an escort (or `EndTurn`) ends
the phase, and with it the turn.
"""

from __future__ import annotations

from companion.engine.chance import Chance
from companion.games.thunderbirds_solitaire import events as ev
from companion.games.thunderbirds_solitaire.actions import (
    AssignCivilian,
    BeginLadyPenelope,
    EndTurn,
    FlipLadyPenelope,
    MoveLadyPenelope,
    UnassignCivilian,
)
from companion.games.thunderbirds_solitaire.chains import with_chain, without_card
from companion.games.thunderbirds_solitaire.checklist import TURN_STEPS
from companion.games.thunderbirds_solitaire.state import LOCATIONS, TRACY_ISLAND, GameState, Side, evolve, is_full
from companion.games.thunderbirds_solitaire.words import card_name, kind_name, place_name
from companion.locale import _

PHASES = ("lp-move", "lp-escort")


def check_begin(state: GameState, action: BeginLadyPenelope) -> str | None:
    if state.phase != "turn":
        return _("Lady Penelope's phase has begun already.")
    missing = [step.label() for step in TURN_STEPS if step.id not in state.confirmed]
    if missing:
        return _("Before Lady Penelope's phase, confirm the turn's steps the companion cannot check: {steps}").format(
            steps=" / ".join(missing)
        )
    return None


def do_begin(state: GameState, action: BeginLadyPenelope, chance: Chance, out: list[object]) -> GameState:
    return evolve(state, phase="lp-move")


def _stage_one(state: GameState) -> str | None:
    if state.phase == "lp-escort":
        return _("Lady Penelope may move or flip, never both: she has done one this turn.")
    if state.phase != "lp-move":
        return _("Lady Penelope moves or flips in her phase, at the end of the turn: begin it first.")
    return None


def check_move(state: GameState, action: MoveLadyPenelope) -> str | None:
    refused = _stage_one(state)
    if refused is not None:
        return refused
    here, to = state.lady_penelope, action.to
    if to not in LOCATIONS:
        return _("There is no location called {to}: the chains are chain-1 to chain-4, and tracy-island.").format(to=to)
    if to == here:
        return _("Lady Penelope is at {place} already.").format(place=place_name(to))
    if state.side == "air":
        return None
    if here == TRACY_ISLAND:
        return _(
            "Road side up, Lady Penelope cannot move from Tracy Island: flip her card to Air, to move in a later turn."
        )
    if to == TRACY_ISLAND:
        return _("Only on her Air side can Lady Penelope go to Tracy Island.")
    if abs(int(to.removeprefix("chain-")) - int(here.removeprefix("chain-"))) != 1:
        return _("Road side up, Lady Penelope moves only to the chain just above or below {place}.").format(
            place=place_name(here)
        )
    return None


def do_move(state: GameState, action: MoveLadyPenelope, chance: Chance, out: list[object]) -> GameState:
    out.append(ev.LadyPenelopeMoved(state.lady_penelope, action.to, state.side))
    return evolve(state, lady_penelope=action.to, phase="lp-escort")


def check_flip(state: GameState, action: FlipLadyPenelope) -> str | None:
    return _stage_one(state)


def do_flip(state: GameState, action: FlipLadyPenelope, chance: Chance, out: list[object]) -> GameState:
    side: Side = "air" if state.side == "road" else "road"
    out.append(ev.LadyPenelopeFlipped(side))
    return evolve(state, side=side, phase="lp-escort")


def _escort_stage(state: GameState) -> str | None:
    if state.phase not in PHASES:
        return _("Lady Penelope escorts Civilians in her phase, at the end of the turn: begin it first.")
    return None


def check_assign(state: GameState, action: AssignCivilian) -> str | None:
    refused = _escort_stage(state)
    if refused is not None:
        return refused
    if state.escort is not None:
        return _("Lady Penelope has a Civilian assigned already: {card}.").format(card=card_name(state, state.escort))
    chain = state.lady_penelope_chain
    if chain is None:
        return _("At Tracy Island there is no chain to take a Civilian from.")
    card = state.card(action.card)
    if card is None or state.chain_of(action.card) != chain:
        return _("{card} is not in Lady Penelope's chain (chain {n}).").format(
            card=card_name(state, action.card), n=chain
        )
    if card.kind != "civilian":
        return _("Only a Civilian can be assigned to Lady Penelope; {card} is a {kind} card.").format(
            card=card_name(state, card), kind=kind_name(card.kind)
        )
    if card.influenced:
        return _("{card} is influenced: only an uninfluenced Civilian can be assigned.").format(
            card=card_name(state, card)
        )
    return None


def do_assign(state: GameState, action: AssignCivilian, chance: Chance, out: list[object]) -> GameState:
    state, card, number = without_card(state, action.card)
    out.append(ev.CivilianAssigned(card.id, number))
    return end_turn(evolve(state, escort=card), out)


def check_unassign(state: GameState, action: UnassignCivilian) -> str | None:
    refused = _escort_stage(state)
    if refused is not None:
        return refused
    if state.escort is None:
        return _("Lady Penelope has no Civilian assigned.")
    chain = state.lady_penelope_chain
    if chain is None:
        return None
    if is_full(state.chain(chain)):
        return _("Chain {n} is full: there is no space to unassign the Civilian there.").format(n=chain)
    if not state.chain(chain):
        return _("Chain {n} has no Disaster: a Civilian cannot begin a chain.").format(n=chain)
    return None


def do_unassign(state: GameState, action: UnassignCivilian, chance: Chance, out: list[object]) -> GameState:
    card = state.escort
    assert card is not None
    state = evolve(state, escort=None)
    chain = state.lady_penelope_chain
    if chain is None:
        out.append(ev.CivilianRescued(card.id))
        state = evolve(state, rescued=state.rescued + (card,))
    else:
        out.append(ev.CivilianUnassigned(card.id, chain))
        state = with_chain(state, chain, state.chain(chain) + (card,))
    return end_turn(state, out)


def check_end_turn(state: GameState, action: EndTurn) -> str | None:
    if state.phase not in PHASES:
        return _("The turn ends with Lady Penelope's phase: begin it first.")
    return None


def do_end_turn(state: GameState, action: EndTurn, chance: Chance, out: list[object]) -> GameState:
    return end_turn(state, out)


def end_turn(state: GameState, out: list[object]) -> GameState:
    out.append(ev.TurnEnded(state.turn))
    return evolve(state, phase="turn", turn=state.turn + 1, confirmed=frozenset())
