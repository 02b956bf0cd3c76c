"""What a screen may use of the app, and nothing more: the game in play (its snapshot and pack), the commands
(perform a button's key, start, resume, export...), going to another screen, running work on the session
worker, telling the players in the notice bar, saving the open game's data, and listing the games again.

Screens reach it as `self.context` (`companion.ui.screens.base.BaseScreen`); the app builds one when it starts.
A screen that still asks the app (`self.app`) finds the same things there: the compatibility path for pack
screens not moved yet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.ui.commands import GameCommands
from companion.ui.controller import GameController, GameSnapshot
from companion.ui.screens_host import ScreensHost
from companion.ui.shelf import GameShelf
from companion.ui.worker import SessionWorker


@dataclass(frozen=True)
class ScreenContext:
    controller: GameController
    commands: GameCommands
    screens: ScreensHost
    worker: SessionWorker
    #: The open game's pack (`companion.engine.pack.Pack`), asked each time: another game may be opened.
    current_pack: Callable[[], Any]
    #: Shows a short message in the notice bar: (text, seconds=6.0).
    notify: Callable[..., None]
    #: The installed games (Home's picker), the declarations that failed, the USB sticks plugged in.
    shelf: GameShelf
    #: Looks for the installed games again (a game was added) and shows them on Home.
    list_games: Callable[[], None]

    @property
    def snapshot(self) -> GameSnapshot | None:
        return self.controller.snapshot

    @property
    def pack(self) -> Any:
        return self.current_pack()

    def perform(self, key: str) -> None:
        """What the button with this key does (an action, a screen, a chooser)."""
        self.commands.perform(key)

    def send(self, action: Any) -> None:
        """Dispatches one action the screen built itself (a row's move); ignored while the last is being saved."""
        self.commands.send_action(action)

    def go(self, name: str, **params: Any) -> None:
        self.screens.go(name, **params)

    def back(self) -> None:
        self.screens.back()

    def run(
        self,
        work: Callable[[], Any],
        done: Callable[[Any], None] | None = None,
        failed: Callable[[BaseException], None] | None = None,
    ) -> None:
        """Runs `work` on the session worker (never in a frame); `done(result)` then runs on the main thread, and
        a failure is told in the notice bar unless `failed` is given."""
        self.worker.submit(work, done, failed or self.tell_error)

    def tell_error(self, error: BaseException) -> None:
        """The notice bar says what went wrong (a `CompanionError`'s message, else the error's text)."""
        self.notify(getattr(error, "message", None) or str(error))

    def save_pack_data(
        self,
        write: Callable[[], Any],
        done: Callable[[Any], None] | None = None,
        failed: Callable[[BaseException], None] | None = None,
    ) -> None:
        """Writes the open game's data on the worker (a data editor's save): its saved games keep first what they
        were played with, then `write` runs."""
        game = self.pack.info.name

        def work() -> Any:
            self.controller.keep_games_as_played(game)
            return write()

        self.run(work, done, failed)
