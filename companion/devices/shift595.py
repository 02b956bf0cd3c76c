"""Many single-colour LEDs on a chain of 74HC595 shift registers, driven by three pins.

Output 0 is QA of the register wired to the Pi; output 8 is QA of the next one, and so on. Each update shifts
the whole chain, last output first (so it travels furthest), then pulses the latch so every LED changes at
once. An optional output-enable pin (the 595s' /OE, active low) dims the whole chain by PWM and keeps the
outputs dark until the chain has been cleared at start-up.
"""

from __future__ import annotations

from collections.abc import Mapping

from gpiozero import DigitalOutputDevice, PWMOutputDevice
from gpiozero.exc import PinPWMUnsupported
from gpiozero.pins import Factory

from companion.devices.backend import ChangeWriter, LightBackend
from companion.devices.light import Light
from companion.locale import ngettext

OUTPUTS_PER_REGISTER = 8


class Shift595Backend(LightBackend):
    kind = "shift595"
    renders_blink = False

    def __init__(
        self,
        outputs: Mapping[str, int],
        data_pin: int,
        clock_pin: int,
        latch_pin: int,
        registers: int,
        pin_factory: Factory,
        enable_pin: int | None = None,
        brightness: float = 1.0,
    ) -> None:
        size = registers * OUTPUTS_PER_REGISTER
        outside = {n: o for n, o in outputs.items() if not 0 <= o < size}
        if outside:
            raise ValueError(f"outputs beyond a chain of {registers} registers: {outside}")
        self._outputs = dict(outputs)
        self._bits = [False] * size
        self._data = DigitalOutputDevice(data_pin, pin_factory=pin_factory)
        self._clock = DigitalOutputDevice(clock_pin, pin_factory=pin_factory)
        self._latch = DigitalOutputDevice(latch_pin, pin_factory=pin_factory)
        self._enable: DigitalOutputDevice | PWMOutputDevice | None = None
        if enable_pin is not None:
            try:
                self._enable = PWMOutputDevice(enable_pin, active_high=False, pin_factory=pin_factory)
            except PinPWMUnsupported:
                self._enable = DigitalOutputDevice(enable_pin, active_high=False, pin_factory=pin_factory)
        self._shift_out()  # clear whatever the registers woke up with, then let the outputs show
        if self._enable is not None:
            self._enable.value = brightness if isinstance(self._enable, PWMOutputDevice) else 1
        self._wiring = (registers, data_pin, clock_pin, latch_pin)
        self._writer = ChangeWriter(self._write, name="lights-595")

    def apply(self, changes: Mapping[str, Light]) -> None:
        self._writer.submit({n: light for n, light in changes.items() if n in self._outputs})

    def flush(self, timeout: float | None = None) -> bool:
        return self._writer.flush(timeout)

    def _write(self, batch: dict[str, Light]) -> None:
        for name, light in batch.items():
            self._bits[self._outputs[name]] = light.intensity() > 0
        self._shift_out()

    def _shift_out(self) -> None:
        for bit in reversed(self._bits):
            self._data.value = bit
            self._clock.on()
            self._clock.off()
        self._latch.on()
        self._latch.off()

    def describe(self) -> str:
        registers, data, clock, latch = self._wiring
        return ngettext(
            "shift595: {count} register on data {data}, clock {clock}, latch {latch}",
            "shift595: {count} registers on data {data}, clock {clock}, latch {latch}",
            registers,
        ).format(count=registers, data=data, clock=clock, latch=latch)

    def close(self) -> None:
        """Darkens the chain, then releases the pins (a pull-up on /OE keeps it dark while nothing drives it)."""
        self._writer.close()
        self._bits = [False] * len(self._bits)
        self._shift_out()
        for device in (self._data, self._clock, self._latch, self._enable):
            if device is not None:
                device.close()
