"""Every action the rules accept now, for the screens and the bot (manual adjustments are not listed: they take
any valid arguments).

One action per card kind (three "move-3" in a hand play alike). Reactions are listed for the player who can make
them: `PlayQuickResponder` for the holder in the Response phase, `PlayDelay` for a holder other than the mover
while a card waits. A shared screen must not show those two (they reveal a hand): `public_actions` leaves them out.
"""

from __future__ import annotations

from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds import grid
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Definitions, Square
from companion.games.warpspawn_thunderbirds.moves import delay_kind
from companion.games.warpspawn_thunderbirds.rescue import rescuers
from companion.games.warpspawn_thunderbirds.state import GameState
from companion.games.warpspawn_thunderbirds.turn import quick_responder_kind

_UPKEEP: dict[str, object] = {
    "countdown": act.Countdown(),
    "alert": act.Alert(),
    "organization": act.Organize(),
}
_ALLOW = act.Allow()
_END = act.EndPhase()
_ROLL = act.RollForOrder()


def legal_actions(state: GameState, defs: Definitions) -> tuple[object, ...]:
    phase = state.phase
    if phase == "over":
        return ()
    upkeep = _UPKEEP.get(phase)
    if upkeep is not None:
        return (upkeep,)
    if phase == "response":
        found: list[object] = [_ROLL]
        kind = quick_responder_kind(defs)
        if state.quick is None and kind is not None:
            found.extend(act.PlayQuickResponder(seat.colour) for seat in state.seats if kind in seat.hand)
        return tuple(found)
    if state.pending is not None:
        found = [_ALLOW]
        kind = delay_kind(defs)
        found.extend(
            act.PlayDelay(seat.colour)
            for i, seat in enumerate(state.seats)
            if i != state.pending.seat and kind is not None and kind in seat.hand
        )
        return tuple(found)
    return tuple(card_plays(state, defs)) + discards(state) + confirm_rescues(state, defs) + (_END,)


def public_actions(state: GameState, defs: Definitions) -> tuple[object, ...]:
    """`legal_actions` without the reactions only a hand can make (what a shared screen may offer)."""
    return tuple(a for a in legal_actions(state, defs) if not isinstance(a, (act.PlayQuickResponder, act.PlayDelay)))


def discards(state: GameState) -> tuple[object, ...]:
    seat = state.seats[state.order[state.mover]]
    return tuple(act.Discard(card) for card in sorted(set(seat.hand)))


def confirm_rescues(state: GameState, defs: Definitions) -> tuple[object, ...]:
    seat = state.seats[state.order[state.mover]]
    return tuple(
        act.ConfirmRescue(e.card)
        for e in state.board
        if defs.emergencies[e.card].solution is None and len(rescuers(e, seat.pawns)) >= 2
    )


def card_plays(state: GameState, defs: Definitions) -> list[object]:
    """Every card play of the moving player: one per card kind, pawn and destination."""
    index = state.order[state.mover]
    seat = state.seats[index]
    size = state.size
    blocked = state.occupied()
    found: list[object] = []
    for card in sorted(set(seat.hand)):
        kind = defs.responder[card]
        effect = kind.effect
        if effect == "move" or effect == "knight":
            table = grid.straight(size, kind.distance) if effect == "move" else grid.knight(size)
            for pawn, here in zip(PAWNS, seat.pawns):
                for to in table[here]:
                    if to not in blocked:
                        found.append(act.PlayCard(card, pawn, to))
        elif effect == "return-to-base":
            base = state.base(index)
            found.extend(act.PlayCard(card, pawn) for pawn, here in zip(PAWNS, seat.pawns) if here != base)
        elif effect == "false-alarm":
            for other, them in enumerate(state.seats):
                if other != index:
                    base = state.base(other)
                    found.extend(
                        act.PlayCard(card, pawn, owner=them.colour)
                        for pawn, here in zip(PAWNS, them.pawns)
                        if here != base
                    )
        elif effect == "sos":
            found.append(act.PlayCard(card))
        elif effect == "red-alert":
            tb5 = seat.pawns[4]
            found.extend(act.PlayCard(card, pawn) for pawn, here in zip(PAWNS[:4], seat.pawns) if here != tb5)
        elif effect == "deploy-sub":
            tb4 = seat.pawns[3]
            found.extend(
                act.PlayCard(card, to=to)
                for to in grid.neighbours(size)[seat.pawns[1]]
                if to not in blocked and to != tb4
            )
    return found


def destinations(state: GameState, defs: Definitions, card: str, pawn: str | None) -> tuple[Square, ...]:
    """The squares the grid lights for a card chosen (and a pawn, for the cards that move one)."""
    found = []
    for action in card_plays(state, defs):
        assert isinstance(action, act.PlayCard)
        if action.card == card and action.pawn == pawn and action.to is not None:
            found.append(action.to)
    return tuple(found)
