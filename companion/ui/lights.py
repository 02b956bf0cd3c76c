"""The app's link to the physical board: the lights (or their on-screen mirror) and the table's buttons.

Built by the App from the config file and the Settings screen's choice of back-end; fed a new view after every
game update, on the session worker (computing a frame is pure and quick, and back-ends write on their own
threads), so the lights never cost a frame. Kivy-free.
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
        self.hood_length = 15
        self._lock = threading.Lock()

    # --- starting and stopping (on the worker) -------------------------------------------------------------

    def start(self, hood_length: int) -> LightsLink:
        from companion.config import load_config_or_default
        from companion.devices.board import start_board

        self.hood_length = hood_length
        config, problem = load_config_or_default(hood_length=hood_length)
        problems = [problem] if problem else []
        lights = config.lights
        choice = self._choice
        if choice and choice != lights.backend and not lights.backend_from_env:
            if choice in HARDWARE_BACKENDS and lights.map is None:
                problems.append(
                    _("no light map is configured for {backend}: see docs/config.md").format(backend=choice)
                )
                choice = "mirror"
            lights = dataclasses.replace(lights, backend=choice)
            config = dataclasses.replace(config, lights=lights)
        board = start_board(config, hood_length, self._on_command, "; ".join(problems) or None)
        with self._lock:
            self.board = board
            self.problems = board.problems
        return self

    def restart(self, choice: str) -> LightsLink:
        self.close()
        self._choice = choice
        return self.start(self.hood_length)

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

    def status(self) -> str:
        board = self.board
        if board is None:
            return _("The board lights are starting.")
        if self.mirror is not None:
            text = _("No board lights: the strip below the screen shows what they would.")
            if self.problems:
                text += " " + _("Why: {reason}").format(reason=self.problems[0])
            return text
        return _("Board lights: {backend}").format(backend=board.backend.describe())

    # --- feeding (on the worker) ---------------------------------------------------------------------------

    def update(self, state: Any, defs: Any, events: tuple[Any, ...]) -> None:
        board = self.board
        if board is None:
            return
        from companion.devices.thunderbirds_view import board_view, moments

        try:
            board.lights.update(board_view(state, defs), moments(events))
        except Exception:  # the lights must never stop the game
            log.exception("the lights could not show this position")

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
