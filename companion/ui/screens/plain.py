"""The shell's screens for any game (see `presenters/plain.py`): New game, the plain play screen, the hand-over
step. A pack with screens of its own replaces them by giving screens of the same names."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

from kivy.app import App
from kivy.factory import Factory

from companion.locale import LANGUAGE_NAMES, _
from companion.ui.presenters.lines import ButtonView, TextLine
from companion.ui.presenters.plain import (
    Choice,
    default_choices,
    present_handover,
    present_new_game,
    present_play,
)
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.popups import PopupButton, show_popup
from companion.ui.widgets.text import TouchButton


def _fill(box: Any, lines: Sequence[TextLine], buttons: Sequence[ButtonView], press: Callable[[str], None]) -> None:
    """The screen's rows: its lines, then a button per choice (each with the key tests and the pilot touch)."""
    box.clear_widgets()
    for line in lines:
        box.add_widget(Factory.PlainLine(text=line.text, bold=line.style == "title"))
    for view in buttons:
        button = TouchButton(text=view.label, role=view.role, disabled=not view.enabled, action_key=view.key)
        button.size_hint_y = None
        button.height = App.get_running_app().target
        button.bind(on_release=lambda b: press(b.action_key))
        box.add_widget(button)
    scroll = box.parent
    if scroll is not None and hasattr(scroll, "scroll_y"):
        scroll.scroll_y = 1  # each step starts at its top (the secret's title and first lines)


class PlainNewGameScreen(BaseScreen):
    """New game for a game without its own: its title, players within its range, each set-up option, language."""

    players = 0
    chosen: dict[str, str] = {}

    def render_key(self) -> object:
        return (super().render_key(), self.app.pack.info.name, self.players, tuple(sorted(self.chosen.items())))

    def on_pre_enter(self, *args: Any) -> None:
        info = self.app.pack.info
        if not (info.players[0] <= self.players <= info.players[1]) or set(self.chosen) != {
            o.key for o in info.options
        }:
            self.players = min(max(2, info.players[0]), info.players[1])
            self.chosen = default_choices(info)
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        app = self.app
        view = present_new_game(app.pack.info, self.players, self.chosen)
        self.ids.title.text = _("{head}: {detail}").format(head=view.title, detail=view.game_title)
        box = self.ids.body
        box.clear_widgets()
        self._row(box, view.players_label, view.players, "players", self._set_players)
        for option in view.options:
            self._row(box, option.label, option.choices, f"option:{option.key}", self._setter(option.key))
        languages = [Choice(key, name, app.language == key) for key, name in LANGUAGE_NAMES.items()]
        self._row(box, view.language_label, languages, "language", lambda key: app.change_settings(language=key))
        self.ids.start.text = view.start_label

    def _row(self, box: Any, label: str, choices: Sequence[Choice], prefix: str, handler: Any) -> None:
        box.add_widget(Factory.PlainLine(text=label, bold=True))
        row = Factory.PlainChoices()
        for choice in choices:
            button = TouchButton(
                text=("✓ " if choice.selected else "") + choice.label,
                role="primary" if choice.selected else "normal",
                action_key=f"{prefix}:{choice.key}",
            )
            button.bind(on_release=lambda _b, key=choice.key: handler(key))
            row.add_widget(button)
        box.add_widget(row)

    def _set_players(self, key: str) -> None:
        self.players = int(key)
        self.refresh()

    def _setter(self, option: str) -> Callable[[str], None]:
        def choose(value: str) -> None:
            self.chosen = {**self.chosen, option: value}
            self.refresh()

        return choose

    def start(self) -> None:
        app = self.app
        seed = int(self.params.get("seed") or app.next_seed or secrets.randbits(62))
        app.next_seed = None
        app.start_game(app.pack.setup_for(self.players, dict(self.chosen)), seed)


class PlayScreen(BaseScreen):
    """A game without screens of its own: the public position in lines, and a button per public legal action."""

    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot
        if snapshot is None:
            return
        view = present_play(app.pack, snapshot.state, snapshot.legal)
        self.ids.title.text = view.title
        self.ids.undo.disabled = not snapshot.can_undo
        _fill(self.ids.body, view.lines, (*view.secrets, *view.actions), app.perform)


class HandoverScreen(BaseScreen):
    """Shows one seat its secret: an opaque cover naming who takes the screen, "Show", the secret with its
    choices, and "Hide" (asked twice) back to the cover. Nothing of it reaches the history, the notice bar, the
    logs or the lights: the secret is read from the pack here, on the screen, and only while shown."""

    stage = "cover"

    def render_key(self) -> None:
        return None  # always drawn afresh: a secret is never left in a cached view

    def on_pre_enter(self, *args: Any) -> None:
        self.stage = "cover"
        super().on_pre_enter(*args)

    def on_leave(self, *args: Any) -> None:
        self.stage = "cover"
        self.ids.body.clear_widgets()  # the secret's words leave with the screen

    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot
        if snapshot is None:
            return
        seat = int(self.params.get("seat", 0))
        view = present_handover(app.pack, snapshot.state, seat, self.stage)
        self.ids.title.text = view.title
        self.ids.cover.opacity = 1 if view.covered else 0
        own = [button for button in view.buttons if button.key.startswith("secret:")]
        choices = [button for button in view.buttons if not button.key.startswith("secret:")]
        _fill(self.ids.body, view.lines, choices, self._press)
        _fill(self.ids.secret_bar, (), own, self._press)

    def _press(self, key: str) -> None:
        if key == "secret:show":
            self.stage = "shown"
            self.refresh()
        elif key == "secret:hide":
            self._ask_to_hide()
        elif key == "secret:done":
            self.app.back()
        elif key.startswith(("act:", "open:")):
            # The choice is played (or handed to the pack's hooks, to be finished on the shared screen); the secret
            # is covered before anything else shows.
            self.stage = "hidden"
            self.app.perform(key)
            self.refresh()

    def _ask_to_hide(self) -> None:
        def hide() -> None:
            self.stage = "hidden"
            self.refresh()

        show_popup(
            _("Hide it now?"),
            [_("The screen is covered again before it goes back to the table.")],
            [
                PopupButton("secret:keep", _("Keep showing")),
                PopupButton("secret:hide:confirm", _("Hide"), hide, role="primary"),
            ],
        )
