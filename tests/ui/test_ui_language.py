"""The language switches at once, by touch, on every screen, and is remembered."""

from __future__ import annotations

import json
import os
from pathlib import Path


def test_language_switches_live_and_is_remembered(run_app) -> None:
    report = run_app("switch_language", size="800x480", lang="en")
    assert report.ok, report.error
    notes = report.notes
    assert notes["home_before"] == "New game"
    assert notes["settings_title_fr"] == "Réglages"
    assert notes["back_fr"] == "Retour"
    assert notes["home_after"] == "Nouvelle partie"
    assert notes["new_game_title"] == "Nouvelle partie"
    assert notes["new_game_title_en"] == "New game"
    saved = json.loads((Path(os.environ["COMPANION_CONFIG_DIR"]) / "ui-settings.json").read_text("utf-8"))
    assert saved["language"] == "fr"
    assert "sounds" not in saved and "keep_awake" not in saved, "only the language was chosen"
    assert report.layout_problems() == []
