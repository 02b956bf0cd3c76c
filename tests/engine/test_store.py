"""The SQLite store: the log and cursor, export/import, unreadable and newer files, and a full disk."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.engine.errors import FormatTooNew, SaveFileError, StoreError, StoreFull
from companion.engine.session import Session
from companion.engine.store import SCHEMA_VERSION, GameNotFound, Store

from .toygame import RULES, SEED, SETUP, play


def rows(path: Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Reads through a separate connection: what another process (or a restart) would see."""
    connection = sqlite3.connect(path)
    try:
        return connection.execute(sql, args).fetchall()
    finally:
        connection.close()


def new_game(store: Store) -> int:
    return store.create_game("toy", {"a": 1}, 7, [1, 0, 2], 99, {"status": "new"})


def test_a_new_store_uses_wal_full_sync_and_our_schema(store: Store, db_path: Path) -> None:
    assert store.recovery_notice is None
    assert store._db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert store._db.execute("PRAGMA synchronous").fetchone() == (2,)
    assert store._db.execute("PRAGMA foreign_keys").fetchone() == (1,)
    assert rows(db_path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]


def test_the_default_path_is_in_the_state_directory(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    with Store.open() as store:
        assert store.path == tmp_path / "state" / "companion.db"
    assert (tmp_path / "state" / "companion.db").exists()


def test_append_logs_actions_and_moves_the_cursor(store: Store, db_path: Path) -> None:
    game = new_game(store)
    store.append(game, 1, {"type": "roll"}, [3], 11, "Roll", {"counter": 3})
    store.append(game, 2, {"type": "draw"}, [], 11, "Draw", {"counter": 3})
    record = store.load(game)
    assert record.cursor == 2
    assert [(a.seq, a.action, a.outcomes, a.rng_after, a.label) for a in record.actions] == [
        (1, {"type": "roll"}, (3,), 11, "Roll"),
        (2, {"type": "draw"}, (), 11, "Draw"),
    ]
    assert record.setup == {"a": 1} and record.seed == 7
    assert record.setup_outcomes == (1, 0, 2) and record.setup_rng_after == 99
    assert record.summary == {"counter": 3}
    assert rows(db_path, "SELECT cursor FROM games WHERE id = ?", game) == [(2,)]


def test_append_drops_the_redo_tail_and_its_snapshots(store: Store) -> None:
    game = new_game(store)
    for seq in range(1, 6):
        store.append(game, seq, {"n": seq}, [], 1, f"a{seq}", {}, snapshot={"at": seq} if seq % 2 == 0 else None)
    store.set_cursor(game, 2)
    store.append(game, 3, {"n": "new"}, [], 1, "new", {})
    record = store.load(game)
    assert [a.action["n"] for a in record.actions] == [1, 2, "new"]
    assert record.cursor == 3
    assert store.snapshot_seqs(game) == (2,)
    assert store.snapshot_at_or_before(game, 3) == (2, {"at": 2})
    assert store.snapshot_at_or_before(game, 1) is None


def test_append_refuses_a_gap_or_an_unknown_game(store: Store) -> None:
    game = new_game(store)
    with pytest.raises(StoreError):
        store.append(game, 2, {}, [], 1, "x", {})
    with pytest.raises(GameNotFound):
        store.append(game + 1, 1, {}, [], 1, "x", {})
    assert store.load(game).actions == ()


def test_set_cursor_stays_within_the_log(store: Store) -> None:
    game = new_game(store)
    store.append(game, 1, {}, [], 1, "x", {})
    store.set_cursor(game, 0, {"status": "undone"})
    assert store.load(game).cursor == 0
    assert store.load(game).summary == {"status": "undone"}
    with pytest.raises(StoreError):
        store.set_cursor(game, 2)


def test_list_and_delete_games(store: Store, db_path: Path) -> None:
    first = new_game(store)
    second = new_game(store)
    store.append(first, 1, {}, [], 1, "x", {"latest": True}, snapshot={"s": 1})
    listed = store.list_games()
    assert [g.id for g in listed] == [first, second]
    assert (listed[0].action_count, listed[0].cursor, listed[0].summary) == (1, 1, {"latest": True})
    store.delete_game(first)
    assert [g.id for g in store.list_games()] == [second]
    assert rows(db_path, "SELECT COUNT(*) FROM actions") == [(0,)]
    assert rows(db_path, "SELECT COUNT(*) FROM snapshots") == [(0,)]
    with pytest.raises(GameNotFound):
        store.load(first)


def test_data_survives_closing_and_reopening(db_path: Path) -> None:
    with Store.open(db_path) as store:
        game = new_game(store)
        store.append(game, 1, {"type": "roll"}, [5], 2**64 - 1, "Roll", {})
    with Store.open(db_path) as store:
        record = store.load(game)
        assert record.actions[0].rng_after == 2**64 - 1
        assert store.integrity_check() == "ok"


# ------------------------------------------------------------------------------------------- unreadable files


def assert_kept_aside(db_path: Path, original: bytes) -> None:
    with Store.open(db_path) as store:
        assert store.recovery_notice is not None
        kept = [p for p in db_path.parent.iterdir() if p.name.startswith("companion.db.unreadable-")]
        main = [p for p in kept if not p.name.endswith(("-wal", "-shm", "-journal"))]
        assert len(main) == 1
        assert main[0].read_bytes() == original
        assert main[0].name in store.recovery_notice
        assert store.list_games() == []
        game = new_game(store)
        store.append(game, 1, {}, [], 1, "x", {})
    with Store.open(db_path) as store:
        assert store.recovery_notice is None
        assert len(store.list_games()) == 1


def test_random_bytes_are_kept_aside(db_path: Path) -> None:
    garbage = random.Random(7).randbytes(65536)
    db_path.write_bytes(garbage)
    assert_kept_aside(db_path, garbage)


def test_a_truncated_database_is_kept_aside(db_path: Path) -> None:
    with Store.open(db_path) as store:
        session = Session.new(store, RULES, SETUP, SEED)
        play(session, 600)
    whole = db_path.read_bytes()
    assert not db_path.with_name("companion.db-wal").exists()
    truncated = whole[: len(whole) // 2]
    db_path.write_bytes(truncated)
    assert_kept_aside(db_path, truncated)


def test_another_programs_database_is_kept_aside(db_path: Path) -> None:
    other = sqlite3.connect(db_path)
    other.execute("CREATE TABLE recipes (name TEXT)")
    other.execute("INSERT INTO recipes VALUES ('soup')")
    other.commit()
    other.close()
    original = db_path.read_bytes()
    assert_kept_aside(db_path, original)


def test_an_empty_file_is_simply_a_new_store(db_path: Path) -> None:
    db_path.write_bytes(b"")
    with Store.open(db_path) as store:
        assert store.recovery_notice is None
        new_game(store)


def test_a_newer_file_is_refused_and_left_untouched(db_path: Path) -> None:
    with Store.open(db_path) as store:
        new_game(store)
    newer = sqlite3.connect(db_path)
    newer.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    newer.close()
    before = db_path.read_bytes()
    with pytest.raises(FormatTooNew) as raised:
        Store.open(db_path)
    assert str(db_path) in raised.value.message
    assert db_path.read_bytes() == before
    assert not [p for p in db_path.parent.iterdir() if ".unreadable-" in p.name]


# ----------------------------------------------------------------------------------------------- export/import


def test_export_then_import_gives_the_same_game(store: Store, tmp_path: Path) -> None:
    session = Session.new(store, RULES, SETUP, SEED)
    play(session, 30)
    session.undo()
    session.undo()
    exported = tmp_path / "game.json"
    store.export_game(session.game_id, exported)
    document = json.loads(exported.read_text(encoding="utf-8"))
    assert document["format"] == 1
    assert "\n  " in exported.read_text(encoding="utf-8")

    with Store.open(tmp_path / "other.db") as other:
        imported = other.import_game(exported)
        a, b = store.load(session.game_id), other.load(imported)
        assert (a.game, a.setup, a.seed, a.setup_outcomes, a.setup_rng_after, a.cursor, a.actions) == (
            b.game,
            b.setup,
            b.seed,
            b.setup_outcomes,
            b.setup_rng_after,
            b.cursor,
            b.actions,
        )
        resumed = Session.resume(other, imported)
        assert resumed.state == session.state
        assert resumed.history() == session.history()
        resumed.redo()
        session.redo()
        assert resumed.state == session.state


def valid_export(store: Store, tmp_path: Path) -> dict[str, Any]:
    session = Session.new(store, RULES, SETUP, SEED)
    play(session, 3)
    path = tmp_path / "valid.json"
    store.export_game(session.game_id, path)
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


@pytest.mark.parametrize(
    ("field", "mutate"),
    [
        ("format", lambda d: d.pop("format")),
        ("format", lambda d: d.update(format="one")),
        ("game", lambda d: d.update(game="")),
        ("setup", lambda d: d.update(setup=[1])),
        ("seed", lambda d: d.update(seed=1.5)),
        ("setup_rng_after", lambda d: d.update(setup_rng_after=2**64)),
        ("setup_outcomes[1]", lambda d: d["setup_outcomes"].__setitem__(1, -1)),
        ("actions", lambda d: d.update(actions={})),
        ("actions[1].seq", lambda d: d["actions"][1].update(seq=5)),
        ("actions[0].action", lambda d: d["actions"][0].update(action="roll")),
        ("actions[2].outcomes", lambda d: d["actions"][2].pop("outcomes")),
        ("actions[0].label", lambda d: d["actions"][0].update(label=None)),
        ("cursor", lambda d: d.update(cursor=4)),
        ("cursor", lambda d: d.update(cursor=True)),
    ],
)
def test_import_names_the_file_and_the_bad_field(store: Store, tmp_path: Path, field: str, mutate: Any) -> None:
    document = valid_export(store, tmp_path)
    mutate(document)
    path = tmp_path / "broken-save.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    games_before = store.list_games()
    with pytest.raises(SaveFileError) as raised:
        store.import_game(path)
    assert "broken-save.json" in raised.value.message
    assert field in raised.value.message
    assert store.list_games() == games_before


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "", "\ufffe\x00"])
def test_import_refuses_files_that_are_not_a_saved_game(store: Store, tmp_path: Path, text: str) -> None:
    path = tmp_path / "junk.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveFileError) as raised:
        store.import_game(path)
    assert "junk.json" in raised.value.message


