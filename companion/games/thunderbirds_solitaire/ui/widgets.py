"""The Solitaire table's drawn pieces: a chain's card cell and the mark at the end of a chain (full or not).

Drawn on one canvas each (a Kivy label costs about 100 kB), text fitted like FitLabel; what does not fit is listed in
`text_problems()` for the layout check. Colour is never the only signal: a card's kind is a word and a shape (a
triangle for a Disaster, a circle for a Civilian, a square for a Hood card); a full chain is a filled bar and the
word "Full", a chain with room an empty frame and how many places are free.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.graphics import Color, Line, Mesh, Rectangle, SmoothEllipse
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.widget import Widget

from companion.ui.theme import colour, readable_text_on
from companion.ui.widgets.drawn_text import draw_text, fit_text

#: Each kind's panel colour (always beside its word and its shape).
KIND_COLOURS = {"disaster": "danger", "civilian": "success", "hood": "hood"}


def draw_kind_shape(kind: str, cx: float, cy: float, size: float) -> None:
    """A Disaster's triangle, a Civilian's circle, a Hood card's square, in white on the current canvas."""
    r = size / 2
    Color(1, 1, 1, 1)
    if kind == "disaster":
        vertices = [cx, cy + r, 0, 0, cx - r, cy - r * 0.8, 0, 0, cx + r, cy - r * 0.8, 0, 0]
        Mesh(vertices=vertices, indices=[0, 1, 2], mode="triangles")
    elif kind == "civilian":
        SmoothEllipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
    elif kind == "hood":
        Rectangle(pos=(cx - r * 0.85, cy - r * 0.85), size=(r * 1.7, r * 1.7))


class SolitaireCardCell(ButtonBehavior, Widget):
    """One place of a chain: the card's kind (word and shape), its name, its symbols and whether it is influenced;
    an empty place is a dashed frame. Tap a card for its details and the player's own moves."""

    cell = ObjectProperty(None, allownone=True)
    action_key = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._problems: list[str] = []
        self.bind(pos=self._draw, size=self._draw, cell=self._draw, state=self._draw)

    def text_problems(self) -> list[str]:
        return list(self._problems)

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        self._problems = []
        cell = self.cell
        app = App.get_running_app()
        if cell is None or self.width <= 6 or self.height <= 6 or app is None:
            return
        gap = max(2.0, app.gap * 0.4)
        with self.canvas:
            if cell.is_empty:
                Color(*colour("panel_light"))
                Line(
                    rectangle=(self.x + 1, self.y + 1, self.width - 2, self.height - 2),
                    width=1,
                    dash_length=4,
                    dash_offset=3,
                )
                return
            fill = colour(KIND_COLOURS.get(cell.kind, "panel_light"))
            if self.state == "down":
                fill = colour("button_pressed")
            Color(*fill)
            Rectangle(pos=self.pos, size=self.size)
            if cell.influenced:
                Color(*colour("accent"))
                Line(rectangle=(self.x + 1, self.y + 1, self.width - 2, self.height - 2), width=2)
            ink = readable_text_on(fill)
            x, y, w, h = self.x + gap, self.y + gap, self.width - 2 * gap, self.height - 2 * gap
            head = min(h * 0.26, app.font_small * 1.4)
            shape = head * 0.7
            draw_kind_shape(cell.kind, x + shape / 2, y + h - head / 2, shape)
            self._text(cell.kind_label, x + shape + gap, y + h - head, w - shape - gap, head, app.font_small, True, ink)
            rest = h - head
            # The name may take two lines; the symbols one (their count when the names do not fit), the mark one.
            shares = (0.45, 0.3, 0.25) if cell.marks else (0.56, 0.44)
            texts = (cell.name, cell.symbols, cell.marks)
            top = y + rest
            for index, share in enumerate(shares):
                height = rest * share
                top -= height
                text = texts[index]
                if index == 1 and not self._fits(text, w, height, app.font_small):
                    text = cell.symbols_short  # how many: the card's details name them
                self._text(text, x, top, w, height, app.font_small, index == 0, ink)

    @staticmethod
    def _fits(text: str, w: float, h: float, base: float) -> bool:
        fitted = fit_text(text, w, h, base, base * 0.6, False, "left")
        return fitted is None or fitted.fitted

    def _text(self, text: str, x: float, y: float, w: float, h: float, base: float, bold: bool, ink: Any) -> None:
        fitted = fit_text(text, w, h, base, base * 0.6, bold, "left")
        if fitted is not None and not fitted.fitted:
            self._problems.append(f"card cell: {text!r} does not fit")
        draw_text(fitted, x, y, w, h, ink, "left")


class SolitaireRoomMark(Widget):
    """The end of a chain: a filled bar and "Full" when it holds its Disaster and three more, else an empty frame
    and how many places are free."""

    full = BooleanProperty(False)
    text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._problems: list[str] = []
        self.bind(pos=self._draw, size=self._draw, full=self._draw, text=self._draw)

    def text_problems(self) -> list[str]:
        return list(self._problems)

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        self._problems = []
        app = App.get_running_app()
        if self.width <= 4 or self.height <= 4 or app is None:
            return
        bar = max(4.0, app.gap * 0.8)
        with self.canvas:
            if self.full:
                Color(*colour("accent"))
                Rectangle(pos=(self.x, self.y), size=(bar, self.height))
            else:
                Color(*colour("panel_light"))
                Line(rectangle=(self.x + 1, self.y + 1, bar - 2, self.height - 2), width=1)
            fitted = fit_text(
                self.text, self.width - bar - 2, self.height, app.font_small, app.font_small * 0.7, self.full, "left"
            )
            if fitted is not None and not fitted.fitted:
                self._problems.append(f"chain mark: {self.text!r} does not fit")
            draw_text(
                fitted,
                self.x + bar + 2,
                self.y,
                self.width - bar - 2,
                self.height,
                colour("accent") if self.full else colour("text_dim"),
                "left",
            )


__all__ = ["SolitaireCardCell", "SolitaireRoomMark", "draw_kind_shape"]
