"""The big buttons on the table: gpiozero `Button`s mapped to the app's commands.

Commands are "end_turn", "roll", "confirm" and "undo". Undo fires on a long press only, so a stray touch
never undoes anything; it may share its button with another command, which then fires on a short press
(when the button is released before the long press). The app maps commands to session actions and hands
them to the same session as the screen; `on_command` is called on gpiozero's thread, so a Kivy app must
hop to its own thread there (`Clock.schedule_once`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from gpiozero import Button
from gpiozero.pins import Factory

from companion.devices.options import LONG_PRESS_COMMAND, ButtonsConfig

log = logging.getLogger(__name__)

OnCommand = Callable[[str], None]


class _PhysicalButton:
    """One button and the commands on it: at most one short-press command, and maybe the long-press one."""

    def __init__(
        self,
        pin: int,
        short: str | None,
        long: str | None,
        config: ButtonsConfig,
        pin_factory: Factory,
        fire: OnCommand,
    ) -> None:
        self.pin, self.short, self.long = pin, short, long
        self._fire = fire
        self._held = False
        self._lock = threading.Lock()
        self.device = Button(
            pin,
            pull_up=True,
            bounce_time=config.bounce_time or None,
            hold_time=config.long_press,
            pin_factory=pin_factory,
        )
        if long is None:
            self.device.when_pressed = self._pressed_now
        else:
            self.device.when_pressed = self._pressed
            self.device.when_held = self._held_down
            if short is not None:
                self.device.when_released = self._released

    def _pressed_now(self) -> None:
        assert self.short is not None
        self._fire(self.short)

    def _pressed(self) -> None:
        with self._lock:
            self._held = False

    def _held_down(self) -> None:
        with self._lock:
            self._held = True
        assert self.long is not None
        self._fire(self.long)

    def _released(self) -> None:
        with self._lock:
            held = self._held
        if not held:
            assert self.short is not None
            self._fire(self.short)

    def close(self) -> None:
        self.device.close()


class ButtonPanel:
    """Every configured button; `on_command(command)` is called once per press (or long press)."""

    def __init__(self, config: ButtonsConfig, pin_factory: Factory, on_command: OnCommand) -> None:
        self._on_command = on_command
        by_pin: dict[int, list[str]] = {}
        for command, pin in config.pins.items():
            by_pin.setdefault(pin, []).append(command)
        self.buttons: list[_PhysicalButton] = []
        try:
            for pin, commands in sorted(by_pin.items()):
                short = next((c for c in commands if c != LONG_PRESS_COMMAND), None)
                long = LONG_PRESS_COMMAND if LONG_PRESS_COMMAND in commands else None
                self.buttons.append(_PhysicalButton(pin, short, long, config, pin_factory, self._fire))
        except Exception:
            self.close()
            raise

    def _fire(self, command: str) -> None:
        try:
            self._on_command(command)
        except Exception:  # a failing handler must not kill gpiozero's event thread
            log.exception("button command %r failed", command)

    def describe(self) -> list[str]:
        lines = []
        for button in self.buttons:
            parts = [p for p in (button.short, f"{button.long} (hold)" if button.long else None) if p]
            lines.append(f"GPIO {button.pin}: {', '.join(parts)}")
        return lines

    def close(self) -> None:
        for button in self.buttons:
            button.close()
        self.buttons = []
