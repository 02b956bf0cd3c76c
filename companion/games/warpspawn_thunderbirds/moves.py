"""The move phases: playing Responder cards, Delay, discards, rescues and the end of a move phase.

Rules decisions where the text is silent (each with its confidence in docs/warpspawn-thunderbirds.md):
- "move N" moves a pawn exactly N squares in a straight line (see `grid.py`); Move K is one knight's jump. A pawn
  never ends on an emergency's square or off the grid; pawns may share squares, bases included. (low)
- Return to Base and False Alarm send a pawn not already there to its owner's base; Red Alert switches the mover's
  TB5 with another of the mover's Thunderbirds (TB1-TB4) on another square; Deploy Sub puts the mover's TB4 on a
  free square next to the mover's TB2; SOS draws 2, the discard shuffled in if the deck runs out. (low)
- Delay cancels a card marked `delayable` (the Move cards) that another player just played: such a card waits
  for `Allow` or `PlayDelay` before it resolves, unless Delay was already played face up since the last shuffle
  (then nobody can hold it, and everyone knows). It waits even when nobody holds Delay, so the wait reveals
  nothing about any hand. A cancelled card and the Delay go to the discard. (low)
- A rescue: see `rescue.py`.
"""

from __future__ import annotations

from companion.engine.chance import Chance
from companion.engine.deck import Deck
from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds import events as ev
from companion.games.warpspawn_thunderbirds import grid
from companion.games.warpspawn_thunderbirds import names as nm
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, THUNDERBIRDS, Definitions, Square
from companion.games.warpspawn_thunderbirds.rescue import rescue, rescuers
from companion.games.warpspawn_thunderbirds.state import (
    PAWN_INDEX,
    Emergency,
    GameState,
    PendingPlay,
    Seat,
    evolve,
    hand_with,
    hand_without,
    pawns_with,
)
from companion.games.warpspawn_thunderbirds.turn import finished, wrong_phase
from companion.locale import domain

_, ngettext = domain("warpspawn_thunderbirds")


def _mover_check(state: GameState, defs: Definitions) -> str | None:
    reason = wrong_phase(state, "move")
    if reason is not None:
        return reason
    if state.pending is not None:
        card = nm.card(defs, state.pending.card)
        return _("{card} is waiting: another player may play Delay, or Allow it.").format(card=card)
    return None


def _who(state: GameState, defs: Definitions, seat: int) -> str:
    return nm.colour(defs, state.seats[seat].colour)


# --- PlayCard --------------------------------------------------------------------------------------------------


