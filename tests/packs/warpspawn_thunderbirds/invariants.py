"""What must hold after every step of any game: every card, counter and pawn accounted for and where it may be."""

from __future__ import annotations

from collections import Counter

from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Definitions
from companion.games.warpspawn_thunderbirds.state import GameState


def check_invariants(state: GameState, defs: Definitions) -> None:
    size = state.size
    # The Responder deck: every card in exactly one place (draw pile, discard, a hand, the table).
    places = list(state.responder.draw_pile) + list(state.responder.discard_pile)
    for seat in state.seats:
        places += seat.hand
        assert list(seat.hand) == sorted(seat.hand), "a hand is kept sorted"
    if state.pending is not None:
        places.append(state.pending.card)
        assert state.phase == "move", "a card waits for Delay only in a move phase"
    assert Counter(places) == Counter(defs.responder_deck), "Responder cards lost or doubled"
    # The emergencies: each in exactly one place (deck, board, discard, one rescue pile).
    emergencies = list(state.emergencies.draw_pile) + list(state.emergencies.discard_pile)
    emergencies += [e.card for e in state.board]
    for seat in state.seats:
        emergencies += seat.rescues
    assert sorted(emergencies) == sorted(defs.emergencies), "emergency cards lost or doubled"
    # Time counters: 1 to the die's top on every emergency on the board; squares distinct, on the grid, off bases.
    squares = [e.square for e in state.board]
    assert len(set(squares)) == len(squares), "two emergencies on one square"
    for e in state.board:
        assert 1 <= e.counters <= defs.numbers.time_counter_die, f"{e.card} has {e.counters} time counters"
        assert 1 <= e.square[0] <= size and 1 <= e.square[1] <= size
        assert e.square not in state.setup.bases, f"{e.card} on a base"
        assert 1 <= e.placed_turn <= state.turn
    # Pawns: six per seat, on the grid, never on an emergency.
    for seat in state.seats:
        assert len(seat.pawns) == len(PAWNS)
        for pawn, at in zip(PAWNS, seat.pawns):
            assert 1 <= at[0] <= size and 1 <= at[1] <= size, f"{seat.colour} {pawn} off the grid at {at}"
            assert at not in squares, f"{seat.colour} {pawn} on an emergency at {at}"
    # The turn: a move order is every seat once; the game is over exactly when nothing is left.
    if state.phase == "move":
        assert sorted(state.order) == list(range(len(state.seats)))
        assert 0 <= state.mover < len(state.order)
    else:
        assert state.pending is None
    over = not state.emergencies.draw_pile and not state.board
    assert (state.outcome is not None) == over == (state.phase == "over")
    if state.outcome is not None:
        assert state.outcome.scores == tuple(len(seat.rescues) for seat in state.seats)
