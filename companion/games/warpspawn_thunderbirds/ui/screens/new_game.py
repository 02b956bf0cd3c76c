"""New game: the players, the board, the bases and starting squares (our default, or changed on the squares
screen), the language; "Start the game" deals it and opens the set-up guide. The frame, the rows and the start
are the shell's (`companion.ui.screens.new_game`); the squares are this game's own."""

from __future__ import annotations

from typing import Any

from companion.games.warpspawn_thunderbirds.loader import default_definitions
from companion.games.warpspawn_thunderbirds.ui.presenters.setup import (
    SetupDraft,
    present_new_game,
    with_players,
    with_size,
)
from companion.ui.presenters.lines import ButtonView, TextLine
from companion.ui.screens.new_game import NewGameBase


class WarpspawnNewGameScreen(NewGameBase):
    def render_key(self) -> object:
        return None  # the draft lives in the pack's hooks: always drawn afresh (a cheap screen)

    def on_pre_enter(self, *args: Any) -> None:
        hooks = self.app.pack_ui
        if not hooks.keep_draft:  # a new visit from Home starts afresh; back from the squares screen keeps them
            hooks.draft = SetupDraft()
        hooks.keep_draft = False
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        view = present_new_game(self.app.pack.info, self.app.pack_ui.draft, default_definitions())
        self.frame(view.title, view.start_label, not view.problem)
        self.line("players_label", view.players_label)
        self.buttons("players", view.players)
        self.line("size_label", view.size_label)
        self.buttons("sizes", view.sizes)
        self.line("squares_label", view.squares_label)
        self.paragraphs("squares", (*view.squares, *([TextLine(view.problem, "bad")] if view.problem else [])))
        self.buttons("change", (ButtonView("open:squares", view.change_label),))
        self.languages()

    def press(self, key: str) -> None:
        hooks = self.app.pack_ui
        if key.startswith("players:"):
            hooks.draft = with_players(hooks.draft, int(key.split(":")[1]))
        elif key.startswith("option:size:"):
            hooks.draft = with_size(hooks.draft, int(key.rsplit(":", 1)[1]))
        elif key == "open:squares":
            self.app.go("squares")
            return
        else:
            super().press(key)
            return
        self.refresh()

    def setup(self) -> dict[str, Any]:
        draft: SetupDraft = self.app.pack_ui.draft
        return dict(self.app.pack.setup_for(draft.players, draft.options(default_definitions())))
