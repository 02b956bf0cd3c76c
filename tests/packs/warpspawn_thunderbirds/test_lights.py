"""The lights: a new emergency's row and column, the moving player's colour, the winners; public view only."""

from __future__ import annotations

from companion.devices.light import Light
from companion.engine.chance import LiveChance
from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds.lights import (
    BRIGHT,
    DIM,
    MARK_COLOURS,
    TURN_SECONDS,
    lights,
    names,
    shown,
    turn_blink,
)
from companion.games.warpspawn_thunderbirds.loader import default_definitions
from companion.games.warpspawn_thunderbirds.rules import apply
from companion.games.warpspawn_thunderbirds.scenario import apply_position
from companion.games.warpspawn_thunderbirds.simulate import start
from companion.games.warpspawn_thunderbirds.state import GameState, evolve
from companion.games.warpspawn_thunderbirds.views import public_view

DEFS = default_definitions()


def step(state: GameState, action: object, dice: tuple[int, ...] = ()) -> GameState:
    chance = LiveChance(state.rng, [d - 1 for d in dice])
    after, _events = apply(state, action, chance, DEFS)
    return evolve(after, rng=chance.rng_after)


def test_names_cover_both_edges_and_every_colour() -> None:
    found = names(12, ("red", "blue"))
    assert found[:2] == ("col.1", "col.2") and found[11] == "col.12" and found[12] == "row.1"
    assert found[-2:] == ("status.player.red", "status.player.blue")
    assert len(found) == 26


def test_a_new_emergency_lights_its_column_and_row() -> None:
    state = start(2, 12, 1, DEFS)
    assert lights(public_view(state), DEFS) == {}
    state = step(state, act.Alert(), (2, 5, 7, 4))
    lit = lights(public_view(state), DEFS)
    assert lit == {"col.5": Light(MARK_COLOURS[0], BRIGHT), "row.7": Light(MARK_COLOURS[0], BRIGHT)}
    state = step(step(state, act.Organize()), act.RollForOrder(), (9, 3))
    lit = lights(public_view(state), DEFS)
    assert lit["col.5"].level == DIM and lit["row.7"].level == DIM
    assert lit["status.player.red"] == Light(DEFS.colours["red"].rgb, BRIGHT)
    assert "status.player.blue" not in lit


def test_several_new_emergencies_take_turns() -> None:
    state = step(start(2, 12, 1, DEFS), act.Alert(), (4, 2, 3, 1, 9, 10, 6))
    lit = lights(public_view(state), DEFS)
    first = shown(lit, 0.5)
    second = shown(lit, TURN_SECONDS + 0.5)
    assert set(first) == {"col.2", "row.3"}
    assert set(second) == {"col.9", "row.10"}
    assert second["col.9"].colour == MARK_COLOURS[1]
    assert shown(lit, 2 * TURN_SECONDS + 0.5) == first
    assert lit == lights(public_view(state), DEFS)  # the same whenever it is asked: no clock in the view


def test_three_turns_never_overlap_and_a_shared_led_serves_both_its_emergencies() -> None:
    period = 3 * TURN_SECONDS
    blinks = [turn_blink([k], 3) for k in range(3)]
    for tick in range(480):
        now = period * tick / 480
        assert sum(1 for b in blinks if b is not None and b.is_on(now)) <= 1
    assert all(b is not None and b.period <= 5.1 for b in blinks)
    shared = turn_blink([0, 2], 3)  # a column two of the three share: on through the last turn and the first
    assert shared is not None
    for k in (0, 2):
        middle = period * (k * 5 + 2.5) / 16
        assert shared.is_on(middle) and blinks[k] is not None and blinks[k].is_on(middle)
    assert not shared.is_on(period * 7.5 / 16)
    assert turn_blink([0, 1, 2], 3) is None and turn_blink([0], 1) is None


def test_emergencies_of_earlier_turns_stay_dark() -> None:
    state = apply_position(
        start(2, 12, 1, DEFS),
        {"phase": "move", "turn": 3, "emergencies": [{"card": "break-in-dam", "square": [4, 4], "placed_turn": 2}]},
        DEFS,
        "test",
    )
    assert set(lights(public_view(state), DEFS)) == {"status.player.red"}


def test_the_mover_blinks_while_a_card_waits_and_the_winners_blink_at_the_end() -> None:
    state = apply_position(start(2, 12, 1, DEFS), {"phase": "move", "hands": {"red": ["move-1"]}}, DEFS, "test")
    state = step(state, act.PlayCard("move-1", "tb1", (2, 2)))
    assert lights(public_view(state), DEFS)["status.player.red"].blink is not None
    over = apply_position(
        start(2, 12, 1, DEFS),
        {
            "phase": "countdown",
            "emergency_deck_size": 0,
            "emergencies": [{"card": "break-in-dam", "square": [4, 4], "counters": 1}],
        },
        DEFS,
        "test",
    )
    over = step(over, act.Countdown())
    lit = lights(public_view(over), DEFS)
    assert set(lit) == {"status.player.red", "status.player.blue"}
    assert all(light.blink is not None for light in lit.values())
