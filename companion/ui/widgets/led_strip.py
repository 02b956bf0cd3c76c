"""The on-screen mirror of the board lights, shown when no LED hardware is present: the open game's LEDs in the
rows its `LightScene` gives (Thunderbirds: the Hood track, the disaster slots and the skull, the status LEDs),
as the lights would show them (colours, levels, blinking)."""

from __future__ import annotations

import time
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.graphics import Color, Mesh
from kivy.graphics.texture import Texture
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.widget import Widget

from companion.ui.theme import colour
from companion.ui.widgets.quads import Box, Span, quads

#: Never redraw the strip more often than this, however the blinks fall.
BLINK_REDRAW_SECONDS = 0.05

RGB = tuple[int, int, int]


class LedStrip(Widget):
    """Draws the latest mirrored frame; frames arrive on the lights' thread and are drawn on Kivy's.

    The strip is on every screen and changes only when the lights do, so it is one mesh of round LEDs drawn in
    one draw call, each LED a square of a small texture of its own (a cell holding a smooth disc in the LED's
    colour): a frame or a blink rewrites the cells whose colour changed, nothing else. An Fbo holding the LEDs'
    shapes did the same in one draw call too, but a render target of its own cost a software renderer about
    2 MB for good."""

    hood_length = NumericProperty(15)
    #: The LED names row by row (the scene's `mirror_rows`); empty: Thunderbirds' rows for `hood_length`.
    rows = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._frame: Any = None
        self._redraw = Clock.create_trigger(self._draw, 0)
        self._blinker: Any = None
        self._unsubscribe: Any = None
        #: The layout the mesh was made for (position, size and LED names), each LED's name and shown colour.
        self._shape: tuple[Any, ...] | None = None
        self._names_shown: list[str] = []
        self._shown_colours: list[RGB | None] = []
        self._cells: Texture | None = None
        self._cell = 1
        self._coverage = b""
        self._dark = _bytes(colour("panel_light"))
        with self.canvas:
            Color(1, 1, 1, 1)
            self._mesh = Mesh(mode="triangles")
        self.bind(pos=self._redraw, size=self._redraw)

    def watch(self, mirror: Any) -> None:
        """Follows `mirror` (a MirrorBackend), or nothing when None."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if mirror is not None:
            self._frame = mirror.latest
            self._unsubscribe = mirror.subscribe(self._on_frame)
        self._redraw()

    def _on_frame(self, frame: Any) -> None:
        self._frame = frame
        self._redraw()  # a trigger: safe to arm from another thread, runs on Kivy's

    def _names(self) -> list[list[str]]:
        if self.rows:
            return [list(row) for row in self.rows]
        from companion.devices.scene import default_scene

        return [list(row) for row in default_scene(int(self.hood_length)).mirror_rows]

    def _draw(self, *_: Any) -> None:
        """Shows the latest frame. The mesh is made once per position and size; a new frame or a blink only
        rewrites the cells of the LEDs whose colour changed (a blinking light does this about twice a second, so
        it must cost next to nothing in whatever frame it falls)."""
        frame = self._frame
        width, height = int(round(self.width)), int(round(self.height))
        if frame is None or width <= 0 or height <= 0:
            self._mesh.vertices, self._mesh.indices = [], []
            self._shape = None
            return
        groups = self._names()
        shape = (int(round(self.x)), int(round(self.y)), width, height, tuple(tuple(group) for group in groups))
        if shape != self._shape:
            self._build(width, height, groups)
            self._shape = shape
        now = time.monotonic()
        blinking = False
        changed = False
        for index, name in enumerate(self._names_shown):
            light = frame.get(name) if hasattr(frame, "get") else None
            shown = light.at(now) if light is not None else None
            if light is not None and light.blink is not None:
                blinking = True
            if shown is None or shown.is_dark:
                rgb = self._dark
            else:
                level = max(0.25, min(1.0, shown.level))
                rgb = (round(shown.colour[0] * level), round(shown.colour[1] * level), round(shown.colour[2] * level))
            if self._shown_colours[index] != rgb:
                self._shown_colours[index] = rgb
                self._paint(index, rgb)
                changed = True
        if changed:
            self.canvas.ask_update()
        if self._blinker is not None:
            self._blinker.cancel()
            self._blinker = None
        if blinking:
            # Redraw exactly when the next blinking LED turns on or off, not on a fixed beat: every redraw
            # is a whole frame, and most of the time nothing changes.
            wait = next_toggle(frame, now) - now
            self._blinker = Clock.schedule_once(self._draw, max(BLINK_REDRAW_SECONDS, wait))

    def _build(self, width: int, height: int, groups: list[list[str]]) -> None:
        """One square per LED on whole window pixels (its cell's texels land one to one), and the cells' texture."""
        count = sum(len(g) for g in groups) + len(groups) - 1
        step = width / max(1, count)
        radius = min(step * 0.42, height * 0.42)
        cell = max(2, int(2 * radius) + 2)  # the disc and a pixel of its smooth edge on each side
        names = [name for group in groups for name in group]
        if self._cells is None or tuple(self._cells.size) != (cell * len(names), cell):
            self._cells = Texture.create(size=(cell * len(names), cell), colorfmt="rgba")
            self._mesh.texture = self._cells
        self._cell = cell
        self._coverage = disc_coverage(cell, radius)
        boxes: list[tuple[Box, Span]] = []
        left, bottom = round(self.x), round(self.y + height / 2 - cell / 2)
        x = step / 2
        span = len(names)
        for group in groups:
            for _name in group:
                index = len(boxes)
                box = (left + round(x - cell / 2), bottom, cell, cell)
                boxes.append((box, (index / span, 0.0, (index + 1) / span, 1.0)))  # the LED's own cell
                x += step
            x += step  # a gap between the Hood track, the disaster track and the status LEDs
        self._mesh.vertices, self._mesh.indices = quads(boxes)
        self._names_shown = names
        self._shown_colours = [None] * len(names)

    def _paint(self, index: int, rgb: RGB) -> None:
        """Writes LED `index`'s cell: its colour, opaque where the disc covers the pixel, fading over its edge."""
        assert self._cells is not None
        red, green, blue = rgb
        pixels = bytearray(4 * len(self._coverage))
        pixels[0::4] = bytes((red,)) * len(self._coverage)
        pixels[1::4] = bytes((green,)) * len(self._coverage)
        pixels[2::4] = bytes((blue,)) * len(self._coverage)
        pixels[3::4] = self._coverage
        self._cells.blit_buffer(
            bytes(pixels),
            pos=(index * self._cell, 0),
            size=(self._cell, self._cell),
            colorfmt="rgba",
            bufferfmt="ubyte",
        )


def disc_coverage(cell: int, radius: float) -> bytes:
    """How much of each pixel of a `cell`-pixel square a disc of `radius` centred in it covers (0-255, row by
    row): 255 inside, 0 outside, a one-pixel ramp across the edge, as a smooth shape's edge is drawn."""
    centre = cell / 2
    values = bytearray()
    for row in range(cell):
        for column in range(cell):
            distance = ((column + 0.5 - centre) ** 2 + (row + 0.5 - centre) ** 2) ** 0.5
            values.append(round(255 * min(1.0, max(0.0, radius + 0.5 - distance))))
    return bytes(values)


def _bytes(rgba: Any) -> RGB:
    return round(rgba[0] * 255), round(rgba[1] * 255), round(rgba[2] * 255)


def next_toggle(frame: Any, now: float) -> float:
    """When the next blinking light in `frame` changes between on and off."""
    soonest = now + 1.0
    for name in frame:
        blink = frame[name].blink
        if blink is None:
            continue
        position = (now / blink.period + blink.phase) % 1.0
        edges = (blink.duty, 1.0, 1.0 + blink.duty, 2.0)  # position a hair below 1.0 rounds past both
        ahead = min((edge - position) for edge in edges if edge - position > 1e-6)
        soonest = min(soonest, now + ahead * blink.period)
    return soonest


def strip_height() -> float:
    return App.get_running_app().target * 0.45