def check_play_card(state: GameState, action: act.PlayCard, defs: Definitions) -> str | None:
    reason = _mover_check(state, defs)
    if reason is not None:
        return reason
    seat_index = state.order[state.mover]
    seat = state.seats[seat_index]
    kind = defs.responder.get(action.card)
    if kind is None:
        return _("There is no Responder card called {card}.").format(card=action.card)
    name = kind.names.text()
    who = _who(state, defs, seat_index)
    if action.card not in seat.hand:
        return _("{player} holds no {card} card.").format(player=who, card=name)
    effect = kind.effect
    if effect == "delay":
        return _("Delay is played only against a card another player has just played.")
    if effect == "quick-responder":
        return _("Quick Responder is played in the Response phase, before the rolls.")
    needs = _NEEDS[effect]
    given = {
        "pawn": action.pawn is not None,
        "to": action.to is not None,
        "owner": action.owner is not None,
    }
    for part, present in given.items():
        if present and part not in needs:
            return _takes_no(part).format(card=name)
        if not present and part in needs:
            return _needs(part).format(card=name)
    if action.pawn is not None and action.pawn not in PAWN_INDEX:
        return _("There is no pawn called {pawn}; pawns are {pawns}.").format(
            pawn=action.pawn, pawns=", ".join(nm.pawn(p) for p in PAWNS)
        )
    size = state.size
    if action.to is not None and not grid.on_grid(action.to, size):
        return _("{square} is off the board ({size} by {size}).").format(square=nm.square(action.to), size=size)
    if effect in ("move", "knight"):
        here = seat.square_of(action.pawn or "")
        assert action.to is not None
        if effect == "move" and grid.straight_distance(here, action.to) != kind.distance:
            return ngettext(
                "{card} moves a pawn exactly {distance} square in a straight line, orthogonally or diagonally: "
                "{pawn} on {start} cannot reach {square}.",
                "{card} moves a pawn exactly {distance} squares in a straight line, orthogonally or diagonally: "
                "{pawn} on {start} cannot reach {square}.",
                kind.distance,
            ).format(
                card=name,
                distance=kind.distance,
                pawn=nm.pawn(action.pawn),
                start=nm.square(here),
                square=nm.square(action.to),
            )
        if effect == "knight" and not grid.is_knight_jump(here, action.to):
            return _("{card} moves a pawn like a chess knight: {pawn} on {start} cannot reach {square}.").format(
                card=name, pawn=nm.pawn(action.pawn), start=nm.square(here), square=nm.square(action.to)
            )
        return _free(state, action.to)
    if effect == "return-to-base":
        if seat.square_of(action.pawn or "") == state.base(seat_index):
            return _("{pawn} is already on {player}'s base.").format(pawn=nm.pawn(action.pawn), player=who)
        return None
    if effect == "false-alarm":
        owner = state.seat_index(action.owner or "")
        if owner is None:
            return _("No player plays {colour}.").format(colour=action.owner)
        if owner == seat_index:
            return _("False Alarm sends an opponent's pawn home, not your own.")
        if state.seats[owner].square_of(action.pawn or "") == state.base(owner):
            return _("{pawn} is already on {player}'s base.").format(
                pawn=nm.pawn(action.pawn), player=_who(state, defs, owner)
            )
        return None
    if effect == "red-alert":
        if action.pawn not in THUNDERBIRDS or action.pawn == "tb5":
            return _("Red Alert switches TB5 with another of your Thunderbirds (TB1 to TB4).")
        if seat.square_of(action.pawn) == seat.square_of("tb5"):
            return _("TB5 and {pawn} stand on the same square: there is nothing to switch.").format(
                pawn=nm.pawn(action.pawn)
            )
        return None
    if effect == "deploy-sub":
        assert action.to is not None
        tb2 = seat.square_of("tb2")
        if not grid.is_adjacent(action.to, tb2):
            return _("Deploy Sub puts TB4 next to TB2 (on {square}); {target} is not next to it.").format(
                square=nm.square(tb2), target=nm.square(action.to)
            )
        if seat.square_of("tb4") == action.to:
            return _("TB4 is already on {square}.").format(square=nm.square(action.to))
        return _free(state, action.to)
    return None  # sos


_NEEDS: dict[str, frozenset[str]] = {
    "move": frozenset({"pawn", "to"}),
    "knight": frozenset({"pawn", "to"}),
    "return-to-base": frozenset({"pawn"}),
    "false-alarm": frozenset({"pawn", "owner"}),
    "sos": frozenset(),
    "red-alert": frozenset({"pawn"}),
    "deploy-sub": frozenset({"to"}),
}


def _takes_no(part: str) -> str:
    """Whole sentences per part: French gives each noun its own gender ("un pion", "une case")."""
    return {
        "pawn": _("{card} takes no pawn."),
        "to": _("{card} takes no square."),
        "owner": _("{card} takes no player."),
    }[part]


def _needs(part: str) -> str:
    return {
        "pawn": _("{card} needs a pawn."),
        "to": _("{card} needs a square."),
        "owner": _("{card} needs a player."),
    }[part]


def _free(state: GameState, square: Square) -> str | None:
    emergency = state.emergency_at(square)
    if emergency is not None:
        return _("An emergency stands on {square}: no pawn may end a move there.").format(square=nm.square(square))
    return None


def do_play_card(
    state: GameState, action: act.PlayCard, defs: Definitions, chance: Chance, out: list[object]
) -> GameState:
    seat_index = state.order[state.mover]
    seat = state.seats[seat_index]
    state = _set_seat(
        state, seat_index, Seat(seat.colour, seat.pawns, hand_without(seat.hand, action.card), seat.rescues)
    )
    out.append(ev.CardPlayed(seat.colour, action.card))
    play = PendingPlay(seat_index, action.card, action.pawn, action.to, action.owner)
    if defs.responder[action.card].delayable and not state.delay_seen:
        out.append(ev.AwaitingDelay(seat.colour, action.card))
        return evolve(state, pending=play)
    return _resolve(state, play, defs, chance, out)


def _set_seat(state: GameState, index: int, seat: Seat) -> GameState:
    return evolve(state, seats=state.seats[:index] + (seat,) + state.seats[index + 1 :])


def _move_pawn(state: GameState, index: int, pawn: str, to: Square, out: list[object]) -> GameState:
    seat = state.seats[index]
    came_from = seat.square_of(pawn)
    out.append(ev.PawnMoved(seat.colour, pawn, came_from, to))
    return _set_seat(state, index, Seat(seat.colour, pawns_with(seat.pawns, pawn, to), seat.hand, seat.rescues))


