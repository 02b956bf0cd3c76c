"""Nothing lost, in the real app by touch: after the saved games file was damaged, Home offers the backups and one
is restored (asked first; the file as it was kept aside); an exported game is imported from Home."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

from companion import backup
from companion.engine import registry
from companion.engine.session import Session
from companion.engine.store import Store


def play(store: Store, seed: int, actions: int) -> Session:
    from companion.games.thunderbirds.loader import default_definitions
    from companion.games.thunderbirds.simulate import steps

    session = Session.new(store, registry.get("thunderbirds"), {"players": 2, "difficulty": "standard"}, seed)
    for step in list(steps(2, "standard", seed, default_definitions()))[:actions]:
        session.dispatch(step.action)
    return session


def test_a_damaged_database_is_restored_from_a_backup_by_touch(run_app) -> None:
    state = Path(os.environ["COMPANION_STATE_DIR"])
    database = state / "companion.db"
    with Store.open(database) as store:
        play(store, 5001, 12)
        play(store, 5002, 7)
    taken = backup.make_backup(database, state / "backups")
    database.write_bytes(random.Random(3).randbytes(40_000))  # the SD card lost it
    damaged = database.read_bytes()
    report = run_app("restore_from_home", args={"backup": taken.path.name})
    assert report.ok, report.error
    notes = report.notes
    assert notes["games_before"] == 0 and "Go back to a backup" in notes["home_before"]
    assert any("could not be read" in text for text in notes["home_before"])
    assert notes["restore_keys"] == [f"restore:{taken.path.name}"]
    assert "2 saved games" in notes["backups_screen"]
    assert any(text.startswith("Go back to the backup of") for text in notes["question"])
    assert notes["games_after"] == 2 and notes["notice"].startswith("The saved games are back as they were on")
    assert "Go back to a backup" not in notes["home_after"]
    assert notes["resumed_actions"] in (12, 7)
    (kept,) = [path for path in state.glob("companion.db.unreadable-*") if not path.name.endswith(("-wal", "-shm"))]
    assert kept.read_bytes() == damaged, "the damaged file is kept aside, byte for byte"
    set_aside = [b for b in backup.list_backups(state / "backups") if b.before_restore]
    assert len(set_aside) == 1, "the fresh database the app had started is kept as a backup set aside"
    assert report.layout_problems() == []


def test_an_exported_game_is_imported_from_home_by_touch(run_app, tmp_path: Path) -> None:
    with Store.open(tmp_path / "another-companion.db") as store:
        session = play(store, 5003, 9)
        exports = Path(os.environ["COMPANION_STATE_DIR"]) / "exports"
        exports.mkdir()
        good = exports / "thunderbirds-game-1-20260501-120000.json"
        store.export_game(session.game_id, good)
        store.export_game(session.game_id, exports / "record.json", public=True)
    document = json.loads(good.read_text(encoding="utf-8"))
    (exports / "chess-game-3.json").write_text(json.dumps({**document, "game": "chess"}), encoding="utf-8")
    (exports / "shopping-list.json").write_text('["bread", "milk"]', encoding="utf-8")  # not a game: not listed
    report = run_app("import_from_home")
    assert report.ok, report.error
    notes = report.notes
    assert notes["listed"].count("Import") == 3, "three exported games listed; the shopping list is not one"
    assert notes["enabled"] == notes["import_keys"] and len(notes["enabled"]) == 1, "one of them can be imported"
    listed = " ".join(notes["listed"])
    assert "the game chess is not installed here" in listed and "public record" in listed
    assert notes["notice"] == f"{good.name} imported as saved game 1."
    assert notes["resume_keys"] == ["resume:1"] and notes["resumed_actions"] == 9
    assert sorted(p.name for p in exports.iterdir()) == sorted(
        [good.name, "record.json", "chess-game-3.json", "shopping-list.json"]
    ), "importing changes none of the files"
    assert report.layout_problems() == []
