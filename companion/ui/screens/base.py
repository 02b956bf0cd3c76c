"""What every screen shares: a `refresh()` from presenters, called on entry, on a new game snapshot and when
the language changes; and `params` given by the screen that opened it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from kivy.app import App
from kivy.properties import DictProperty
from kivy.uix.screenmanager import Screen

if TYPE_CHECKING:
    from companion.ui.context import ScreenContext


class BaseScreen(Screen):
    params = DictProperty({})

    @property
    def context(self) -> ScreenContext:
        """What the screen may use of the app (`companion.ui.context.ScreenContext`)."""
        return cast("ScreenContext", App.get_running_app().context)

    @property
    def app(self) -> Any:
        """The app itself: for its sizes and language (what kv rules read too), and the compatibility path of the
        pack screens that still ask it for the game (`app.controller`, `app.go`...)."""
        return App.get_running_app()

    _shown_key: Any = None

    def on_pre_enter(self, *_: Any) -> None:
        """Coming back to a screen that would show exactly the same thing costs nothing."""
        key = self.render_key()
        if key is None or key != self._shown_key:
            self.refresh()
        self._shown_key = self.render_key()

    def render_key(self) -> Any:
        """What the screen's content depends on; None means "always rebuild"."""
        app = self.app
        context = getattr(app, "context", None)
        snapshot = context.snapshot if context is not None else None
        return (
            app.language,
            app.portrait,
            tuple(self.size),
            snapshot.version if snapshot is not None else None,
            snapshot.game_id if snapshot is not None else None,
            tuple(sorted((k, str(v)) for k, v in self.params.items())),
            app.pack.is_loaded,
        )

    def refresh(self) -> None:
        """Rebuilds what the screen shows from its presenter; cheap, runs on the main thread."""

    def visit_name(self) -> str:
        """The screen's name with the state it shows (for screenshots and layout reports)."""
        return str(self.name)
