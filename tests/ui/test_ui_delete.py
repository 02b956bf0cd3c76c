"""Home's Delete for a saved game, through the real app: it asks first, "keep it" keeps the game, and a
confirmed delete removes it from Home and from the database."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_delete_asks_first_then_removes_the_game(run_app, lang: str) -> None:
    report = run_app("delete_from_home", lang=lang)
    assert report.ok, report.error
    assert report.layout_problems() == []
    notes = report.notes
    # A short list sits at the top of its area (it used to spring down into the middle of it).
    assert notes["list_fits"] and max(abs(gap) for gap in notes["list_gaps_at_top"]) < 1
    question = " ".join(notes["question"])
    if lang == "en":
        assert "Delete this saved game?" in question and "export the game first" in question
        assert notes["notice"] == "Game deleted."
    else:
        assert "Supprimer cette partie sauvegardée\u00a0?" in question and "exportez d'abord la partie" in question
        assert notes["notice"] == "Partie supprimée."
    assert notes["games_after_keep"] == notes["games_before"] >= 1
    assert notes["games_after_delete"] == notes["games_before"] - 1
    database = Path(os.environ["COMPANION_STATE_DIR"]) / "companion.db"
    with sqlite3.connect(database) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert "games" in tables
        remaining = connection.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert remaining == notes["games_after_delete"]