def _resolve(state: GameState, play: PendingPlay, defs: Definitions, chance: Chance, out: list[object]) -> GameState:
    """The card's effect, the card to the discard, then the rescues it completes and the end of the game."""
    kind = defs.responder[play.card]
    effect = kind.effect
    mover = play.seat
    state = evolve(state, pending=None)
    if effect in ("move", "knight", "deploy-sub"):
        assert play.to is not None
        state = _move_pawn(state, mover, play.pawn or "tb4", play.to, out)
    elif effect == "return-to-base":
        state = _move_pawn(state, mover, play.pawn or "", state.base(mover), out)
    elif effect == "false-alarm":
        owner = state.seat_index(play.owner or "")
        assert owner is not None
        state = _move_pawn(state, owner, play.pawn or "", state.base(owner), out)
    elif effect == "red-alert":
        seat = state.seats[mover]
        other, tb5 = seat.square_of(play.pawn or ""), seat.square_of("tb5")
        state = _move_pawn(state, mover, "tb5", other, out)
        state = _move_pawn(state, mover, play.pawn or "", tb5, out)
    elif effect == "sos":
        state = _draw(state, mover, kind.draw, chance, out)
    state = evolve(state, responder=state.responder.discard(play.card))
    return finished(rescue(state, mover, defs, out), out)


def _draw(state: GameState, index: int, count: int, chance: Chance, out: list[object]) -> GameState:
    deck: Deck = state.responder
    drawn: list[str] = []
    for _card in range(count):
        card, deck = deck.draw(chance)
        if card is None:
            break
        drawn.append(card)
    seat = state.seats[index]
    out.append(ev.CardsDrawn(seat.colour, len(drawn), count - len(drawn)))
    state = evolve(state, responder=deck)
    return _set_seat(state, index, Seat(seat.colour, seat.pawns, hand_with(seat.hand, tuple(drawn)), seat.rescues))


# --- Discard, Allow, Delay, EndPhase ------------------------------------------------------------------------------


def check_discard(state: GameState, action: act.Discard, defs: Definitions) -> str | None:
    reason = _mover_check(state, defs)
    if reason is not None:
        return reason
    seat_index = state.order[state.mover]
    if action.card not in state.seats[seat_index].hand:
        return _("{player} holds no {card} card.").format(
            player=_who(state, defs, seat_index), card=nm.card(defs, action.card)
        )
    return None


def do_discard(
    state: GameState, action: act.Discard, defs: Definitions, chance: Chance, out: list[object]
) -> GameState:
    seat_index = state.order[state.mover]
    seat = state.seats[seat_index]
    state = _set_seat(
        state, seat_index, Seat(seat.colour, seat.pawns, hand_without(seat.hand, action.card), seat.rescues)
    )
    out.append(ev.CardDiscarded(seat.colour))
    return evolve(state, responder=state.responder.discard(action.card))


def check_allow(state: GameState, action: act.Allow, defs: Definitions) -> str | None:
    if state.pending is None:
        return _("No card is waiting for a Delay.")
    return None


def do_allow(state: GameState, action: act.Allow, defs: Definitions, chance: Chance, out: list[object]) -> GameState:
    assert state.pending is not None
    return _resolve(state, state.pending, defs, chance, out)


def delay_kind(defs: Definitions) -> str | None:
    for kind in defs.responder.values():
        if kind.effect == "delay":
            return kind.id
    return None


def check_play_delay(state: GameState, action: act.PlayDelay, defs: Definitions) -> str | None:
    if state.pending is None:
        return _("Delay is played only against a card another player has just played.")
    seat = state.seat_index(action.player)
    if seat is None:
        return _("No player plays {colour}.").format(colour=action.player)
    if seat == state.pending.seat:
        return _("Delay cancels another player's card, not your own.")
    kind = delay_kind(defs)
    if kind is None or kind not in state.seats[seat].hand:
        return _("{player} holds no Delay card.").format(player=_who(state, defs, seat))
    return None


def do_play_delay(
    state: GameState, action: act.PlayDelay, defs: Definitions, chance: Chance, out: list[object]
) -> GameState:
    pending = state.pending
    assert pending is not None
    seat_index = state.seat_index(action.player)
    kind = delay_kind(defs)
    assert seat_index is not None and kind is not None
    seat = state.seats[seat_index]
    state = _set_seat(state, seat_index, Seat(seat.colour, seat.pawns, hand_without(seat.hand, kind), seat.rescues))
    out.append(ev.CardDelayed(action.player, state.seats[pending.seat].colour, pending.card))
    responder = state.responder.discard(pending.card).discard(kind)
    return evolve(state, responder=responder, pending=None, delay_seen=True)


