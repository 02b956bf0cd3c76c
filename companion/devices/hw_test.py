"""`companion hw-test`: checks a physical build by hand.

Walks every LED in order, alone and fully lit, printing its name and where it is wired; echoes button
presses; reports the serial link (controller name, LED count, errors). Run it on the Pi after wiring:

    companion hw-test                      # the configured back-end, Thunderbirds' map
    companion hw-test --game NAME          # another game's map ([lights.maps] NAME)
    COMPANION_LIGHTS=serial companion hw-test --step 1.5
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from gpiozero.pins import Factory

from companion.config import ButtonsConfig, read_config
from companion.devices.backend import LightBackend
from companion.devices.board import open_backend
from companion.devices.buttons import ButtonPanel
from companion.devices.light import OFF, WHITE, Light
from companion.devices.lightmap import LightMap
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


def _missing_map(game: str, why: str, backend: str, in_config: bool, config_file: Path | None) -> str:
    """The game's light map problem, naming the game and where its map was looked for (`in_config`: the config
    file names one in `[lights.maps]`)."""
    from companion.devices.lightmap import DEFAULT_MAPS, map_path
    from companion.engine import registry

    title = registry.info(game).title.text() if registry.is_installed(game) else game
    if in_config or backend not in DEFAULT_MAPS:
        return _("Config problem: {title} ({game}): {problem}").format(title=title, game=game, problem=why)
    return _(
        "Config problem: {title} ({game}) has no light map for the {backend} lights: {config} has no "
        "[lights.maps] {game}, and there is no {file}."
    ).format(
        title=title,
        game=game,
        backend=backend,
        config=config_file or _("the config file"),
        file=map_path(DEFAULT_MAPS[backend], None, game),
    )


def main(
    argv: Sequence[str] = (),
    pin_factory: Factory | None = None,
    out: TextIO | None = None,
    wait: Callable[[float], None] = time.sleep,
) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="companion hw-test", description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, help="the config file (default: the one the app reads)")
    parser.add_argument("--step", type=float, default=0.7, help="seconds each LED stays lit (default 0.7)")
    parser.add_argument("--buttons", type=float, default=30.0, help="seconds to echo button presses (default 30)")
    parser.add_argument("--link", type=float, default=5.0, help="seconds to wait for the serial controller")
    parser.add_argument("--game", default=None, help="the game whose light map to walk (default: Thunderbirds)")
    args = parser.parse_args(list(argv))

    def say(text: str) -> None:
        print(text, file=out, flush=True)

    config = read_config(args.config, must_exist=args.config is not None)
    if config.problems:  # every one, one line each: a builder fixes them in one go
        for problem in config.problems:
            say(_("Config problem: {problem}").format(problem=problem))
        return 2
    lights = config.lights
    if args.game is not None:
        from companion.config import game_light_map
        from companion.devices.scene import scene_for
        from companion.engine import registry
        from companion.engine.errors import UnknownGame

        try:
            scene = scene_for(args.game)
        except UnknownGame as error:
            say(str(error))
            return 2
        if scene is None:
            say(_("The game {name} does not use the board lights.").format(name=args.game))
            return 2
        if args.game != registry.DEFAULT_GAME:
            game_map, why = game_light_map(config, args.game, scene)
            if why:
                say(_missing_map(args.game, why, lights.backend, args.game in lights.maps, config.source))
                return 2
            lights = dataclasses.replace(lights, map=game_map)
    light_map = lights.map
    say(_("Config: {file}").format(file=config.source or _("none (defaults)")))
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
            connected = link(args.link)
            say(_("Serial link: {status}").format(status=backend.describe()))
            if not connected:
                status, patience = 1, 0.0  # still list the LEDs, without waiting on a link that is not there
        if layout is not None:
            _walk(layout, light_map, backend, args.step, patience, wait, say)
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
    if config.buttons.pins and args.buttons > 0:
        _echo_buttons(config.buttons, pin_factory, args.buttons, wait, say)
    elif not config.buttons.pins:
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


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
