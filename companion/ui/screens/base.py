"""What every screen shares: a `refresh()` from presenters, called on entry, on a new game snapshot and when
the language changes; and `params` given by the screen that opened it."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import DictProperty
from kivy.uix.screenmanager import Screen


class BaseScreen(Screen):
    params = DictProperty({})

    @property
    def app(self) -> Any:
        return App.get_running_app()

    def on_pre_enter(self, *_: Any) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Rebuilds what the screen shows from its presenter; cheap, runs on the main thread."""

    def visit_name(self) -> str:
        """The screen's name with the state it shows (for screenshots and layout reports)."""
        return str(self.name)
