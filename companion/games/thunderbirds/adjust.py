"""The players' manual overrides: when the table differs from the app, or a card's effect is not known.

Every adjustment is an ordinary action (logged, undoable, described in the history); it is free, allowed in any
phase until the game ends, and triggers no card unless it says so (`AdjustHood(activate=True)` activates the cards
of the spaces the Hood enters, as a normal advance would). Cards and tokens are only ever moved, never created,
so every card and token stays accounted for.
"""

from __future__ import annotations

from companion.engine.chance import Chance
from companion.games.thunderbirds import events as ev
from companion.games.thunderbirds import names
from companion.games.thunderbirds.actions import (
    AdjustActions,
    AdjustDisaster,
    AdjustFab,
    AdjustHood,
    AdjustPiece,
    AdjustRescue,
    AdjustSeat,
    AdjustSpeed,
    AdjustTokens,
    EndEffect,
)
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.effects import Events, advance_hood, end_effect, set_hood_card
from companion.games.thunderbirds.movement import carrier_id
from companion.games.thunderbirds.state import (
    NOTEBOOK,
    GameState,
    Hand,
    LastingEffect,
    PendingRescue,
    assign,
    evolve,
    without,
)
from companion.games.thunderbirds.steps import give_tokens, phase_reason, supply_count, token_reason, with_hand
from companion.games.thunderbirds.tables import tables
from companion.locale import domain

_, ngettext = domain("thunderbirds")

MAX_ACTIONS = 9


def _over(state: GameState) -> str | None:
    return _("The game is over.") if state.outcome is not None else None


def _note(action: object, out: Events) -> None:
    out.append(ev.Adjusted(type(action).__name__))


# --- the Hood ---------------------------------------------------------------------------------------------------


def check_adjust_hood(state: GameState, action: AdjustHood, defs: Definitions) -> str | None:
    reason = _over(state)
    if reason is None and not 0 <= action.space < defs.hood_track.length:
        reason = _("Space {space} is off the Hood track (spaces go from 0 to {last}).").format(
            space=action.space, last=defs.hood_track.length - 1
        )
    return reason


def do_adjust_hood(state: GameState, action: AdjustHood, defs: Definitions, chance: Chance, out: Events) -> GameState:
    _note(action, out)
    if action.activate and action.space > state.hood:
        return advance_hood(state, defs, chance, action.space - state.hood, out)
    return evolve(state, hood=action.space)


# --- disaster cards ------------------------------------------------------------------------------------------------


def check_adjust_disaster(state: GameState, action: AdjustDisaster, defs: Definitions) -> str | None:
    reason = _over(state)
    if reason:
        return reason
    if action.card not in defs.disasters:
        return _("There is no disaster card called {name}.").format(name=action.card)
    if isinstance(action.to, bool) or not isinstance(action.to, (int, str)):
        return _('A disaster card goes to a slot number, "discard" or "deck-top".')
    if isinstance(action.to, str):
        if action.to not in ("discard", "deck-top"):
            return _('A disaster card goes to a slot number, "discard" or "deck-top".')
        return None
    if action.card in tables(defs).hood_advances:
        return _('"The Hood advances" cards never go on the disaster track.')
    if not 1 <= action.to <= len(state.track):
        return _("There is no slot {slot} (slots go from 1 to {last}).").format(slot=action.to, last=len(state.track))
    taken = state.track.card_at(action.to)
    if taken is not None and taken != action.card:
        return _("Slot {slot} is already taken by {card}.").format(slot=action.to, card=names.card(defs, taken))
    return None


