"""Settings: language (switches at once), lights back-end and its test pattern, screen awake, sounds."""

from __future__ import annotations

from typing import Any

from companion.ui.presenters.settings import FROM_CONFIG, present_settings
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.text import TouchButton


class SettingsScreen(BaseScreen):
    def render_key(self) -> object:
        return (super().render_key(), self.app.settings, self.app.lights_status(), self.app.config_problems)

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
