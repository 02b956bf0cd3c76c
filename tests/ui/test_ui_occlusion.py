"""What an opaque pop-up hides is clipped away, and the window shows exactly the same pixels.

Two real Kivy windows: a made-up tree (widgets across the cover's edge, wholly under it, wholly outside it, a
scrolled list, a grid drawn into its own texture) under an opaque cover, and the real app's card pop-up over the
Table. Pixels are read back with glReadPixels, as the pilot's screenshots are."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from runs import probe_result, scenario_notes

PROBE = r'''
import json
import sys

from companion.ui.launch import prepare_kivy

prepare_kivy((400, 300), False, None)
from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.graphics import ClearBuffers, ClearColor, Color, Fbo, Rectangle, ScissorPush
from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.ui.widgets.cached import CachedGrid
from companion.ui.widgets.occlusion import Occlusion, visible_part

sys.path.insert(0, "tests/ui")
from readback import instruction_count

EventLoop.ensure_window()
seen = {}


def read(*_):
    seen["pixels"] = bytes(glReadPixels(0, 0, Window.width, Window.height, GL_RGB, GL_UNSIGNED_BYTE))


Window.bind(on_flip=read)


def frames(count=3):
    for _ in range(count):
        Window.canvas.ask_update()
        EventLoop.idle()
    return seen["pixels"]


class Box(Widget):
    """A filled rectangle whose colour varies across it, so a clip in the wrong place would show."""

    def __init__(self, rgb, **kwargs):
        super().__init__(**kwargs)
        with self.canvas:
            Color(*rgb, 1)
            self.first_half = Rectangle()
            Color(rgb[2], rgb[0], rgb[1], 1)
            self.second_half = Rectangle()
        self.bind(pos=self._place, size=self._place)
        self._place()

    def _place(self, *_):
        half = self.width / 2
        self.first_half.pos, self.first_half.size = self.pos, (half, self.height)
        self.second_half.pos, self.second_half.size = (self.x + half, self.y), (self.width - half, self.height)


class Rendered(Widget):
    """A widget that renders into an Fbo of its own inside its canvas, as Kivy's Fbo usually is."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        with self.canvas:
            self.fbo = Fbo(size=(80, 40))
            Color(1, 1, 1, 1)
            self.shown = Rectangle(texture=self.fbo.texture, pos=self.pos, size=(80, 40))
        with self.fbo:
            ClearColor(0, 0, 0, 1)
            ClearBuffers()
            self.ink = Color(0, 0, 1, 1)
            Rectangle(pos=(0, 0), size=(80, 40))
            Color(1, 1, 1, 1)
            Rectangle(pos=(30, 10), size=(20, 20))
        self.bind(pos=lambda *_: setattr(self.shown, "pos", self.pos))


beneath = Widget(size_hint=(None, None), size=(400, 300))
straddling = Box((1, 0, 0), pos=(10, 100), size=(120, 60))  # across the cover's left edge
under = Box((0, 1, 0), pos=(150, 120), size=(100, 60))  # wholly under the cover
outside = Box((0, 0, 1), pos=(360, 10), size=(30, 30))  # wholly outside it
corner = Box((1, 1, 0), pos=(20, 240), size=(100, 50))  # across two of its edges
scroll = ScrollView(pos=(5, 30), size=(120, 60), do_scroll_x=False)
content = Widget(size_hint_y=None, height=200)
listed = Box((1, 0, 1), pos=(0, 0), size=(120, 200))
content.add_widget(listed)
scroll.add_widget(content)
grid = CachedGrid(cols=2, size_hint=(None, None), size=(200, 40), pos=(180, 200))
for rgb in ((0, 1, 1), (1, 0.5, 0)):
    grid.add_widget(Box(rgb))
around = Widget(size_hint=(None, None), pos=(300, 150), size=(90, 50))  # across the right edge
rendered = Rendered(size_hint=(None, None), pos=(305, 155), size=(80, 40))
around.add_widget(rendered)
for widget in (straddling, under, outside, corner, scroll, grid, around):
    beneath.add_widget(widget)
cover = Box((0.2, 0.2, 0.2), size_hint=(None, None), pos=(60, 50), size=(280, 180))
Window.add_widget(beneath)
Window.add_widget(cover)
result = {"visible_part": [visible_part((0, 0, 10, 10), (2, 2, 20, 20)), visible_part((3, 3, 4, 4), (2, 2, 20, 20)),
                           visible_part((0, 5, 30, 5), (2, 2, 20, 20)), visible_part((10, 0, 5, 30), (2, 0, 20, 20))]}