def do_adjust_disaster(
    state: GameState, action: AdjustDisaster, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    _note(action, out)
    track, deck, skull = state.track, state.disasters, state.skull
    if track.slot_of(action.card) is not None:
        track = track.remove(action.card)
    elif skull == action.card:
        skull = None
    elif action.card in deck:
        deck = deck.remove(action.card)
    if action.to == "discard":
        deck = deck.discard(action.card)
    elif action.to == "deck-top":
        deck = deck.put_on_top((action.card,))
    else:
        track = track.place(int(action.to), action.card)
    return evolve(state, track=track, disasters=deck, skull=skull)


# --- tokens and F.A.B. cards ------------------------------------------------------------------------------------


def check_adjust_tokens(state: GameState, action: AdjustTokens, defs: Definitions) -> str | None:
    reason = _over(state) or token_reason(defs, action.kind)
    if reason:
        return reason
    index = state.hand_index(action.player)
    if index is None:
        return _("{character} is not played by anyone.").format(character=names.character(defs, action.player))
    if action.delta == 0:
        return _("Give or take at least one token.")
    if action.delta > 0 and supply_count(state, action.kind) < action.delta:
        return ngettext(
            "Only {count} {token} token left in the supply.",
            "Only {count} {token} tokens left in the supply.",
            supply_count(state, action.kind),
        ).format(count=supply_count(state, action.kind), token=names.token(defs, action.kind))
    if action.delta < 0 and state.players[index].count(action.kind) < -action.delta:
        return ngettext(
            "{character} does not have {count} {token} token.",
            "{character} does not have {count} {token} tokens.",
            -action.delta,
        ).format(
            character=names.character(defs, action.player), count=-action.delta, token=names.token(defs, action.kind)
        )
    return None


def do_adjust_tokens(
    state: GameState, action: AdjustTokens, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    _note(action, out)
    index = state.hand_index(action.player)
    assert index is not None
    return give_tokens(state, index, action.kind, action.delta)


def check_adjust_fab(state: GameState, action: AdjustFab, defs: Definitions) -> str | None:
    reason = _over(state)
    if reason:
        return reason
    index = state.hand_index(action.player)
    if index is None:
        return _("{character} is not played by anyone.").format(character=names.character(defs, action.player))
    if action.card not in defs.fabs:
        return _("There is no F.A.B. card called {name}.").format(name=action.card)
    if action.direction == "give":
        if action.card not in state.fab_deck:
            return _("{card} is not in the F.A.B. deck or its discard pile.").format(card=names.card(defs, action.card))
        return None
    if action.direction == "take":
        if action.card not in state.players[index].fabs:
            return _("{character} does not hold {card}.").format(
                character=names.character(defs, action.player), card=names.card(defs, action.card)
            )
        return None
    return _("A F.A.B. adjustment either gives or takes a card.")


def do_adjust_fab(state: GameState, action: AdjustFab, defs: Definitions, chance: Chance, out: Events) -> GameState:
    _note(action, out)
    index = state.hand_index(action.player)
    assert index is not None
    hand = state.players[index]
    if action.direction == "give":
        state = evolve(state, fab_deck=state.fab_deck.remove(action.card))
        return with_hand(state, index, Hand(hand.character, hand.tokens, hand.fabs + (action.card,)))
    fabs = list(hand.fabs)
    fabs.remove(action.card)
    state = with_hand(state, index, Hand(hand.character, hand.tokens, tuple(fabs)))
    return evolve(state, fab_deck=state.fab_deck.discard(action.card))


# --- pieces ----------------------------------------------------------------------------------------------------------


def check_adjust_piece(state: GameState, action: AdjustPiece, defs: Definitions) -> str | None:
    reason = _over(state)
    if reason:
        return reason
    if action.piece in defs.vehicles:
        if action.region not in defs.board.region_ids:
            return _("There is no region called {name}.").format(name=action.region)
        return None
    if action.piece in defs.pods:
        if action.region != NOTEBOOK and action.region not in defs.board.region_ids:
            return _("There is no region called {name}.").format(name=action.region)
        return None
    return _("There is no vehicle or pod called {name}.").format(name=action.piece)


def do_adjust_piece(state: GameState, action: AdjustPiece, defs: Definitions, chance: Chance, out: Events) -> GameState:
    _note(action, out)
    cargo = tuple(p for p in state.cargo if p != action.piece)
    if action.piece in defs.vehicles:
        vehicles = assign(state.vehicles, action.piece, action.region)
        pods = state.pods
        if action.piece == carrier_id(defs):
            vehicles = tuple((v, action.region) if v in cargo else (v, r) for v, r in vehicles)
            pods = tuple((p, action.region) if p in cargo else (p, r) for p, r in pods)
        return evolve(state, vehicles=vehicles, pods=pods, cargo=cargo)
    if action.region == NOTEBOOK:
        return evolve(state, pods=without(state.pods, action.piece), cargo=cargo)
    return evolve(state, pods=assign(state.pods, action.piece, action.region), cargo=cargo)


def check_adjust_seat(state: GameState, action: AdjustSeat, defs: Definitions) -> str | None:
    reason = _over(state)
    if reason:
        return reason
    if action.character not in defs.characters:
        return _("There is no character called {name}.").format(name=action.character)
    if action.vehicle not in defs.vehicles:
        return _("There is no vehicle called {name}.").format(name=action.vehicle)
    return None


def do_adjust_seat(state: GameState, action: AdjustSeat, defs: Definitions, chance: Chance, out: Events) -> GameState:
    _note(action, out)
    return evolve(state, seats=assign(state.seats, action.character, action.vehicle))


# --- lasting effects, actions, the rescue under way -------------------------------------------------------------------


def check_adjust_speed(state: GameState, action: AdjustSpeed, defs: Definitions) -> str | None:
    reason = _over(state)
    if reason:
        return reason
    if action.vehicle not in defs.vehicles:
        return _("There is no vehicle called {name}.").format(name=action.vehicle)
    if action.speed is not None and not 0 <= action.speed <= 9:
        return _("A top speed goes from 0 to 9.")
    return None


def do_adjust_speed(state: GameState, action: AdjustSpeed, defs: Definitions, chance: Chance, out: Events) -> GameState:
    _note(action, out)
    kept = tuple(e for e in state.effects if not (e.kind == "speed-limit" and e.vehicle == action.vehicle))
    ended = {e.card for e in state.effects if e not in kept and e.source == "event"}
    if action.speed is not None:
        kept += (LastingEffect("adjust", "adjust", "speed-limit", action.speed, vehicle=action.vehicle),)
    state = evolve(state, effects=kept)
    for card in ended:
        if not any(e.card == card for e in kept):
            state = set_hood_card(state, card, "done")
    return state


def check_end_effect(state: GameState, action: EndEffect, defs: Definitions) -> str | None:
    reason = _over(state)
    if reason:
        return reason
    active = any(e.card == action.card for e in state.effects) or any(
        c.card == action.card and c.kind == "event" and c.status == "active" for c in state.hood_cards
    )
    if not active:
        return _("No effect of {card} is in force.").format(card=names.card(defs, action.card))
    return None


def do_end_effect(state: GameState, action: EndEffect, defs: Definitions, chance: Chance, out: Events) -> GameState:
    _note(action, out)
    return end_effect(state, action.card, out)


def check_adjust_actions(state: GameState, action: AdjustActions, defs: Definitions) -> str | None:
    reason = _over(state)
    if reason is None and not 0 <= action.actions <= MAX_ACTIONS:
        reason = _("Actions left go from 0 to {top}.").format(top=MAX_ACTIONS)
    return reason


def do_adjust_actions(
    state: GameState, action: AdjustActions, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    _note(action, out)
    return evolve(state, actions_left=action.actions)


def check_adjust_rescue(state: GameState, action: AdjustRescue, defs: Definitions) -> str | None:
    return phase_reason(state, "rescue")


def do_adjust_rescue(
    state: GameState, action: AdjustRescue, defs: Definitions, chance: Chance, out: Events
) -> GameState:
    _note(action, out)
    pending = state.pending
    assert isinstance(pending, PendingRescue)
    fields = dict(pending.__dict__)
    fields["adjust_bonus"] = pending.adjust_bonus + action.delta
    return evolve(state, pending=PendingRescue(**fields))
