"""Buttons on gpiozero's MockFactory: presses become commands; undo only on a long press."""

from __future__ import annotations

import threading
from types import MappingProxyType

from gpiozero.pins.mock import MockFactory

from companion.config import ButtonsConfig
from companion.devices.buttons import ButtonPanel


class Commands:
    """Collects commands and lets the test wait for one (gpiozero's hold thread fires long presses)."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self._cond = threading.Condition()

    def __call__(self, command: str) -> None:
        with self._cond:
            self.seen.append(command)
            self._cond.notify_all()

    def wait_for(self, count: int, timeout: float = 10.0) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: len(self.seen) >= count, timeout)


def config(long_press: float = 5.0, **pins: int) -> ButtonsConfig:
    return ButtonsConfig(pins=MappingProxyType(pins), long_press=long_press, bounce_time=0.05)


def press(factory: MockFactory, pin: int) -> None:
    factory.pin(pin).drive_low()  # pulled up: pressing connects the pin to ground


def release(factory: MockFactory, pin: int) -> None:
    factory.pin(pin).drive_high()


def test_each_button_sends_its_command_once_per_press(mock_factory: MockFactory) -> None:
    commands = Commands()
    panel = ButtonPanel(config(end_turn=5, roll=6, confirm=13), mock_factory, commands)
    try:
        for pin in (6, 6, 5, 13):
            press(mock_factory, pin)
            release(mock_factory, pin)
        assert commands.seen == ["roll", "roll", "end_turn", "confirm"]
    finally:
        panel.close()


def test_buttons_are_pulled_up_and_debounced(mock_factory: MockFactory) -> None:
    panel = ButtonPanel(config(roll=6), mock_factory, Commands())
    try:
        pin = mock_factory.pin(6)
        assert pin.pull == "up" and pin.state is True, "idle buttons read high"
        assert pin.bounce == 0.05
    finally:
        panel.close()


def test_undo_needs_a_long_press(mock_factory: MockFactory) -> None:
    commands = Commands()
    panel = ButtonPanel(config(long_press=0.05, undo=19), mock_factory, commands)
    try:
        press(mock_factory, 19)
        assert commands.wait_for(1)
        release(mock_factory, 19)
        assert commands.seen == ["undo"]
    finally:
        panel.close()


def test_a_short_press_on_the_undo_button_does_nothing(mock_factory: MockFactory) -> None:
    commands = Commands()
    panel = ButtonPanel(config(long_press=5.0, undo=19, roll=6), mock_factory, commands)
    try:
        press(mock_factory, 19)
        release(mock_factory, 19)  # released long before the hold time: gpiozero's hold thread cannot fire
        press(mock_factory, 6)
        release(mock_factory, 6)
        assert commands.wait_for(1)
        assert commands.seen == ["roll"]
    finally:
        panel.close()


def test_undo_shares_the_confirm_button(mock_factory: MockFactory) -> None:
    """A short press confirms, on release; holding undoes, and the release after it confirms nothing."""
    commands = Commands()
    panel = ButtonPanel(config(long_press=0.05, confirm=13, undo=13), mock_factory, commands)
    try:
        press(mock_factory, 13)
        assert commands.wait_for(1)
        release(mock_factory, 13)
        assert commands.seen == ["undo"]
        panel.buttons[0].device.hold_time = 5.0  # now a quick press cannot turn into a hold
        press(mock_factory, 13)
        release(mock_factory, 13)
        assert commands.seen == ["undo", "confirm"]
    finally:
        panel.close()


def test_a_failing_command_handler_does_not_break_the_buttons(mock_factory: MockFactory) -> None:
    seen: list[str] = []

    def handler(command: str) -> None:
        seen.append(command)
        raise RuntimeError("the session refused")

    panel = ButtonPanel(config(roll=6), mock_factory, handler)
    try:
        for _ in range(2):
            press(mock_factory, 6)
            release(mock_factory, 6)
        assert seen == ["roll", "roll"]
    finally:
        panel.close()
