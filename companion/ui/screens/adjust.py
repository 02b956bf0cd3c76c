"""Adjust: the manual overrides, by section; every change is an ordinary, undoable action."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory

from companion.locale import _
from companion.ui.presenters.adjust import AdjustButton, present_adjust
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.popups import PopupButton, show_popup
from companion.ui.widgets.text import TouchButton


class AdjustScreen(BaseScreen):
    section = "track"

    def on_pre_enter(self, *args: object) -> None:
        self.section = self.params.get("section") or self.section
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot
        if snapshot is None:
            return
        view = present_adjust(snapshot.state, app.pack.defs_for(snapshot.state), self.section,
                              app.pack.character_name)
        ids = self.ids
        ids.title.text = view.title
        ids.intro.text = view.intro
        tabs = ids.sections
        tabs.clear_widgets()
        for key, label, selected in view.sections:
            tab = TouchButton(text=label, action_key=f"section:{key}", role="primary" if selected else "normal",
                              base_font_size=app.font_small)
            tab.bind(on_release=lambda _b, k=key: self.show_section(k))
            tabs.add_widget(tab)
        box = ids.rows
        box.clear_widgets()
        for row in view.rows:
            line = Factory.AdjustLine()
            line.ids.label.text = row.label
            for spec in row.buttons:
                button = TouchButton(text=spec.label, action_key=spec.key, base_font_size=app.font_small)
                button.bind(on_release=lambda _b, s=spec: self.press(s))
                line.ids.buttons.add_widget(button)
            box.add_widget(line)

    def visit_name(self) -> str:
        return f"adjust-{self.section}"

    def render_key(self) -> object:
        return (super().render_key(), self.section)

    def show_section(self, key: str) -> None:
        self.section = key
        self.refresh()

    def press(self, spec: AdjustButton) -> None:
        if spec.action is not None:
            self.app.send_action(spec.action)
            return
        choices: Any = [PopupButton(c.key, c.label, (lambda x=c.action: self.app.send_action(x))) for c in spec.choices]
        show_popup(spec.label, [], [PopupButton("popup:cancel", _("Cancel"))], kind="chooser", choices=choices)
