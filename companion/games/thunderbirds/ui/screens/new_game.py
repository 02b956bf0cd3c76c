"""New game: players, characters (dealt, or chosen up to each hand), difficulty with its Hood track, language;
then the set-up guide. The frame, the rows and the start are the shell's (`companion.ui.screens.new_game`); the
characters and the Hood track are this game's own."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kivy.factory import Factory

from companion.games.thunderbirds.ui.presenters.new_game import NewGameForm, present_new_game
from companion.ui.screens.new_game import NewGameBase, choices
from companion.ui.widgets import game as _widgets  # noqa: F401  (registers the Hood strip)


class NewGameScreen(NewGameBase):
    form = NewGameForm()

    def refresh(self) -> None:
        app = self.app
        if not app.pack.is_loaded:
            return
        view = present_new_game(self.form, app.pack.defs)
        self.frame(view.title, view.start_label if view.can_start else view.problem, view.can_start)
        self.line("players_label", view.players_label)
        self.buttons("players", choices("players", view.players))
        self.line("solo_note", view.solo_note, bold=False, small=True, dim=True)
        self.line("characters_label", view.characters_label)
        self.buttons("deal_modes", choices("deal", view.deal_modes))
        self.buttons("characters", choices("character", view.characters), cols=3)
        self.line("difficulty_label", view.difficulty_label)
        self.buttons("difficulties", choices("difficulty", view.difficulties), cols=2 if app.portrait else 4)
        self.line("track_text", view.track_text, bold=False, small=True)
        self.row("track", Factory.NewGameTrack).spaces = list(view.track)
        self.languages()

    def press(self, key: str) -> None:
        head, _sep, value = key.partition(":")
        form = self.form
        if head == "players":
            self.form = form.with_players(int(value))
        elif head == "deal":
            self.form = replace(form, choose=value == "choose")
        elif head == "character":
            self.form = form.toggle(value)
        elif head == "difficulty":
            self.form = replace(form, difficulty=value)
        else:
            super().press(key)
            return
        self.refresh()

    def setup(self) -> dict[str, Any]:
        return self.form.setup()
