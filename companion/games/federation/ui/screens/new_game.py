"""New game for Federation: the races tapped in seat order, the count of systems (or their names), the language."""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any

from companion.games.federation.ui.presenters.new_game import NewGameForm, present_new_game
from companion.games.federation.ui.screens.common import FedScreen
from companion.locale import LANGUAGE_NAMES
from companion.ui.presenters.lines import ButtonView
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import TouchButton


class FedNewGameScreen(FedScreen):
    form = NewGameForm()

    def render_key(self) -> object:
        return (super().render_key(), self.form)

    def refresh(self) -> None:
        app = self.app
        if not app.pack.is_loaded:
            return
        view = present_new_game(self.form, self.defs)
        ids = self.ids
        ids.title.text = view.title
        ids.races_label.text = view.races_label
        ids.systems_label.text = view.systems_label
        ids.names_label.text = view.names_label
        ids.names.hint_text = view.names_hint
        ids.language_label.text = view.language_label
        ids.start.text = view.start.label
        ids.start.disabled = not view.start.enabled
        self._buttons(ids.races, view.races, base_font_size=app.font_small)
        self._buttons(ids.systems, view.systems)
        languages = tuple(
            ButtonView(
                f"language:{key}",
                ("✓ " if app.language == key else "") + name,
                "primary" if app.language == key else "normal",
            )
            for key, name in LANGUAGE_NAMES.items()
        )
        self._buttons(ids.languages, languages)

    def _buttons(self, box: Any, specs: tuple[ButtonView, ...], **style: Any) -> None:
        def make() -> TouchButton:
            button = TouchButton(**style)
            button.bind(on_release=lambda b: self.press(b.action_key))
            return button

        for button, spec in zip(refill(box, len(specs), make), specs):
            button.text, button.role, button.action_key = spec.label, spec.role, spec.key
            button.disabled = not spec.enabled

    def press(self, key: str) -> None:
        what, value = key.split(":", 1)
        if what == "race":
            self.form = self.form.toggle(value)
        elif what == "systems":
            self.form = replace(self.form, systems=int(value))
        elif what == "language":
            self.app.change_settings(language=value)
            return
        self.refresh()

    def typed(self, text: str) -> None:
        if text != self.form.names:
            self.form = replace(self.form, names=text)
            self.refresh()

    def start(self) -> None:
        app = self.app
        seed = int(self.params.get("seed") or app.next_seed or secrets.randbits(62))
        app.next_seed = None
        app.start_game(self.form.setup(), seed)
