"""The printed grid on one canvas: the squares, the column numbers along the top and the row numbers down the left
edge (as on the printed board), emergencies with their time counters, bases, and pawns by colour and number.

Up to 400 squares are drawn as a few meshes (one per colour) and one texture per text shown, never as widgets.
Zoomed (the default), it shows as many squares as fit at the smallest touch target (9 mm) or larger; the rest is a
drag, or an arrow button, away. The whole board is a tap away too ("Whole board"), where a tap zooms in around the
square tapped: small squares are never the target of a move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.graphics import Color, Mesh
from kivy.properties import BooleanProperty
from kivy.uix.widget import Widget

from companion.games.warpspawn_thunderbirds.definitions import Square
from companion.games.warpspawn_thunderbirds.ui.presenters.table import GridView, SquareView
from companion.ui.theme import colour, readable_text_on
from companion.ui.widgets.drawn_text import draw_text, fit_text
from companion.ui.widgets.quads import WHOLE, quads

Box = tuple[float, float, float, float]
RGBA = tuple[float, float, float, float]
#: A drag longer than this (in touch targets) pans instead of tapping.
DRAG = 0.3


def _rgba(rgb: tuple[int, int, int]) -> RGBA:
    return (rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, 1.0)


def _frame(box: Box, width: float) -> list[Box]:
    """A rectangle's outline as four boxes (drawn with the fills, in one mesh per colour)."""
    x, y, w, h = box
    return [(x, y, w, width), (x, y + h - width, w, width), (x, y, width, h), (x + w - width, y, width, h)]


