"""A Thunderbirds game saved before games became packs still resumes, to the very state it was left in (README)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from companion.engine import registry
from companion.engine.session import Session
from companion.engine.store import Store

HERE = Path(__file__).resolve().parent


def test_a_game_saved_before_games_were_packs_resumes_replays_and_redoes(tmp_path: Path) -> None:
    database = tmp_path / "companion.db"
    connection = sqlite3.connect(database)
    connection.executescript((HERE / "saved_before_packs.sql").read_text(encoding="utf-8"))
    connection.close()
    left = json.loads((HERE / "saved_before_packs.json").read_text(encoding="utf-8"))
    rules = registry.get("thunderbirds")
    with Store.open(database) as store:
        [saved] = store.list_games()
        assert (saved.game, saved.cursor, saved.action_count) == ("thunderbirds", 23, 25)
        session = Session.resume(store, saved.id)
        assert rules.encode_state(session.state) == left
        assert Session.rebuild_from_log(store, saved.id) == session.state
        session.redo()  # the two actions undone before it was saved
        session.redo()
        assert session.cursor == 25 and rules.encode_state(session.state) != left
        assert Session.resume(store, saved.id).state == session.state
