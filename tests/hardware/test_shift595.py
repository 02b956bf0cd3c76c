"""The 74HC595 chain, checked by simulating the registers from the mock pins' recorded histories."""

from __future__ import annotations

from gpiozero.pins.mock import MockFactory, MockPin

from companion.devices.controller import LightsController
from companion.devices.shift595 import Shift595Backend
from companion.games.thunderbirds.lights.layout import Layout, track_leds
from companion.games.thunderbirds.lights.view import BoardView, HoodMoved

from .conftest import ManualClock

DATA, CLOCK, LATCH, ENABLE = 17, 27, 22, 18
LENGTH = 15
REGISTERS = 3  # 24 outputs: 23 track LEDs and a spare
OUTPUTS = {name: i for i, name in enumerate(track_leds(LENGTH))}


def timeline(pin: MockPin) -> list[tuple[float, bool]]:
    """The pin's history as (absolute time, level): the mock keeps times relative to the previous change."""
    deltas = [s.timestamp for s in pin.states]
    end = pin._last_change  # the absolute time of the last change
    times, t = [], end
    for delta in reversed(deltas):
        times.append(t)
        t -= delta
    times.reverse()
    return [(when, bool(s.state)) for when, s in zip(times, pin.states)]


def simulate_chain(factory: MockFactory, registers: int = REGISTERS) -> list[list[bool]]:
    """What a real chain of 595s would have shown: its outputs after each latch pulse.

    On each rising clock edge every register shifts one place towards QH (the last output of a register
    feeding the next register's input) and QA takes the data line; a rising latch edge copies the shift
    registers to the outputs.
    """
    data, clock, latch = (timeline(factory.pin(p)) for p in (DATA, CLOCK, LATCH))

    def data_at(when: float) -> bool:
        level = data[0][1]
        for t, value in data:
            if t <= when:
                level = value
        return level

    edges = [(t, "clock") for (t, v) in clock[1:] if v] + [(t, "latch") for (t, v) in latch[1:] if v]
    shift = [False] * (8 * registers)
    shown: list[list[bool]] = []
    for when, kind in sorted(edges):
        if kind == "clock":
            shift = [data_at(when)] + shift[:-1]
        else:
            shown.append(list(shift))
    return shown


def expected(lit: set[str]) -> list[bool]:
    bits = [False] * (8 * REGISTERS)
    for name in lit:
        bits[OUTPUTS[name]] = True
    return bits


def build(factory: MockFactory, clock: ManualClock, enable: int | None = None):
    backend = Shift595Backend(OUTPUTS, DATA, CLOCK, LATCH, REGISTERS, pin_factory=factory, enable_pin=enable)
    layout = Layout(hood_length=LENGTH, rgb=False, names=tuple(OUTPUTS))
    return LightsController(layout, backend, clock=clock), backend


def test_the_chain_is_cleared_before_the_outputs_are_enabled(mock_factory: MockFactory, clock: ManualClock) -> None:
    lights, backend = build(mock_factory, clock, enable=ENABLE)
    try:
        assert simulate_chain(mock_factory) == [[False] * 24]
        enable = timeline(mock_factory.pin(ENABLE))
        first_latch = [t for t, v in timeline(mock_factory.pin(LATCH)) if v][0]
        assert enable[-1][1] is False, "/OE is active low: low means the outputs show"
        assert enable[-1][0] > first_latch
    finally:
        lights.close()


def test_bit_order_each_output_lands_on_its_led(mock_factory: MockFactory, clock: ManualClock) -> None:
    lights, backend = build(mock_factory, clock)
    try:
        lights.update(BoardView.build(hood_length=LENGTH, hood_space=0, occupied=(2,)))
        assert backend.flush(5)
        assert simulate_chain(mock_factory)[-1] == expected({"hood.0", "disaster.2"})
        lights.update(BoardView.build(hood_length=LENGTH, hood_space=9, occupied=(2, 6)))
        assert backend.flush(5)
        assert simulate_chain(mock_factory)[-1] == expected({"hood.9", "disaster.2", "disaster.6"})
    finally:
        lights.close()


def test_outputs_change_only_at_the_latch(mock_factory: MockFactory, clock: ManualClock) -> None:
    """Between latch pulses the outputs hold: a frame appears all at once, never mid-shift."""
    lights, backend = build(mock_factory, clock)
    try:
        lights.update(BoardView.build(hood_length=LENGTH, hood_space=14))
        assert backend.flush(5)
        clock_rises = sum(1 for _, v in timeline(mock_factory.pin(CLOCK))[1:] if v)
        latches = simulate_chain(mock_factory)
        assert clock_rises == 24 * len(latches), "each latch follows a full shift of the chain"
        assert latches[-1] == expected({"hood.14"})
    finally:
        lights.close()


def test_the_hood_moving_from_3_to_4_as_latched_frames(mock_factory: MockFactory, clock: ManualClock) -> None:
    lights, backend = build(mock_factory, clock)
    clock.now = 0.01
    try:
        lights.update(BoardView.build(hood_length=LENGTH, hood_space=3))
        assert backend.flush(5)
        lights.update(BoardView.build(hood_length=LENGTH, hood_space=4), [HoodMoved(3, 4)])
        assert backend.flush(5)
        for _ in range(24):
            clock.advance(0.05)
            lights.tick()
            assert backend.flush(5)
        frames = simulate_chain(mock_factory)
        hood = [(f[OUTPUTS["hood.3"]], f[OUTPUTS["hood.4"]]) for f in frames]
        assert hood == [
            (False, False),  # cleared at start-up
            (True, False),  # the Hood on 3
            (False, True),  # the chase reaches 4 (flash 1 follows straight on)
            (False, False),
            (False, True),
            (False, False),
            (False, True),
            (False, False),
            (False, True),  # settled
        ]
    finally:
        lights.close()
