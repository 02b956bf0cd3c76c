"""Lady Penelope's phase: move or flip, then escort, only the legal choices offered, every other one with its reason."""

from __future__ import annotations

from companion.games.thunderbirds_solitaire.ui.presenters.common import chain_rows, tracy_row
from companion.games.thunderbirds_solitaire.ui.presenters.lady_penelope import (
    lady_penelope_items,
    present_lady_penelope,
)
from companion.games.thunderbirds_solitaire.ui.screens.common import fill_items, show_chains
from companion.ui.screens.base import BaseScreen


class SolitaireLadyPenelopeScreen(BaseScreen):
    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot if app.controller else None
        if snapshot is None:
            return
        shown = app.pack.public_view(snapshot.state)  # the shared screen: the deck's order hidden
        events = snapshot.events if snapshot.kind == "action" else ()
        view = present_lady_penelope(shown, snapshot.legal, events)
        items = lady_penelope_items(view)
        if not items:  # out of her phase (an undo): the table it is, when this screen is the one shown
            if self.manager is not None and self.manager.current == self.name:
                app.defer(lambda: app.go("table"))
            return
        ids = self.ids
        ids.title.text = view.title
        ids.card.text = view.card.text
        ids.undo.disabled = not snapshot.can_undo
        show_chains(ids.chains, chain_rows(shown), tracy_row(shown), self._card)
        fill_items(ids.entries, items, self._press)

    def visit_name(self) -> str:
        snapshot = self.app.controller.snapshot if self.app.controller else None
        phase = snapshot.state.phase if snapshot is not None else ""
        return {"lp-move": "lady-penelope-1", "lp-escort": "lady-penelope-2"}.get(phase, "lady-penelope-done")

    def _press(self, key: str) -> None:
        if key == "lp:done":
            self.app.go("table")
        else:
            self.app.perform(key)

    def back(self) -> None:
        self.app.go("table")

    def _card(self, key: str) -> None:
        if key.startswith("card:"):
            self.app.pack_ui.show_card(key.removeprefix("card:"))
