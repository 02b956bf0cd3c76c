"""The games on the shelf, as Home shows them: the installed games and the declarations that failed (scanned on
the worker after the first frame), the USB sticks plugged in (Home then offers to add a game from one), and each
saved game's line in its own game's words."""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.engine import registry
from companion.engine.errors import UnknownGame
from companion.locale import _

log = logging.getLogger(__name__)

#: What Home's "Add a game from a USB stick" runs (with the screens' context): games added at run time are kits.
ADD_GAME_FROM_STICK = "companion.kit.ui.stick:add_from_stick"

Found = tuple[tuple[Any, ...], tuple[Any, ...], tuple[Path, ...]]


def first_pack() -> Any:
    """The game Home offers first: Thunderbirds when installed (read alone: no scan before the first frame), else
    the first installed game."""
    try:
        return registry.pack(registry.DEFAULT_GAME)
    except UnknownGame:
        return registry.pack(registry.available()[0].name)


class GameShelf:
    def __init__(self, first: Any) -> None:
        self.installed: tuple[Any, ...] = (first.info,)
        self.pack_problems: tuple[Any, ...] = ()
        self.usb_sticks: tuple[Path, ...] = ()

    @staticmethod
    def open(name: str, notify: Callable[[str], None]) -> Any:
        """The game `name`'s pack, or None once `notify` said why it could not be loaded (a broken pack never takes
        the app down)."""
        try:
            return registry.pack(name)
        except Exception as error:
            log.exception("game %s could not be loaded", name)
            notify(_("The game {name} could not be loaded: {problem}").format(name=name, problem=error))
            return None

    def list_games(self, submit: Callable[..., None], listed: Callable[[], None], failed: Callable[..., None]) -> None:
        """Lists the installed games on the worker (the registry keeps its scan until `registry.rescan()`: a kit
        added, a pack installed), then `listed()`."""

        def look() -> Found:
            from companion.exports import removable_drives

            return registry.available(), registry.problems(), tuple(removable_drives())

        def found_all(found: Found) -> None:
            self.installed, self.pack_problems, self.usb_sticks = found
            listed()

        submit(look, found_all, failed)

    @staticmethod
    def add_game_from_stick(context: Any) -> None:
        """Home's "Add a game from a USB stick": a game declared in one file (a kit) copied into the user's data."""
        module_name, _sep, function = ADD_GAME_FROM_STICK.partition(":")
        getattr(importlib.import_module(module_name), function)(context)

    @staticmethod
    def saved_game_line(game: Any) -> tuple[str, Any] | None:
        """Home's words for a saved game, from its own game's pack; None when that game is not installed."""
        from companion.engine.pack import default_saved_game_line

        try:
            info = registry.info(game.game)
        except UnknownGame:
            return None
        try:
            return info.title.text(), registry.pack(game.game).saved_game_line(game.summary)
        except Exception:  # a pack that cannot write its line still lists its game
            log.exception("saved game line of %s", game.game)
            return info.title.text(), default_saved_game_line(game.summary, str, str)
