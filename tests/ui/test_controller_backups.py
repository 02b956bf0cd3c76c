"""The app's backups through the game controller (no window): on the worker, beside the database, taken when
due (whether anything changed is tests/system/test_backups.py's)."""

from __future__ import annotations

import queue
import sqlite3
from collections.abc import Callable
from pathlib import Path

from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds.pack import ThunderbirdsPack
from companion.ui.controller import GameController
from companion.ui.worker import SessionWorker


def run(worker: SessionWorker, calls: queue.Queue[Callable[[], None]]) -> None:
    while not worker.is_idle:
        calls.get(timeout=30)()


def test_backups_are_taken_when_due_beside_the_database(tmp_path: Path) -> None:
    calls: queue.Queue[Callable[[], None]] = queue.Queue()
    worker = SessionWorker(calls.put)
    controller = GameController(worker, ThunderbirdsPack(), tmp_path / "games" / "companion.db")
    errors: list[BaseException] = []
    controller.on_error(errors.append)
    taken: list[Path | None] = []
    try:
        controller.open_store()
        controller.new_game({"players": 2, "difficulty": "introduction"}, seed=34)
        run(worker, calls)
        controller.backup_if_due(3600, taken.append)
        run(worker, calls)
        controller.backup_if_due(3600, taken.append)  # an hour has not passed
        run(worker, calls)
        assert controller.dispatch(a.Plan())
        run(worker, calls)
        controller.backup_if_due(0, taken.append)  # a game's end after a change
        run(worker, calls)
    finally:
        worker.stop()
    assert errors == []
    first, not_due, after_change = taken
    assert first is not None and first.parent == tmp_path / "games" / "backups"
    assert not_due is None
    assert after_change is not None and after_change.exists()
    with sqlite3.connect(after_change) as db:
        assert db.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 1


def test_a_backup_under_way_never_holds_up_the_save_of_an_action(tmp_path: Path) -> None:
    """The app takes backups on a worker of their own: while one is still copying (here held back on purpose),
    an action is saved and delivered all the same."""
    import threading

    calls: queue.Queue[Callable[[], None]] = queue.Queue()
    worker = SessionWorker(calls.put)
    backups = SessionWorker(calls.put, name="backup-worker")
    controller = GameController(worker, ThunderbirdsPack(), tmp_path / "companion.db", backups)
    release = threading.Event()
    taken: list[Path | None] = []
    try:
        controller.open_store()
        controller.new_game({"players": 2, "difficulty": "introduction"}, seed=34)
        run(worker, calls)
        backups.submit(lambda: release.wait(30))  # the backup worker is busy with a long copy
        controller.backup_if_due(0, taken.append)
        assert controller.dispatch(a.Plan())
        run(worker, calls)
        assert controller.snapshot is not None and len(controller.snapshot.history) == 1
        assert taken == [] and not backups.is_idle, "the backup still waits its turn"
        release.set()
        run(backups, calls)
    finally:
        release.set()
        worker.stop()
        backups.stop()
    (done,) = taken
    assert done is not None and done.parent == tmp_path / "backups"
