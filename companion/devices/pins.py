"""Which Raspberry Pi GPIO pins (BCM numbers) a build may use."""

from __future__ import annotations

from companion.locale import _

LOWEST, HIGHEST = 0, 27
#: GPIO 0 and 1 read the HAT ID EEPROM at boot.
ID_EEPROM = (0, 1)
#: GPIO 14 and 15 are the UART's TX and RX, busy when the serial console is on.
UART = (14, 15)


def pin_problem(value: object, serial_console: bool) -> str | None:
    """Why `value` cannot be used as a pin, or None when it can."""
    if isinstance(value, bool) or not isinstance(value, int):
        return _("{value!r} is not a pin number (BCM numbering, 2-27)").format(value=value)
    if not LOWEST <= value <= HIGHEST:
        return _("pin {pin} does not exist (the header has GPIO 0-27, BCM numbering)").format(pin=value)
    if value in ID_EEPROM:
        return _("pin {pin} is reserved for the HAT ID EEPROM").format(pin=value)
    if value in UART and serial_console:
        return _(
            "pin {pin} is reserved for the serial console (set [gpio] serial_console = false if it is off)"
        ).format(pin=value)
    return None
