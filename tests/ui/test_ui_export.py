"""Home's one-tap export of a saved game, through the real app: the file lands in the state directory's
`exports/` (no USB stick here), the notice says where, and the file imports back as the same game."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion.engine.store import Store


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_tap_export_from_home(run_app, lang: str, tmp_path: Path) -> None:
    report = run_app("export_from_home", lang=lang)
    assert report.ok, report.error
    assert report.layout_problems() == []
    exports = sorted((Path(os.environ["COMPANION_STATE_DIR"]) / "exports").glob("thunderbirds-game-*.json"))
    assert len(exports) == 1
    exported = exports[0]
    assert str(exported) in report.notes["notice"]
    assert report.notes["notice"].startswith("Game exported to" if lang == "en" else "Partie exportée dans")
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert document["game"] == "thunderbirds" and document["seed"] == 34
    # The file is a whole game: another companion imports it and resumes at the same point.
    with Store.open(tmp_path / "other.db") as other:
        game_id = other.import_game(exported)
        assert other.load(game_id).setup == document["setup"]
