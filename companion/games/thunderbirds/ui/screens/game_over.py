"""Game over: the result and why, the score, a summary; undo stays possible from History."""

from __future__ import annotations

from companion.games.thunderbirds.ui.presenters.game_over import present_game_over
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.popups import PopupText


class GameOverScreen(BaseScreen):
    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot
        if snapshot is None:
            return
        if snapshot.state.outcome is None:  # undone from History: the game goes on
            app.go("table")
            return
        view = present_game_over(
            snapshot.state, app.pack.defs_for(snapshot.state), snapshot.history, app.pack.character_name
        )
        ids = self.ids
        ids.title.text = view.title
        ids.title.color = (0.3, 0.85, 0.45, 1) if view.won else (0.95, 0.4, 0.35, 1)
        ids.reason.text = view.reason
        ids.score.text = view.score_total
        box = ids.lines
        box.clear_widgets()
        for line in view.score_lines:
            box.add_widget(PopupText(text=line.text, style="good" if view.won else "normal"))
        for line in view.summary:
            box.add_widget(PopupText(text=line.text, style="dim"))

    def new_game(self) -> None:
        self.app.leave_game()
        self.app.go("new_game")
