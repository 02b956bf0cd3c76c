"""What `companion hw-test` does with the lights and buttons it is given: checks a physical build by hand.

Walks every LED in order, alone and fully lit, printing its name and where it is wired; echoes button
presses; reports the serial link (controller name, LED count, errors). Run it on the Pi after wiring:

    companion hw-test                      # the configured back-end, Thunderbirds' map
    companion hw-test --game NAME          # another game's map ([lights.maps] NAME)
    COMPANION_LIGHTS=serial companion hw-test --step 1.5

The command (`companion.hardware_check`) reads the config file and the game's map; this module never does.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from gpiozero.pins import Factory

from companion.devices.backend import LightBackend
from companion.devices.board import open_backend
from companion.devices.buttons import ButtonPanel
from companion.devices.light import OFF, WHITE, Light
from companion.devices.lightmap import LightMap
from companion.devices.options import ButtonsConfig, LightsConfig
from companion.devices.scene import SceneLayout
from companion.devices.serial_link import SerialBackend
from companion.locale import _

ON = Light(WHITE, 1.0)


def _where(light_map: LightMap | None, name: str) -> str:
    """Where an LED is wired, as the builder will look for it."""
    if light_map is None or name not in light_map.leds:
        return ""
    spot = light_map.leds[name]
    backend = light_map.backend
    if backend == "gpio":
        return f"GPIO {spot}" if isinstance(spot, int) else "GPIO " + "/".join(map(str, spot)) + " (R/G/B)"
    return _("position {n}").format(n=spot) if backend == "serial" else _("output {n}").format(n=spot)


def check(
    lights: LightsConfig,
    buttons: ButtonsConfig,
    say: Callable[[str], None],
    *,
    step: float = 0.7,
    buttons_seconds: float = 30.0,
    link_seconds: float = 5.0,
    pin_factory: Factory | None = None,
    wait: Callable[[float], None] = time.sleep,
) -> int:
    """Walks the LEDs of `lights` (its map resolved for the game checked), reports the serial link, then echoes
    `buttons`; 0 when all went through, 1 when the lights could not start or the link never answered."""
    light_map = lights.map
    say(
        _("Lights: {backend}{env}").format(
            backend=lights.backend, env=" (COMPANION_LIGHTS)" if lights.backend_from_env else ""
        )
    )
    if light_map is None and lights.backend_source == "default":
        say(_("No LED hardware is configured: set [lights] backend, or COMPANION_LIGHTS=gpio|shift595|serial."))
        layout = None
    elif light_map is None:
        say(
            _(
                "The {backend} back-end drives no LEDs, so there are none to walk: to test a build, set [lights] "
                "backend, or COMPANION_LIGHTS, to gpio, shift595 or serial."
            ).format(backend=lights.backend)
        )
        layout = None
    else:
        say(
            _("Map: {source}, {count} LEDs, {kind}").format(
                source=light_map.source,
                count=len(light_map.leds),
                kind=_("colour") if light_map.rgb else _("single colour"),
            )
        )
        layout = light_map.layout()
    status = 0
    try:
        backend = open_backend(lights, pin_factory)
    except Exception as exc:
        say(_("The lights could not start: {error}").format(error=exc))
        return 1
    try:
        link = getattr(backend, "wait_connected", None)
        patience = 5.0
        if link is not None:
            connected = link(link_seconds)
            say(_("Serial link: {status}").format(status=backend.describe()))
            if not connected:
                status, patience = 1, 0.0  # still list the LEDs, without waiting on a link that is not there
        if layout is not None:
            _walk(layout, light_map, backend, step, patience, wait, say)
        if isinstance(backend, SerialBackend):
            say(_("Serial link after the walk: {status}").format(status=backend.describe()))
            final = backend.status()
            say(
                _("Sent {bytes} bytes; refused packets {naks}; garbage received {garbage}; drops {drops}").format(
                    bytes=final.bytes_sent, naks=final.naks, garbage=final.garbage, drops=final.drops
                )
            )
    finally:
        backend.close()
    if buttons.pins and buttons_seconds > 0:
        _echo_buttons(buttons, pin_factory, buttons_seconds, wait, say)
    elif not buttons.pins:
        say(_("No buttons are configured ([buttons] in the config)."))
    return status


def _walk(
    layout: SceneLayout,
    light_map: LightMap | None,
    backend: LightBackend,
    step: float,
    patience: float,
    wait: Callable[[float], None],
    say: Callable[[str], None],
) -> None:
    """Each LED alone, in canonical order, for `step` seconds; `patience` bounds each wait for the write."""
    names = layout.names
    say(_("Walking {count} LEDs, {step} s each:").format(count=len(names), step=step))
    backend.apply(dict.fromkeys(names, OFF))
    previous = None
    for i, name in enumerate(names, start=1):
        changes = {name: ON}
        if previous is not None:
            changes[previous] = OFF
        backend.apply(changes)
        written = backend.flush(patience)
        say(
            f"  {i:3d}/{len(names)}  {name:28s} {_where(light_map, name)}"
            + ("" if written else "  " + _("(not written)"))
        )
        wait(step)
        previous = name
    if previous is not None:
        backend.apply({previous: OFF})
        backend.flush(patience)


def _echo_buttons(
    buttons_config: ButtonsConfig,
    pin_factory: Factory | None,
    seconds: float,
    wait: Callable[[float], None],
    say: Callable[[str], None],
) -> None:
    """Prints every command the buttons send for `seconds` (`wait` is where a person presses them)."""
    from companion.devices.gpio import default_pin_factory

    pins = dict(buttons_config.pins)
    lock = threading.Lock()

    def echo(command: str) -> None:
        with lock:
            say(_("Button: {command} (GPIO {pin})").format(command=command, pin=pins[command]))

    panel = ButtonPanel(buttons_config, pin_factory or default_pin_factory(), echo)
    try:
        for line in panel.describe():
            say("  " + line)
        say(_("Press the buttons ({seconds:g} s; hold for undo)...").format(seconds=seconds))
        wait(seconds)
    finally:
        panel.close()