class WarpspawnGrid(Widget):
    zoomed = BooleanProperty(True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.view: GridView | None = None
        #: The first column and row shown when zoomed.
        self.origin: Square = (1, 1)
        #: Called with the square tapped (zoomed only).
        self.on_square: Callable[[Square], None] | None = None
        self._problems: list[str] = []
        self._touch: Any = None
        self._dragged = False
        self._drag_from: tuple[float, float] = (0.0, 0.0)
        self._drag_origin: Square = (1, 1)
        self._redraw = Clock.create_trigger(self._draw, -1)
        self.bind(pos=self._redraw, size=self._redraw, zoomed=self._on_zoomed)

    # --- what it shows ---------------------------------------------------------------------------------------

    def show(self, view: GridView) -> None:
        """Draws `view`; the squares in sight move only when its focus (a picked pawn, a lit square) is out of it."""
        old = self.view
        self.view = view
        if old is None or old.size != view.size:
            self.origin = (1, 1)
        if view.focus is not None and not self.is_visible(view.focus):
            self.centre_on(view.focus)
        self.origin = self._clamped(self.origin)
        self._redraw()

    def _on_zoomed(self, *_: Any) -> None:
        """The whole board starts at (1, 1); zoomed again, the squares in sight are those last seen zoomed."""
        self._redraw()

    @property
    def first(self) -> Square:
        """The first column and row in sight."""
        return self.origin if self.zoomed else (1, 1)

    def text_problems(self) -> list[str]:
        return list(self._problems)

    # --- geometry --------------------------------------------------------------------------------------------

    @property
    def band(self) -> float:
        """The width of the numbered edges."""
        return float(round(App.get_running_app().target * 0.5))

    def zoom_span(self) -> int:
        """How many squares a side shows when zoomed: as many as fit at the touch target or larger."""
        size = self.view.size if self.view is not None else 1
        room = min(self.width, self.height) - self.band
        return max(1, min(size, int(room // App.get_running_app().target)))

    @property
    def span(self) -> int:
        size = self.view.size if self.view is not None else 1
        return self.zoom_span() if self.zoomed else size

    @property
    def cell(self) -> float:
        return max(1.0, (min(self.width, self.height) - self.band) / self.span)

    def can_pan(self) -> bool:
        return self.view is not None and self.zoomed and self.zoom_span() < self.view.size

    def _clamped(self, origin: Square) -> Square:
        """The zoomed view's first square, kept on the board (the whole board always starts at (1, 1))."""
        size = self.view.size if self.view is not None else 1
        top = max(1, size - self.zoom_span() + 1)
        return (min(max(1, origin[0]), top), min(max(1, origin[1]), top))

    def is_visible(self, square: Square) -> bool:
        span, (column, row) = self.span, self.first
        return column <= square[0] < column + span and row <= square[1] < row + span

    def centre_on(self, square: Square) -> None:
        half = self.zoom_span() // 2
        self.origin = self._clamped((square[0] - half, square[1] - half))
        self._redraw()

    def pan(self, columns: int, rows: int) -> None:
        self.origin = self._clamped((self.origin[0] + columns, self.origin[1] + rows))
        self._redraw()

    def zoom_at(self, square: Square) -> None:
        self.zoomed = True
        self.centre_on(square)

    def box(self, square: Square) -> Box:
        """The square's box in the widget's coordinates (row 1 at the top, as printed)."""
        cell = self.cell
        first = self.first
        left = self.x + self.band + (square[0] - first[0]) * cell
        top = self.top - self.band - (square[1] - first[1]) * cell
        return (left, top - cell, cell, cell)

    def square_at(self, x: float, y: float) -> Square | None:
        cell = self.cell
        column = int((x - self.x - self.band) // cell)
        row = int((self.top - self.band - y) // cell)
        if not (0 <= column < self.span and 0 <= row < self.span):
            return None
        return (self.first[0] + column, self.first[1] + row)

    def square_center(self, square: Square) -> tuple[float, float]:
        """Where a finger touches `square`, in window coordinates (the pilot's taps)."""
        x, y, w, h = self.box(square)
        return self.to_window(x + w / 2, y + h / 2)

    # --- touches ---------------------------------------------------------------------------------------------

    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos) or self.view is None:
            return False
        touch.grab(self)
        self._touch, self._dragged = touch, False
        self._drag_from, self._drag_origin = touch.pos, self.origin
        return True

    def on_touch_move(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return False
        target = App.get_running_app().target
        dx, dy = touch.pos[0] - self._drag_from[0], touch.pos[1] - self._drag_from[1]
        if not self._dragged and max(abs(dx), abs(dy)) > DRAG * target:
            self._dragged = True
        if self._dragged and self.can_pan():
            cell = self.cell
            self.origin = self._clamped(
                (self._drag_origin[0] - round(dx / cell), self._drag_origin[1] + round(dy / cell))
            )
            self._redraw()
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return False
        touch.ungrab(self)
        self._touch = None
        if self._dragged:
            return True
        square = self.square_at(*touch.pos)
        if square is None:
            return True
        if not self.zoomed and self.zoom_span() < (self.view.size if self.view else 0):
            self.zoom_at(square)  # the whole board is for finding a place, not for touching a square
        elif self.on_square is not None:
            self.on_square(square)
        return True

    # --- drawing ---------------------------------------------------------------------------------------------

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        self._problems = []
        view = self.view
        if view is None or self.width <= 1 or self.height <= 1:
            return
        app = App.get_running_app()
        readable = self.cell >= app.target - 0.5  # what a player must read and touch; the whole board is a map
        fills: dict[RGBA, list[Box]] = {}
        texts: list[tuple[str, Box, RGBA, float, bool, str]] = []

        def fill(rgba: RGBA, boxes: Iterable[Box]) -> None:
            fills.setdefault((rgba[0], rgba[1], rgba[2], rgba[3]), []).extend(boxes)

        span, cell, band = self.span, self.cell, self.band
        left, top = self.x + band, self.top - band
        side = span * cell
        fill(colour("panel"), [(self.x, top, band + side, band), (self.x, top - side, band, side)])
        first = self.first
        for k in range(span):
            column, row = first[0] + k, first[1] + k
            col_box = (left + k * cell, top, cell, band)
            row_box = (self.x, top - (k + 1) * cell, band, cell)
            if column in view.marked_columns:
                fill(colour("accent"), [col_box])
            if row in view.marked_rows:
                fill(colour("accent"), [row_box])
            ink = colour("text")
            texts.append(
                (
                    str(column),
                    col_box,
                    readable_text_on(colour("accent")) if column in view.marked_columns else ink,
                    app.font_small,
                    True,
                    "center",
                )
            )
            texts.append(
                (
                    str(row),
                    row_box,
                    readable_text_on(colour("accent")) if row in view.marked_rows else ink,
                    app.font_small,
                    True,
                    "center",
                )
            )
        gap = 1.0 if cell > 6 else 0.0
        plain: list[Box] = []
        for k in range(span * span):
            square = (first[0] + k % span, first[1] + k // span)
            if square not in view.squares:
                x, y, w, h = self.box(square)
                plain.append((x + gap, y + gap, w - 2 * gap, h - 2 * gap))
        fill(colour("panel_light"), plain)
        for square, shown in view.squares.items():
            if self.is_visible(square):
                self._square(shown, fill, texts, readable, gap)
        with self.canvas:
            for rgba, boxes in fills.items():
                Color(*rgba)
                vertices, indices = quads((box, WHOLE) for box in boxes)
                Mesh(vertices=vertices, indices=indices, mode="triangles")
            for text, (x, y, w, h), ink, size, bold, halign in texts:
                fitted = fit_text(text, w, h, size, size * 0.6, bold=bold, halign=halign)
                if fitted is None:
                    continue
                if not fitted.fitted:
                    if readable:
                        self._problems.append(text)
                    continue
                draw_text(fitted, x, y, w, h, ink, halign=halign)

    def _square(
        self,
        shown: SquareView,
        fill: Callable[[RGBA, Iterable[Box]], None],
        texts: list[tuple[str, Box, RGBA, float, bool, str]],
        readable: bool,
        gap: float,
    ) -> None:
        app = App.get_running_app()
        x, y, w, h = self.box(shown.square)
        inner = (x + gap, y + gap, w - 2 * gap, h - 2 * gap)
        if shown.is_target:
            background = colour("accent")
        elif shown.emergency:
            background = colour("danger")
        else:
            background = colour("panel_light")
        fill(background, [inner])
        line = max(2.0, round(w * 0.07))
        if shown.base_rgb is not None:
            fill(_rgba(shown.base_rgb), _frame(inner, line))
        if shown.is_new and shown.emergency:
            fill(colour("accent"), _frame(inner, line))
        if shown.is_pending:
            fill(colour("warning"), _frame(inner, line))
        if shown.is_picked:
            fill(colour("text"), _frame(inner, line))
        pad = line + 1
        body = (inner[0] + pad, inner[1] + pad, inner[2] - 2 * pad, inner[3] - 2 * pad)
        if body[2] <= 2 or body[3] <= 2:
            return
        ink = readable_text_on(background)
        if shown.emergency:
            texts.append((shown.mark, body, ink, app.font_body, True, "center"))
            return
        rows: list[tuple[str, str, RGBA | None]] = []
        if shown.base_mark:
            rows.append((shown.base_mark, shown.base_mark, None))
        for chip in shown.chips:
            rows.append((chip.text, chip.short, _rgba(chip.rgb)))
        if not rows:
            return
        height = body[3] / len(rows)
        for index, (text, short, chip_colour) in enumerate(rows):
            box = (body[0], body[1] + body[3] - (index + 1) * height, body[2], height)
            if chip_colour is not None:
                fill(chip_colour, [(box[0], box[1] + 1, box[2], box[3] - 2)])
                chip_ink = readable_text_on(chip_colour)
            else:
                chip_ink = ink
            size = app.font_small
            fitted = fit_text(text, box[2], box[3], size, size * 0.6, bold=True, halign="center")
            on_one_line = fitted is not None and fitted.fitted and len(fitted.lines) <= 1
            chosen = text if on_one_line else short
            texts.append((chosen, box, chip_ink, size, True, "center"))
