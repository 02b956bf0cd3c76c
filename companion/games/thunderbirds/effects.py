"""What the game does on its own: the Hood advancing and activating cards, the disaster phase, F.A.B. draws.

Decisions where the rulebook is silent (also in docs/scenarios.md):
- An event whose effect is not known (or only partly) is flipped and announced by name; it stays active on the
  track until the players end it (`EndEffect`) and apply it with adjustments. Known lasting effects (a speed
  limit, a rescue modifier, blocked edges) stay in force until `EndEffect`, since their lifting conditions are
  printed text the app cannot check. An event whose effects are all immediate is done at once (back to the box).
- "Emergency comms interrupted" draws its disaster card immediately, in the middle of whatever made the Hood
  advance; F.A.B. cards never interrupt the resolution of a drawn card (nothing else can happen meanwhile).
- The Hood stops on the last space of its track.
- Drawing the last card of the disaster deck loses the game once that card is resolved (a skull loss it causes is
  reported first).
"""

from __future__ import annotations

from companion.engine.chance import Chance
from companion.games.thunderbirds import events as ev
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.state import (
    EffectKind,
    EffectSource,
    GameState,
    HoodCard,
    HoodCardStatus,
    LastingEffect,
    LossReason,
    Outcome,
    evolve,
)
from companion.games.thunderbirds.tables import tables

Events = list[object]


def lose(state: GameState, reason: LossReason, card: str | None, out: Events) -> GameState:
    if state.outcome is not None:
        return state
    out.append(ev.GameLost(reason, card))
    return evolve(state, outcome=Outcome("lost", reason, card), pending=None)


def win(state: GameState, out: Events) -> GameState:
    if state.outcome is not None:
        return state
    out.append(ev.GameWon("schemes-foiled"))
    return evolve(state, outcome=Outcome("won", "schemes-foiled"), pending=None)


def advance_hood(state: GameState, defs: Definitions, chance: Chance, steps: int, out: Events) -> GameState:
    """The Hood moves `steps` spaces right, activating the card of each space it enters."""
    last = defs.hood_track.length - 1
    for _ in range(steps):
        if state.outcome is not None or state.hood >= last:
            break
        space = state.hood + 1
        out.append(ev.HoodAdvanced(state.hood, space))
        state = evolve(state, hood=space)
        state = enter_space(state, defs, chance, space, out)
    return state


def enter_space(state: GameState, defs: Definitions, chance: Chance, space: int, out: Events) -> GameState:
    for card in state.hood_cards:
        if card.space != space or state.outcome is not None:
            continue
        if card.kind == "scheme" and card.status != "foiled":
            out.append(ev.SchemeActivated(card.card, space))
            state = lose(state, "scheme-reached", card.card, out)
        elif card.kind == "event" and card.status == "face-down":
            state = activate_event(state, defs, chance, card, out)
    return state


def set_hood_card(state: GameState, card: str, status: HoodCardStatus) -> GameState:
    return evolve(state, hood_cards=with_status(state.hood_cards, card, status))


def with_status(cards: tuple[HoodCard, ...], card: str, status: HoodCardStatus) -> tuple[HoodCard, ...]:
    """The Hood track's cards with `card` turned to `status` (for steps that change more in the same copy)."""
    return tuple(HoodCard(c.space, c.kind, c.card, status) if c.card == card else c for c in cards)


def activate_event(state: GameState, defs: Definitions, chance: Chance, card: HoodCard, out: Events) -> GameState:
    event = defs.events[card.card]
    known = bool(event.effects) and event.completeness == "complete"
    out.append(ev.EventRevealed(card.card, card.space, known))
    lasting = not known
    state = set_hood_card(state, card.card, "active")
    for effect in event.effects:
        if effect.kind == "draw-disaster":
            for _ in range(max(effect.value, 1)):
                state = draw_disaster(state, defs, chance, out)
                if state.outcome is not None:
                    return state
        elif effect.kind == "move-hood":
            state = advance_hood(state, defs, chance, max(effect.value, 1), out)
            if state.outcome is not None:
                return state
        elif effect.kind == "draw-fab":
            for _ in range(max(effect.value, 1)):
                state = draw_fab(state, state.active, chance, out)
        elif effect.kind in ("speed-limit", "rescue-modifier", "block-edges"):
            lasting = True
            state = start_effect(
                state,
                card.card,
                "event",
                effect.kind,
                effect.value,
                effect.rescue_type,
                effect.vehicle,
                effect.edges,
                out,
            )
        else:
            lasting = True  # e.g. a vehicle move chosen by the players: left to them
    if not lasting:
        state = set_hood_card(state, card.card, "done")
    return state


def start_effect(
    state: GameState,
    card: str,
    source: EffectSource,
    kind: EffectKind,
    value: int,
    rescue_type: str | None,
    vehicle: str | None,
    edges: tuple[tuple[str, str], ...],
    out: Events,
) -> GameState:
    effect = LastingEffect(card, source, kind, value, rescue_type, vehicle, edges)
    out.append(ev.EffectStarted(card, kind))
    return evolve(state, effects=state.effects + (effect,))


def end_effect(state: GameState, card: str, out: Events) -> GameState:
    out.append(ev.EffectEnded(card))
    state = evolve(state, effects=tuple(e for e in state.effects if e.card != card))
    if any(c.card == card and c.kind == "event" for c in state.hood_cards):
        state = set_hood_card(state, card, "done")
    return state


def draw_disaster(state: GameState, defs: Definitions, chance: Chance, out: Events) -> GameState:
    """Draws the top disaster card and resolves it (the disaster phase, or an event that draws)."""
    card, deck = state.disasters.draw(chance)
    if card is None:
        return lose(state, "deck-exhausted", None, out)
    out.append(ev.DisasterDrawn(card))
    if card in tables(defs).hood_advances:
        state = evolve(state, disasters=deck.discard(card))
        state = advance_hood(state, defs, chance, 1, out)
    else:
        track, overflow = state.track.push_in(card)
        moves = []
        slot = 0
        for moved in state.track.slots:
            slot += 1
            if moved is not None:
                moves.append((moved, slot, slot + 1))
        if moves:
            out.append(ev.DisastersShifted(tuple(moves)))
        out.append(ev.DisasterPlaced(card, 1))
        if overflow:
            out.append(ev.DisasterReachedSkull(overflow[0]))
            state = evolve(state, disasters=deck, track=track, skull=overflow[0])
            state = lose(state, "skull", overflow[0], out)
        else:
            state = evolve(state, disasters=deck, track=track)
    if not state.disasters.draw_pile:  # `is_empty`
        state = lose(state, "deck-exhausted", card, out)
    return state


def draw_fab(state: GameState, player: int, chance: Chance, out: Events) -> GameState:
    card, deck = state.fab_deck.draw(chance)
    hand = state.players[player]
    out.append(ev.FabDrawn(hand.character, card))
    if card is None:
        return state
    players = list(state.players)
    players[player] = type(hand)(hand.character, hand.tokens, hand.fabs + (card,))
    return evolve(state, fab_deck=deck, players=tuple(players))
