"""A pop-up's paragraph that fits on one line is rendered only as wide as it is (Kivy made its texture as wide as
the paragraph), and the window shows what Kivy's own wrapped Label shows there, pixel by pixel, in every style; a
paragraph too long for one line is still wrapped to the width. Checked in the real app.

Pixels are read back from the window with glReadPixels, as the pilot's screenshots are."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from runs import scenario_notes

SCENARIO = r'''
def popup_text(pilot, out, args, notes):
    from kivy.uix.label import Label
    from kivy.uix.widget import Widget

    from companion.ui.widgets.popups import PopupText
    from readback import box_pixels, difference

    yield pilot.settle(frames=2)

    def bold_only_too_wide():
        """A line that fits in the paragraph's 433 pixels in the regular face but not in the bold one."""
        from kivy.core.text import Label as CoreLabel

        size = PopupText().font_size
        sentence = "Then place the Mole on Tracy Island, built side up, and the pods beside it in the hangar"

        def width_of(text, bold):
            core = CoreLabel(text=text, font_size=size, bold=bold)
            core.refresh()
            return core.texture.size[0]

        return next(sentence[:end] for end in range(10, len(sentence))
                    if width_of(sentence[:end], False) <= 433 < width_of(sentence[:end], True))

    def shown(widget, height=None):
        """The window's pixels around the paragraph's place (433 pixels wide, `height` or the widget's own once
        laid out) with `widget` drawn there, and that height."""
        return (yield from box_pixels(pilot, widget, 101, 200, 433, height))

    cases = []
    for style, text in (("normal", "Air rescue: 2 and a Hood"), ("title", "Sun Probe"), ("good", "✓ Brains +1"),
                        # Fits on one line in the regular face only: the measure must use the bold one.
                        ("title", bold_only_too_wide()),
                        ("dim", "A longer paragraph that cannot fit on one line of this box, so it wraps onto "
                                "a second line and a third one")):
        ours_label = PopupText(text="", style="normal", size_hint=(None, None), width=433.5, pos=(101.5, 200.25))
        ours_label.text, ours_label.style = text, style  # a paragraph reused for another line, as pop-ups do
        ours, height = yield from shown(ours_label)
        empty, _height = yield from shown(Widget(), height)
        box = (101.5, 200.25, 433.5, ours_label.height)
        theirs_label = Label(text=text, font_size=ours_label.font_size, bold=ours_label.bold, valign="top",
                             color=ours_label.color, font_name=ours_label.font_name, size_hint=(None, None),
                             size=box[2:], pos=box[:2])
        theirs_label.text_size = (box[2], None)
        theirs, _height = yield from shown(theirs_label, height)
        cases.append({
            "style": style, "lines": len(ours_label._label._cached_lines),
            "texture": list(ours_label.texture_size), "kivy_texture": list(theirs_label.texture_size),
            "rows": height, **difference(ours, theirs, empty),
        })
    notes["cases"] = cases
'''


@pytest.fixture(scope="module")
def cases(xvfb_display: str, tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    notes = scenario_notes(xvfb_display, tmp_path_factory.mktemp("popup-text"), "popup_text", SCENARIO)
    found: list[dict[str, Any]] = notes["cases"]
    return found


def test_a_paragraph_on_one_line_is_rendered_only_as_wide_as_it_is(cases: list[dict[str, Any]]) -> None:
    one_line = [case for case in cases if case["lines"] == 1]
    assert len(one_line) == 3, cases  # the bold line that only the regular face fits is wrapped
    for case in one_line:
        assert case["kivy_texture"][0] >= 433, case  # Kivy's: the paragraph's width
        assert case["texture"][0] < case["kivy_texture"][0] / 2, case
        assert case["texture"][1] == case["kivy_texture"][1], case


def test_it_shows_what_kivys_wrapped_label_shows(cases: list[dict[str, Any]]) -> None:
    for case in cases:
        assert case["inked"] > 100, case  # the text is there
        # In its place, to the pixel: at most a level where llvmpipe's filtering of a narrower texture lands a
        # hair off texel centres.
        assert case["worst"] <= 1, case


def test_a_paragraph_too_long_for_one_line_is_still_wrapped_to_the_width(cases: list[dict[str, Any]]) -> None:
    wrapped = [case for case in cases if case["lines"] > 1]
    assert wrapped and all(case["texture"] == case["kivy_texture"] for case in wrapped), cases
