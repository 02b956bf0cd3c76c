"""The Board in few draw calls, in the real app: a software renderer (Mesa's llvmpipe) keeps about 38 kB of memory
for every draw call of the largest frame it has drawn, and the Board's frame was the largest of all (about 160,
one per link and per dash of the Thunderbird 3 path). Its links are now one Mesh per colour of the very triangles
Kivy's SmoothLine makes, so they look the same to the pixel; the map still shows every region's look and name.

Pixels are read back from the window with glReadPixels, as the pilot's screenshots are."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.paths import ROOT

sys.path.insert(0, str(Path(__file__).resolve().parent))
from runs import scenario_notes

#: The Board's frame at 800x480 with the active Thunderbird picked: 2 link meshes, a fill mesh per colour, the
#: regions' texts and the side panel's buttons (164 draw calls before).
BOARD_DRAW_CALLS_AT_MOST = 70

SCENARIO = r'''
def board_draws(pilot, out, args, notes):
    from collections import Counter

    from kivy.app import App
    from kivy.core.window import Window
    from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels

    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport
    from companion.ui.draw_calls import draw_calls
    from companion.ui.theme import colour, readable_text_on
    from companion.ui.widgets.board_map import link_colour
    from companion.ui.widgets.drawn_text import fit_text

    player = AutoPlayer(pilot, None, PlayReport(), check_layout=False)
    yield from player.at_table()
    pilot.tap("open:board")  # the active character's Thunderbird picked: its destinations lit
    yield pilot.settle(frames=2)
    seen = {}

    def read(*_):
        seen["pixels"] = glReadPixels(0, 0, Window.width, Window.height, GL_RGB, GL_UNSIGNED_BYTE)

    Window.bind(on_flip=read)
    Window.canvas.ask_update()
    yield pilot.until(lambda: "pixels" in seen, "a frame read back")
    Window.unbind(on_flip=read)
    data, width = seen["pixels"], Window.width

    app = App.get_running_app()
    board_map = app.screen_manager.get_screen("board").ids.map
    # The screens are relative layouts: the map's coordinates are its screen's, offset in the window.
    offset_x, offset_y = board_map.to_window(0, 0)

    def pixel(x, y):
        index = (int(round(y + offset_y)) * width + int(round(x + offset_x))) * 3
        return tuple(data[index:index + 3])

    def near(rgb, rgba, tolerance):
        """Each channel of `rgb` (0-255) within `tolerance` of `rgba`'s (0-1)."""
        return all(abs(rgb[i] - rgba[i] * 255) <= tolerance for i in range(3))

    def between(rgb, start, end):
        """Where `rgb` lies from `start` (0) to `end` (1), along the channel that differs most."""
        channel = max(range(3), key=lambda i: abs(end[i] - start[i]))
        return (rgb[channel] / 255 - start[channel]) / (end[channel] - start[channel])

    kinds = Counter()
    notes["draw_calls"] = draw_calls(Window.canvas, kinds)
    notes["kinds"] = dict(kinds)
    regions = []
    boxes = []
    for spot in board_map.regions:
        button = board_map.region_button(spot.id)
        x, y, w, h = int(button.x), int(button.y), int(button.width), int(button.height)
        boxes.append((x, y, x + w, y + h))
        fill = colour("accent") if button.is_destination else (colour("space") if button.domain == "space"
                                                                else colour("panel_light"))
        ink = readable_text_on(fill)
        inner = [pixel(px, py) for px in range(x + 4, x + w - 4, 2) for py in range(y + 4, y + h - 4, 2)]
        # The name as the region draws it: its fitted texture, centred in the name's row; every opaque texel of
        # the texture must show in the ink's colour at its place on the screen.
        pad = app.gap * 0.4
        row_w, row_h = button.width - 2 * pad, (button.height - 2 * pad) * 0.45
        name = (f"→{button.distance} " if button.is_destination else "") + button.name
        fitted = fit_text(name, row_w, row_h, app.font_small, app.font_small * 0.6, halign="center")
        texture = fitted.texture
        tw, th = texture.size
        left = round(button.x + pad + (row_w - tw) / 2)
        bottom = round(button.y + pad + (button.height - 2 * pad) * 0.55 + (row_h - th) / 2)
        texels = texture.pixels
        solid = inked = 0
        for ty in range(th):
            for tx in range(tw):
                if texels[(ty * tw + tx) * 4 + 3] >= 200:
                    solid += 1
                    # A label's texture is flipped: its first row of pixels is the top of the text.
                    inked += between(pixel(left + tx, bottom + th - 1 - ty), fill, ink) >= 0.5
        regions.append({
            "id": spot.id, "destination": button.is_destination,
            "fill_share": sum(near(p, fill, 2) for p in inner) / max(1, len(inner)),
            "name_texels": solid, "name_texels_inked": inked,
        })
    notes["regions"] = regions

    ground = colour("background")

    def towards(rgb, rgba):
        """At least halfway from the background to `rgba` (an anti-aliased line's pixels are partly covered)."""
        full = sum(abs(rgba[i] - ground[i]) * 255 for i in range(3))
        return sum(abs(rgb[i] - ground[i] * 255) for i in range(3)) >= full / 2 and near(rgb, rgba, 120)

    def in_a_box(x, y):
        return any(x0 - 3 <= x <= x1 + 3 and y0 - 3 <= y <= y1 + 3 for x0, y0, x1, y1 in boxes)

    links = []
    for edge in board_map.edges:
        if edge.wraps:
            continue
        ink = colour("accent") if edge.network == "tb3-path" else link_colour()
        for share in (0.3, 0.5, 0.7):
            x = board_map.x + (edge.a[0] + (edge.b[0] - edge.a[0]) * share) * board_map.width
            y = board_map.y + (edge.a[1] + (edge.b[1] - edge.a[1]) * share) * board_map.height
            if in_a_box(x, y):
                continue
            around = [pixel(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
            links.append({"network": edge.network, "inked": any(towards(p, ink) for p in around)})
    notes["links"] = links
'''


#: Draws links both ways in a bare window and reads the pixels back.
LINKS_PROBE = r"""
import json
import random

from companion.ui.launch import prepare_kivy

prepare_kivy((400, 320), False, None)
from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.graphics import Color, Rectangle, SmoothLine
from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels

from companion.ui.widgets.board_map import dashes, smooth_segments_mesh

EventLoop.ensure_window()
rng = random.Random(5)
segments = [(rng.uniform(0, 400), rng.uniform(0, 320), rng.uniform(0, 400), rng.uniform(0, 320)) for _ in range(12)]
segments += dashes(10.3, 20.7, 390.1, 300.2, 8.0, 5.0)
segments.append((50.0, 50.0, 50.05, 50.02))  # shorter than SmoothLine draws: nothing either way


def frame(draw):
    Window.canvas.clear()
    with Window.canvas:
        Color(0.1, 0.1, 0.15, 1)
        Rectangle(pos=(0, 0), size=(400, 320))
    draw()
    EventLoop.idle()
    return glReadPixels(0, 0, Window.width, Window.height, GL_RGB, GL_UNSIGNED_BYTE)


found = {}
for width in (1.3, 2.0):
    def lines():
        with Window.canvas:
            Color(0.8, 0.5, 0.2, 1)
            for segment in segments:
                SmoothLine(points=list(segment), width=width)

    def mesh():
        Window.canvas.add(Color(0.8, 0.5, 0.2, 1))
        Window.canvas.add(smooth_segments_mesh(segments, width))

    one, other = frame(lines), frame(mesh)
    found[str(width)] = {
        "differing": sum(1 for a, b in zip(one, other) if a != b),
        "drawn": sum(1 for i in range(0, len(one), 3) if one[i:i + 3] != one[0:3]),
    }
print("RESULT " + json.dumps(found))
"""


@pytest.fixture(scope="module")
def board(xvfb_display: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return scenario_notes(xvfb_display, tmp_path_factory.mktemp("board-draws"), "board_draws", SCENARIO)


def test_the_boards_frame_issues_few_draw_calls(board: dict[str, Any]) -> None:
    assert board["draw_calls"] <= BOARD_DRAW_CALLS_AT_MOST, board["kinds"]
    assert "SmoothLine" not in board["kinds"], board["kinds"]  # the links: one Mesh per colour


def test_every_region_shows_its_look_and_name(board: dict[str, Any]) -> None:
    regions = board["regions"]
    assert len(regions) == 18
    assert any(r["destination"] for r in regions) and not all(r["destination"] for r in regions)
    for region in regions:
        assert region["fill_share"] > 0.5, region  # its colour: a destination, space or Earth
        assert region["name_texels"] > 10, region
        assert region["name_texels_inked"] >= 0.95 * region["name_texels"], region


def test_every_link_is_drawn(board: dict[str, Any]) -> None:
    links = board["links"]
    assert {link["network"] for link in links} == {"earth", "tb3-path"}
    earth = [link for link in links if link["network"] == "earth"]
    assert len(earth) > 20 and all(link["inked"] for link in earth), earth
    # The Thunderbird 3 path is dashed: most of the points looked at fall on a dash.
    path = [link["inked"] for link in links if link["network"] == "tb3-path"]
    assert sum(path) >= len(path) / 2, path


def test_the_links_mesh_draws_what_smooth_lines_draw(xvfb_display: str, tmp_path: Path) -> None:
    script = tmp_path / "links_probe.py"
    script.write_text(LINKS_PROBE, encoding="utf-8")
    completed = subprocess.run(
        [sys.executable, str(script)],
        env=dict(os.environ, DISPLAY=xvfb_display),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=str(ROOT),
    )
    lines = [line for line in completed.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, f"exit {completed.returncode}: {completed.stdout[-2000:]}{completed.stderr[-2000:]}"
    found = json.loads(lines[-1][len("RESULT ") :])
    for width, result in found.items():
        assert result["drawn"] > 3000, width  # the lines are there
        assert result["differing"] == 0, (width, result)  # and the same, to the pixel
