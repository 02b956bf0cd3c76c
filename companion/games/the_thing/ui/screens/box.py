"""The Box screen (the pack's data editor): the facts the sources do not give, completed from the players' box
and saved in their overlay through the shell's data-editor service (never in the shipped files)."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.uix.boxlayout import BoxLayout

from companion.engine.pack import Words
from companion.games.the_thing.overlay import RELATIVE, BoxDraft, write_box
from companion.games.the_thing.ui.presenters.box import present_box
from companion.ui.data_editor import save_data
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import FitLabel, TouchButton


class ThingBoxScreen(BaseScreen):
    draft: BoxDraft | None = None

    def render_key(self) -> None:
        return None  # the draft changes under it: always drawn afresh

    def on_pre_enter(self, *args: Any) -> None:
        self.draft = None
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        pack = self.app.pack
        if not pack.is_loaded:
            return
        defs = pack.rules.definitions
        if self.draft is None:
            self.draft = BoxDraft.of(defs)
        view = present_box(defs, self.draft, str(RELATIVE))
        ids = self.ids
        ids.title.text = view.title
        ids.note.text = view.note
        ids.save.text = view.save.label
        ids.save.disabled = not view.save.enabled
        for row, spec in zip(refill(ids.rows, len(view.rows), self._row), view.rows):
            label, value, *buttons = reversed(row.children)
            label.text = spec.name
            value.text = spec.value
            for index, button in enumerate(buttons):
                shown = index < len(spec.buttons)
                button.opacity = 1 if shown else 0
                button.disabled = not shown
                button.text = spec.buttons[index].label if shown else ""
                button.action_key = spec.buttons[index].key if shown else ""

    def _row(self) -> Any:
        app = App.get_running_app()
        row = BoxLayout(size_hint_y=None, height=app.target * 1.2, spacing=app.gap)
        row.add_widget(FitLabel(base_font_size=app.font_body))
        row.add_widget(FitLabel(bold=True, halign="center", size_hint_x=None, width=app.target * 2.4))
        for _ in range(2):
            button = TouchButton(size_hint_x=None, width=app.target * 1.6)
            button.bind(on_release=lambda b: self.press(b.action_key))
            row.add_widget(button)
        return row

    def press(self, key: str) -> None:
        draft = self.draft
        if draft is None or not key:
            return
        _box, what, how = key.split(":")
        self.draft = draft.toggle_deck() if what == "deck" else draft.step(what, 1 if how == "up" else -1)
        self.refresh()

    def save(self) -> None:
        draft, app = self.draft, self.app
        if draft is None or app.worker is None:
            return

        def done(path: Any) -> None:
            self.draft = None
            saved = Words("Saved in {file}", "Enregistré dans {file}", frozenset({"en"}))
            app.show_notice(saved.text().format(file=path), 8.0)
            self.refresh()

        save_data(app, lambda: write_box(draft), done)
