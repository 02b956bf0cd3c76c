"""A label is fitted once the layouts above it have settled, not for each box a screen's first layout passes
through, and fitting skips the sizes that certainly do not fit without rendering them: each size tried renders
the text and opens a font Kivy keeps (about 160 kB each). The size picked is still the one trying every size
would pick. Checked in the real app, with the sizes Kivy's text provider was asked for."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from runs import scenario_notes

SCENARIO = r'''
def fit_search(pilot, out, args, notes):
    from kivy.core.text import text_sdl2

    from companion.ui.widgets.text import FitLabel, TouchButton, font_ladder

    yield pilot.settle(frames=2)
    asked = []
    original = text_sdl2.LabelSDL2._get_font_id

    def font_id(core):
        asked.append(float(core.options["font_size"]))
        return original(core)

    def tried_every_size(widget, width, height):
        """The size the whole ladder gives: each size rendered in turn, the first that fits."""
        pad_x = widget.padding[0] + widget.padding[2]
        base = widget.base_font_size
        floor = min(widget.min_font_size or base * 0.6, base)
        for size in font_ladder(base, floor):
            widget.font_size = size
            widget.text_size = (width, None)
            widget.max_lines = 0
            widget._searching = True
            widget.texture_update()
            widget._searching = False
            tw, th = widget.texture_size
            if tw <= width + 0.5 and th <= height + 0.5 and widget._fits(width, height):
                return size
        return None

    cases = []
    texts = ("Thunderbirds companion", "Characters", "Leave the game (it is saved)", "Saved games",
             "Tap a highlighted region to move Thunderbird 3 there (one action).")
    boxes = ((22, 47), (54, 47), (88, 38), (160, 47), (230, 47), (230, 93), (546, 47))
    for made, bold in ((FitLabel, True), (TouchButton, False), (FitLabel, False)):
        for text in texts:
            for width, height in boxes:
                widget = made(text=text, bold=bold, size_hint=(None, None), size=(width, height))
                widget._fit_trigger.cancel()  # searched here, not on the next frame
                text_sdl2.LabelSDL2._get_font_id = font_id
                asked.clear()
                try:
                    found = widget._search(width, height, widget.padding[0] + widget.padding[2],
                                           widget.padding[1] + widget.padding[3], widget.base_font_size,
                                           min(widget.min_font_size or widget.base_font_size * 0.6,
                                               widget.base_font_size))
                finally:
                    text_sdl2.LabelSDL2._get_font_id = original
                sizes = sorted(set(asked))
                oracle = made(text=text, bold=bold, size_hint=(None, None), size=(width, height))
                oracle._fit_trigger.cancel()
                every = tried_every_size(oracle, width, height)
                cases.append({"text": text, "box": [width, height], "kind": made.__name__, "bold": bold,
                              "size": found[0], "fitted": found[1] == 0, "every": every,
                              "sizes_opened": sizes,
                              "ladder": list(font_ladder(widget.base_font_size,
                                                         min(widget.min_font_size or widget.base_font_size * 0.6,
                                                             widget.base_font_size)))})
    notes["cases"] = cases

    # A screen-like tree added at once: its layouts pass through sizes that are not the final ones.
    from kivy.core.window import Window
    from kivy.uix.boxlayout import BoxLayout

    from companion.ui.widgets import text as text_widgets

    searched = []
    search = text_widgets.FitTextMixin._search

    def recording(widget, width, height, *rest):
        searched.append([str(widget.text), round(width), round(height)])
        return search(widget, width, height, *rest)

    def tree(name):
        """Texts of their own for each run: a fit already made for a text and a box is not searched again."""
        root = BoxLayout(orientation="horizontal", padding=8, spacing=8)
        for column in range(2):
            box = BoxLayout(orientation="vertical", spacing=6)
            box.add_widget(FitLabel(text=f"Thunderbirds companion {name} {column}", bold=True))
            for row in range(3):
                box.add_widget(TouchButton(text=f"Leave the game (it is saved) {name} {column}.{row}"))
            root.add_widget(box)
        return root

    runs = {}
    waiting = text_widgets._layout_pending_above
    text_widgets.FitTextMixin._search = recording
    try:
        # "at_once": as before, a label fitted as soon as its size changed, whatever the layouts above it.
        for name, pending in (("waiting", waiting), ("at_once", lambda widget: False)):
            text_widgets._layout_pending_above = pending
            searched.clear()
            root = tree(name)
            Window.add_widget(root)
            yield pilot.settle(frames=3)
            final = {str(w.text): [round(w.width), round(w.height)] for w in root.walk()
                     if isinstance(w, (FitLabel, TouchButton))}
            runs[name] = {"searched": list(searched), "final": final}
            Window.remove_widget(root)
    finally:
        text_widgets.FitTextMixin._search = search
        text_widgets._layout_pending_above = waiting
    notes["layouts"] = runs
'''


@pytest.fixture(scope="module")
def cases(xvfb_display: str, tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    notes = scenario_notes(xvfb_display, tmp_path_factory.mktemp("fit-search"), "fit_search", SCENARIO)
    found: list[dict[str, Any]] = notes["cases"]
    RUNS.update(notes["layouts"])
    return found


#: The layout runs of the same app run as the cases.
RUNS: dict[str, Any] = {}


@pytest.fixture
def runs(cases: list[dict[str, Any]]) -> dict[str, Any]:
    return RUNS


def test_a_label_is_fitted_once_its_layout_has_settled(cases: list[dict[str, Any]], request: Any) -> None:
    runs = request.getfixturevalue("runs")
    waiting, at_once = runs["waiting"], runs["at_once"]
    # Every search is for the size the label ends with: none for the boxes a first layout passes through.
    for text, width, height in waiting["searched"]:
        assert [width, height] == waiting["final"][text], (text, width, height, waiting)
    assert {text for text, _w, _h in waiting["searched"]} == set(waiting["final"])
    # Fitting as soon as the size changed searched sizes never shown (what the waiting avoids).
    assert any([width, height] != at_once["final"][text] for text, width, height in at_once["searched"]), runs
    assert len(at_once["searched"]) > len(waiting["searched"]), runs


def test_the_size_picked_is_the_one_every_size_tried_would_pick(cases: list[dict[str, Any]]) -> None:
    assert len(cases) == 105
    for case in cases:
        if case["fitted"]:
            assert case["size"] == case["every"], case
        else:
            assert case["every"] is None, case  # no size fits: the floor, cut to whole lines


def test_sizes_that_cannot_fit_open_no_font(cases: list[dict[str, Any]]) -> None:
    skipped = 0
    for case in cases:
        ladder = case["ladder"]
        picked = ladder.index(case["size"])
        # Every size opened is the base (measured first), one on the way down, or the one picked.
        assert set(case["sizes_opened"]) <= set(ladder[: picked + 1]), case
        skipped += picked + 1 - len(case["sizes_opened"])
    # A box far too small goes from the base straight to the floor, without the sizes in between.
    tiny = [c for c in cases if c["box"] == [22, 47] and c["text"] == "Thunderbirds companion"]
    assert tiny and all(len(c["sizes_opened"]) == 2 for c in tiny), tiny
    assert skipped > 50  # of the 105 boxes and texts here
