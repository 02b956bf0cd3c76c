"""The app's link to the physical board: the lights (or their on-screen mirror) and the table's buttons.

Built by the App from the config file and the Settings screen's choice of back-end (when the players made one:
it wins over COMPANION_LIGHTS, which wins over the config file's `[lights] backend`), for the open game's
`LightScene` (its LED names and light map); fed the game's public view after every update, on the session
worker (computing a frame is pure and quick, and back-ends write on their own threads), so the lights never
cost a frame. Opening a game of another pack switches the scene: one game's lights never show in another's.
Kivy-free.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from companion.locale import _

log = logging.getLogger(__name__)

HARDWARE_BACKENDS = ("gpio", "shift595", "serial")
TEST_STEP_SECONDS = 0.08


class LightsLink:
    def __init__(self, on_command: Callable[[str], None], choice: str | None = None) -> None:
        self._on_command = on_command
        self._choice = choice
        self.board: Any = None
        self.problems: tuple[str, ...] = ()
        #: Every problem of the config file (Home and the notice bar say so; Settings lists them).
        self.config_problems: tuple[str, ...] = ()
        #: The config file read (None: there was none) and who chose the back-end ("chosen", "env", "file",
        #: "default"; see `LightsConfig.backend_source`).
        self.config_file: Any = None
        self.backend_source = "default"
        self.hood_length = 15
        self.pack: Any = None
        self.scene: Any = None
        #: Why the open game has no board lights ("" when it has them or they are off).
        self.no_lights_reason = ""
        self._lock = threading.Lock()

    # --- starting and stopping (on the worker) -------------------------------------------------------------

    def start(self, game: Any) -> LightsLink:
        """Starts the lights for `game`: a pack (`companion.engine.pack.Pack`), or a number, the Hood track's
        length of Thunderbirds' lights. A game without lights gets no board (its reason in `status`)."""
        from companion.config import game_light_map, read_config
        from companion.devices.board import start_board
        from companion.devices.scene import LightScene, default_scene, scene_of

        scene: LightScene | None
        if isinstance(game, int):
            pack, scene = None, default_scene(game)
        else:
            pack, scene = game, scene_of(game)
        self.pack, self.scene = pack, scene
        if scene is None:
            with self._lock:
                self.board, self.problems = None, ()
                self.no_lights_reason = _("This game does not use the board lights.")
            return self
        self.hood_length = int(scene.sizes.get("hood", 0))
        config = read_config(hood_length=self.hood_length or None, chosen_backend=self._choice)
        # Only the problems of the lights and the buttons explain the board; Home shows them all.
        problems = [str(problem) for problem in config.problems if problem.is_about_the_board]
        lights = config.lights
        game_map, why = game_light_map(config, scene.game, scene)
        if why:
            problems.append(why)
        lights = dataclasses.replace(lights, map=game_map)
        if lights.backend in HARDWARE_BACKENDS and game_map is None:
            lights = dataclasses.replace(lights, backend="mirror")
        config = dataclasses.replace(config, lights=lights)
        board = start_board(config, scene, self._on_command, "; ".join(problems) or None)
        with self._lock:
            self.board = board
            self.problems = board.problems
            self.config_problems = tuple(str(problem) for problem in config.problems)
            self.config_file = config.source
            self.backend_source = config.lights.backend_source
            self.no_lights_reason = ""
        return self

    def restart(self, choice: str | None) -> LightsLink:
        """Starts again with the players' choice of back-end (None: the config file's)."""
        self.close()
        self._choice = choice
        return self.start(self.pack if self.pack is not None else self.hood_length)

    def switch(self, pack: Any) -> LightsLink:
        """Another game was opened: its scene, its map (or the mirror, saying why), the previous one's gone."""
        self.close()
        return self.start(pack)

    def close(self) -> None:
        with self._lock:
            board, self.board = self.board, None
        if board is not None:
            board.close()

    # --- reading -------------------------------------------------------------------------------------------

    @property
    def mirror(self) -> Any:
        board = self.board
        return board.mirror if board is not None else None

    @property
    def is_hardware(self) -> bool:
        return self.board is not None and self.mirror is None

    def origin(self) -> str:
        """Who chose the back-end in use, in a few words for Settings."""
        file = self.config_file
        if self.backend_source == "chosen":
            return _("chosen here")
        if self.backend_source == "env":
            return _("from COMPANION_LIGHTS")
        if self.backend_source == "file":
            return _("from the config file {file}").format(file=file)
        if file is not None:
            return _("the config file {file} names no back-end").format(file=file)
        return _("there is no config file")

    def status(self) -> str:
        """One line for Settings: the lights in use and why (who chose them, or what went wrong)."""
        board = self.board
        if board is None:
            return self.no_lights_reason or _("The board lights are starting.")
        if self.mirror is not None:
            text = _("No board lights: the strip below the screen shows what they would.")
            reason = self.problems[0] if self.problems else self.origin()
            return text + " " + _("Why: {reason}").format(reason=reason)
        return _("Board lights: {backend} ({origin})").format(backend=board.backend.describe(), origin=self.origin())

    # --- feeding (on the worker) ---------------------------------------------------------------------------

    def update(self, state: Any, *rest: Any) -> None:
        """Shows `state` and animates the events (the last argument; a middle one, Thunderbirds' definitions,
        is no longer needed: the scene finds them). Only the pack's public view reaches the lights."""
        board = self.board
        scene = self.scene
        if board is None or scene is None:
            return
        events = tuple(rest[-1]) if rest else ()
        pack = self.pack
        try:
            if pack is not None:
                state = pack.public_view(state)
            board.lights.update(scene.view(state), scene.moments(events))
        except Exception:  # the lights must never stop the game
            log.exception("the lights could not show this position")

    def clear(self) -> None:
        """The game was left: the lights (and the on-screen strip) go dark until the next game shows itself."""
        board = self.board
        if board is not None:
            board.lights.clear()

    def test_pattern(self) -> None:
        """Each LED in turn, then the game's picture again; on a thread of its own."""
        board = self.board
        if board is None:
            return

        def walk() -> None:
            from companion.devices.light import OFF, WHITE, Light

            names = board.lights.layout.names
            board.backend.apply({name: OFF for name in names})
            for name in names:
                board.backend.apply({name: Light(WHITE, 1.0)})
                time.sleep(TEST_STEP_SECONDS)
                board.backend.apply({name: OFF})
            board.lights.resend()

        threading.Thread(target=walk, name="lights-test-pattern", daemon=True).start()
