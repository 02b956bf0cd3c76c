"""Feeds the views from the game database when no app runs in this process (`companion serve`): the saved game
played most recently, looked at a few times a second and published when it changed.

Reads only: the file is opened read-only (`Store.open_to_read`: a missing file is no game yet, a damaged one is
left where it is for the app to deal with), and the position is replayed from the log (`Session.rebuild_from_log`),
so following never writes a snapshot or moves a cursor of the game it shows.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

from companion.web.position import PositionBoard

log = logging.getLogger(__name__)


class StoreFollower:
    def __init__(self, board: PositionBoard, store_path: Path | None = None, every: float = 0.25) -> None:
        self.board, self.store_path, self.every = board, store_path, every
        self._store: Any = None
        self._seen: tuple[Any, ...] | None = None
        self._stop = threading.Event()

    def poll_once(self) -> bool:
        """Publishes the latest game's position when it changed since the last look; True when it did."""
        from companion.engine import registry
        from companion.engine.session import Session
        from companion.engine.store import Store

        if self._store is None:
            self._store = Store.open_to_read(self.store_path)
        games = self._store.list_games() if self._store is not None else []
        if not games:
            if self._seen != ():
                self._seen = ()
                self.board.clear()
                return True
            return False
        latest = games[0]
        key = (latest.id, latest.updated, latest.cursor, latest.action_count)
        if key == self._seen:
            return False
        record = self._store.load(latest.id)
        state = Session.rebuild_from_log(self._store, latest.id)
        labels = tuple(entry.label for entry in record.actions[: record.cursor])
        pack = registry.pack(record.game)
        if not pack.is_loaded:  # its names and settings as the app shows them (the app loads it the same way)
            pack.load()
        self.board.publish(pack, record.id, state, record.cursor, labels)
        self._seen = key
        return True

    def run(self) -> None:
        """Looks until `stop`; a look that fails (a game of a pack not installed) is logged once and retried."""
        failing = False
        while not self._stop.is_set():
            try:
                self.poll_once()
                failing = False
            except Exception as error:
                if not failing:
                    log.warning("cannot follow the saved games: %s", error)
                failing = True
            self._stop.wait(self.every)

    def stop(self) -> None:
        self._stop.set()
