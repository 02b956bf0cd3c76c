"""Every screen and pop-up at each supported size, reached by touch: no text clipped or split mid-word, no
text on text, every button inside the window and at least 9 mm. French, whose texts run longest."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.ui, pytest.mark.slow]

EXPECTED_SCREENS = {
    "home", "settings", "help", "card_editor-disaster", "card_editor-scheme", "card_editor-event",
    "card_editor-fab", "card_editor-vehicle", "card_editor-hood-track", "card_editor-disaster-edit", "new_game",
    "table", "board",
    "scheme", "fabs", "rescue-before", "history", "adjust-track", "adjust-disasters", "adjust-tokens",
    "adjust-fabs", "adjust-pieces", "adjust-effects",
}


@pytest.mark.parametrize("size", ["800x480", "1280x800", "720x1280"])
def test_every_screen_fits_the_window(run_app, size: str) -> None:
    report = run_app("every_screen", size=size, lang="fr")
    assert report.ok, report.error
    screens = set(report.notes["screens"])
    assert EXPECTED_SCREENS <= screens, EXPECTED_SCREENS - screens
    assert any(s.startswith("setup_guide-") for s in screens)
    assert {"table+card", "table+chooser"} <= set(report.notes["popups"])
    assert report.layout_problems() == []
    assert len(list(report.out.glob("*.png"))) >= len(EXPECTED_SCREENS)
