"""Warpspawn Thunderbirds' part of the scenario files (the format and the runner are `companion.engine.scenario`),
documented in docs/warpspawn-thunderbirds.md.

A position only ever moves cards (never creates them), so every card stays accounted for. Forced dice are faces
from 1, consumed in order; the output lists the legal actions, for `legal_includes` and `legal_excludes`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from companion.engine import scenario as format_
from companion.engine.chance import LiveChance
from companion.engine.deck import Deck
from companion.engine.scenario import PositionFields, Scenario, ScenarioError, ScenarioGame
from companion.games.warpspawn_thunderbirds import codec
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Definitions, Square
from companion.games.warpspawn_thunderbirds.legal import legal_actions
from companion.games.warpspawn_thunderbirds.rules import WarpspawnRules
from companion.games.warpspawn_thunderbirds.setup import definitions_for, initial_state, parse_setup
from companion.games.warpspawn_thunderbirds.state import PHASES, Emergency, GameState, Seat, evolve, hand_with

__all__ = ["ScenarioError", "apply_position", "load_scenario", "parse_scenario", "run_scenario", "view"]

# --- the position ----------------------------------------------------------------------------------------------


def apply_position(state: GameState, position: Mapping[str, Any], defs: Definitions, name: str) -> GameState:
    """`state` changed as `position` says; errors name the file and the field."""

    fields = PositionFields(position, name)
    fail, table, listed = fields.fail, fields.table, fields.listed

    def seat_of(where: str, colour: Any) -> int:
        index = state.seat_index(colour) if isinstance(colour, str) else None
        if index is None:
            raise fail(where, f"no player plays {colour!r}")
        return index

    def square(where: str, value: Any) -> Square:
        size = state.size
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= size for v in value)
        ):
            return (value[0], value[1])
        raise fail(where, f"expected [column, row] from 1 to {size}, got {value!r}")

    seats = list(state.seats)
    for colour, pawns in table("pawns").items():
        index = seat_of(f"pawns.{colour}", colour)
        if not isinstance(pawns, Mapping) or not set(pawns) <= set(PAWNS):
            raise fail(f"pawns.{colour}", f"expected a table of pawns ({', '.join(PAWNS)})")
        old = seats[index]
        moved = tuple(square(f"pawns.{colour}.{p}", pawns[p]) if p in pawns else at for p, at in zip(PAWNS, old.pawns))
        seats[index] = Seat(old.colour, moved, old.hand, old.rescues)

    responder = state.responder
    for colour, cards in table("hands").items():
        index = seat_of(f"hands.{colour}", colour)
        if not isinstance(cards, list):
            raise fail(f"hands.{colour}", "expected a list of Responder cards")
        old = seats[index]
        responder = responder.put_on_bottom(old.hand)
        for card in cards:
            if card not in defs.responder:
                raise fail(f"hands.{colour}", f"unknown Responder card {card!r}")
            if card not in responder.draw_pile:
                raise fail(f"hands.{colour}", f"no {card!r} left in the Responder deck")
            responder = responder.remove(card)
        seats[index] = Seat(old.colour, old.pawns, hand_with((), tuple(cards)), old.rescues)
    for card in listed("responder_discard"):
        if card not in responder.draw_pile:
            raise fail("responder_discard", f"no {card!r} left in the Responder deck")
        responder = responder.remove(card).discard(card)
    for card in reversed(listed("responder_top")):
        if card not in responder.draw_pile:
            raise fail("responder_top", f"no {card!r} left in the Responder deck")
        responder = responder.remove(card).put_on_top((card,))

    emergencies = state.emergencies
    board = list(state.board)
    if "emergencies" in position:
        emergencies = emergencies.put_on_bottom(tuple(e.card for e in board))
        board = []
        for i, item in enumerate(listed("emergencies")):
            where = f"emergencies[{i}]"
            if not isinstance(item, Mapping) or not {"card", "square"} <= set(item):
                raise fail(where, "expected { card = ..., square = [column, row], counters = n }")
            card = item["card"]
            if card not in emergencies.draw_pile:
                raise fail(f"{where}.card", f"{card!r} is not an emergency left in the deck")
            at = square(f"{where}.square", item["square"])
            if at in state.setup.bases or any(e.square == at for e in board):
                raise fail(f"{where}.square", "a base or another emergency is there")
            counters = item.get("counters", defs.numbers.time_counter_die)
            if not isinstance(counters, int) or not 1 <= counters <= defs.numbers.time_counter_die:
                raise fail(f"{where}.counters", f"expected 1 to {defs.numbers.time_counter_die}")
            placed = item.get("placed_turn", state.turn)
            emergencies = emergencies.remove(card)
            board.append(Emergency(card, at, counters, placed))
    for seat in seats:
        for pawn, at in zip(PAWNS, seat.pawns):
            if any(e.square == at for e in board):
                raise fail("emergencies", f"{seat.colour}'s {pawn} stands on an emergency's square {list(at)}")
    for colour, cards in table("rescues").items():
        index = seat_of(f"rescues.{colour}", colour)
        if not isinstance(cards, list):
            raise fail(f"rescues.{colour}", "expected a list of emergencies")
        for card in cards:
            if card not in emergencies.draw_pile:
                raise fail(f"rescues.{colour}", f"{card!r} is not an emergency left in the deck")
            emergencies = emergencies.remove(card)
        old = seats[index]
        seats[index] = Seat(old.colour, old.pawns, old.hand, old.rescues + tuple(cards))
    for card in reversed(listed("emergency_deck_top")):
        if card not in emergencies.draw_pile:
            raise fail("emergency_deck_top", f"{card!r} is not an emergency left in the deck")
        emergencies = emergencies.remove(card).put_on_top((card,))
    if "emergency_deck_size" in position:
        size = position["emergency_deck_size"]
        if not isinstance(size, int) or not 0 <= size <= len(emergencies.draw_pile):
            raise fail("emergency_deck_size", f"expected 0 to {len(emergencies.draw_pile)}")
        pile = emergencies.draw_pile
        emergencies = Deck(pile[:size], emergencies.discard_pile + pile[size:], emergencies.reshuffle)
    state = evolve(state, seats=tuple(seats), responder=responder, emergencies=emergencies, board=tuple(board))

    if "phase" in position:
        if position["phase"] not in PHASES or position["phase"] == "over":
            raise fail("phase", f"expected one of {', '.join(PHASES[:-1])}")
        state = evolve(state, phase=position["phase"])
    if "turn" in position:
        if not isinstance(position["turn"], int) or position["turn"] < 1:
            raise fail("turn", "expected a turn number from 1")
        state = evolve(state, turn=position["turn"])
    if "order" in position:
        order = tuple(seat_of("order", c) for c in listed("order"))
        if sorted(order) != list(range(len(state.seats))):
            raise fail("order", "expected every colour in play once")
        state = evolve(state, order=order)
    if "mover" in position:
        index = seat_of("mover", position["mover"])
        if index not in state.order:
            raise fail("mover", "give the move order (position.order) too")
        state = evolve(state, mover=state.order.index(index))
    if state.phase == "move" and not state.order:
        state = evolve(state, order=tuple(range(len(state.seats))), mover=0)
    if "quick" in position:
        state = evolve(state, quick=seat_of("quick", position["quick"]))
    if "delay_seen" in position:
        if not isinstance(position["delay_seen"], bool):
            raise fail("delay_seen", "expected true or false")
        state = evolve(state, delay_seen=position["delay_seen"])
    return state


# --- the readable view (what the JSON shows and `[expect]` paths read) -----------------------------------------


def view(state: GameState) -> dict[str, Any]:
    """Everything, hands included: a scenario is a rules check, not a screen."""
    pending = state.pending
    return {
        "phase": state.phase,
        "turn": state.turn,
        "size": state.size,
        "order": [state.seats[i].colour for i in state.order],
        "moving": None if state.moving_seat is None else state.seats[state.moving_seat].colour,
        "bases": {seat.colour: list(state.setup.bases[i]) for i, seat in enumerate(state.seats)},
        "pawns": {seat.colour: {p: list(at) for p, at in zip(PAWNS, seat.pawns)} for seat in state.seats},
        "hands": {seat.colour: list(seat.hand) for seat in state.seats},
        "hand_sizes": {seat.colour: len(seat.hand) for seat in state.seats},
        "rescues": {seat.colour: list(seat.rescues) for seat in state.seats},
        "scores": {seat.colour: len(seat.rescues) for seat in state.seats},
        "emergencies": {e.card: {"square": list(e.square), "counters": e.counters} for e in state.board},
        "board_size": len(state.board),
        "emergency_deck_size": len(state.emergencies.draw_pile),
        "emergency_deck_top": state.emergencies.draw_pile[0] if state.emergencies.draw_pile else None,
        "emergency_discard": list(state.emergencies.discard_pile),
        "responder_deck_size": len(state.responder.draw_pile),
        "responder_discard": list(state.responder.discard_pile),
        "quick": None if state.quick is None else state.seats[state.quick].colour,
        "rolls": {seat.colour: list(state.rolls[i]) for i, seat in enumerate(state.seats)} if state.rolls else {},
        "delay_seen": state.delay_seen,
        "pending": None
        if pending is None
        else {
            "player": state.seats[pending.seat].colour,
            "card": pending.card,
            "pawn": pending.pawn,
            "to": None if pending.to is None else list(pending.to),
            "owner": pending.owner,
        },
    }


# --- the game's part of the format ---------------------------------------------------------------------------


class WarpspawnScenarios(ScenarioGame[GameState]):
    game = "warpspawn_thunderbirds"
    codec = codec
    apply_position = staticmethod(apply_position)
    title = "Warpspawn Thunderbirds"
    setup_keys = frozenset({"players", "size", "colours", "bases", "starts", "data"})
    position_keys = frozenset(
        {
            "phase",
            "turn",
            "order",
            "mover",
            "pawns",
            "hands",
            "emergencies",
            "emergency_deck_top",
            "emergency_deck_size",
            "rescues",
            "responder_top",
            "responder_discard",
            "quick",
            "delay_seen",
        }
    )

    def forced(self, raw: list[Any], action: Any) -> tuple[Any, ...]:
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in raw):
            raise ValueError(f"expected a list of faces (1 or more), got {raw!r}")
        return tuple(v - 1 for v in raw)

    def start(self, scenario: Scenario, chance: LiveChance) -> tuple[GameState, WarpspawnRules, Definitions]:
        setup = {("data_dir" if key == "data" else key): value for key, value in scenario.setup.items()}
        defs = definitions_for(parse_setup(setup))
        return initial_state(setup, chance, defs), WarpspawnRules(defs), defs

    def report(self, state: GameState, defs: Any) -> dict[str, Any]:
        outcome = state.outcome
        return {
            "outcome": None
            if outcome is None
            else {"winners": list(outcome.winners), "scores": list(outcome.scores), "tie": outcome.is_tie},
            "state": view(state),
        }

    def legal(self, state: GameState, defs: Any) -> list[dict[str, Any]] | None:
        return [codec.encode_action(action) for action in legal_actions(state, defs)]

    def outcome_line(self, state: GameState, defs: Any) -> str | None:
        outcome = state.outcome
        if outcome is None:
            return None
        return f"game over: {', '.join(outcome.winners)} ({'tie' if outcome.is_tie else 'won'})"


SCENARIOS = WarpspawnScenarios()
load_scenario = partial(format_.load, SCENARIOS)
parse_scenario = partial(format_.parse, SCENARIOS)
run_scenario = partial(format_.run, SCENARIOS)
