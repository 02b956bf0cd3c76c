"""`companion hw-test`: checks a physical build by hand.

Reads the config file (and, with `--game`, that game's light map), then hands the lights and the buttons to
`companion.devices.hw_test`, which walks every LED, reports the serial link and echoes button presses:

    companion hw-test                      # the configured back-end, Thunderbirds' map
    companion hw-test --game NAME          # another game's map ([lights.maps] NAME)
    COMPANION_LIGHTS=serial companion hw-test --step 1.5
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from gpiozero.pins import Factory

from companion.config import Config, game_light_map, read_config
from companion.devices import hw_test
from companion.devices.options import LightsConfig
from companion.locale import _


def main(
    argv: Sequence[str] = (),
    pin_factory: Factory | None = None,
    out: TextIO | None = None,
    wait: Callable[[float], None] = time.sleep,
) -> int:
    output = out or sys.stdout
    parser = argparse.ArgumentParser(prog="companion hw-test", description=__doc__.splitlines()[0])
    parser.add_argument("--config", type=Path, help="the config file (default: the one the app reads)")
    parser.add_argument("--step", type=float, default=0.7, help="seconds each LED stays lit (default 0.7)")
    parser.add_argument("--buttons", type=float, default=30.0, help="seconds to echo button presses (default 30)")
    parser.add_argument("--link", type=float, default=5.0, help="seconds to wait for the serial controller")
    parser.add_argument("--game", default=None, help="the game whose light map to walk (default: Thunderbirds)")
    args = parser.parse_args(list(argv))

    def say(text: str) -> None:
        print(text, file=output, flush=True)

    config = read_config(args.config, must_exist=args.config is not None)
    if config.problems:  # every one, one line each: a builder fixes them in one go
        for problem in config.problems:
            say(_("Config problem: {problem}").format(problem=problem))
        return 2
    lights = config.lights if args.game is None else _game_lights(config, args.game, say)
    if lights is None:
        return 2
    say(_("Config: {file}").format(file=config.source or _("none (defaults)")))
    return hw_test.check(
        lights,
        config.buttons,
        say,
        step=args.step,
        buttons_seconds=args.buttons,
        link_seconds=args.link,
        pin_factory=pin_factory,
        wait=wait,
    )


def _game_lights(config: Config, game: str, say: Callable[[str], None]) -> LightsConfig | None:
    """The lights with `game`'s map (Thunderbirds' is `[lights] map`), or None once the reason is said."""
    from companion.devices.scene import scene_for
    from companion.engine import registry
    from companion.engine.errors import UnknownGame

    try:
        scene = scene_for(game)
    except UnknownGame as error:
        say(str(error))
        return None
    if scene is None:
        say(_("The game {name} does not use the board lights.").format(name=game))
        return None
    if game == registry.DEFAULT_GAME:
        return config.lights
    game_map, why = game_light_map(config, game, scene)
    if why:
        say(_missing_map(game, why, config.lights.backend, game in config.lights.maps, config.source))
        return None
    return dataclasses.replace(config.lights, map=game_map)


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


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
