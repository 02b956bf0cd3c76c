"""When the on-screen LED strip redraws next: at the next on/off edge of a blinking light, whatever the moment."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.devices.light import Blink, Frame, Light
from companion.ui.widgets.led_strip import next_toggle

RED = (255, 0, 0)


def test_the_next_edge_of_a_blinking_light() -> None:
    frame = Frame({"hood.1": Light(RED, 1.0, Blink(period=1.0, duty=0.25)), "hood.2": Light(RED, 1.0)})
    assert abs(next_toggle(frame, 10.0) - 10.25) < 1e-9  # on now, off at a quarter
    assert abs(next_toggle(frame, 10.5) - 11.0) < 1e-9  # off now, on at the next period


def test_a_moment_a_hair_before_the_end_of_a_period_is_not_an_error() -> None:
    frame = Frame({"hood.1": Light(RED, 1.0, Blink(period=0.8, duty=0.5))})
    now = 0.8 * 12 - 1e-9  # the position in the period rounds to just below 1.0
    assert now < next_toggle(frame, now) <= now + 0.8


@given(
    st.floats(min_value=0, max_value=1e6, allow_nan=False),
    st.floats(min_value=0.05, max_value=5),
    st.floats(min_value=0.05, max_value=0.95),
    st.floats(min_value=0, max_value=0.99),
)
def test_the_next_redraw_is_always_ahead_and_within_a_period(
    now: float, period: float, duty: float, phase: float
) -> None:
    frame = Frame({"hood.1": Light(RED, 1.0, Blink(period=period, duty=duty, phase=phase))})
    assert now < next_toggle(frame, now) <= now + max(period, 1.0)
