"""Set-up: steps A to F with who does each, the chains as they are begun, and the way to turn the next card."""

from __future__ import annotations

from companion.games.thunderbirds_solitaire.ui.presenters.common import Item
from companion.games.thunderbirds_solitaire.ui.presenters.setup import present_setup
from companion.games.thunderbirds_solitaire.ui.screens.common import fill_items, show_chains
from companion.ui.screens.base import BaseScreen


class SolitaireSetupScreen(BaseScreen):
    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot if app.controller else None
        if snapshot is None:
            return
        shown = app.pack.public_view(snapshot.state)  # the shared screen: the deck's order hidden
        view = present_setup(shown, snapshot.legal)
        ids = self.ids
        ids.title.text = view.title
        ids.progress.text = view.progress
        ids.undo.disabled = not snapshot.can_undo
        show_chains(ids.chains, view.chains, None, self._card)
        items = list(view.items)
        if view.returned and not view.is_done:
            items.insert(0, Item("text", view.returned, "bad"))
        items += [Item("text", step.line().text, step.line().style) for step in view.steps]
        fill_items(ids.entries, items, self._press)

    def _press(self, key: str) -> None:
        if key == "setup:start":
            self.app.go("table")
        else:
            self.app.perform(key)

    def _card(self, key: str) -> None:
        if key.startswith("card:"):
            self.app.pack_ui.show_card(key.removeprefix("card:"))
