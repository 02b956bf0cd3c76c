"""The bot: rescues its hand can reach (with one card or two), defends with Delay and False Alarm, plays Quick
Responder, spends long moves and keeps short ones, and discards a card no pawn can ever play."""

from __future__ import annotations

from typing import Any

from companion.engine.chance import LiveChance
from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds.bot import Memory, best_rescue, next_action
from companion.games.warpspawn_thunderbirds.loader import default_definitions
from companion.games.warpspawn_thunderbirds.rules import apply
from companion.games.warpspawn_thunderbirds.scenario import apply_position
from companion.games.warpspawn_thunderbirds.simulate import start
from companion.games.warpspawn_thunderbirds.state import GameState, evolve

DEFS = default_definitions()


def position(players: int = 2, size: int = 12, **where: Any) -> GameState:
    return apply_position(start(players, size, 1, DEFS), {"phase": "move", **where}, DEFS, "test")


def play_out(state: GameState, limit: int = 20) -> GameState:
    """The bot's choices (and Allow) until the moving player ends their phase."""
    memory = Memory()
    mover = state.moving_seat
    for _ in range(limit):
        action = next_action(state, DEFS, memory)
        chance = LiveChance(state.rng)
        state, _events = apply(state, action, chance, DEFS)
        state = evolve(state, rng=chance.rng_after)
        if isinstance(action, act.EndPhase) or state.moving_seat != mover:
            return state
    raise AssertionError("the bot never ended its phase")


def test_a_one_card_rescue() -> None:
    state = position(
        emergencies=[{"card": "break-in-dam", "square": [6, 6]}],
        pawns={"red": {"tb1": [5, 5], "tb2": [7, 4]}},
        hands={"red": ["move-1", "move-2", "move-9"]},
    )
    assert best_rescue(state, DEFS, 0) == [act.PlayCard("move-2", "tb2", (7, 6))]
    assert play_out(state).seats[0].rescues == ("break-in-dam",)


def test_a_two_card_rescue_for_two_pawns_of_the_solution() -> None:
    state = position(
        emergencies=[{"card": "bomb-aboard-airliner", "square": [6, 6]}],
        pawns={"red": {"tb1": [6, 2], "fab": [2, 6], "tb2": [5, 5]}},
        hands={"red": ["move-3", "move-3", "move-k"]},
    )
    plan = best_rescue(state, DEFS, 0)
    assert len(plan) == 2 and {p.pawn for p in plan} == {"tb1", "fab"}
    assert play_out(state).seats[0].rescues == ("bomb-aboard-airliner",)


def test_no_rescue_when_the_hand_cannot_pay_for_it() -> None:
    state = position(
        emergencies=[{"card": "bomb-aboard-airliner", "square": [6, 6]}],
        pawns={"red": {"tb1": [6, 3], "fab": [3, 6]}},
        hands={"red": ["move-2"]},
    )
    assert best_rescue(state, DEFS, 0) == []


def test_delay_stops_a_move_that_would_rescue_but_not_an_idle_one() -> None:
    state = position(
        emergencies=[{"card": "break-in-dam", "square": [6, 6]}],
        pawns={"red": {"tb1": [5, 5], "tb2": [7, 4]}},
        hands={"red": ["move-2", "move-5"], "blue": ["delay"]},
    )
    rescuing, _ = apply(state, act.PlayCard("move-2", "tb2", (7, 6)), LiveChance(1), DEFS)
    assert next_action(rescuing, DEFS) == act.PlayDelay("blue")
    idle, _ = apply(state, act.PlayCard("move-5", "tb3", (6, 1)), LiveChance(1), DEFS)
    assert next_action(idle, DEFS) == act.Allow()


def test_false_alarm_on_an_opponent_about_to_rescue() -> None:
    state = position(
        emergencies=[{"card": "break-in-dam", "square": [6, 6]}],
        pawns={"blue": {"tb3": [7, 7]}},
        hands={"red": ["false-alarm"]},
    )
    assert next_action(state, DEFS) == act.PlayCard("false-alarm", "tb3", owner="blue")


def test_quick_responder_is_played_when_there_is_something_to_rescue() -> None:
    state = apply_position(
        start(2, 12, 1, DEFS),
        {
            "phase": "response",
            "hands": {"blue": ["quick-responder"]},
            "emergencies": [{"card": "break-in-dam", "square": [6, 6]}],
        },
        DEFS,
        "test",
    )
    assert next_action(state, DEFS) == act.PlayQuickResponder("blue")


def test_long_moves_bring_pawns_closer_and_short_ones_are_kept() -> None:
    state = position(
        emergencies=[{"card": "break-in-dam", "square": [9, 9], "counters": 4}],
        hands={"red": ["move-1", "move-2", "move-6"]},
    )
    after = play_out(state)
    assert sorted(after.seats[0].hand) == ["move-1", "move-2"]
    moved = [at for at in after.seats[0].pawns if at != (1, 1)]
    assert moved == [(7, 7)]


def test_a_card_no_pawn_can_play_is_discarded() -> None:
    state = position(size=10, hands={"red": ["move-10"]})
    assert next_action(state, DEFS) == act.Discard("move-10")
