"""A fitted label's or button's text on one line is rendered only as wide as it is, where Kivy made every wrapped
label's texture as wide as the label (a button's "Settings" was a 700x25 texture, 70 kB in a software renderer's
memory, for one word): checked in the real app, each alignment drawn beside what Kivy's own Label draws, pixel
by pixel. A text on several lines is still wrapped to the label's width.

Pixels are read back from the window with glReadPixels, as the pilot's screenshots are."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from runs import scenario_notes

SCENARIO = r'''
def narrow_text(pilot, out, args, notes):
    from kivy.uix.label import Label
    from kivy.uix.widget import Widget

    from companion.ui.widgets.text import FitLabel, TouchButton
    from readback import box_pixels, difference

    yield pilot.settle(frames=2)
    box = (101.5, 200.25, 433.0, 44.0)  # fractional, as laid-out widgets often are

    def shown(widget):
        """The window's pixels in the box with `widget` drawn there."""
        pixels, _height = yield from box_pixels(pilot, widget, *(int(v) for v in box))
        return pixels

    def kivys(fitted, text):
        """Kivy's own Label drawing `text` as `fitted` was asked to: wrapped to the box's width."""
        label = Label(text=text, font_size=fitted.font_size, bold=fitted.bold, halign=fitted.halign,
                      valign=fitted.valign, padding=fitted.padding, color=fitted.color,
                      font_name=fitted.font_name, size_hint=(None, None), size=box[2:], pos=box[:2])
        label.text_size = (box[2], None)
        return label

    empty = yield from shown(Widget())
    cases = []
    for kind, halign, text in (("label", "left", "Settings"), ("label", "center", "Settings"),
                               ("label", "right", "Settings"), ("button", "center", "Back to the game"),
                               ("label", "left", "A longer text that cannot fit on one line of this box, "
                                                 "so it wraps onto a second line and a third")):
        made = TouchButton if kind == "button" else FitLabel
        fitted = made(text=text, halign=halign, size_hint=(None, None), size=box[2:], pos=box[:2])
        if kind == "label":
            fitted.min_font_size = fitted.base_font_size * 0.3
        ours = yield from shown(fitted)
        ours_texture = list(fitted.texture_size)
        theirs_label = kivys(fitted, text)
        if kind == "button":  # the button's background behind Kivy's label: drawn by the same button, no text
            back = TouchButton(text="", size_hint=(None, None), size=box[2:], pos=box[:2])
            back.add_widget(theirs_label)
            theirs = yield from shown(back)
        else:
            theirs = yield from shown(theirs_label)
        cases.append({
            "kind": kind, "halign": halign, "text": text, "lines": len(fitted._label._cached_lines),
            "texture": ours_texture, "kivy_texture": list(theirs_label.texture_size),
            **difference(ours, theirs, empty),
        })
    notes["cases"] = cases
'''


@pytest.fixture(scope="module")
def cases(xvfb_display: str, tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    notes = scenario_notes(xvfb_display, tmp_path_factory.mktemp("narrow-text"), "narrow_text", SCENARIO)
    found: list[dict[str, Any]] = notes["cases"]
    return found


def test_a_text_on_one_line_is_rendered_only_as_wide_as_it_is(cases: list[dict[str, Any]]) -> None:
    for case in cases:
        if case["lines"] != 1:
            continue
        assert case["kivy_texture"][0] >= 433, case  # Kivy's: the box's width
        assert case["texture"][0] < case["kivy_texture"][0] / 2, case
        assert case["texture"][1] == case["kivy_texture"][1], case


def test_it_shows_what_kivys_label_shows(cases: list[dict[str, Any]]) -> None:
    for case in cases:
        assert case["inked"] > 100, case  # the text is there (and the button's background)
        # In its place, to the pixel: at most a level of difference where llvmpipe's filtering of the narrower
        # texture lands a hair off texel centres.
        assert case["worst"] <= 1, case


def test_a_text_on_several_lines_is_still_wrapped_to_the_width(cases: list[dict[str, Any]]) -> None:
    wrapped = [case for case in cases if case["lines"] > 1]
    assert wrapped and all(case["texture"] == case["kivy_texture"] for case in wrapped), cases
    assert len({case["halign"] for case in cases if case["lines"] == 1}) == 3