def check_end_phase(state: GameState, action: act.EndPhase, defs: Definitions) -> str | None:
    return _mover_check(state, defs)


def do_end_phase(
    state: GameState, action: act.EndPhase, defs: Definitions, chance: Chance, out: list[object]
) -> GameState:
    out.append(ev.PhaseEnded(state.seats[state.order[state.mover]].colour))
    if state.mover + 1 < len(state.order):
        state = evolve(state, mover=state.mover + 1)
        return finished(rescue(state, state.order[state.mover], defs, out), out)
    out.append(ev.TurnEnded(state.turn))
    return evolve(state, turn=state.turn + 1, phase="countdown", order=(), mover=0)


# --- ConfirmRescue (an emergency the data does not know) -------------------------------------------------------


def check_confirm_rescue(state: GameState, action: act.ConfirmRescue, defs: Definitions) -> str | None:
    reason = _mover_check(state, defs)
    if reason is not None:
        return reason
    emergency = state.emergency(action.emergency)
    if emergency is None:
        return _("{card} is not on the board.").format(card=nm.card(defs, action.emergency))
    if defs.emergencies[emergency.card].solution is not None:
        return _("The companion knows {card}'s solution and rescues it by itself.").format(
            card=nm.card(defs, emergency.card)
        )
    seat_index = state.order[state.mover]
    if len(rescuers(emergency, state.seats[seat_index].pawns)) < 2:
        return _("A rescue needs two of {player}'s pawns next to {card}.").format(
            player=_who(state, defs, seat_index), card=nm.card(defs, emergency.card)
        )
    return None


def do_confirm_rescue(
    state: GameState, action: act.ConfirmRescue, defs: Definitions, chance: Chance, out: list[object]
) -> GameState:
    seat_index = state.order[state.mover]
    seat = state.seats[seat_index]
    emergency = state.emergency(action.emergency)
    assert emergency is not None
    near = rescuers(emergency, seat.pawns)
    out.append(ev.Rescued(seat.colour, emergency.card, emergency.square, tuple(p for p in PAWNS if p in near)))
    state = evolve(state, board=tuple(e for e in state.board if e.card != emergency.card))
    state = _set_seat(state, seat_index, Seat(seat.colour, seat.pawns, seat.hand, seat.rescues + (emergency.card,)))
    return finished(state, out)


# --- manual adjustments ---------------------------------------------------------------------------------------


def check_adjust_pawn(state: GameState, action: act.AdjustPawn, defs: Definitions) -> str | None:
    if state.outcome is not None:
        return _("The game is over.")
    if state.seat_index(action.player) is None:
        return _("No player plays {colour}.").format(colour=action.player)
    if action.pawn not in PAWN_INDEX:
        return _("There is no pawn called {pawn}; pawns are {pawns}.").format(
            pawn=action.pawn, pawns=", ".join(nm.pawn(p) for p in PAWNS)
        )
    if not grid.on_grid(action.to, state.size):
        return _("{square} is off the board ({size} by {size}).").format(square=nm.square(action.to), size=state.size)
    return _free(state, action.to)


def do_adjust_pawn(
    state: GameState, action: act.AdjustPawn, defs: Definitions, chance: Chance, out: list[object]
) -> GameState:
    index = state.seat_index(action.player)
    assert index is not None
    out.append(ev.Adjusted("pawn"))
    return _move_pawn(state, index, action.pawn, (action.to[0], action.to[1]), out)


def check_adjust_counters(state: GameState, action: act.AdjustCounters, defs: Definitions) -> str | None:
    if state.outcome is not None:
        return _("The game is over.")
    if state.emergency(action.emergency) is None:
        return _("{card} is not on the board.").format(card=nm.card(defs, action.emergency))
    top = defs.numbers.time_counter_die
    if not 0 <= action.counters <= top:
        return _("An emergency holds 0 to {top} time counters, not {count}.").format(top=top, count=action.counters)
    return None


def do_adjust_counters(
    state: GameState, action: act.AdjustCounters, defs: Definitions, chance: Chance, out: list[object]
) -> GameState:
    out.append(ev.Adjusted("counters"))
    board = []
    deck = state.emergencies
    for e in state.board:
        if e.card != action.emergency:
            board.append(e)
        elif action.counters > 0:
            board.append(Emergency(e.card, e.square, action.counters, e.placed_turn))
        else:
            deck = deck.discard(e.card)
            out.append(ev.EmergencyExpired(e.card, e.square))
    return finished(evolve(state, board=tuple(board), emergencies=deck), out)
