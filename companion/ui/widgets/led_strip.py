"""The on-screen mirror of the board lights, shown when no LED hardware is present: the Hood track, the
disaster slots and the skull, and the status LEDs, as the lights would show them (colours, levels, blinking)."""

from __future__ import annotations

import time
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.graphics import ClearBuffers, ClearColor, Color, Fbo, Rectangle, SmoothEllipse
from kivy.properties import NumericProperty
from kivy.uix.widget import Widget

from companion.ui.theme import colour

#: Never redraw the strip more often than this, however the blinks fall.
BLINK_REDRAW_SECONDS = 0.05


class LedStrip(Widget):
    """Draws the latest mirrored frame; frames arrive on the lights' thread and are drawn on Kivy's.

    The strip is on every screen and changes only when the lights do, so its LEDs are drawn into a texture of
    their own (an Fbo) when they change, and every other frame draws that one texture instead of a few dozen
    shapes."""

    hood_length = NumericProperty(15)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._frame: Any = None
        self._redraw = Clock.create_trigger(self._draw, 0)
        self._blinker: Any = None
        self._unsubscribe: Any = None
        self._fbo = Fbo(size=(1, 1))
        #: The layout the texture's shapes were made for (size and LED names), and each LED's colour instruction.
        self._shape: tuple[Any, ...] | None = None
        self._inks: list[tuple[str, Color]] = []
        self._shown_colours: list[tuple[float, ...]] = []
        self._dark = tuple(colour("panel_light"))
        with self.canvas:
            Color(1, 1, 1, 1)
            self._shown = Rectangle(texture=self._fbo.texture, pos=self.pos, size=(0, 0))
        self.bind(pos=self._place, size=self._redraw)

    def _place(self, *_: Any) -> None:
        self._shown.pos = self.pos

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
        from companion.devices.layout import CHARACTER_LEDS, DISASTER_LEDS, SKULL, TURN, hood_leds

        actions = [f"status.actions.{n}" for n in range(1, 5)]
        return [list(hood_leds(int(self.hood_length))), [*DISASTER_LEDS, SKULL], [TURN, *actions, *CHARACTER_LEDS]]

    def _draw(self, *_: Any) -> None:
        """Shows the latest frame. The LEDs' shapes are made once per size; a new frame or a blink only changes
        the colours that changed, and the texture is drawn again only then (a blinking light does this about
        twice a second, so it must cost next to nothing in whatever frame it falls)."""
        fbo = self._fbo
        frame = self._frame
        width, height = int(round(self.width)), int(round(self.height))
        if frame is None or width <= 0 or height <= 0:
            self._shown.size = (0, 0)
            return
        groups = self._names()
        shape = (width, height, tuple(tuple(group) for group in groups))
        changed = shape != self._shape
        if changed:
            self._build(width, height, groups)
            self._shape = shape
        self._shown.pos, self._shown.size = self.pos, (width, height)
        now = time.monotonic()
        blinking = False
        for index, (name, ink) in enumerate(self._inks):
            light = frame.get(name) if hasattr(frame, "get") else None
            shown = light.at(now) if light is not None else None
            if light is not None and light.blink is not None:
                blinking = True
            if shown is None or shown.is_dark:
                rgba = self._dark
            else:
                r, g, b = shown.colour
                level = max(0.25, min(1.0, shown.level))
                rgba = (r / 255 * level, g / 255 * level, b / 255 * level, 1.0)
            if self._shown_colours[index] != rgba:
                self._shown_colours[index] = rgba
                ink.rgba = rgba
                changed = True
        if changed:
            fbo.draw()  # into the texture now; the window's next frame shows it
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
        """The LEDs' shapes in the texture, each with its own colour instruction for `_draw` to change."""
        fbo = self._fbo
        fbo.clear()
        if tuple(fbo.size) != (width, height):
            fbo.size = (width, height)
            self._shown.texture = fbo.texture
        count = sum(len(g) for g in groups) + len(groups) - 1
        step = width / max(1, count)
        radius = min(step * 0.42, height * 0.42)
        x = step / 2
        cy = height / 2
        self._inks = []
        self._shown_colours = []
        with fbo:
            ClearColor(*colour("background"))
            ClearBuffers()
            for group in groups:
                for name in group:
                    ink = Color(*self._dark)
                    # Few segments: a strip of small round LEDs needs no more, and every vertex costs a
                    # software renderer time on each frame. Smooth: the window is not multisampled.
                    SmoothEllipse(pos=(x - radius, cy - radius), size=(2 * radius, 2 * radius), segments=12)
                    self._inks.append((name, ink))
                    self._shown_colours.append(self._dark)
                    x += step
                x += step  # a gap between the Hood track, the disaster track and the status LEDs


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
