"""The grid screen: the printed grid, the turn's panel, and every touch of play on the shared screen (the upkeep's
"Next", a pawn then a square for the card chosen in a hand, "go ahead" while a card waits for Delay, the end of a
move phase). It reads `presenters/table.py` and sends actions through the app, never around it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.factory import Factory

from companion.games.warpspawn_thunderbirds.definitions import Square
from companion.games.warpspawn_thunderbirds.setup import definitions_for
from companion.games.warpspawn_thunderbirds.ui import grid_widget  # noqa: F401  (registers WarpspawnGrid for kv)
from companion.games.warpspawn_thunderbirds.ui.presenters.table import (
    CANCEL,
    NEXT,
    Selection,
    TableView,
    Target,
    present_table,
    square_info,
    upkeep_action,
)
from companion.games.warpspawn_thunderbirds.ui.words import grid_words
from companion.ui.action_keys import act
from companion.ui.presenters.lines import ButtonView, TextLine
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.popups import PopupButton, show_popup
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import TouchButton

ARROWS = {"grid:left": ("◀", -1, 0), "grid:up": ("▲", 0, -1), "grid:down": ("▼", 0, 1), "grid:right": ("▶", 1, 0)}


def fill_lines(box: Any, lines: tuple[TextLine, ...]) -> None:
    for label, line in zip(refill(box, len(lines), Factory.PopupText), lines):
        label.text, label.style = line.text, line.style


def fill_buttons(box: Any, buttons: tuple[ButtonView, ...], press: Any, height: float) -> None:
    def make() -> TouchButton:
        button = TouchButton(size_hint_y=None)
        button.bind(on_release=lambda b: press(b.action_key))
        return button

    for button, view in zip(refill(box, len(buttons), make), buttons):
        button.text, button.role, button.action_key, button.disabled = view.label, view.role, view.key, not view.enabled
        button.height = height


class WarpspawnGridScreen(BaseScreen):
    table: TableView | None = None

    def render_key(self) -> object:
        return (super().render_key(), self.app.pack_ui.current_selection())

    def on_kv_post(self, base_widget: Any) -> None:
        super().on_kv_post(base_widget)
        self.ids.grid.on_square = self.on_square
        self.ids.grid.bind(zoomed=lambda *_: self._pan_buttons())

    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot
        if snapshot is None:
            return
        state = snapshot.state
        defs = definitions_for(state.setup)
        view = app.pack.public_view(state)
        table = present_table(view, snapshot.legal, defs, app.pack_ui.current_selection(), app.pack.seats(state))
        self.table = table
        ids = self.ids
        ids.title.text = table.panel.title
        ids.undo.disabled = not snapshot.can_undo
        ids.grid.show(table.grid)
        fill_lines(ids.lines, table.panel.lines)
        fill_buttons(ids.buttons, table.panel.buttons, self.press, app.target)
        fill_lines(ids.emergencies_head, (TextLine(table.panel.emergencies_title, "title"),))
        fill_buttons(ids.emergencies, table.panel.emergencies, self.press, app.target * 1.3)
        fill_lines(ids.scores, table.panel.scores)
        ids.scroll.scroll_y = 1  # what to do now is at the top of the panel
        self._pan_buttons()

    def _pan_buttons(self) -> None:
        grid = self.ids.grid
        words = grid_words()
        can_pan = grid.can_pan()
        for key, (symbol, _dx, _dy) in ARROWS.items():
            button = self.ids[key.split(":")[1]]
            button.text = symbol
            button.disabled = not can_pan
        zoom = self.ids.zoom
        whole_fits = grid.view is not None and grid.zoom_span() >= grid.view.size
        zoom.text = words.zoom_in if not grid.zoomed else words.whole_board
        zoom.disabled = whole_fits and grid.zoomed

    # --- touches -------------------------------------------------------------------------------------------

    def press(self, key: str) -> None:
        app = self.app
        grid = self.ids.grid
        if key in ARROWS:
            _symbol, dx, dy = ARROWS[key]
            step = max(1, grid.span // 2)
            grid.pan(dx * step, dy * step)
        elif key == "grid:zoom":
            grid.zoomed = not grid.zoomed
            if grid.zoomed and grid.view is not None and grid.view.focus is not None:
                grid.centre_on(grid.view.focus)
        elif key == NEXT:
            snapshot = app.controller.snapshot
            action = upkeep_action(snapshot.legal) if snapshot is not None else None
            if action is not None:
                app.perform(act(action))
        elif key == CANCEL:
            app.pack_ui.select(Selection())
            self.refresh()
        elif key.startswith("pawn:"):
            selection = app.pack_ui.current_selection()
            pawn = key.split(":", 1)[1]
            app.pack_ui.select(Selection(selection.card, None if pawn == "other" else pawn))
            self.refresh()
        elif key.startswith(("square:", "focus:")):
            _kind, column, row = key.split(":")
            square = (int(column), int(row))
            if key.startswith("focus:"):
                grid.zoom_at(square)
                self.show_square(square)
            else:
                if not grid.is_visible(square):
                    grid.zoom_at(square)
                self.on_square(square)
        else:
            app.perform(key)
        self._pan_buttons()

    def on_square(self, square: Square) -> None:
        """A tap on the grid: the action of a lit square, a chooser when several pawns stand there, else what
        stands on it."""
        table = self.table
        targets = table.targets.get(square, ()) if table is not None else ()
        if len(targets) == 1:
            self._do(targets[0])
        elif targets:
            words = grid_words()
            show_popup(
                words.which_pawn,
                [],
                [PopupButton("popup:cancel", words.cancel)],
                kind="chooser",
                choices=[
                    PopupButton(f"target:{i}", target.label, self._doer(target)) for i, target in enumerate(targets)
                ],
            )
        else:
            self.show_square(square)

    def show_square(self, square: Square) -> None:
        snapshot = self.app.controller.snapshot
        if snapshot is None:
            return
        defs = definitions_for(snapshot.state.setup)
        title, lines = square_info(self.app.pack.public_view(snapshot.state), defs, square)
        show_popup(title, list(lines), [PopupButton("popup:close", grid_words().close, role="primary")])

    def _doer(self, target: Target) -> Callable[[], None]:
        return lambda: self._do(target)

    def _do(self, target: Target) -> None:
        app = self.app
        if target.action is not None:
            app.perform(act(target.action))
        elif target.pick is not None:
            app.pack_ui.select(Selection(app.pack_ui.current_selection().card, target.pick))
            self.refresh()

    def visit_name(self) -> str:
        snapshot = self.app.controller.snapshot
        phase = snapshot.state.phase if snapshot is not None else ""
        selection = self.app.pack_ui.current_selection()
        return f"grid-{phase}" + ("-card" if selection.card else "")
