"""Direct GPIO builds on gpiozero's MockFactory: pin states after scenarios, blinking as pin histories."""

from __future__ import annotations

from gpiozero.pins.mock import MockFactory

from companion.devices.controller import LightsController
from companion.devices.gpio import GpioBackend
from companion.games.thunderbirds.lights.layout import TURN, Layout, track_leds
from companion.games.thunderbirds.lights.view import BoardView, DisasterDrawn, HoodMark, HoodMoved

from .conftest import ManualClock

LENGTH = 15
FREE_PINS = [p for p in range(2, 28) if p not in (14, 15)]
PINS = dict(zip(track_leds(LENGTH), FREE_PINS))  # hood.0-14, disaster.1-7, skull: 23 pins


def build(factory: MockFactory, clock: ManualClock, pins: dict = PINS, pwm: bool = False, rgb: bool = False):
    backend = GpioBackend(pins, pin_factory=factory, pwm=pwm)
    layout = Layout(hood_length=LENGTH, rgb=rgb, names=tuple(pins))
    return LightsController(layout, backend, clock=clock), backend


def states(factory: MockFactory, name: str) -> list[bool]:
    """The pin's whole history of levels, as gpiozero's mock recorded it (first entry: before any write)."""
    return [bool(s.state) for s in factory.pin(PINS[name]).states]


def level(factory: MockFactory, name: str) -> bool:
    return bool(factory.pin(PINS[name]).state)


def ticks(lights: LightsController, backend: GpioBackend, clock: ManualClock, seconds: float, step: float):
    """Moves time on in steps; after each, the pins are written before the next step (no sleeping)."""
    for _ in range(round(seconds / step)):
        clock.advance(step)
        lights.tick()
        assert backend.flush(5)


def view(**kwargs: object) -> BoardView:
    return BoardView.build(hood_length=LENGTH, **kwargs)


def test_the_hood_moving_from_space_3_to_4(mock_factory: MockFactory, clock: ManualClock) -> None:
    lights, backend = build(mock_factory, clock)
    clock.now = 0.01  # samples fall between the pattern's edges
    try:
        lights.update(view(hood_space=3, marks={4: HoodMark.EVENT_HIDDEN}))
        assert backend.flush(5)
        assert level(mock_factory, "hood.3") and not level(mock_factory, "hood.5")
        for pin in PINS.values():
            mock_factory.pin(pin).clear_states()
        lights.update(view(hood_space=4, marks={4: HoodMark.EVENT_REVEALED}), [HoodMoved(3, 4)])
        assert backend.flush(5)
        ticks(lights, backend, clock, 1.2, 0.05)
        # The chase: the light stays on 3, moves to 4, then 4 flashes three times and stays lit.
        # Space 4 was blipping (a face-down event), goes dark as the chase starts, then takes the Hood.
        assert states(mock_factory, "hood.3") == [True, False]
        assert states(mock_factory, "hood.4") == [True, False, True, False, True, False, True, False, True]
        assert level(mock_factory, "hood.4") and not level(mock_factory, "hood.3")
        assert all(states(mock_factory, f"hood.{i}") == [False] for i in range(5, LENGTH))
    finally:
        lights.close()


def test_a_disaster_reaching_slot_7_blinks_fast_with_the_skull(mock_factory: MockFactory, clock: ManualClock) -> None:
    lights, backend = build(mock_factory, clock)
    try:
        clock.now = 0.01  # samples fall between the pattern's edges
        lights.update(view(occupied=(4, 5, 6)))
        assert backend.flush(5)
        lights.update(view(occupied=(1, 5, 6, 7)), [DisasterDrawn(1)])
        assert backend.flush(5)
        ticks(lights, backend, clock, 0.975, 0.075)  # the drawing animation plays out
        for name in ("disaster.7", "disaster.skull", "disaster.6", "disaster.1"):
            mock_factory.pin(PINS[name]).clear_states()
        ticks(lights, backend, clock, 1.2, 0.075)  # then: slot 7 and the skull blink every 0.3 s
        seven, skull = states(mock_factory, "disaster.7"), states(mock_factory, "disaster.skull")
        assert seven == skull == [True, False, True, False, True, False, True, False, True], "four blinks in 1.2 s"
        assert states(mock_factory, "disaster.6") == [True, False, True, False], "slower on slot 6"
        assert states(mock_factory, "disaster.1") == [True], "slot 1 is steady"
    finally:
        lights.close()


def test_a_lost_game_blinks_every_led_together(mock_factory: MockFactory, clock: ManualClock) -> None:
    lights, backend = build(mock_factory, clock)
    try:
        clock.now = 0.01
        lights.update(view(occupied=(3, 7), skull=True, outcome="lost"))
        assert backend.flush(5)
        for pin in PINS.values():
            mock_factory.pin(pin).clear_states()
        ticks(lights, backend, clock, 2.0, 0.125)
        histories = {name: states(mock_factory, name) for name in PINS}
        assert histories["disaster.skull"] == [True], "the cause stays lit"
        others = [h for name, h in histories.items() if name != "disaster.skull"]
        assert all(h == others[0] for h in others)
        assert len(others[0]) == 1 + 8, "every 0.5 s, four times in 2 s"
    finally:
        lights.close()


def test_pwm_leds_take_brightness_levels(pwm_factory: MockFactory, clock: ManualClock) -> None:
    pins = dict(PINS)
    backend = GpioBackend(pins, pin_factory=pwm_factory, pwm=True, brightness=0.5)
    lights = LightsController(Layout(LENGTH, rgb=True, names=tuple(pins)), backend, clock=clock)
    try:
        lights.update(view(hood_space=0, marks={5: HoodMark.EVENT_HIDDEN}))
        assert backend.flush(5)
        assert pwm_factory.pin(PINS["hood.0"]).state == 0.5, "full level at half the build's brightness"
        assert pwm_factory.pin(PINS["hood.5"]).state == 0.35 * 0.5, "a face-down event is dimmer"
        assert pwm_factory.pin(PINS["hood.1"]).state == 0
    finally:
        lights.close()


def test_an_rgb_turn_led_shows_the_characters_colour(pwm_factory: MockFactory, clock: ManualClock) -> None:
    spare: dict = dict(zip(track_leds(6), FREE_PINS))  # 14 LEDs
    spare[TURN] = (20, 21, 26)
    backend = GpioBackend(spare, pin_factory=pwm_factory, pwm=True)
    lights = LightsController(Layout(6, rgb=True, names=tuple(spare)), backend, clock=clock)
    try:
        lights.update(BoardView.build(hood_length=6, character="gordon"))
        assert backend.flush(5)
        rgb = tuple(round(pwm_factory.pin(p).state * 255) for p in (20, 21, 26))
        assert rgb == (255, 200, 0)
        lights.update(BoardView.build(hood_length=6, character=None))
        assert backend.flush(5)
        assert all(pwm_factory.pin(p).state == 0 for p in (20, 21, 26))
    finally:
        lights.close()
