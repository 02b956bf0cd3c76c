"""Adjust: the player's own moves (Lady Penelope placed by hand, pilots, pods, stored symbols), checked first."""

from __future__ import annotations

from companion.games.thunderbirds_solitaire.ui.presenters.moves import adjust_items, present_adjust
from companion.games.thunderbirds_solitaire.ui.screens.common import fill_items
from companion.ui.screens.base import BaseScreen


class SolitaireAdjustScreen(BaseScreen):
    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot if app.controller else None
        if snapshot is None:
            return
        shown = app.pack.public_view(snapshot.state)  # the shared screen: the deck's order hidden
        view = present_adjust(shown)
        self._moves = {m.key: m.action for section in view.sections for m in section.moves}
        self.ids.title.text = view.title
        self.ids.undo.disabled = not snapshot.can_undo
        fill_items(self.ids.entries, adjust_items(view), self._press)

    def _press(self, key: str) -> None:
        action = self._moves.get(key)
        if action is not None:
            self.app.pack_ui.send_checked(action)
        else:
            self.app.perform(key)
