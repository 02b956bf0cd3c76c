"""Two processes on one state directory: the app and a command, or two apps, opening the saved games at once."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path
from typing import Any

from companion.engine.store import Store

#: Opens of a new store raced by two processes. Without the open lock, about one race in six failed ("database is
#: locked") or set the other's half-made file aside as unreadable; 40 races catch that almost surely.
RACES = 40


def open_each(paths: list[str], barrier: Any, results: Any) -> None:
    """Opens each new store the moment the other process does too, and reports what came of it."""
    for path in paths:
        barrier.wait(timeout=60)
        try:
            with Store.open(Path(path)) as store:
                game = store.create_game("toy", {"a": 1}, 7, [], 0, {})
                results.put((path, "ok", store.recovery_notice, game))
        except Exception as error:  # reported to the test, which names it
            results.put((path, "error", f"{type(error).__name__}: {error}", None))


def test_two_processes_opening_a_new_store_at_once_both_get_it(tmp_path: Path) -> None:
    paths = [str(tmp_path / f"race-{n}" / "companion.db") for n in range(RACES)]
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(2)
    results = context.Queue()
    workers = [context.Process(target=open_each, args=(paths, barrier, results)) for _ in range(2)]
    for worker in workers:
        worker.start()
    outcomes = [results.get(timeout=120) for _ in range(2 * RACES)]
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    failures = [(path, kind, detail) for path, kind, detail, _game in outcomes if kind != "ok" or detail]
    assert failures == []
    for path in paths:
        # Nothing set aside, and both processes' games are in the one file. The write-ahead log may stay: when the
        # two close at the same moment, each sees the other still there and leaves it for the next open.
        assert set(os.listdir(Path(path).parent)) - {"companion.db-wal", "companion.db-shm"} == {"companion.db"}
        with Store.open(Path(path)) as store:
            assert len(store.list_games()) == 2
