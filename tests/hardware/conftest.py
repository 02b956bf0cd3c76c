"""Shared pieces of the hardware tests: a clock the test moves by hand, and gpiozero's mock pins."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin


class ManualClock:
    """Time that only moves when the test says so: blink and animation tests never sleep."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def mock_factory() -> Iterator[MockFactory]:
    """gpiozero's own mock pins, reset after the test so no pin reservation leaks into the next one."""
    factory = MockFactory()
    yield factory
    factory.reset()
    factory.close()


@pytest.fixture
def pwm_factory() -> Iterator[MockFactory]:
    factory = MockFactory(pin_class=MockPWMPin)
    yield factory
    factory.reset()
    factory.close()


@pytest.fixture(autouse=True)
def no_default_pin_factory() -> Iterator[None]:
    """Every device here gets its factory explicitly; a device that falls back to the default is a bug."""
    before = Device.pin_factory
    yield
    assert Device.pin_factory is before
