"""The controller: frames from views, only the changes handed on, time from an injected clock."""

from __future__ import annotations

import threading

from companion.devices.controller import LightsController
from companion.devices.recording import RecordingBackend
from companion.games.thunderbirds.lights.layout import Layout, hood_led
from companion.games.thunderbirds.lights.view import BoardView, DisasterDrawn, HoodMark, HoodMoved

from .conftest import ManualClock

LENGTH = 15


def start_view(**kwargs: object) -> BoardView:
    return BoardView.build(hood_length=LENGTH, **kwargs)


def test_first_update_sends_every_led_then_only_changes(clock: ManualClock) -> None:
    layout = Layout.complete(LENGTH)
    backend = RecordingBackend(clock=clock)
    lights = LightsController(layout, backend, clock=clock)
    lights.update(start_view(occupied=(1, 2, 3)))
    assert set(backend.frames[0].changes) == set(layout.names)
    lights.update(start_view(occupied=(1, 2, 3)))
    assert len(backend.frames) == 1, "nothing changed, nothing sent"
    lights.update(start_view(occupied=(1, 2, 3), actions_left=1))
    assert list(backend.frames[1].changes) == ["status.actions.1"]


def test_blinking_is_drawn_by_ticks_for_back_ends_that_cannot_blink(clock: ManualClock) -> None:
    backend = RecordingBackend(clock=clock, renders_blink=False)
    lights = LightsController(Layout.complete(LENGTH, rgb=False), backend, clock=clock)
    clock.now = 0.0
    lights.update(start_view(marks={8: HoodMark.SCHEME_CURRENT}))  # blinks every 0.5 s
    for _ in range(8):
        clock.advance(0.125)
        lights.tick()
    states = [light.is_dark for _, light in backend.history(hood_led(8))]
    assert states == [False, True, False, True, False]
    assert all(light.blink is None for r in backend.frames for light in r.changes.values())


def test_back_ends_that_blink_get_the_pattern_once(clock: ManualClock) -> None:
    backend = RecordingBackend(clock=clock, renders_blink=True)
    lights = LightsController(Layout.complete(LENGTH, rgb=False), backend, clock=clock)
    lights.update(start_view(marks={8: HoodMark.SCHEME_CURRENT}))
    for _ in range(8):
        clock.advance(0.125)
        lights.tick()
    assert len(backend.frames) == 1
    assert backend.latest[hood_led(8)].blink is not None
    assert not lights.is_moving()


def test_animations_play_out_with_ticks_and_then_stop(clock: ManualClock) -> None:
    backend = RecordingBackend(clock=clock)
    lights = LightsController(Layout.complete(LENGTH), backend, clock=clock)
    lights.update(start_view(hood_space=3))
    lights.update(start_view(hood_space=4), [HoodMoved(3, 4)])
    assert lights.is_moving()
    while lights.is_moving():
        clock.advance(0.05)
        lights.tick()
    assert clock.now - 1000.0 < 2.0, "the chase is short"
    settled = len(backend.frames)
    clock.advance(5.0)
    lights.tick()
    assert len(backend.frames) == settled
    assert backend.latest == lights.last_frame
    assert not backend.latest[hood_led(4)].is_dark and backend.latest[hood_led(3)].is_dark


def test_resend_hands_over_every_led_again(clock: ManualClock) -> None:
    backend = RecordingBackend(clock=clock)
    layout = Layout.complete(LENGTH)
    lights = LightsController(layout, backend, clock=clock)
    lights.update(start_view(occupied=(2,)), [DisasterDrawn(1)])
    lights.resend()
    assert set(backend.frames[-1].changes) == set(layout.names)


def test_the_ticker_thread_settles_the_lights(clock: ManualClock) -> None:
    """The real ticker with the real clock: it must end on the settled frame (no timing is asserted)."""
    backend = RecordingBackend()
    lights = LightsController(Layout.complete(LENGTH), backend)
    lights.start(interval=0.005)
    try:
        lights.update(start_view(hood_space=1), [HoodMoved(0, 1)])
        settled = LightsController(Layout.complete(LENGTH), RecordingBackend(), clock=clock)
        settled.update(start_view(hood_space=1))
        done = threading.Event()
        backend.subscribe(lambda frame: done.set() if frame == settled.last_frame and not lights.is_moving() else None)
        assert done.wait(10.0)
    finally:
        lights.close()
