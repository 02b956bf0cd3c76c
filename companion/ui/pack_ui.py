"""A pack's Kivy-side hooks: what the shell asks the open game's UI to do beyond showing its screens.

The pack names its hooks class in `Pack.ui` ("module:Class"); a pack without one gets `PackUi`, which shows the
pack's `reveal` as a plain pop-up and knows no `open:` keys of its own. The hooks are made when a game of the
pack is opened and dropped when another pack's game is, so one game's pop-ups never show in another's.
"""

from __future__ import annotations

import importlib
from typing import Any

from companion.locale import _
from companion.ui.widgets.popups import PopupButton, show_popup


class PackUi:
    def __init__(self, app: Any, pack: Any) -> None:
        #: The app: the compatibility path of hooks that still ask it for the game (`app.controller`...).
        self.app = app
        self.pack = pack

    @property
    def context(self) -> Any:
        """What the hooks may use of the app (`companion.ui.context.ScreenContext`), as screens do."""
        return self.app.context

    def after_action(self, snapshot: Any) -> None:
        """A pop-up for what the last action did (a card drawn, a roll): the pack's public `reveal`."""
        reveal = self.pack.reveal(snapshot.events, self.pack.public_view(snapshot.state))
        if reveal is not None:
            show_popup(
                reveal.title, list(reveal.lines), [PopupButton("reveal:ok", _("OK"), role="primary")], kind="reveal"
            )

    def perform(self, what: str, argument: str | None) -> bool:
        """An `open:<what>[:<argument>]` key the shell does not know: True when the pack handled it."""
        if what in self.pack.screens:
            self.context.go(what)
            return True
        return False

    def tour(self, tour: Any) -> Any:
        """The screen tour's game-specific part (`companion.ui.screen_tour`): a script that reaches every screen
        and pop-up of the pack from Home, calling `tour.look(name)` on each (a `TouchPlayer` does so on every
        screen it passes). The shell has already looked at Home, Settings, Backups, Help and New game. A pack
        declares its own as `tour` in the `ui/tour.py` beside its pack module; without one, the shell's default:
        its data editor, a new game started as New game offers it, its set-up guide, table, screens, menu, History."""
        from companion.ui.screen_tour import default_pack_tour

        name = type(self.pack).__module__.rpartition(".")[0] + ".ui.tour"
        try:
            own = importlib.import_module(name)
        except ModuleNotFoundError as error:
            if not error.name or not name.startswith(error.name):
                raise  # the pack's tour is there but imports what is not
            return default_pack_tour(tour)
        return own.tour(tour)


def hooks_for(app: Any, pack: Any) -> PackUi:
    """The open pack's hooks: the class its `Pack.ui` names ("module:Class"), else `PackUi`."""
    if not pack.ui:
        return PackUi(app, pack)
    module_name, _sep, class_name = pack.ui.partition(":")
    hooks: type[PackUi] = getattr(importlib.import_module(module_name), class_name)
    return hooks(app, pack)
