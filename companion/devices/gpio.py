"""Lights wired straight to the Pi's pins: gpiozero `LEDBoard` (plain or PWM LEDs) and `RGBLED`s.

For builds with a few LEDs: every LED takes a pin (three for an RGB LED). The pin factory is always passed in:
tests hand gpiozero's `MockFactory`, the app hands `default_pin_factory()`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gpiozero import RGBLED, Device, LEDBoard
from gpiozero.pins import Factory

from companion.devices.backend import ChangeWriter, LightBackend
from companion.devices.light import Light
from companion.locale import _

Pin = int | tuple[int, int, int]


def default_pin_factory() -> Factory:
    """gpiozero's own choice: `GPIOZERO_PIN_FACTORY` if set, else its preferred order (lgpio first, as the Pi 5
    needs)."""
    Device.ensure_pin_factory()
    assert Device.pin_factory is not None
    return Device.pin_factory


class GpioBackend(LightBackend):
    """One pin per single-colour LED (`pwm` for brightness levels), three pins per RGB LED."""

    kind = "gpio"
    renders_blink = False

    def __init__(
        self,
        pins: Mapping[str, Pin],
        pin_factory: Factory,
        pwm: bool = False,
        brightness: float = 1.0,
    ) -> None:
        self._pwm = pwm
        self._brightness = brightness
        single = [(name, pin) for name, pin in pins.items() if isinstance(pin, int)]
        self._board = LEDBoard(*(pin for _, pin in single), pwm=pwm, pin_factory=pin_factory) if single else None
        self._single = {name: i for i, (name, _) in enumerate(single)}
        self._rgb: dict[str, RGBLED] = {}
        try:
            for name, pin in pins.items():
                if not isinstance(pin, int):
                    self._rgb[name] = RGBLED(*pin, pwm=pwm, pin_factory=pin_factory)
        except Exception:
            self._close_devices()
            raise
        self._pins = dict(pins)
        self._writer = ChangeWriter(self._write, name="lights-gpio")

    def apply(self, changes: Mapping[str, Light]) -> None:
        self._writer.submit({n: light for n, light in changes.items() if n in self._pins})

    def flush(self, timeout: float | None = None) -> bool:
        return self._writer.flush(timeout)

    def _write(self, batch: dict[str, Light]) -> None:
        for name, light in batch.items():
            index = self._single.get(name)
            if index is not None:
                assert self._board is not None
                level = light.intensity(self._brightness)
                self._board[index].value = level if self._pwm else int(level > 0)
            else:
                r, g, b = light.rgb(self._brightness)
                if self._pwm:
                    self._rgb[name].value = (r / 255, g / 255, b / 255)
                else:
                    self._rgb[name].value = (int(r > 0), int(g > 0), int(b > 0))

    def describe(self) -> str:
        count, pins = len(self._pins), ", ".join(str(pin) for pin in sorted(_flat(self._pins.values())))
        return _("gpio: {count} LEDs on pins {pins}").format(count=count, pins=pins)  # French: "LED" either way

    def close(self) -> None:
        self._writer.close()
        self._close_devices()

    def _close_devices(self) -> None:
        if self._board is not None:
            self._board.close()
        for led in self._rgb.values():
            led.close()


def _flat(pins: Iterable[int | tuple[int, ...]]) -> list[int]:
    out: list[int] = []
    for pin in pins:
        out.extend(pin if isinstance(pin, tuple) else (pin,))
    return out
