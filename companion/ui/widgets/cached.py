"""A widget's drawing kept in a texture of its own.

Widgets that draw many small things (a disaster tile: its fill, outline, icon and half a dozen texts) cost every
frame one GL draw per thing, whether they changed or not; on a software renderer that is milliseconds per frame
for the Table. Drawn once into an Fbo when they change, they cost one textured rectangle per frame instead.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from weakref import WeakSet

from kivy.graphics import (
    Callback,
    ClearBuffers,
    ClearColor,
    Color,
    Fbo,
    InstructionGroup,
    PopMatrix,
    PushMatrix,
    Rectangle,
    ScissorPop,
    ScissorPush,
    Translate,
)
from kivy.graphics.opengl import GL_BLEND, glDisable, glEnable
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
    Its children must not clip: a ListScroll's scissor is in window pixels, not in the Fbo's.

    The texture is drawn again just before the window's frame, never in the middle of it: an Fbo rendered while
    the window draws (the usual place, in the widget's canvas) left Mesa's llvmpipe waiting about 2 ms for its
    rasteriser in every later frame that showed the texture (measured on the Table, 2 to 5 ms of each frame)."""

    canvas: Any  # Kivy's; swapped for the Fbo while a child draws (Kivy ships no type information)

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
        self._overlays: dict[Any, InstructionGroup] = {}
        super().__init__(**kwargs)
        # The texture in canvas.before, what children show above it in canvas.after (the grid's own canvas
        # holds nothing: the children's canvases are in the Fbo).
        with self.canvas.before:
            # Opaque: the texture starts from an opaque clear and Kivy adds alpha up to 1, so every texel is
            # opaque and blending it would only cost a software renderer a read of every pixel beneath.
            Callback(blend_off)
            Color(1, 1, 1, 1)
            self._shown = Rectangle(texture=self._fbo.texture, pos=(0, 0), size=(0, 0))
            Callback(blend_on)
        # Overlays stay within the grid, as the children's drawing does in the texture.
        with self.canvas.after:
            self._clip = ScissorPush(x=0, y=0, width=1, height=1)
            self._overlay_layer = InstructionGroup()
            ScissorPop()
        self.fbind("pos", self._frame)
        self.fbind("size", self._frame)
        self._frame()
        _watch(self)

    def _frame(self, *_: Any) -> None:
        """The texture covers the grid at whole pixels (sharp text); its content is in the grid's coordinates."""
        x, y = round(self.x), round(self.y)
        width, height = max(1, int(round(self.width))), max(1, int(round(self.height)))
        if tuple(self._fbo.size) != (width, height):
            self._fbo.size = (width, height)
            self._shown.texture = self._fbo.texture
        self._offset.xy = (-x, -y)
        self._shown.pos, self._shown.size = (x, y), (width, height)
        left, bottom = self.to_window(x, y)
        self._clip.x, self._clip.y, self._clip.width, self._clip.height = int(left), int(bottom), width, height

    @property
    def needs_drawing(self) -> bool:
        """A child changed what it draws (or the texture was resized) since the texture was last drawn."""
        return bool(self._fbo.needs_redraw)

    def draw_texture(self) -> None:
        """Draws the children into the texture now, when they changed."""
        if self._fbo.needs_redraw:
            self._fbo.draw()

    def add_widget(self, widget: Any, *args: Any, **kwargs: Any) -> None:
        canvas, self.canvas = self.canvas, self._fbo  # the child's drawing goes into the Fbo
        try:
            super().add_widget(widget, *args, **kwargs)
        finally:
            self.canvas = canvas
        if hasattr(widget, "use_overlay"):
            # What a child shows only for a moment (a pressed outline) is drawn above the texture, not into it.
            overlay = InstructionGroup()
            self._overlay_layer.add(overlay)
            self._overlays[widget] = overlay
            widget.use_overlay(overlay)

    def remove_widget(self, widget: Any, *args: Any, **kwargs: Any) -> None:
        canvas, self.canvas = self.canvas, self._fbo
        try:
            super().remove_widget(widget, *args, **kwargs)
        finally:
            self.canvas = canvas
        overlay = self._overlays.pop(widget, None)
        if overlay is not None:
            self._overlay_layer.remove(overlay)
            widget.use_overlay(None)


def blend_off(_instruction: Any) -> bool:
    """A canvas Callback: what follows is drawn without blending (for opaque fills and opaque textures)."""
    glDisable(GL_BLEND)
    return True


def blend_on(_instruction: Any) -> bool:
    """A canvas Callback: blending again, as Kivy draws everything else."""
    glEnable(GL_BLEND)
    return True


#: The grids alive; the window draws their textures before each frame (a weak set: a grid let go is let go).
_GRIDS: WeakSet[CachedGrid] = WeakSet()
_watching: list[bool] = []


def _watch(grid: CachedGrid) -> None:
    """Starts drawing `grid`'s texture before each window frame. The Fbo sits in no canvas, so a change in a child
    no longer asks for a frame by itself: a check on each clock tick (one attribute per grid) asks for it."""
    _GRIDS.add(grid)
    if _watching:
        return
    from kivy.clock import Clock
    from kivy.core.window import Window

    _watching.append(True)
    Window.bind(on_draw=_draw_textures)  # handlers run before the window draws its canvas
    Clock.schedule_interval(_ask_for_frame, 0)


def _draw_textures(*_: Any) -> None:
    for grid in list(_GRIDS):
        grid.draw_texture()


def _ask_for_frame(_dt: float) -> None:
    for grid in list(_GRIDS):
        if grid.needs_drawing:
            grid.canvas.ask_update()
