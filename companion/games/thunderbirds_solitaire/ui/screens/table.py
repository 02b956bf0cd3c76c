"""The table: the four chains as laid out, Tracy Island, Lady Penelope's card, and what can be done now."""

from __future__ import annotations

from companion.games.thunderbirds_solitaire.ui.presenters.table import present_table
from companion.games.thunderbirds_solitaire.ui.screens.common import fill_items, show_chains
from companion.ui.screens.base import BaseScreen


class SolitaireTableScreen(BaseScreen):
    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot if app.controller else None
        if snapshot is None:
            return
        shown = app.pack.public_view(snapshot.state)  # the shared screen: the deck's order hidden
        view = present_table(shown, snapshot.legal)
        ids = self.ids
        ids.title.text = view.title
        ids.status.text = view.status
        ids.lady.text = view.lady_penelope.text
        ids.undo.disabled = not snapshot.can_undo
        show_chains(ids.chains, view.chains, view.tracy, self._card)
        fill_items(ids.entries, view.items, app.perform)

    def _card(self, key: str) -> None:
        if key.startswith("card:"):
            self.app.pack_ui.show_card(key.removeprefix("card:"))
