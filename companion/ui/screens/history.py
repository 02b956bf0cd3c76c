"""History: every action labelled; undo, redo, or go back (or forward) to any point of the game."""

from __future__ import annotations

from kivy.factory import Factory

from companion.ui.presenters.history import present_history
from companion.ui.screens.base import BaseScreen

#: Rows built at most: a long game keeps the screen quick; older actions stay reachable by "start of the game".
MAX_ROWS = 40


class HistoryScreen(BaseScreen):
    def refresh(self) -> None:
        context = self.context
        snapshot = context.snapshot
        if snapshot is None:
            return
        view = present_history(snapshot.history, snapshot.can_undo, snapshot.can_redo)
        ids = self.ids
        ids.title.text = view.title
        ids.position.text = view.position
        ids.undo.text = view.undo_label
        ids.undo.disabled = not view.can_undo
        ids.redo.text = view.redo_label
        ids.redo.disabled = not view.can_redo
        ids.start.text = view.start_label
        ids.start.disabled = not view.can_undo
        box = ids.rows
        box.clear_widgets()
        for row in view.rows[:MAX_ROWS]:
            line = Factory.HistoryLine()
            line.ids.label.text = f"{row.seq}. {row.label}"
            line.ids.label.color = line.dim_colour if row.is_undone else line.text_colour
            line.ids.go.text = row.button
            line.ids.go.action_key = row.key
            line.ids.go.disabled = row.is_current
            line.ids.go.role = "primary" if row.is_current else "normal"
            line.ids.go.bind(on_release=lambda _b, seq=row.seq: context.controller.undo_to(seq))
            box.add_widget(line)
