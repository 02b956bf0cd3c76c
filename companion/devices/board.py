"""Starts the physical board for the app: the configured lights (or the on-screen mirror) and the buttons.

Nothing here stops the app: a back-end that cannot start is replaced by the mirror, with the reason kept
for the screen; buttons that cannot start are left out, with the reason too.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.devices.backend import LightBackend
from companion.devices.controller import LightsController
from companion.devices.options import BoardConfig, LightsConfig
from companion.devices.recording import MirrorBackend, RecordingBackend
from companion.devices.scene import LightScene
from companion.locale import _

if TYPE_CHECKING:  # gpiozero is loaded only when buttons or GPIO lights are configured
    from gpiozero.pins import Factory

    from companion.devices.buttons import ButtonPanel

OnCommand = Callable[[str], None]

log = logging.getLogger(__name__)

Clock = Callable[[], float]


def open_backend(
    lights: LightsConfig,
    pin_factory: Factory | None = None,
    clock: Clock = time.monotonic,
) -> LightBackend:
    """The configured back-end, opened. Hardware errors propagate (gpiozero's, pyserial's, ...)."""
    if lights.backend == "mirror":
        return MirrorBackend(clock=clock)
    if lights.backend == "recording":
        return RecordingBackend(clock=clock)
    light_map = lights.map
    assert light_map is not None, "hardware back-ends always come with a checked map"
    if lights.backend == "serial":
        from companion.devices.serial_link import SerialBackend

        return SerialBackend(
            light_map.positions,
            port=lights.port,
            baud=lights.baud,
            brightness=lights.brightness,
            clock=clock,
        )
    if pin_factory is None:
        from companion.devices.gpio import default_pin_factory

        pin_factory = default_pin_factory()
    if lights.backend == "gpio":
        from companion.devices.gpio import GpioBackend

        return GpioBackend(light_map.leds, pin_factory=pin_factory, pwm=light_map.pwm, brightness=lights.brightness)
    from companion.devices.shift595 import Shift595Backend

    wiring = light_map.shift595
    assert wiring is not None
    return Shift595Backend(
        light_map.positions,
        wiring.data,
        wiring.clock,
        wiring.latch,
        wiring.registers,
        pin_factory=pin_factory,
        enable_pin=wiring.enable,
        brightness=lights.brightness,
    )


@dataclass
class Board:
    """The lights controller (feed it views), the back-end behind it, the buttons, and what went wrong."""

    lights: LightsController
    backend: LightBackend
    buttons: ButtonPanel | None
    problems: tuple[str, ...]
    #: The game's lights the board shows (its LED names, the mirror's rows).
    scene: LightScene | None = None

    @property
    def mirror(self) -> MirrorBackend | None:
        """The on-screen mirror, when the lights are shown on screen."""
        return self.backend if isinstance(self.backend, MirrorBackend) else None

    def close(self) -> None:
        if self.buttons is not None:
            self.buttons.close()
        self.lights.close()


def start_board(
    config: BoardConfig,
    scene: LightScene | int,
    on_command: OnCommand,
    config_problem: str | None = None,
    pin_factory: Factory | None = None,
    clock: Clock = time.monotonic,
    tick: bool = True,
) -> Board:
    """The board as configured, showing `scene` (a game's lights; a number is the Hood track's length of
    Thunderbirds', the game `[lights] map` is for). `config.lights.map` must be this game's map.
    `config_problem` is what `load_config_or_default` reported, if anything."""
    if isinstance(scene, int):
        from companion.devices.scene import default_scene

        scene = default_scene(scene)
    problems = [config_problem] if config_problem else []
    lights_config = config.lights
    mirror_colour = lights_config.colour if lights_config.colour is not None else True
    try:
        backend = open_backend(lights_config, pin_factory, clock)
        layout = lights_config.map.layout() if lights_config.map else scene.complete(rgb=mirror_colour)
    except Exception as exc:
        reason = _("the {backend} lights could not start: {error}").format(backend=lights_config.backend, error=exc)
        log.warning("%s", reason)
        problems.append(reason)
        backend = MirrorBackend(clock=clock)
        layout = scene.complete(rgb=mirror_colour)
    if isinstance(backend, MirrorBackend) and problems:
        backend.reason = problems[0]
    buttons = None
    if config.buttons.pins:
        try:
            if pin_factory is None:
                from companion.devices.gpio import default_pin_factory

                pin_factory = default_pin_factory()
            from companion.devices.buttons import ButtonPanel

            buttons = ButtonPanel(config.buttons, pin_factory, on_command)
        except Exception as exc:
            reason = _("the buttons could not start: {error}").format(error=exc)
            log.warning("%s", reason)
            problems.append(reason)
    lights = LightsController(layout, backend, clock=clock)
    if tick:
        lights.start()
    return Board(lights=lights, backend=backend, buttons=buttons, problems=tuple(problems), scene=scene)