def test_import_of_a_missing_file(store: Store, tmp_path: Path) -> None:
    with pytest.raises(SaveFileError) as raised:
        store.import_game(tmp_path / "nowhere.json")
    assert "nowhere.json" in raised.value.message


def test_import_refuses_a_newer_format(store: Store, tmp_path: Path) -> None:
    document = valid_export(store, tmp_path)
    document["format"] = 2
    path = tmp_path / "newer.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(FormatTooNew) as raised:
        store.import_game(path)
    assert "newer.json" in raised.value.message


# --------------------------------------------------------------------------------------------------- full disk


def test_a_full_disk_refuses_the_write_and_changes_nothing(store: Store, db_path: Path) -> None:
    game = new_game(store)
    (pages,) = store._db.execute("PRAGMA page_count").fetchone()
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    seq = 0
    with pytest.raises(StoreFull):
        for seq in range(1, 10_000):
            store.append(game, seq, {"pad": "x" * 500}, [seq % 6], seq, f"action {seq}", {"seq": seq})
    assert store.load(game).cursor == seq - 1
    assert len(store.load(game).actions) == seq - 1
    assert store.load(game).summary == ({"seq": seq - 1} if seq > 1 else {"status": "new"})
    store._db.execute("PRAGMA max_page_count = 1000000")
    store.append(game, seq, {"pad": "x"}, [0], 1, "after", {})
    assert store.load(game).cursor == seq
    assert store.integrity_check() == "ok"
