"""New game for Federation: the races tapped in seat order, the count of systems (or their names), the language.
The frame, the rows and the start are the shell's (`companion.ui.screens.new_game`); the races in seat order and
the systems' names are this game's own."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kivy.factory import Factory

from companion.games.federation.definitions import Definitions
from companion.games.federation.ui.presenters.new_game import NewGameForm, present_new_game
from companion.ui.screens.new_game import NewGameBase


class FedNewGameScreen(NewGameBase):
    form = NewGameForm()

    @property
    def defs(self) -> Definitions:
        return self.app.pack.definitions

    def refresh(self) -> None:
        app = self.app
        if not app.pack.is_loaded:
            return
        view = present_new_game(self.form, self.defs)
        self.frame(view.title, view.start.label, view.start.enabled)
        self.line("races_label", view.races_label)
        races_cols = 2 if app.portrait else 3
        self.buttons("races", view.races, cols=races_cols, height=1.4, tick=False, base_font_size=app.font_small)
        self.line("systems_label", view.systems_label)
        self.buttons("systems", view.systems, cols=5 if app.portrait else 8, tick=False)
        self.line("names_label", view.names_label, bold=False)
        names = self.row("names", self._names_field)
        names.hint_text = view.names_hint
        self.languages()

    def _names_field(self) -> Any:
        field = Factory.FedNamesField()
        field.bind(text=lambda _field, text: self.typed(text))
        return field

    def press(self, key: str) -> None:
        what, _sep, value = key.partition(":")
        if what == "race":
            self.form = self.form.toggle(value)
        elif what == "systems":
            self.form = replace(self.form, systems=int(value))
        else:
            super().press(key)
            return
        self.refresh()

    def typed(self, text: str) -> None:
        if text != self.form.names:
            self.form = replace(self.form, names=text)
            self.refresh()

    def setup(self) -> dict[str, Any]:
        return self.form.setup()
