"""One modal for every pop-up the app needs: a title, some lines, and buttons that each say what they do.

Card details, choosers (which pod to build), reveals (the disaster just drawn) and confirmations all use it, so
they look and behave alike, and the pilot finds their buttons by key like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import StringProperty
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.ui.presenters.lines import TextLine
from companion.ui.widgets.text import TouchButton


@dataclass(frozen=True)
class PopupButton:
    key: str
    label: str
    on_press: Callable[[], None] | None = None
    role: str = "normal"
    closes: bool = True


PopupLine = TextLine


class PopupText(Label):
    """A wrapped paragraph whose style (good, bad, dim, title) shows in its colour and weight."""

    style = StringProperty("normal")


class AppPopup(ModalView):
    title = StringProperty("")
    kind = StringProperty("info")  # info, reveal, chooser, card

    def __init__(self, title: str, lines: Sequence[PopupLine | str], buttons: Sequence[PopupButton],
                 kind: str = "info", extra: Any = None, choices: Sequence[PopupButton] = (), **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, **kwargs)
        self.title = title
        self.kind = kind
        body = self.ids.lines
        if extra is not None:
            self.ids.extra.add_widget(extra)
            self.ids.extra.height = extra.height
        for line in lines:
            item = line if isinstance(line, PopupLine) else PopupLine(line)
            body.add_widget(Factory.PopupText(text=item.text, style=item.style))
        app = App.get_running_app()
        for spec in choices:
            choice = TouchButton(text=spec.label, role=spec.role, action_key=spec.key, size_hint_y=None,
                                 height=app.target)
            choice.bind(on_release=lambda _b, s=spec: self._pressed(s))
            body.add_widget(choice)
        row = self.ids.buttons
        for spec in buttons:
            button = TouchButton(text=spec.label, role=spec.role, action_key=spec.key)
            button.bind(on_release=lambda _b, s=spec: self._pressed(s))
            row.add_widget(button)
        row.cols = 1 if app.portrait and len(buttons) > 2 else max(1, min(3, len(buttons)))

    def _pressed(self, spec: PopupButton) -> None:
        if spec.closes:
            self.dismiss(animation=False)
        if spec.on_press is not None:
            spec.on_press()


def show_popup(title: str, lines: Sequence[PopupLine | str], buttons: Sequence[PopupButton],
               kind: str = "info", extra: Any = None, choices: Sequence[PopupButton] = ()) -> AppPopup:
    popup = AppPopup(title, lines, buttons, kind=kind, extra=extra, choices=choices)
    popup.open(animation=False)
    return popup


def close_popups() -> None:
    from kivy.core.window import Window

    for child in list(Window.children):
        if isinstance(child, ModalView):
            child.dismiss(animation=False)
