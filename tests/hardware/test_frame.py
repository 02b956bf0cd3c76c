"""The frame function: what each situation on the table looks like, in colour and on single-colour builds."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.devices.light import OFF, Blink, Light
from companion.games.thunderbirds.lights.animations import Animation
from companion.games.thunderbirds.lights.frame import frame
from companion.games.thunderbirds.lights.layout import (
    SKULL,
    TURN,
    Layout,
    action_led,
    character_led,
    hood_led,
    track_leds,
)
from companion.games.thunderbirds.lights.style import HOOD_COLOUR
from companion.games.thunderbirds.lights.view import (
    CHARACTER_COLOURS,
    BoardView,
    DisasterDrawn,
    HoodMark,
    HoodMoved,
    RescueResolved,
)

LENGTH = 15
RGB = Layout.complete(LENGTH, rgb=True)
MONO = Layout.complete(LENGTH, rgb=False)


def view(**kwargs: object) -> BoardView:
    kwargs.setdefault("hood_length", LENGTH)
    return BoardView.build(**kwargs)


def test_every_led_of_the_layout_and_only_those() -> None:
    small = Layout(hood_length=LENGTH, rgb=True, names=track_leds(LENGTH))
    shown = frame(view(character="scott", actions_left=3), small, 0.0)
    assert set(shown) == set(track_leds(LENGTH))
    assert TURN not in shown


def test_the_hoods_space_is_lit_and_plain_spaces_are_dark() -> None:
    shown = frame(view(hood_space=3), RGB, 0.0)
    assert shown[hood_led(3)] == Light(HOOD_COLOUR, 1.0)
    assert all(shown[hood_led(i)] == OFF for i in range(LENGTH) if i != 3)


def test_marks_ahead_are_shown_and_the_current_scheme_stands_out() -> None:
    marks = {
        2: HoodMark.EVENT_REVEALED,
        4: HoodMark.EVENT_HIDDEN,
        6: HoodMark.SCHEME_FOILED,
        10: HoodMark.SCHEME_CURRENT,
        14: HoodMark.SCHEME_PENDING,
    }
    for layout in (RGB, MONO):
        shown = frame(view(hood_space=3, marks=marks), layout, 0.0)
        hidden, current, pending, foiled = (shown[hood_led(i)] for i in (4, 10, 14, 6))
        assert not hidden.is_dark and not pending.is_dark
        assert current.blink is not None, "the scheme to foil blinks, in colour or not"
        assert len({hidden, current, pending, foiled}) == 4
    rgb = frame(view(hood_space=3, marks=marks), RGB, 0.0)
    assert rgb[hood_led(6)].colour == (0, 255, 0)
    assert rgb[hood_led(2)].level < rgb[hood_led(4)].level, "a triggered event is only a dim reminder"


def test_disaster_urgency_grows_towards_the_skull() -> None:
    for layout in (RGB, MONO):
        shown = frame(view(occupied=(1, 2, 3, 4, 5, 6, 7)), layout, 0.0)
        periods = [shown[f"disaster.{k}"].blink.period if shown[f"disaster.{k}"].blink else 99.0 for k in range(1, 8)]
        assert periods == sorted(periods, reverse=True)
        assert periods[6] < periods[5] < periods[4] < periods[0]
        assert not any(shown[f"disaster.{k}"].is_dark for k in range(1, 8))
    greens = [frame(view(occupied=(k,)), RGB, 0.0)[f"disaster.{k}"].colour[1] for k in range(1, 8)]
    assert greens == sorted(greens, reverse=True) and greens[-1] == 0, "yellow turning red"


def test_empty_slots_are_dark_and_the_skull_warns_only_when_slot_7_is_taken() -> None:
    shown = frame(view(occupied=(2, 5)), RGB, 0.0)
    assert shown["disaster.1"] == OFF and shown["disaster.3"] == OFF
    assert shown[SKULL] == OFF
    warned = frame(view(occupied=(7,)), MONO, 0.0)
    assert warned[SKULL].blink == warned["disaster.7"].blink, "skull and slot 7 blink together"
    reached = frame(view(occupied=(7,), skull=True), MONO, 0.0)
    assert reached[SKULL].blink is None and not reached[SKULL].is_dark


def test_whose_turn_in_the_characters_colour_and_actions_left() -> None:
    shown = frame(view(character="virgil", actions_left=2), RGB, 0.0)
    assert shown[TURN].colour == CHARACTER_COLOURS["virgil"]
    assert shown[character_led("virgil")].colour == CHARACTER_COLOURS["virgil"]
    assert shown[character_led("scott")] == OFF
    assert [shown[action_led(n)].is_dark for n in (1, 2, 3, 4)] == [False, False, True, True]
    mono = frame(view(character="virgil", actions_left=2), MONO, 0.0)
    assert not mono[TURN].is_dark and mono[character_led("scott")].is_dark


def test_won_makes_neighbours_alternate() -> None:
    shown = frame(view(outcome="won"), MONO, 0.0)
    looks = [shown[name] for name in MONO.names]
    assert all(light.blink is not None for light in looks)
    for a, b in zip(looks, looks[1:]):
        assert a.blink.is_on(0.1) != b.blink.is_on(0.1)


def test_lost_blinks_everything_together_and_keeps_the_cause_lit() -> None:
    shown = frame(view(occupied=(2,), skull=True, outcome="lost"), RGB, 0.0)
    assert shown[SKULL].blink is None and not shown[SKULL].is_dark
    blinking = [shown[n] for n in RGB.names if n != SKULL]
    assert all(light.blink == blinking[0].blink for light in blinking)
    by_scheme = frame(view(hood_space=6, marks={6: HoodMark.SCHEME_PENDING}, outcome="lost"), MONO, 0.0)
    assert by_scheme[hood_led(6)].blink is None and by_scheme[hood_led(5)].blink is not None


def test_the_hoods_chase_runs_to_the_new_space_then_flashes_it() -> None:
    moved = view(hood_space=5)
    animation = Animation(HoodMoved(3, 5), started=10.0)

    def at(t):
        return frame(moved, RGB, t, [animation])

    assert not at(10.0)[hood_led(3)].is_dark and at(10.0)[hood_led(5)].is_dark
    assert not at(10.16)[hood_led(4)].is_dark and at(10.16)[hood_led(3)].is_dark
    assert not at(10.31)[hood_led(5)].is_dark
    flashes = [at(10.5 + 0.1 * i)[hood_led(5)].is_dark for i in range(6)]
    assert flashes == [False, True, False, True, False, True]
    assert at(10.0 + animation.duration) == frame(moved, RGB, 0.0)


def test_a_drawn_disaster_flashes_the_track_then_its_slot() -> None:
    drawn = view(occupied=(1, 3))
    animation = Animation(DisasterDrawn(1), started=0.0)
    assert not frame(drawn, MONO, 0.05, [animation])["disaster.6"].is_dark
    assert frame(drawn, MONO, 0.2, [animation])["disaster.1"].is_dark
    assert frame(drawn, MONO, 0.35, [animation])["disaster.6"].is_dark, "only the new slot flashes now"
    assert frame(drawn, MONO, 0.42, [animation])["disaster.1"].is_dark


def test_rescue_won_and_lost_pulse_differently() -> None:
    won, lost = Animation(RescueResolved(True), 0.0), Animation(RescueResolved(False), 0.0)

    def pulses(animation: Animation) -> int:
        states = [frame(view(), MONO, t / 100, [animation])["disaster.2"].is_dark for t in range(0, 100)]
        return sum(1 for a, b in zip(states, states[1:]) if a and not b) + (0 if states[0] else 1)

    assert pulses(won) == 2 and pulses(lost) == 4
    assert frame(view(), RGB, 0.01, [won])[TURN].colour == (0, 255, 0)


def test_pure_same_arguments_same_frame() -> None:
    v = view(hood_space=2, occupied=(1, 6), character="john", actions_left=1)
    anims = [Animation(HoodMoved(1, 2), 0.0)]
    assert frame(v, RGB, 0.1, anims) == frame(v, RGB, 0.1, anims)


# --- single-colour builds carry the same information ------------------------------------------------------

MARKS_AHEAD = (HoodMark.PLAIN, HoodMark.EVENT_HIDDEN, HoodMark.SCHEME_PENDING, HoodMark.SCHEME_CURRENT)


def decode_mono(shown: object, length: int) -> tuple[int, tuple[HoodMark | None, ...], tuple[bool, ...]]:
    """Reads a single-colour frame back the way a player would: steady, blip, slow, fast, dark."""
    looks = {
        None: HoodMark.PLAIN,
        Blink(2.0, 0.125): HoodMark.EVENT_HIDDEN,
        Blink(2.0, 0.5): HoodMark.SCHEME_PENDING,
        Blink(0.5, 0.5): HoodMark.SCHEME_CURRENT,
    }
    hood, marks = -1, []
    for i in range(length):
        light = shown[hood_led(i)]
        if not light.is_dark and light.blink is None:
            hood = i
            marks.append(None)
        else:
            marks.append(looks[light.blink] if not light.is_dark else HoodMark.PLAIN)
    occupied = tuple(not shown[f"disaster.{k}"].is_dark for k in range(1, 8))
    return hood, tuple(marks), occupied


@given(
    length=st.integers(min_value=3, max_value=24),
    data=st.data(),
)
def test_single_colour_frames_can_be_read_back(length: int, data: st.DataObject) -> None:
    hood = data.draw(st.integers(min_value=0, max_value=length - 1))
    marks = data.draw(st.lists(st.sampled_from(MARKS_AHEAD), min_size=length, max_size=length))
    occupied = data.draw(st.lists(st.booleans(), min_size=7, max_size=7))
    v = BoardView(hood_length=length, hood_space=hood, marks=tuple(marks), disasters=tuple(occupied))
    decoded = decode_mono(frame(v, Layout.complete(length, rgb=False), 0.0), length)
    expected_marks = tuple(None if i == hood else m for i, m in enumerate(marks))
    assert decoded == (hood, expected_marks, tuple(occupied))
