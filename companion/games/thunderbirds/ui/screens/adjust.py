"""Adjust: the manual overrides, by section; every change is an ordinary, undoable action."""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.recycleview.views import RecycleDataViewBehavior

from companion.games.thunderbirds.ui.presenters.adjust import AdjustButton, AdjustRow, present_adjust
from companion.locale import _
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.popups import PopupButton, show_popup
from companion.ui.widgets.recycled import ListRecycle  # noqa: F401  (registers ListRecycle for kv)
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import TouchButton


class AdjustLine(RecycleDataViewBehavior, BoxLayout):
    """One row of a section: what it adjusts and its buttons. The list builds rows for the lines in view only
    (a section such as Pieces has twenty-odd rows, six in view) and fills them again as it scrolls."""

    screen = ObjectProperty(None, allownone=True)

    def refresh_view_attrs(self, rv: Any, index: int, data: dict[str, Any]) -> None:
        screen, row = data["screen"], data["row"]
        self.screen = screen
        self.show(row)
        super().refresh_view_attrs(rv, index, {})

    def show(self, row: AdjustRow) -> None:
        self.ids.label.text = row.label
        for button, spec in zip(refill(self.ids.buttons, len(row.buttons), self._button), row.buttons):
            button.text, button.action_key, button.spec = spec.label, spec.key, spec

    def _button(self) -> TouchButton:
        button = TouchButton(base_font_size=self.screen.app.font_small)
        button.bind(on_release=lambda b: self.screen.press(b.spec))
        return button


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
        view = present_adjust(snapshot.state, app.pack.defs_for(snapshot.state), self.section, app.pack.character_name)
        ids = self.ids
        ids.title.text = view.title
        ids.intro.text = view.intro
        # Sections and rows refill the widgets they have: switching section changes texts, it does not make widgets.
        for tab, (key, label, selected) in zip(refill(ids.sections, len(view.sections), self._tab), view.sections):
            tab.text, tab.action_key, tab.section = label, f"section:{key}", key
            tab.role = "primary" if selected else "normal"
        ids.rows.data = [{"screen": self, "row": row} for row in view.rows]

    def _tab(self) -> TouchButton:
        tab = TouchButton(base_font_size=self.app.font_small)
        tab.bind(on_release=lambda b: self.show_section(b.section))
        return tab

    def visit_name(self) -> str:
        return f"adjust-{self.section}"

    def render_key(self) -> object:
        return (super().render_key(), self.section)

    def show_section(self, key: str) -> None:
        self.section = key
        self.refresh()
        self.ids.rows.to_top()  # another section starts at its top

    def press(self, spec: AdjustButton) -> None:
        if spec.action is not None:
            self.app.send_action(spec.action)
            return
        choices: Any = [PopupButton(c.key, c.label, partial(self.app.send_action, c.action)) for c in spec.choices]
        show_popup(spec.label, [], [PopupButton("popup:cancel", _("Cancel"))], kind="chooser", choices=choices)
