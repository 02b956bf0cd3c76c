"""New game: the players, the board, the bases and starting squares (our default, or changed on the squares
screen), the language; "Start the game" deals it and opens the set-up guide."""

from __future__ import annotations

import secrets
from typing import Any

from kivy.factory import Factory

from companion.games.warpspawn_thunderbirds.loader import default_definitions
from companion.games.warpspawn_thunderbirds.ui.presenters.setup import (
    SetupDraft,
    present_new_game,
    with_players,
    with_size,
)
from companion.locale import LANGUAGE_NAMES
from companion.ui.presenters.lines import ButtonView
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.text import TouchButton


class WarpspawnNewGameScreen(BaseScreen):
    def render_key(self) -> object:
        return None  # the draft lives in the pack's hooks: always drawn afresh (a cheap screen)

    def on_pre_enter(self, *args: Any) -> None:
        hooks = self.app.pack_ui
        if not hooks.keep_draft:  # a new visit from Home starts afresh; back from the squares screen keeps them
            hooks.draft = SetupDraft()
        hooks.keep_draft = False
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        app = self.app
        defs = default_definitions()
        draft = app.pack_ui.draft
        view = present_new_game(app.pack.info, draft, defs)
        ids = self.ids
        ids.title.text = view.title
        ids.start.text = view.start_label
        ids.start.disabled = bool(view.problem)
        box = ids.body
        box.clear_widgets()
        self._label(box, view.players_label, bold=True)
        self._row(box, view.players)
        self._label(box, view.size_label, bold=True)
        self._row(box, view.sizes)
        self._label(box, view.squares_label, bold=True)
        for line in view.squares:
            text = Factory.PopupText(text=line.text, style=line.style)
            box.add_widget(text)
        if view.problem:
            box.add_widget(Factory.PopupText(text=view.problem, style="bad"))
        self._row(box, (ButtonView("open:squares", view.change_label),))
        self._label(box, view.language_label, bold=True)
        self._row(
            box,
            tuple(
                ButtonView(f"language:{key}", name, "primary" if key == app.language else "normal")
                for key, name in LANGUAGE_NAMES.items()
            ),
        )

    def _label(self, box: Any, text: str, bold: bool = False) -> None:
        box.add_widget(Factory.WarpNewGameLine(text=text, bold=bold))

    def _row(self, box: Any, buttons: tuple[ButtonView, ...]) -> None:
        row = Factory.WarpNewGameRow()
        for view in buttons:
            button = TouchButton(
                text=("✓ " if view.role == "primary" else "") + view.label, role=view.role, action_key=view.key
            )
            button.bind(on_release=lambda b: self.press(b.action_key))
            row.add_widget(button)
        box.add_widget(row)

    def press(self, key: str) -> None:
        app = self.app
        hooks = app.pack_ui
        if key.startswith("players:"):
            hooks.draft = with_players(hooks.draft, int(key.split(":")[1]))
        elif key.startswith("option:size:"):
            hooks.draft = with_size(hooks.draft, int(key.rsplit(":", 1)[1]))
        elif key.startswith("language:"):
            app.change_settings(language=key.split(":")[1])
            return
        elif key == "open:squares":
            app.go("squares")
            return
        self.refresh()

    def start(self) -> None:
        app = self.app
        draft: SetupDraft = app.pack_ui.draft
        seed = int(self.params.get("seed") or app.next_seed or secrets.randbits(62))
        app.next_seed = None
        app.start_game(app.pack.setup_for(draft.players, draft.options(default_definitions())), seed)
