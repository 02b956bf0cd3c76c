"""The race's table screen: the position beside one section of actions (`presenters/table.py`)."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory

from companion.games.thunder_road.ui.presenters.table import present_table
from companion.ui.screens.base import BaseScreen
from companion.ui.screens.plain import fill_box


class RaceTableScreen(BaseScreen):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.section = "turn"

    def render_key(self) -> object:
        return (super().render_key(), self.section)

    def visit_name(self) -> str:
        return f"table-{self.section}"

    def refresh(self) -> None:
        context = self.context
        snapshot = context.snapshot
        if snapshot is None:
            return
        view = present_table(context.pack, snapshot.state, snapshot.legal, self.section)
        self.section = view.section
        self.ids.title.text = view.title
        self.ids.undo.disabled = not snapshot.can_undo
        lines = self.ids.lines
        lines.clear_widgets()
        for line in view.lines:
            lines.add_widget(Factory.RaceLine(text=line.text, bold=line.style == "title"))
        fill_box(self.ids.tabs, (), view.tabs, self.press)
        fill_box(self.ids.actions, (), view.buttons, self.press)

    def press(self, key: str) -> None:
        if key.startswith("section:"):
            self.section = key.partition(":")[2]
            self.refresh()
            self._shown_key = self.render_key()
        else:
            self.context.perform(key)
