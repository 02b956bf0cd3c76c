"""Widgets that draw the game's own symbols: rescue-type icons, the Hood track strip, disaster tiles.

Colour is never the only signal: every icon has its own shape and sits beside a word, every track space has a
letter or numeral, every disaster tile shows its slot number and difficulty as text.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.ui.theme import colour
from companion.ui.widgets.text import FitLabel


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
            Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
            Color(1, 1, 1, 1)
            s = r * 0.62
            kind = self.rescue_type
            if kind == "air":
                _polygon([(cx, cy + s), (cx + s, cy - s * 0.7), (cx, cy - s * 0.3), (cx - s, cy - s * 0.7)])
            elif kind == "sea":
                for k in (-1, 0, 1):
                    y = cy + k * s * 0.55
                    points = []
                    for i in range(13):
                        x = cx - s + i * (2 * s / 12)
                        points += [x, y + math.sin(i / 12 * 2 * math.pi) * s * 0.18]
                    Line(points=points, width=max(1.0, size * 0.04))
            elif kind == "land":
                _polygon([(cx - s, cy - s * 0.6), (cx - s * 0.25, cy + s * 0.7), (cx + s * 0.15, cy),
                          (cx + s * 0.45, cy + s * 0.35), (cx + s, cy - s * 0.6)])
            elif kind == "space":
                points = []
                for i in range(10):
                    radius = s if i % 2 == 0 else s * 0.42
                    angle = math.pi / 2 + i * math.pi / 5
                    points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
                _polygon(points)
            else:
                Line(circle=(cx, cy, s * 0.6), width=max(1.0, size * 0.05))


def _polygon(points: list[tuple[float, float]]) -> None:
    """A filled polygon as a triangle fan around its centroid (fine for the convex-ish shapes above)."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    vertices = [cx, cy, 0, 0]
    for x, y in points + [points[0]]:
        vertices += [x, y, 0, 0]
    Mesh(vertices=vertices, indices=list(range(len(points) + 2)), mode="triangle_fan")


class HoodCell(FitLabel):
    mark = StringProperty("plain")
    has_hood = BooleanProperty(False)


MARK_COLOURS = {
    "plain": "panel_light",
    "event": "warning",
    "event-active": "danger",
    "event-done": "panel",
    "scheme": "button",
    "scheme-current": "accent",
    "scheme-foiled": "success",
}


class HoodStrip(BoxLayout):
    """The Hood track: one cell per space with its mark as a letter; the Hood's space says "H"."""

    spaces = ListProperty([])

    def on_spaces(self, *_: Any) -> None:
        while len(self.children) > len(self.spaces):
            self.remove_widget(self.children[0])
        while len(self.children) < len(self.spaces):
            self.add_widget(HoodCell())
        for cell, space in zip(reversed(self.children), self.spaces):
            cell.mark = space.mark
            cell.has_hood = space.has_hood
            cell.text = ("H" + (" " + space.label if space.label else "")) if space.has_hood else space.label


class DisasterTileButton(ButtonBehavior, BoxLayout):
    """One slot of the disaster track; tap for the card's details (every bonus, which apply now)."""

    tile = ObjectProperty(None, allownone=True)
    action_key = StringProperty("")
    urgency = NumericProperty(0)


def mark_colour(mark: str) -> Any:
    return colour(MARK_COLOURS.get(mark, "panel_light"))


def urgency_colour(slot: int, occupied: bool) -> Any:
    """Darker panels near slot 1, redder towards slot 7; the slot number is always written too."""
    if not occupied:
        return colour("panel")
    t = max(0.0, min(1.0, (slot - 1) / 6))
    base, danger = colour("panel_light"), colour("danger")
    return tuple(base[i] * (1 - t * 0.8) + danger[i] * t * 0.8 for i in range(3)) + (1.0,)


__all__ = ["DisasterTileButton", "HoodStrip", "RescueTypeIcon", "Rectangle", "mark_colour", "urgency_colour"]
