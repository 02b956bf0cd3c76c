"""Rescues: two of the moving player's pawns next to an emergency (orthogonally or diagonally) that meet its
solution complete it, and the card goes to that player's rescue pile.

When the companion looks (our reading of "if during your Move phase you move two pawns adjacent": confidence
low): when a player's move phase begins and after each of their cards resolves. So a position counts however it
came about (an emergency placed next to two pawns by the Alert is rescued when their owner's move phase begins,
unless another player moves one of them first). A pawn may count for several emergencies at once.
"""

from __future__ import annotations

from companion.games.warpspawn_thunderbirds import events as ev
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Definitions, Square
from companion.games.warpspawn_thunderbirds.state import Emergency, GameState, Seat, evolve


def rescuers(emergency: Emergency, pawns: tuple[Square, ...]) -> frozenset[str]:
    """The pawns of one seat standing next to an emergency."""
    col, row = emergency.square
    return frozenset(
        PAWNS[i] for i, (c, r) in enumerate(pawns) if -1 <= c - col <= 1 and -1 <= r - row <= 1 and (c, r) != (col, row)
    )


def rescue(state: GameState, seat_index: int, defs: Definitions, out: list[object]) -> GameState:
    """Every emergency whose solution two of the seat's pawns next to it meet goes to the seat's rescue pile."""
    seat = state.seats[seat_index]
    kept: list[Emergency] = []
    won: list[str] = []
    for emergency in state.board:
        solution = defs.emergencies[emergency.card].solution
        near = rescuers(emergency, seat.pawns) if solution is not None else frozenset()
        if solution is not None and len(near) >= 2 and solution.is_met_by(near):
            won.append(emergency.card)
            out.append(ev.Rescued(seat.colour, emergency.card, emergency.square, tuple(p for p in PAWNS if p in near)))
        else:
            kept.append(emergency)
    if not won:
        return state
    seats = state.seats
    changed = Seat(seat.colour, seat.pawns, seat.hand, seat.rescues + tuple(won))
    return evolve(state, board=tuple(kept), seats=seats[:seat_index] + (changed,) + seats[seat_index + 1 :])
