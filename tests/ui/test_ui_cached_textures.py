"""Widgets drawn into textures of their own show what they hold, in a real Kivy window: the disaster grid's
texture follows a change in one of its tiles on the next frame (drawn before the window's frame, never inside
it) while a pressed outline is drawn above it without drawing the texture again, and the on-screen LED mirror
shows each light's colour and its blinking (a blink only recolours the LED).

Pixels are read back from the window with glReadPixels, as the pilot's screenshots are."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from runs import probe_result

PROBE = r'''
import json
import time

from companion.ui.launch import prepare_kivy

prepare_kivy((400, 320), False, None)
from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.graphics import Callback, Color, Fbo, Rectangle
from kivy.graphics.instructions import InstructionGroup
from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels
from kivy.uix.widget import Widget

from companion.devices.light import Blink, Light
from companion.devices.recording import MirrorBackend
from companion.ui.widgets.cached import CachedGrid
from companion.ui.widgets.led_strip import LedStrip


class Cell(Widget):
    def __init__(self, rgb, **kwargs):
        super().__init__(**kwargs)
        with self.canvas:
            self.ink = Color(*rgb, 1)
            self.box = Rectangle()
        self.bind(pos=self._place, size=self._place)
        self.overlay = None

    def _place(self, *_):
        self.box.pos, self.box.size = self.pos, self.size

    def use_overlay(self, overlay):
        self.overlay = overlay

    def mark(self):
        """What a child shows only for a moment (as a pressed tile's outline), above the grid's texture."""
        self.overlay.add(Color(1, 1, 0, 1))
        self.overlay.add(Rectangle(pos=(self.x + 40, self.y + 40), size=(20, 20)))


EventLoop.ensure_window()
seen = {"count": 0}


def read(*_):
    seen["pixels"] = glReadPixels(0, 0, Window.width, Window.height, GL_RGB, GL_UNSIGNED_BYTE)
    seen["count"] += 1


Window.bind(on_flip=read)


def pixel(x, y):
    data, index = seen["pixels"], (int(y) * Window.width + int(x)) * 3
    return list(data[index:index + 3])


def frames(count):
    before = seen["count"]
    for _ in range(count):
        EventLoop.idle()
    return seen["count"] - before


def holds_fbo(group):
    stack = [group]
    while stack:
        item = stack.pop()
        if isinstance(item, Fbo):
            return True
        if isinstance(item, InstructionGroup):
            stack.extend(item.children)
    return False


result = {}
grid = CachedGrid(cols=2, size_hint=(None, None), size=(200, 100), pos=(0, 200))
cells = [Cell((1, 0, 0)), Cell((0, 0, 1))]
for cell in cells:
    grid.add_widget(cell)
Window.add_widget(grid)
frames(5)
result["grid_first"] = [pixel(50, 250), pixel(150, 250)]
cells[0].ink.rgb = (0, 1, 0)  # nothing else changes: the grid alone must ask for the frame
result["grid_frames_after_change"] = frames(3)
result["grid_second"] = [pixel(50, 250), pixel(150, 250)]
result["fbo_in_window_canvas"] = holds_fbo(Window.canvas)
renders = []
grid._fbo.before.add(Callback(lambda _instruction: renders.append(1) or True))
frames(3)
renders.clear()
cells[1].mark()
result["overlay_frames"] = frames(3)
result["overlay_pixels"] = [pixel(150, 250), pixel(120, 220)]
result["texture_drawn_for_overlay"] = len(renders)

strip = LedStrip(hood_length=4, size_hint=(None, None), size=(400, 30), pos=(0, 0))
groups = strip._names()
hood = groups[0]
mirror = MirrorBackend()
mirror.apply({hood[0]: Light((255, 0, 0), 1.0), hood[1]: Light((0, 255, 0), 1.0, Blink(period=0.3, duty=0.5))})
Window.add_widget(strip)
strip.watch(mirror)
frames(5)
step = strip.width / (sum(len(group) for group in groups) + len(groups) - 1)
first, second = (strip.x + step * 0.5, 15), (strip.x + step * 1.5, 15)
result["led_first"] = pixel(*first)
# Across the first LED's edge, from its centre leftwards to the strip's end (on the right its neighbour blinks):
# its colour, then a pixel or two between, then the window's background.
result["led_edge"] = [pixel(first[0] - dx, 15) for dx in range(0, int(first[0]) + 1)]
result["led_background"] = pixel(0, 15)
result["led_square"] = [pixel(first[0] + dx, 15 + dy) for dx in range(-int(step / 2), int(step / 2))
                        for dy in range(-int(step / 2), int(step / 2))]
result["led_draws"] = [type(i).__name__ for i in strip.canvas.children
                       if type(i).__name__ in ("Mesh", "Fbo", "Rectangle", "SmoothEllipse")]
lit, dark = 0, 0
started = time.monotonic()
while time.monotonic() - started < 1.0:
    frames(1)
    time.sleep(0.01)
    colour = pixel(*second)
    if colour[1] > 200 and colour[0] < 60:
        lit += 1
    elif colour[1] < 120:
        dark += 1
result["led_blink"] = [lit, dark]
mirror.apply({hood[0]: Light((0, 0, 255), 1.0)})
frames(3)
result["led_after_change"] = pixel(*first)
print(json.dumps(result))
'''


@pytest.fixture(scope="module")
def seen(xvfb_display: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return probe_result(xvfb_display, tmp_path_factory.mktemp("kivy-home"), PROBE)


def test_the_grid_texture_shows_its_children(seen: dict[str, Any]) -> None:
    assert seen["grid_first"] == [[255, 0, 0], [0, 0, 255]]


def test_a_change_in_one_child_is_shown_on_the_next_frames(seen: dict[str, Any]) -> None:
    assert seen["grid_frames_after_change"] >= 1  # asked for by the grid itself
    assert seen["grid_second"] == [[0, 255, 0], [0, 0, 255]]


def test_the_grid_texture_is_drawn_outside_the_window_frame(seen: dict[str, Any]) -> None:
    # An Fbo rendered inside the window's drawing made llvmpipe wait for its rasteriser on every later frame.
    assert seen["fbo_in_window_canvas"] is False


def test_what_a_child_shows_for_a_moment_is_drawn_above_the_texture(seen: dict[str, Any]) -> None:
    # A pressed tile's outline: shown on the next frames, without drawing the whole grid's texture again.
    assert seen["overlay_frames"] >= 1
    assert seen["overlay_pixels"] == [[255, 255, 0], [0, 0, 255]]
    assert seen["texture_drawn_for_overlay"] == 0


def test_the_led_mirror_shows_each_light(seen: dict[str, Any]) -> None:
    red, green, blue = seen["led_first"]
    assert red > 200 and green < 60 and blue < 60


def test_the_led_mirror_is_one_mesh_of_smooth_round_leds(seen: dict[str, Any]) -> None:
    # No render target of its own (an Fbo cost a software renderer about 2 MB), one draw call for every LED.
    assert seen["led_draws"] == ["Mesh"]
    edge = seen["led_edge"]
    assert edge[0][0] > 200 and edge[-1] == seen["led_background"]
    reds = [red for red, _green, _blue in edge]
    assert reds == sorted(reds, reverse=True)  # from the LED's red down to the strip, never back up
    # A smooth edge: around the LED, pixels between its red and the background's.
    assert any(seen["led_background"][0] + 20 < red < 200 for red, _green, _blue in seen["led_square"])


def test_a_blinking_light_is_shown_lit_and_dark(seen: dict[str, Any]) -> None:
    lit, dark = seen["led_blink"]
    assert lit >= 3 and dark >= 3


def test_a_new_frame_recolours_the_mirror(seen: dict[str, Any]) -> None:
    red, green, blue = seen["led_after_change"]
    assert blue > 200 and red < 60
