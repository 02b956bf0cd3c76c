"""What the Solitaire screens share: a chain drawn as a row of cells, and a list of presenter items (headings,
paragraphs, rows of buttons) turned into widgets. Built in Python rather than in a kv file of their own, so that no
two screens' kv files define the same rule."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.boxlayout import BoxLayout

from companion.games.thunderbirds_solitaire.ui.presenters.common import ChainRow, Item, TracyRow
from companion.games.thunderbirds_solitaire.ui.widgets import SolitaireCardCell, SolitaireRoomMark
from companion.ui.theme import colour
from companion.ui.widgets import text as _text_widgets  # noqa: F401  (FitLabel, TouchButton for the kv rules)
from companion.ui.widgets.text import FitLabel, TouchButton

#: A chain row's parts across its width: the place's name, four cells, the room mark.
PLACE_WIDTH, ROOM_WIDTH = 0.16, 0.1


class SolitaireChainRow(BoxLayout):
    """A chain as laid out on the table: its name (and Lady Penelope when she is there), the Disaster leftmost and
    three places to its right, then the mark saying whether it is full."""

    def __init__(self, on_card: Callable[[str], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        app = App.get_running_app()
        self.spacing = app.gap * 0.5
        self.place = FitLabel(size_hint_x=PLACE_WIDTH, base_font_size=app.font_small, halign="left")
        self.add_widget(self.place)
        self.cells: list[SolitaireCardCell] = []
        for _index in range(4):
            cell = SolitaireCardCell(size_hint_x=(1 - PLACE_WIDTH - ROOM_WIDTH) / 4)
            if on_card is not None:
                cell.bind(on_release=lambda c: on_card(c.action_key))
            self.cells.append(cell)
            self.add_widget(cell)
        self.room = SolitaireRoomMark(size_hint_x=ROOM_WIDTH)
        self.add_widget(self.room)

    def show(self, row: ChainRow) -> None:
        self.place.text = f"{row.label}\n{row.lady_penelope}" if row.lady_penelope else row.label
        self.place.color = colour("accent") if row.lady_penelope else colour("text")
        self.place.bold = bool(row.lady_penelope)
        for widget, cell in zip(self.cells, row.cells):
            widget.cell = cell
            widget.action_key = cell.key
            widget.disabled = cell.is_empty
        self.room.full = row.full
        self.room.text = row.room


class SolitaireTracyRow(BoxLayout):
    """Tracy Island, the other place Lady Penelope may be (on her Air side): who is there, and who was rescued."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        app = App.get_running_app()
        self.spacing = app.gap * 0.5
        self.place = FitLabel(size_hint_x=PLACE_WIDTH, base_font_size=app.font_small, bold=True)
        self.detail = FitLabel(base_font_size=app.font_small)
        self.add_widget(self.place)
        self.add_widget(self.detail)

    def show(self, row: TracyRow) -> None:
        self.place.text = row.label
        self.detail.text = f"{row.lady_penelope} · {row.rescued}" if row.lady_penelope else row.rescued
        self.detail.color = colour("accent") if row.lady_penelope else colour("text")


def show_chains(box: Any, rows: Sequence[ChainRow], tracy: TracyRow | None, on_card: Callable[[str], None]) -> None:
    """Fills `box` with the chains (made once, then refilled) and Tracy Island when given."""
    wanted = len(rows) + (1 if tracy is not None else 0)
    if len(box.children) != wanted:
        box.clear_widgets()
        for _row in rows:
            box.add_widget(SolitaireChainRow(on_card=on_card))
        if tracy is not None:
            box.add_widget(SolitaireTracyRow(size_hint_y=0.6))
    widgets = list(reversed(box.children))
    for widget, row in zip(widgets, rows):
        widget.show(row)
    if tracy is not None:
        widgets[-1].show(tracy)


def fill_items(box: Any, items: Sequence[Item], press: Callable[[str], None]) -> None:
    """The presenter's items as widgets: headings and paragraphs (wrapped), rows of buttons (each with its key)."""
    app = App.get_running_app()
    box.clear_widgets()
    for item in items:
        if item.kind in ("title", "text"):
            if not item.text:
                continue
            label = Factory.PopupText(text=item.text)
            label.style = "title" if item.kind == "title" else item.style
            box.add_widget(label)
        elif item.kind == "buttons":
            row = BoxLayout(size_hint_y=None, height=app.target, spacing=app.gap)
            for spec in item.buttons:
                row.add_widget(_button(spec, press))
            box.add_widget(row)
        elif item.kind == "row":
            box.add_widget(_text_row(item, press))
    # A new step (other headings) opens at its top, its first line whole; the same step keeps where the player
    # scrolled to (a step confirmed further down does not jump back up).
    headings = tuple(item.text for item in items if item.kind == "title")
    scroll = box.parent
    if scroll is not None and hasattr(scroll, "to_top") and getattr(box, "shown_headings", None) != headings:
        scroll.to_top()
    box.shown_headings = headings


def _button(spec: Any, press: Callable[[str], None]) -> TouchButton:
    button = TouchButton(text=spec.label, role=spec.role, disabled=not spec.enabled, action_key=spec.key)
    button.bind(on_release=lambda b: press(b.action_key))
    return button


def _text_row(item: Item, press: Callable[[str], None]) -> BoxLayout:
    app = App.get_running_app()
    row = BoxLayout(size_hint_y=None, spacing=app.gap)
    label = Factory.PopupText(text=item.text, size_hint_x=0.6)
    label.style = item.style
    buttons = BoxLayout(size_hint_x=0.4, size_hint_y=None, height=app.target, spacing=app.gap * 0.5)
    buttons.pos_hint = {"center_y": 0.5}
    for spec in item.buttons:
        buttons.add_widget(_button(spec, press))
    row.add_widget(label)
    row.add_widget(buttons)

    def fit(*_: Any) -> None:
        row.height = max(app.target, label.height)

    label.bind(height=fit)
    fit()
    return row
