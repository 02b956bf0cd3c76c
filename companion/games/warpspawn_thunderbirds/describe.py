"""History labels ("Red plays Move 3: TB2 from (1, 1) to (4, 4)") and the saved-games summary.

Labels are public: they read only what everyone at the table saw. A card is named once it is played face up;
a discard ("Red discards a card"), the cards an SOS draws and the hands an Organization fills are never named.
"""

from __future__ import annotations

from typing import Any

from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds import names as nm
from companion.games.warpspawn_thunderbirds.definitions import Definitions
from companion.games.warpspawn_thunderbirds.plural import ngettext
from companion.games.warpspawn_thunderbirds.state import GameState
from companion.locale import _


def describe(action: object, state: GameState, defs: Definitions) -> str:
    """A label in the current language; `state` is the state before the action."""
    mover = state.moving_seat
    who = nm.colour(defs, state.seats[mover].colour) if mover is not None else ""

    def player(colour: str | None) -> str:
        return nm.colour(defs, colour)

    match action:
        case act.Countdown():
            return _("Turn {turn}, countdown: every emergency loses a time counter").format(turn=state.turn)
        case act.Alert():
            return _("Turn {turn}, alert: new emergencies").format(turn=state.turn)
        case act.Organize():
            return _("Organization: the Responder deck is shuffled, hands filled to {count}").format(
                count=defs.numbers.hand_size
            )
        case act.PlayQuickResponder(colour):
            return _("{player} plays Quick Responder: first to move").format(player=player(colour))
        case act.RollForOrder():
            return _("Response: everyone rolls for the move order")
        case act.PlayCard(card, pawn, to, owner):
            return _play(state, defs, who, mover, card, pawn, to, owner)
        case act.Discard():
            return _("{player} discards a card").format(player=who)
        case act.Allow():
            pending = state.pending
            card = nm.card(defs, pending.card) if pending is not None else "?"
            return _("No Delay: {card} goes ahead").format(card=card)
        case act.PlayDelay(colour):
            pending = state.pending
            if pending is None:
                return _("{player} plays Delay").format(player=player(colour))
            return _("{player} plays Delay: {owner}'s {card} is cancelled").format(
                player=player(colour), owner=player(state.seats[pending.seat].colour), card=nm.card(defs, pending.card)
            )
        case act.EndPhase():
            return _("{player} ends their move phase").format(player=who)
        case act.ConfirmRescue(emergency):
            return _("{player} rescues {card} (confirmed by the players)").format(
                player=who, card=nm.card(defs, emergency)
            )
        case act.AdjustPawn(colour, pawn, to):
            return _("Adjust: {player}'s {pawn} to {square}").format(
                player=player(colour), pawn=nm.pawn(pawn), square=nm.square(to)
            )
        case act.AdjustCounters(emergency, counters):
            return ngettext(
                "Adjust: {card} keeps {count} time counter", "Adjust: {card} keeps {count} time counters", counters
            ).format(card=nm.card(defs, emergency), count=counters)
    return type(action).__name__


def _play(
    state: GameState,
    defs: Definitions,
    who: str,
    mover: int | None,
    card: str,
    pawn: str | None,
    to: tuple[int, int] | None,
    owner: str | None,
) -> str:
    name = nm.card(defs, card)
    kind = defs.responder.get(card)
    effect = kind.effect if kind is not None else ""
    seat = state.seats[mover] if mover is not None else None
    if effect in ("move", "knight") and seat is not None and pawn is not None:
        return _("{player} plays {card}: {pawn} from {start} to {square}").format(
            player=who, card=name, pawn=nm.pawn(pawn), start=nm.square(seat.square_of(pawn)), square=nm.square(to)
        )
    if effect == "return-to-base":
        return _("{player} plays {card}: {pawn} back to base").format(player=who, card=name, pawn=nm.pawn(pawn))
    if effect == "false-alarm":
        return _("{player} plays {card}: {owner}'s {pawn} back to base").format(
            player=who, card=name, owner=nm.colour(defs, owner), pawn=nm.pawn(pawn)
        )
    if effect == "sos":
        count = kind.draw if kind is not None else 0
        return ngettext(
            "{player} plays {card}: draws {count} card", "{player} plays {card}: draws {count} cards", count
        ).format(player=who, card=name, count=count)
    if effect == "red-alert":
        return _("{player} plays {card}: TB5 and {pawn} switch places").format(
            player=who, card=name, pawn=nm.pawn(pawn)
        )
    if effect == "deploy-sub":
        return _("{player} plays {card}: TB4 to {square}, next to TB2").format(
            player=who, card=name, square=nm.square(to)
        )
    return _("{player} plays {card}").format(player=who, card=name)


def summary(state: GameState) -> dict[str, Any]:
    """Small public facts for the saved-games list."""
    outcome = state.outcome
    return {
        "status": "playing" if outcome is None else "over",
        "winners": [] if outcome is None else list(outcome.winners),
        "players": [seat.colour for seat in state.seats],
        "rescues": [len(seat.rescues) for seat in state.seats],
        "size": state.size,
        "turn": state.turn,
        "phase": state.phase,
        "emergencies_left": len(state.emergencies.draw_pile),
        "on_board": len(state.board),
    }
