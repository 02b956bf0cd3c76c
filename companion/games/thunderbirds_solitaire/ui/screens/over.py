"""The end of a game, as the player declared it."""

from __future__ import annotations

from companion.games.thunderbirds_solitaire.ui.presenters.common import Item
from companion.games.thunderbirds_solitaire.ui.presenters.over import present_over
from companion.games.thunderbirds_solitaire.ui.screens.common import fill_items
from companion.ui.screens.base import BaseScreen


class SolitaireOverScreen(BaseScreen):
    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot if app.controller else None
        if snapshot is None:
            return
        shown = app.pack.public_view(snapshot.state)  # the shared screen: the deck's order hidden
        view = present_over(shown, snapshot.history)
        self.ids.title.text = view.title
        self.ids.undo.disabled = not snapshot.can_undo
        fill_items(self.ids.entries, [Item("text", line.text, line.style) for line in view.lines], app.perform)
