"""How frames are drawn cheaply: lists clip with the scissor (not the stencil), the screen manager does not clip,
lists of buttons are refilled rather than rebuilt, the board's links are opaque and the Thunderbird 3 path is
dashed. Checked on real Kivy objects in a fresh interpreter (Kivy's configuration is process-wide)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.paths import ROOT

PROBE = r"""
import json
from kivy.lang import Builder
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget
from companion.paths import KV_DIR
from companion.ui.widgets import text as _text  # noqa: F401  (ListScroll)
from companion.ui.widgets.board_map import dashes, link_colour
from companion.ui.widgets.clipping import PlainScreenManager, window_rect
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import ListScroll

Builder.load_file(str(KV_DIR / "widgets" / "clipping.kv"))


def instructions(widget):
    return [type(i).__name__ for part in (widget.canvas.before, widget.canvas, widget.canvas.after)
            for i in part.children if type(i).__name__ not in ("CanvasBase", "Canvas")]


box = BoxLayout()
made = []
def make():
    made.append(Widget())
    return made[-1]
first = refill(box, 3, make)
second = refill(box, 5, make)
third = refill(box, 2, make)

holder = BoxLayout(pos=(30, 40), size=(300, 200))
inner = Widget(pos=(10.4, 20.6), size=(100.2, 50.1))

print(json.dumps({
    "manager": instructions(PlainScreenManager()),
    "manager_transition": type(PlainScreenManager().transition).__name__,
    "scroll": instructions(ListScroll()),
    "refill_made": len(made),
    "refill_same": [id(w) for w in second[:3]] == [id(w) for w in first],
    "refill_shrunk": [id(w) for w in third] == [id(w) for w in first[:2]] and len(box.children) == 2,
    "refill_order": [id(w) for w in reversed(box.children)] == [id(w) for w in third],
    "dashes": dashes(0.0, 0.0, 27.0, 36.0, 8.0, 5.0),
    "no_dashes": dashes(5.0, 5.0, 5.0, 5.0, 8.0, 5.0),
    "link": list(link_colour()),
    "rect": list(window_rect(inner)),
}))
"""


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    home = tmp_path_factory.mktemp("kivy-home")
    env = dict(os.environ, KIVY_HOME=str(home), KIVY_NO_CONSOLELOG="1", KIVY_NO_ARGS="1")
    completed = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=120, cwd=Path(ROOT)
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    return json.loads(completed.stdout.strip().splitlines()[-1])


def test_the_screen_manager_draws_nothing_and_never_slides(seen: dict[str, Any]) -> None:
    assert seen["manager"] == []
    assert seen["manager_transition"] == "NoTransition"


def test_lists_clip_with_the_scissor_and_no_stencil(seen: dict[str, Any]) -> None:
    kinds = seen["scroll"]
    assert "StencilPush" not in kinds and "StencilUse" not in kinds
    assert kinds.index("Callback") < kinds.index("ScissorPush") < kinds.index("ScissorPop")


def test_refilled_lists_keep_their_widgets(seen: dict[str, Any]) -> None:
    assert seen["refill_made"] == 5  # three, then two more; shrinking made none
    assert seen["refill_same"] and seen["refill_shrunk"] and seen["refill_order"]


def test_the_scissor_covers_the_whole_widget_in_window_pixels(seen: dict[str, Any]) -> None:
    # A widget at (10.4, 20.6) sized 100.2 x 50.1: whole pixels, rounded outwards.
    assert seen["rect"] == [10, 20, 101, 51]


def test_the_thunderbird_3_path_is_dashed_end_to_end(seen: dict[str, Any]) -> None:
    cuts = seen["dashes"]  # a 45-pixel segment: dashes of 8 with gaps of 5, the last one cut at the end
    lengths = [((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 for x0, y0, x1, y1 in cuts]
    assert lengths == pytest.approx([8.0, 8.0, 8.0, 45.0 - 3 * 13.0])
    assert cuts[0][:2] == [0.0, 0.0] and cuts[-1][2:] == pytest.approx([27.0, 36.0])
    assert seen["no_dashes"] == []


def test_board_links_are_opaque(seen: dict[str, Any]) -> None:
    # A translucent wide line would go through the stencil buffer on every frame.
    assert seen["link"][3] == 1.0
