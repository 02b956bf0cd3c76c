"""Widgets that draw the game's own symbols: rescue-type icons, the Hood track strip, disaster tiles.

Colour is never the only signal: every icon has its own shape and sits beside a word, every track space has a
letter or numeral, every disaster tile shows its slot number and difficulty as text.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, InstructionGroup, Line, Mesh, Rectangle, SmoothEllipse, SmoothLine
from kivy.properties import ListProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.widget import Widget

from companion.ui.theme import colour, readable_text_on
from companion.ui.widgets.cached import CachedDrawing
from companion.ui.widgets.drawn_text import draw_text, fit_text


class RescueTypeIcon(Widget):
    """Air: a delta wing; sea: waves; land: a mountain; space: a star; unknown: a question ring."""

    rescue_type = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, rescue_type=self._draw)

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        size = min(self.width, self.height)
        if size <= 2:
            return
        cx, cy = self.center
        r = size * 0.45
        with self.canvas:
            Color(*colour(self.rescue_type or "unknown"))
            SmoothEllipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
            Color(1, 1, 1, 1)
            _symbol(self.rescue_type, cx, cy, r * 0.62, size)


def _symbol(kind: str, cx: float, cy: float, s: float, size: float) -> None:
    if kind == "air":
        _polygon([(cx, cy + s), (cx + s, cy - s * 0.7), (cx, cy - s * 0.3), (cx - s, cy - s * 0.7)])
    elif kind == "sea":
        for k in (-1, 0, 1):
            y = cy + k * s * 0.55
            line: list[float] = []
            for i in range(13):
                x = cx - s + i * (2 * s / 12)
                line += [x, y + math.sin(i / 12 * 2 * math.pi) * s * 0.18]
            SmoothLine(points=line, width=max(1.0, size * 0.04))
    elif kind == "land":
        _polygon(
            [
                (cx - s, cy - s * 0.6),
                (cx - s * 0.25, cy + s * 0.7),
                (cx + s * 0.15, cy),
                (cx + s * 0.45, cy + s * 0.35),
                (cx + s, cy - s * 0.6),
            ]
        )
    elif kind == "space":
        points = []
        for i in range(10):
            radius = s if i % 2 == 0 else s * 0.42
            angle = math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        _polygon(points)
    else:
        SmoothLine(circle=(cx, cy, s * 0.6), width=max(1.0, size * 0.05))


def _polygon(points: list[tuple[float, float]]) -> None:
    """A filled polygon as a triangle fan around its centroid (fine for the convex-ish shapes above), its edge
    traced with a smooth line of the same colour (the window is not multisampled)."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    vertices = [cx, cy, 0, 0]
    for x, y in points + [points[0]]:
        vertices += [x, y, 0, 0]
    Mesh(vertices=vertices, indices=list(range(len(points) + 2)), mode="triangle_fan")
    SmoothLine(points=[c for point in points for c in point], close=True, width=1.0)


class HoodStrip(Widget):
    """The Hood track: one cell per space, its mark written as a letter (E, I, II...) and its colour; the Hood's
    space says "H" on purple with an outline. Drawn on one canvas (fifteen label widgets would cost ~1.5 MB)."""

    spaces = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._problems: list[str] = []
        # Drawn into its own texture when the spaces or the size change (see cached.py).
        self._cache = CachedDrawing(self, colour("background"))
        self._redraw = Clock.create_trigger(self._draw, -1)
        self.bind(size=self._redraw, spaces=self._redraw)

    def text_problems(self) -> list[str]:
        return list(self._problems)

    def _draw(self, *_: Any) -> None:
        from kivy.app import App

        self._problems = []
        count = len(self.spaces)
        app = App.get_running_app()
        with self._cache.drawing() as ready:
            if not ready or not count or self.width <= 2:
                return
            step = self.width / count
            for index, space in enumerate(self.spaces):
                x = self.x + index * step
                fill = colour("hood") if space.has_hood else mark_colour(space.mark)
                Color(*fill)
                Rectangle(pos=(x + 1, self.y + 1), size=(step - 2, self.height - 2))
                if space.has_hood:
                    Color(*colour("accent"))
                    Line(rectangle=(x + 1, self.y + 1, step - 2, self.height - 2), width=2)
                text = ("H" + (" " + space.label if space.label else "")) if space.has_hood else space.label
                fitted = fit_text(
                    text,
                    step - 4,
                    self.height - 4,
                    app.font_small,
                    app.font_small * 0.6,
                    bold=space.has_hood,
                    halign="center",
                )
                if fitted is not None and not fitted.fitted:
                    self._problems.append(f"hood space {index}: {text!r} does not fit")
                draw_text(fitted, x + 2, self.y + 2, step - 4, self.height - 4, readable_text_on(fill), "center")


