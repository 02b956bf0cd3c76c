"""The Thunderbirds state and events as the lights see them, from games set up and played by the real rules."""

from __future__ import annotations

from companion.engine.chance import LiveChance
from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds import events as ev
from companion.games.thunderbirds.lights.frame import frame
from companion.games.thunderbirds.lights.layout import Layout, hood_led
from companion.games.thunderbirds.lights.thunderbirds_view import board_view, moments
from companion.games.thunderbirds.lights.view import DisasterDrawn, HoodMark, HoodMoved, RescueResolved
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.rules import apply
from companion.games.thunderbirds.setup import initial_state
from companion.games.thunderbirds.state import GameState, Outcome, evolve

DEFS = default_definitions()


def new_game(seed: int = 3) -> GameState:
    chance = LiveChance(seed)
    state = initial_state({"players": 2, "difficulty": "standard", "characters": ["gordon", "john"]}, chance, DEFS)
    return evolve(state, rng=chance.rng_after)


def play(state: GameState, action: object) -> tuple[GameState, tuple[object, ...]]:
    chance = LiveChance(state.rng)
    after, events = apply(state, action, chance, DEFS)
    return evolve(after, rng=chance.rng_after), events


def test_a_new_game() -> None:
    state = new_game()
    view = board_view(state, DEFS)
    track = DEFS.hood_track
    assert view.hood_length == track.length and view.hood_space == 0
    assert [view.marks[s] for s in track.event_spaces] == [HoodMark.EVENT_HIDDEN] * len(track.event_spaces)
    schemes = [view.marks[s] for s in track.scheme_spaces]
    assert schemes == [HoodMark.SCHEME_CURRENT] + [HoodMark.SCHEME_PENDING] * (len(schemes) - 1)
    assert view.disasters == (True, True, True, False, False, False, False)
    assert view.character == "gordon" and view.actions_left == 3 and view.outcome is None


def test_planning_moves_the_hood_one_space() -> None:
    state, events = play(new_game(), act.Plan())
    assert board_view(state, DEFS).hood_space == 1
    assert moments(events) == (HoodMoved(0, 1),)


def test_ending_the_turn_draws_a_disaster_or_moves_the_hood() -> None:
    state, events = play(new_game(), act.EndTurn())
    found = moments(events)
    view = board_view(state, DEFS)
    assert found, "a disaster card or The Hood Advances: either way something moves"
    if isinstance(found[0], DisasterDrawn):
        assert found[0].slot == 1 and view.disasters[0] and view.disasters[3]
    else:
        assert isinstance(found[0], HoodMoved) and view.hood_space == 1
    assert view.character == "john" and view.actions_left == 3


def test_consecutive_hood_steps_make_one_chase() -> None:
    events = (
        ev.HoodAdvanced(3, 4),
        ev.HoodAdvanced(4, 5),
        ev.DisasterPlaced("x", 1),
        ev.RescueFailed("scott", "x", 5, 9),
        ev.HoodAdvanced(5, 6),
        ev.RescueSucceeded("scott", "x", 9, 8),
    )
    assert moments(events) == (
        HoodMoved(3, 5),
        DisasterDrawn(1),
        RescueResolved(False),
        HoodMoved(5, 6),
        RescueResolved(True),
    )


def test_a_lost_game_and_its_frame() -> None:
    state = new_game()
    card = state.track.slots[0]
    lost = evolve(state, outcome=Outcome("lost", "skull", card), skull=card)
    view = board_view(lost, DEFS)
    assert view.outcome == "lost" and view.skull and view.actions_left == 0
    shown = frame(view, Layout.complete(view.hood_length, rgb=False), 0.0)
    assert shown["disaster.skull"].blink is None and shown[hood_led(3)].blink is not None


def test_events_going_back_to_the_box_leave_a_plain_space() -> None:
    state = new_game()
    first_event = next(c for c in state.hood_cards if c.kind == "event")
    from companion.games.thunderbirds.effects import set_hood_card

    assert board_view(set_hood_card(state, first_event.card, "active"), DEFS).marks[first_event.space] == (
        HoodMark.EVENT_REVEALED
    )
    assert board_view(set_hood_card(state, first_event.card, "done"), DEFS).marks[first_event.space] == HoodMark.PLAIN
