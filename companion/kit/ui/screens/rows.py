"""The rows of the kit's screens: a text and its buttons, in a recycled list that builds widgets for the rows in
view only (a Kivy widget costs about 100 kB: a 31-space track scrolls through seven rows' widgets, refilled)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.app import App
from kivy.graphics import Color, Rectangle
from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.recycleview.views import RecycleDataViewBehavior

from companion.kit.ui.presenters.rows import Row, RowButton, Tab
from companion.ui.theme import colour
from companion.ui.widgets import recycled as _recycled  # noqa: F401  (registers ListRecycle for kv)
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import FitLabel, TouchButton

#: A row's buttons take this many touch targets each, at most this share of the row.
BUTTON_TARGETS = 2.0
BUTTONS_SHARE = 0.62
STYLE_COLOURS = {"dim": "text_dim", "bad": "warning", "good": "success"}


class KitRow(RecycleDataViewBehavior, BoxLayout):
    """One row: its text (bold on a panel for a section's heading, dimmed for a detail) and its buttons, each
    carrying the key the pilot touches. Drawn here rather than in a kv rule, so every kit screen shares it."""

    screen = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.row: Row | None = None
        self.label = FitLabel()
        self.buttons = BoxLayout(size_hint_x=None, width=0)
        self.add_widget(self.label)
        self.add_widget(self.buttons)
        with self.canvas.before:
            self._fill_colour = Color(0, 0, 0, 0)
            self._fill = Rectangle()
        self.bind(pos=self._place_fill, size=self._place_fill)

    def _place_fill(self, *_: Any) -> None:
        self._fill.pos, self._fill.size = self.pos, self.size
        self._size_buttons()

    def refresh_view_attrs(self, rv: Any, index: int, data: dict[str, Any]) -> None:
        self.screen = data["screen"]
        self.show(data["row"])
        super().refresh_view_attrs(rv, index, {})

    def show(self, row: Row) -> None:
        app = App.get_running_app()
        self.row = row
        self.spacing = app.gap * 0.5
        self.padding = (app.gap * 0.5, 0)
        label = self.label
        label.text = row.text
        label.base_font_size = app.font_small
        label.min_font_size = app.font_small * 0.8
        label.bold = row.style == "title"
        label.color = colour(STYLE_COLOURS.get(row.style, "text"))
        self._fill_colour.rgba = colour("panel") if row.style == "title" else (0, 0, 0, 0)
        self.buttons.spacing = app.gap * 0.5
        self.buttons.padding = (0, app.gap * 0.2)
        for button, spec in zip(refill(self.buttons, len(row.buttons), self._button), row.buttons):
            button.text, button.role, button.action_key, button.spec = spec.label, spec.role, spec.key, spec
            button.disabled = not spec.enabled
            button.base_font_size = app.font_small
            button.min_font_size = app.font_small * 0.8
        self._size_buttons()

    def _size_buttons(self) -> None:
        count = len(self.row.buttons) if self.row is not None else 0
        target = App.get_running_app().target
        self.buttons.width = min(count * target * BUTTON_TARGETS, self.width * BUTTONS_SHARE) if count else 0

    def _button(self) -> TouchButton:
        button = TouchButton()
        button.bind(on_release=lambda b: self.screen.press(b.spec) if self.screen is not None else None)
        return button


def row_height(row: Row) -> float:
    """Tall enough for a touch target, and for the lines of a long text at the small font."""
    app = App.get_running_app()
    return max(app.target + app.gap * 0.4, app.font_small * 1.45 * row.lines + app.gap)


def fill_rows(recycle: Any, screen: Any, rows: Sequence[Row]) -> None:
    recycle.data = [{"screen": screen, "row": row, "height": row_height(row)} for row in rows]


def fill_tabs(grid: Any, tabs: Sequence[Tab], choose: Callable[[str], None]) -> None:
    """The section tabs, refilled (switching section changes texts, it does not make widgets)."""

    def make() -> TouchButton:
        tab = TouchButton()
        tab.bind(on_release=lambda b: choose(b.section))
        return tab

    app = App.get_running_app()
    for tab, spec in zip(refill(grid, len(tabs), make), tabs):
        tab.text, tab.action_key = spec.label, spec.key
        tab.section = spec.key.split(":", 1)[1]
        tab.role = "primary" if spec.selected else "normal"
        tab.base_font_size = app.font_small


def fill_buttons(box: Any, specs: Sequence[RowButton], press: Callable[[RowButton], None]) -> None:
    def make() -> TouchButton:
        button = TouchButton()
        button.bind(on_release=lambda b: press(b.spec))
        return button

    app = App.get_running_app()
    for button, spec in zip(refill(box, len(specs), make), specs):
        button.text, button.role, button.action_key, button.spec = spec.label, spec.role, spec.key, spec
        button.disabled = not spec.enabled
        button.base_font_size = app.font_small


def scroll_to_key(recycle: Any, key: str) -> bool:
    """Scrolls a recycled list until the row holding the button `key` is in view (its widgets are built only
    then); False when no row has it. What a player does with a finger before touching a row further down."""
    data = recycle.data
    spacing = recycle.layout_manager.spacing if recycle.layout_manager is not None else 0
    top = 0.0
    for item in data:
        row = item["row"]
        if any(button.key == key for button in row.buttons):
            content = sum(entry["height"] for entry in data) + spacing * max(0, len(data) - 1)
            free = content - recycle.height
            if free > 0:
                wanted = top + item["height"] / 2 - recycle.height / 2
                recycle.scroll_y = 1 - min(1.0, max(0.0, wanted / free))
            recycle.refresh_views()
            return True
        top += item["height"] + spacing
    return False
