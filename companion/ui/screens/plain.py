"""The shell's screens for any game (see `presenters/plain.py`): New game (`screens/new_game.py`), the plain play
screen, the hand-over step. A pack with screens of its own replaces them by giving screens of the same names."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from kivy.app import App
from kivy.factory import Factory

from companion.locale import _
from companion.ui.presenters.lines import ButtonView, TextLine
from companion.ui.presenters.plain import PlayView, present_handover, present_play
from companion.ui.screens.base import BaseScreen
from companion.ui.screens.new_game import PlainNewGameScreen
from companion.ui.widgets.popups import PopupButton, show_popup
from companion.ui.widgets.text import TouchButton

__all__ = ["HandoverScreen", "PlainNewGameScreen", "PlayScreen"]


def fill_box(box: Any, lines: Sequence[TextLine], buttons: Sequence[ButtonView], press: Callable[[str], None]) -> None:
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
    if scroll is not None and hasattr(scroll, "to_top"):
        scroll.to_top()  # each step starts at its top (the secret's title and first lines, the first action)


class PlayScreen(BaseScreen):
    """A game without screens of its own: the public position in lines, and a button per public legal action
    (or per group of them, which opens a chooser)."""

    view: PlayView | None = None

    def refresh(self) -> None:
        context = self.context
        snapshot = context.snapshot
        if snapshot is None:
            return
        self.view = view = present_play(context.pack, snapshot.state, snapshot.legal)
        self.ids.title.text = view.title
        self.ids.undo.disabled = not snapshot.can_undo
        fill_box(self.ids.body, view.lines, (), self._press)
        fill_box(self.ids.actions, (), (*view.secrets, *view.actions), self._press)

    def opener_for(self, key: str) -> str | None:
        """The button to touch first to reach the action `key` (its group's), for a scripted player."""
        return self.view.opener(key) if self.view is not None else None

    def _press(self, key: str) -> None:
        group = self.view.group(key) if self.view is not None else None
        if group is None:
            self.context.perform(key)
            return
        choices = [PopupButton(c.key, c.label, partial(self.context.perform, c.key)) for c in group.choices]
        show_popup(
            group.title, [], [PopupButton("popup:cancel", _("Back to the game"))], kind="chooser", choices=choices
        )


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
        context = self.context
        snapshot = context.snapshot
        if snapshot is None:
            return
        seat = int(self.params.get("seat", 0))
        view = present_handover(context.pack, snapshot.state, seat, self.stage)
        self.ids.title.text = view.title
        self.ids.cover.opacity = 1 if view.covered else 0
        own = [button for button in view.buttons if button.key.startswith("secret:")]
        choices = [button for button in view.buttons if not button.key.startswith("secret:")]
        fill_box(self.ids.body, view.lines, choices, self._press)
        fill_box(self.ids.secret_bar, (), own, self._press)

    def _press(self, key: str) -> None:
        if key == "secret:show":
            self.stage = "shown"
            self.refresh()
        elif key == "secret:hide":
            self._ask_to_hide()
        elif key == "secret:done":
            self.context.back()
        elif key.startswith(("act:", "open:")):
            # The choice is played (or handed to the pack's hooks, to be finished on the shared screen); the secret
            # is covered before anything else shows.
            self.stage = "hidden"
            self.context.perform(key)
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
