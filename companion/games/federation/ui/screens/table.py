"""The systems list: each system of the players' map at a glance, tap one for its record; the way to a fleet
entering, the turn, revenue, victory and our readings; Add a system and End turn."""

from __future__ import annotations

from typing import Any

from companion.games.federation import actions as act
from companion.games.federation.ui.presenters.table import present_table
from companion.games.federation.ui.screens.common import FedScreen
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import TouchButton


class FedTableScreen(FedScreen):
    def refresh(self) -> None:
        snapshot = self.snapshot
        app = self.app
        if snapshot is None or not app.pack.is_loaded:
            return
        view = present_table(snapshot.state, self.defs, snapshot.legal)
        ids = self.ids
        ids.title.text = view.title
        ids.banner.text = view.banner
        ids.undo.disabled = not snapshot.can_undo
        for button, row in zip(refill(ids.rows, len(view.rows), self._row_button), view.rows):
            button.text = f"{row.title}\n{row.detail}"
            button.action_key = row.key
            button.role = "primary" if row.waiting else "normal"
            button.height = app.target * 1.3
        for index, spec in enumerate((*view.side, view.end_turn)):
            button = ids[f"side_{index}"]
            button.text, button.role, button.action_key = spec.label, spec.role, spec.key
            button.disabled = not spec.enabled

    def _row_button(self) -> TouchButton:
        button = TouchButton(size_hint_y=None, halign="left", base_font_size=self.app.font_small)
        button.bind(on_release=lambda b: self.press(b.action_key))
        return button

    def press(self, key: str) -> Any:
        if key == "fix:add-system":
            self.correct(act.AddSystem(""))
        else:
            self.app.perform(key)
