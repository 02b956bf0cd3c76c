"""New game: players, characters, difficulty (with its Hood track), language; then the set-up guide."""

from __future__ import annotations

import secrets
from typing import Any

from companion.games.thunderbirds.ui.presenters.new_game import NewGameForm, Option, present_new_game
from companion.locale import LANGUAGE_NAMES
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets import game as _widgets  # noqa: F401  (registers the widgets its kv uses)
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import TouchButton


class NewGameScreen(BaseScreen):
    form = NewGameForm()

    def render_key(self) -> object:
        return (super().render_key(), self.form)

    def refresh(self) -> None:
        app = self.app
        if not app.pack.is_loaded:
            return
        view = present_new_game(self.form, app.pack.defs)
        ids = self.ids
        ids.title.text = view.title
        ids.players_label.text = view.players_label
        ids.solo_note.text = view.solo_note
        ids.characters_label.text = view.characters_label
        ids.difficulty_label.text = view.difficulty_label
        ids.track_text.text = view.track_text
        ids.track.spaces = list(view.track)
        ids.language_label.text = view.language_label
        ids.start.text = view.start_label if view.can_start else view.problem
        ids.start.disabled = not view.can_start
        self._options(ids.players, view.players, "players", self._set_players)
        self._options(ids.deal_modes, view.deal_modes, "deal", self._set_mode)
        self._options(ids.characters, view.characters, "character", self._toggle)
        self._options(ids.difficulties, view.difficulties, "difficulty", self._set_difficulty)
        languages = [Option(key, name, app.language == key) for key, name in LANGUAGE_NAMES.items()]
        self._options(ids.languages, languages, "language", lambda key: app.change_settings(language=key))

    def _options(self, box: Any, options: Any, prefix: str, handler: Any) -> None:
        """The choices of one row, in the buttons it already has (a tap changes their texts and colours)."""

        def make() -> TouchButton:
            button = TouchButton()
            button.bind(on_release=lambda b: handler(b.option))
            return button

        for button, option in zip(refill(box, len(options), make), options):
            button.text = ("✓ " if option.selected else "") + option.label
            button.role = "primary" if option.selected else "normal"
            button.action_key = f"{prefix}:{option.key}"
            button.disabled = not option.enabled
            button.option = option.key

    def _update(self, form: NewGameForm) -> None:
        self.form = form
        self.refresh()

    def _set_players(self, key: str) -> None:
        self._update(self.form.with_players(int(key)))

    def _set_mode(self, key: str) -> None:
        from dataclasses import replace

        self._update(replace(self.form, choose=key == "choose"))

    def _toggle(self, key: str) -> None:
        self._update(self.form.toggle(key))

    def _set_difficulty(self, key: str) -> None:
        from dataclasses import replace

        self._update(replace(self.form, difficulty=key))

    def start(self) -> None:
        seed = int(self.params.get("seed") or self.app.next_seed or secrets.randbits(62))
        self.app.next_seed = None
        self.app.start_game(self.form.setup(), seed)