frames(5)
instructions = instruction_count(Window.canvas)
plain = frames()
occlusion = Occlusion(beneath, cover)
occlusion.start()
result["same_pixels"] = frames() == plain
pushes = {id(widget): push for widget, _holder, push, _pop in occlusion._wrapped}
result["wrapped"] = len(pushes)
result["under_clip"] = [pushes[id(under)].x, pushes[id(under)].y, pushes[id(under)].width, pushes[id(under)].height]
result["straddling_clip"] = [pushes[id(straddling)].x, pushes[id(straddling)].width]
result["grid_children_wrapped"] = any(id(child) in pushes for child in grid.children)
result["listed_wrapped"] = id(listed) in pushes
result["fbo_holders_wrapped"] = [id(rendered) in pushes, id(around) in pushes]
rendered.ink.rgb = (0, 1, 0)  # the Fbo renders again while the cover shows
# Moved and scrolled while the cover shows: drawn where they are now, as without the clips.
straddling.pos = (30, 60)
scroll.scroll_y = 0.3
moved = frames()
occlusion.stop()
rendered.ink.rgb = (1, 0, 0)
frames()
rendered.ink.rgb = (0, 1, 0)  # and again without the clips, for the reference
result["same_pixels_after_moves"] = frames() == moved
result["instructions_restored"] = instruction_count(Window.canvas) == instructions
result["no_scissor_left"] = not any(isinstance(i, ScissorPush) for i in beneath.canvas.children)
print(json.dumps(result))
'''


@pytest.fixture(scope="module")
def seen(xvfb_display: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return probe_result(xvfb_display, tmp_path_factory.mktemp("kivy-home"), PROBE)


def test_what_is_left_visible_is_one_rectangle_or_nothing(seen: dict[str, Any]) -> None:
    across_a_corner, hidden, across_two_edges, across_left_only = seen["visible_part"]
    assert across_a_corner == [0, 0, 10, 10]  # two sides show: their bounding box, the whole rectangle
    assert hidden is None
    assert across_two_edges == [0, 5, 30, 5]
    assert across_left_only == [10, 20, 5, 10]  # only what sticks out above the cover


def test_the_window_shows_the_same_pixels_with_the_clips(seen: dict[str, Any]) -> None:
    assert seen["same_pixels"] is True
    assert seen["same_pixels_after_moves"] is True


def test_a_widget_under_the_cover_is_clipped_to_a_pixel_the_cover_paints(seen: dict[str, Any]) -> None:
    x, y, width, height = seen["under_clip"]
    assert (width, height) == (1, 1)
    assert 60 < x < 340 and 50 < y < 230


def test_a_widget_across_the_edge_keeps_only_its_outer_part(seen: dict[str, Any]) -> None:
    assert seen["straddling_clip"] == [10, 51]  # from its left edge to just inside the cover's (60, less a pixel)


def test_lists_are_clipped_and_textures_children_are_left_alone(seen: dict[str, Any]) -> None:
    assert seen["listed_wrapped"] is True  # a ScrollView's content, in its viewport canvas
    assert seen["grid_children_wrapped"] is False  # drawn into the grid's texture, not into the window
    assert seen["wrapped"] >= 8


def test_nothing_holding_an_fbo_is_clipped(seen: dict[str, Any]) -> None:
    """An Fbo drawn inside a clip would be clipped in its own texture: neither it nor what holds it is clipped."""
    assert seen["fbo_holders_wrapped"] == [False, False]


def test_stopping_takes_every_clip_away(seen: dict[str, Any]) -> None:
    assert seen["instructions_restored"] is True
    assert seen["no_scissor_left"] is True


SCENARIO = r"""
def card_over_table(pilot, out, args, notes):
    from kivy.core.window import Window
    from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels

    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport
    from companion.ui.widgets import popups
    from readback import instruction_count

    player = AutoPlayer(pilot, None, PlayReport(), check_layout=False)
    yield from player.at_table(actions=2)
    shots = {}

    # The LED mirror blinks on its own clock: stopped, both pictures show the same moment of it.
    import types

    from companion.ui.widgets import led_strip

    stopped = led_strip.time.monotonic()
    led_strip.time = types.SimpleNamespace(monotonic=lambda: stopped)
    yield pilot.settle(frames=2)
    before = instruction_count(Window.canvas)
    for occlude in (False, True):
        popups.OCCLUDE = occlude
        yield pilot.button("tile:1")
        pilot.tap("tile:1")
        yield pilot.button("popup:close")
        yield pilot.settle(frames=3)
        Window.canvas.ask_update()
        yield pilot.drawn()
        shots[occlude] = bytes(glReadPixels(0, 0, Window.width, Window.height, GL_RGB, GL_UNSIGNED_BYTE))
        popup = next(child for child in Window.children if isinstance(child, popups.AppPopup))
        notes[f"wrapped_{occlude}"] = len(popup._occlusion._wrapped) if popup._occlusion else 0
        pilot.tap("popup:close")
        yield pilot.settle(frames=2)
    notes["same_pixels"] = shots[False] == shots[True]
    a, b, width = shots[False], shots[True], Window.width
    differ = [(i // 3 % width, i // 3 // width) for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3]]
    notes["differ"] = [len(differ)] + ([min(p[0] for p in differ), max(p[0] for p in differ),
                                        min(p[1] for p in differ), max(p[1] for p in differ)] if differ else [])
    notes["instructions_restored"] = instruction_count(Window.canvas) == before
"""


@pytest.fixture(scope="module")
def card(xvfb_display: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return scenario_notes(xvfb_display, tmp_path_factory.mktemp("card-over-table"), "card_over_table", SCENARIO)


def test_the_card_pop_up_over_the_table_looks_the_same_with_the_table_clipped(card: dict[str, Any]) -> None:
    assert card["wrapped_False"] == 0
    assert card["wrapped_True"] >= 20  # the Table's widgets beneath the pop-up
    assert card["same_pixels"] is True, card["differ"]


def test_closing_the_card_leaves_the_table_as_it_was(card: dict[str, Any]) -> None:
    assert card["instructions_restored"] is True