class DisasterTileButton(ButtonBehavior, Widget):
    """One slot of the disaster track, drawn on one canvas: slot number and difficulty (big), name, region,
    rescue type (icon, colour and word), and how much of its bonus applies now. Tap for every bonus."""

    tile = ObjectProperty(None, allownone=True)
    action_key = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._problems: list[str] = []
        #: Where the pressed outline is drawn: over the tile on its own canvas, or over a CachedGrid's texture
        #: (the grid sets it), so a press and its release redraw one outline and not the grid's whole texture.
        self._own_overlay = InstructionGroup()
        self.canvas.after.add(self._own_overlay)
        self.overlay = self._own_overlay
        self.bind(pos=self._draw, size=self._draw, tile=self._draw)
        self.bind(pos=self._draw_press, size=self._draw_press, state=self._draw_press)

    def use_overlay(self, overlay: InstructionGroup | None) -> None:
        """Draws the pressed outline into `overlay` from now on (a group drawn above wherever the tile shows), or
        on the tile's own canvas again when None."""
        self.overlay.clear()
        self.overlay = overlay if overlay is not None else self._own_overlay
        self._draw_press()

    def _draw_press(self, *_: Any) -> None:
        """The accent outline while the tile is pressed, drawn above the tile (the same outline the tile draws
        for its own region when it is "here", so a pressed tile there looks the same)."""
        overlay = self.overlay
        overlay.clear()
        if self.state != "down" or self.tile is None or self.width <= 4 or self.height <= 4:
            return
        overlay.add(Color(*colour("accent")))
        overlay.add(Line(rectangle=(self.x + 1, self.y + 1, self.width - 2, self.height - 2), width=2))

    def text_problems(self) -> list[str]:
        return list(self._problems)

    def _draw(self, *_: Any) -> None:
        from kivy.app import App

        self.canvas.clear()
        self._problems = []
        tile = self.tile
        app = App.get_running_app()
        with self.canvas:
            if tile is None or self.width <= 4 or self.height <= 4:
                return
            occupied = tile.card is not None
            fill = urgency_colour(tile.slot, occupied)
            ink = readable_text_on(fill)
            pad = app.gap * 0.6
            x, y, w, h = self.x + pad, self.y + pad, self.width - 2 * pad, self.height - 2 * pad
            small, title = app.font_small, app.font_title
            Color(*fill)
            Rectangle(pos=self.pos, size=self.size)
            if tile.rescue_type:
                Color(*colour(tile.rescue_type))
                Rectangle(pos=(self.x, self.top - app.gap * 0.8), size=(self.width, app.gap * 0.8))
            if tile.here:
                Color(*colour("accent"))
                Line(rectangle=(self.x + 1, self.y + 1, self.width - 2, self.height - 2), width=2)
            top_h = h * 0.3
            slot_text = "☠" if tile.is_skull else str(tile.slot)
            self._text(slot_text, x, y + h - top_h, w * 0.45, top_h, title, True, ink, "left")
            self._text(tile.difficulty, x + w * 0.45, y + h - top_h, w * 0.55, top_h, title, True, ink, "right")
            if not occupied:
                return
            name_h, row_h = h * 0.3, h * 0.133
            self._text(tile.name, x, y + h - top_h - name_h, w, name_h, small, True, ink, "left")
            self._text(tile.region, x, y + 2 * row_h, w, row_h, small, False, ink, "left")
            icon = row_h
            draw_rescue_icon(tile.rescue_type or "", x + icon / 2, y + row_h * 1.5, icon)
            self._text(tile.type_label, x + icon + pad, y + row_h, w - icon - pad, row_h, small, False, ink, "left")
            bonus_ink = colour("accent") if tile.bonus_now > 0 else colour("text_dim")
            self._text(tile.bonus_summary, x, y, w, row_h, small, False, bonus_ink, "left")

    def _text(
        self, text: str, x: float, y: float, w: float, h: float, base: float, bold: bool, ink: Any, halign: str
    ) -> None:
        fitted = fit_text(text, w, h, base, base * 0.7, bold, halign)
        if fitted is not None and not fitted.fitted:
            self._problems.append(f"tile {self.tile.slot}: {text!r} does not fit")
        draw_text(fitted, x, y, w, h, ink, halign)


def draw_rescue_icon(rescue_type: str, cx: float, cy: float, size: float) -> None:
    """The rescue-type symbol (see RescueTypeIcon) on the current canvas, centred on (cx, cy)."""
    r = size * 0.45
    Color(*colour(rescue_type or "unknown"))
    SmoothEllipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
    Color(1, 1, 1, 1)
    _symbol(rescue_type, cx, cy, r * 0.62, size)


MARK_COLOURS = {
    "plain": "panel_light",
    "event": "warning",
    "event-active": "danger",
    "event-done": "panel",
    "scheme": "button",
    "scheme-current": "accent",
    "scheme-foiled": "success",
}


def mark_colour(mark: str) -> Any:
    return colour(MARK_COLOURS.get(mark, "panel_light"))


def urgency_colour(slot: int, occupied: bool) -> Any:
    """Darker panels near slot 1, redder towards slot 7; the slot number is always written too."""
    if not occupied:
        return colour("panel")
    t = max(0.0, min(1.0, (slot - 1) / 6))
    base, danger = colour("panel_light"), colour("danger")
    return tuple(base[i] * (1 - t * 0.8) + danger[i] * t * 0.8 for i in range(3)) + (1.0,)


__all__ = ["DisasterTileButton", "HoodStrip", "RescueTypeIcon", "mark_colour", "urgency_colour"]
