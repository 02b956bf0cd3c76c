"""What the companion checks: the rules it checks, our readings, and what is the player's."""

from __future__ import annotations

from companion.games.thunderbirds_solitaire.ui.presenters.common import Item
from companion.games.thunderbirds_solitaire.ui.presenters.rules_help import present_rules_help
from companion.games.thunderbirds_solitaire.ui.screens.common import fill_items
from companion.ui.screens.base import BaseScreen


class SolitaireRulesScreen(BaseScreen):
    def refresh(self) -> None:
        view = present_rules_help()
        self.ids.title.text = view.title
        items = [Item("title" if line.style == "title" else "text", line.text, line.style) for line in view.lines]
        fill_items(self.ids.entries, items, self.app.perform)
