"""Settings: language (switches at once), lights back-end and its test pattern, screen awake, sounds, the phones'
and TV's pages."""

from __future__ import annotations

from typing import Any

from companion.ui.presenters.settings import FROM_CONFIG, present_settings
from companion.ui.presenters.web import present_web
from companion.ui.screens.base import BaseScreen
from companion.ui.web_section import show_seat_code, toggle_web
from companion.ui.widgets.text import TouchButton


class SettingsScreen(BaseScreen):
    def render_key(self) -> object:
        web = (self.app.web, self._web_starting, self.app.controller.snapshot is not None)
        return (super().render_key(), self.app.settings, self.app.lights_status(), self.app.config_problems, web)

    def refresh(self) -> None:
        view = present_settings(self.app.settings, self.app.lights_status(), self.app.config_problems)
        ids = self.ids
        ids.title.text = view.title
        ids.language_label.text = f"{view.language_label}\n{view.language_source}"
        ids.lights_label.text = view.lights_label
        ids.lights_status.text = view.lights_status
        ids.config_problems.text = view.config_problems
        ids.config_problems.height = (
            self.app.target * (1 + view.config_problems.count("\n")) if view.config_problems else 0
        )
        ids.test_pattern.text = view.test_pattern_label
        ids.keep_awake_label.text = f"{view.keep_awake_label}\n{view.keep_awake_source}"
        ids.sounds_label.text = f"{view.sounds_label}\n{view.sounds_source}"
        self._fill(ids.languages, view.languages, "language", lambda key: {"language": key})
        self._fill(
            ids.lights, view.lights, "lights", lambda key: {"lights_backend": None if key == FROM_CONFIG else key}
        )
        self._toggle(ids.keep_awake, view.keep_awake, "keep_awake")
        self._toggle(ids.sounds, view.sounds, "sounds")
        web = present_web(self.app.web, self._web_starting)
        ids.web_label.text, ids.web_toggle.text, ids.web_codes.text = web.label, web.toggle, web.codes
        ids.web_toggle.role = "primary" if web.is_on else "normal"
        ids.web_codes.disabled = not web.codes_enabled

    _web_starting = False
    _web_watch: Any = None

    def on_enter(self, *_: Any) -> None:
        """While Settings shows, who is watching is looked at every two seconds (the pages come and go)."""
        from kivy.clock import Clock

        self._web_watch = Clock.schedule_interval(lambda _dt: self._refresh_web(), 2.0)

    def on_leave(self, *_: Any) -> None:
        if self._web_watch is not None:
            self._web_watch.cancel()
            self._web_watch = None

    def _refresh_web(self) -> None:
        label = present_web(self.app.web, self._web_starting).label
        if self.ids.web_label.text != label:
            self.ids.web_label.text = label

    def toggle_web(self) -> None:
        """The phones' and TV's pages on or off for this run (`[web] enabled` in the config file: at every start)."""
        self._web_starting = self.app.web is None
        self.refresh()

        def done() -> None:
            self._web_starting = False
            self.refresh()

        toggle_web(self.app, done)

    def show_seat_codes(self) -> None:
        show_seat_code(self.app)

    def _fill(self, box: Any, choices: Any, prefix: str, change: Any) -> None:
        box.clear_widgets()
        for choice in choices:
            button = TouchButton(
                text=("✓ " if choice.selected else "") + choice.label,
                role="primary" if choice.selected else "normal",
                action_key=f"{prefix}:{choice.key}",
            )
            button.bind(on_release=lambda _b, key=choice.key: self.app.change_settings(**change(key)))
            box.add_widget(button)

    def _toggle(self, button: Any, choice: Any, field: str) -> None:
        button.text = ("✓ " if choice.selected else "") + choice.label
        button.role = "primary" if choice.selected else "normal"
        button.action_key = f"{field}:{'on' if choice.selected else 'off'}"

    def toggle(self, field: str) -> None:
        self.app.change_settings(**{field: not getattr(self.app.settings, field)})
