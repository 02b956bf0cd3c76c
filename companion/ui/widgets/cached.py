"""A widget's drawing kept in a texture of its own.

Widgets that draw many small things (a disaster tile: its fill, outline, icon and half a dozen texts) cost every
frame one GL draw per thing, whether they changed or not; on a software renderer that is milliseconds per frame
for the Table. Drawn once into an Fbo when they change, they cost one textured rectangle per frame instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from kivy.graphics import ClearBuffers, ClearColor, Color, Fbo, PopMatrix, PushMatrix, Rectangle, Translate
from kivy.uix.gridlayout import GridLayout

from companion.ui.theme import colour


class CachedDrawing:
    """Owns `widget.canvas`: one rectangle showing a texture that `drawing()` fills. Moving the widget only
    moves the rectangle; drawing again is for when what it shows (or its size) changes."""

    def __init__(self, widget: Any, background: Any) -> None:
        self.widget = widget
        self.background = tuple(background)
        self._fbo = Fbo(size=(1, 1))
        widget.canvas.clear()
        with widget.canvas:
            Color(1, 1, 1, 1)
            self._shown = Rectangle(texture=self._fbo.texture, pos=(0, 0), size=(0, 0))
        widget.fbind("pos", self._place)

    def _place(self, *_: Any) -> None:
        self._shown.pos = self._origin()

    def _origin(self) -> tuple[int, int]:
        """Whole pixels, so the texture maps one to one onto the window and its text stays sharp."""
        return round(self.widget.x), round(self.widget.y)

    @contextmanager
    def drawing(self) -> Iterator[bool]:
        """Redraws into the texture: instructions added inside the block use the widget's own coordinates (as
        they would on its canvas). Yields False, and draws nothing, while the widget has no size."""
        widget, fbo = self.widget, self._fbo
        fbo.clear()
        width, height = int(round(widget.width)), int(round(widget.height))
        if width <= 0 or height <= 0:
            self._shown.size = (0, 0)
            yield False
            return
        if tuple(fbo.size) != (width, height):
            fbo.size = (width, height)
            self._shown.texture = fbo.texture
        origin = self._origin()
        self._shown.pos, self._shown.size = origin, (width, height)
        with fbo:
            ClearColor(*self.background)
            ClearBuffers()
            PushMatrix()
            Translate(-origin[0], -origin[1])
        try:
            with fbo:
                yield True
        finally:
            with fbo:
                PopMatrix()
            fbo.draw()
            widget.canvas.ask_update()


class CachedGrid(GridLayout):
    """A GridLayout whose children are drawn into one texture (an Fbo), redrawn only when one of them changes:
    the Table's disaster tiles, eight widgets of a dozen shapes and texts each, cost one rectangle per frame.
    One Fbo for the grid rather than one per child: each Fbo costs a few hundred kilobytes (its own shader).
    Its children must not clip: a ListScroll's scissor is in window pixels, not in the Fbo's."""

    def __init__(self, **kwargs: Any) -> None:
        self._fbo = Fbo(size=(1, 1))
        with self._fbo.before:
            PushMatrix()
            self._offset = Translate(0, 0)
        with self._fbo:
            ClearColor(*colour("background"))
            ClearBuffers()
        with self._fbo.after:
            PopMatrix()
        super().__init__(**kwargs)
        self.canvas.add(self._fbo)  # renders into its texture when its content changed, and is skipped otherwise
        with self.canvas.after:
            Color(1, 1, 1, 1)
            self._shown = Rectangle(texture=self._fbo.texture, pos=(0, 0), size=(0, 0))
        self.fbind("pos", self._frame)
        self.fbind("size", self._frame)

    def _frame(self, *_: Any) -> None:
        """The texture covers the grid at whole pixels (sharp text); its content is in the grid's coordinates."""
        x, y = round(self.x), round(self.y)
        width, height = max(1, int(round(self.width))), max(1, int(round(self.height)))
        if tuple(self._fbo.size) != (width, height):
            self._fbo.size = (width, height)
            self._shown.texture = self._fbo.texture
        self._offset.xy = (-x, -y)
        self._shown.pos, self._shown.size = (x, y), (width, height)

    def add_widget(self, widget: Any, *args: Any, **kwargs: Any) -> None:
        canvas, self.canvas = self.canvas, self._fbo  # the child's drawing goes into the Fbo
        try:
            super().add_widget(widget, *args, **kwargs)
        finally:
            self.canvas = canvas

    def remove_widget(self, widget: Any, *args: Any, **kwargs: Any) -> None:
        canvas, self.canvas = self.canvas, self._fbo
        try:
            super().remove_widget(widget, *args, **kwargs)
        finally:
            self.canvas = canvas
