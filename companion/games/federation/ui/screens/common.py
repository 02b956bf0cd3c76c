"""What the Federation screens share: the game as they read it (the snapshot, the data with the players' costs),
the players' corrections sent through the app, and a list filled from a presenter's lines and buttons that keeps
its widgets (a Kivy widget costs far more to make than to change)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.label import Label

from companion.games.federation.definitions import Definitions
from companion.ui.presenters.lines import ButtonView, TextLine
from companion.ui.screens.base import BaseScreen
from companion.ui.theme import colour
from companion.ui.widgets.text import TouchButton

#: The colour of each line style; every style has its words too (a ✓, "unsolved", "never"...).
STYLE_COLOURS = {"normal": "text", "title": "text", "dim": "text_dim", "good": "success", "bad": "warning"}


class FedText(Label):
    """A paragraph wrapped to the list's width, as tall as its lines: long reasons and questions stay whole."""

    style = StringProperty("normal")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        app = App.get_running_app()
        self.size_hint_y = None
        self.halign = "left"
        self.valign = "middle"
        self.font_size = app.font_body
        self.padding = (app.gap * 0.5, app.gap * 0.3)
        self.fbind("width", self._wrap)
        self.fbind("texture_size", self._grow)
        self.fbind("style", self._restyle)
        self._restyle()

    def _wrap(self, *_: Any) -> None:
        self.text_size = (self.width, None)

    def _grow(self, *_: Any) -> None:
        app = App.get_running_app()
        self.height = max(app.target * 0.7, self.texture_size[1])

    def _restyle(self, *_: Any) -> None:
        app = App.get_running_app()
        self.bold = self.style == "title"
        self.color = colour(STYLE_COLOURS.get(self.style, "text"))
        self.font_size = app.font_body if self.style in ("title", "normal", "good", "bad") else app.font_small


class ListFiller:
    """Fills a vertical box with lines and buttons from a presenter, reusing the widgets it made before."""

    def __init__(self, box: Any, press: Callable[[str], None]) -> None:
        self.box = box
        self.press = press
        self._texts: list[FedText] = []
        self._buttons: list[TouchButton] = []

    def fill(self, items: Sequence[TextLine | ButtonView]) -> None:
        app = App.get_running_app()
        self.box.clear_widgets()
        texts = iter(self._grown(self._texts, sum(isinstance(i, TextLine) for i in items), FedText))
        buttons = iter(self._grown(self._buttons, sum(isinstance(i, ButtonView) for i in items), self._new_button))
        for item in items:
            if isinstance(item, TextLine):
                label = next(texts)
                label.text, label.style = item.text, item.style
                self.box.add_widget(label)
            else:
                button = next(buttons)
                button.text, button.role, button.action_key = item.label, item.role, item.key
                button.disabled = not item.enabled
                button.height = app.target * (1.4 if "\n" in item.label else 1)
                self.box.add_widget(button)

    def _new_button(self) -> TouchButton:
        button = TouchButton(size_hint_y=None)
        button.bind(on_release=lambda b: self.press(b.action_key))
        return button

    @staticmethod
    def _grown(made: list[Any], count: int, make: Callable[[], Any]) -> list[Any]:
        while len(made) < count:
            made.append(make())
        return made[:count]


class FedScreen(BaseScreen):
    """A Federation screen: it reads the game from the app's snapshot and sends every change through the app."""

    @property
    def snapshot(self) -> Any:
        controller = self.app.controller
        return controller.snapshot if controller is not None else None

    @property
    def defs(self) -> Definitions:
        return self.app.pack.definitions

    def check(self, state: Any, action: object) -> str | None:
        """Why the rules refuse `action` now, or None."""
        return self.app.pack.rules.check(state, action)

    def correct(self, action: object) -> None:
        """Sends one of the players' corrections (checked by the presenter that offered it, and by the rules again
        on the worker: a refusal is shown as a notice and changes nothing)."""
        self.app.send_action(action)
