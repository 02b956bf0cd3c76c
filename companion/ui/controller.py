"""The App's handle on the game: every store and session call goes through the session worker, and the
results come back to the main thread as immutable `GameSnapshot`s with the legal actions already computed.

Kivy-free: the worker's `deliver` decides which thread callbacks run on (Kivy's Clock in the App, a direct
call in the presenter tests).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from companion.engine.errors import CompanionError
from companion.ui.worker import SessionWorker

log = logging.getLogger(__name__)


class GamePack(Protocol):
    """What the controller needs from a game's pack (`companion.engine.pack.Pack`)."""

    name: str

    def legal_actions(self, state: Any) -> tuple[Any, ...]: ...


@dataclass(frozen=True)
class GameSnapshot:
    """Everything a screen may read about the running game, computed on the worker."""

    game_id: int
    state: Any
    legal: tuple[Any, ...]
    history: tuple[Any, ...]
    can_undo: bool
    can_redo: bool
    kind: str  # "load", "action", "undo", "redo", "reread" (the cards changed, not the game)
    events: tuple[Any, ...] = ()
    entry: Any = None
    version: int = 0


@dataclass(frozen=True)
class SavedGame:
    game_id: int
    created: str
    updated: str
    summary: Mapping[str, Any]
    action_count: int
    #: The game's pack name (the store's `game` column): Home lists every game's saved games together.
    game: str = "thunderbirds"


@dataclass(frozen=True)
class BackupRow:
    """A backup as `GameController.list_backups` finds it (read on the backup worker)."""

    path: Path
    taken_at: datetime
    before_restore: bool
    #: Saved games in it; None when it cannot be read.
    games: int | None


ErrorHandler = Callable[[BaseException], None]


@dataclass
class _WorkerSide:
    """Only ever touched on the worker thread."""

    store: Any = None
    session: Any = None
    version: int = 0
    unsubscribe: Callable[[], None] | None = field(default=None)


class GameController:
    def __init__(
        self,
        worker: SessionWorker,
        pack: GamePack,
        store_path: Path | None = None,
        backup_worker: SessionWorker | None = None,
    ) -> None:
        self.worker = worker
        #: Where backups are taken: a thread of their own in the app, so copying the whole database every few
        #: minutes never holds up the save of a touch (the session worker when none is given).
        self.backup_worker = backup_worker or worker
        self.pack = pack
        self._store_path = store_path
        self._side = _WorkerSide()
        #: Main-thread view of the game; replaced (never mutated) on each update.
        self.snapshot: GameSnapshot | None = None
        self.saved_games: tuple[SavedGame, ...] = ()
        self.recovery_notice: str | None = None
        #: The game database's path, once the store has opened (the backups sit beside it).
        self.database: Path | None = None
        self.last_error: str | None = None
        self._listeners: list[Callable[[GameSnapshot], None]] = []
        self._in_flight = 0
        self._on_error: ErrorHandler = lambda error: log.error("%s", error)
        self._worker_observers: list[Callable[[Any, tuple[Any, ...]], None]] = []
        self._snapshot_observers: list[Callable[[GameSnapshot], None]] = []

    # --- wiring --------------------------------------------------------------------------------------------

    def on_snapshot(self, listener: Callable[[GameSnapshot], None]) -> None:
        self._listeners.append(listener)

    def on_worker_update(self, observer: Callable[[Any, tuple[Any, ...]], None]) -> None:
        """`observer(state, events)` runs on the worker after each durable change (the lights use it)."""
        self._worker_observers.append(observer)

    def on_worker_snapshot(self, observer: Callable[[GameSnapshot], None]) -> None:
        """`observer(snapshot)` runs on the worker as soon as each durable change's snapshot is made, a frame before
        the screens have it (the phones' pages: `companion.web.link`); its `legal` is still () then: the legal
        actions are worked out after it, so a view is never kept waiting for them."""
        self._snapshot_observers.append(observer)

    def on_error(self, handler: ErrorHandler) -> None:
        self._on_error = handler

    @property
    def busy(self) -> bool:
        """An action is on its way to the store: further taps are ignored until it lands (no double moves)."""
        return self._in_flight > 0

    def use_pack(self, pack: GamePack) -> None:
        """The game New game starts from now on (Home's picker chose it); call with no game open."""
        self.pack = pack

    # --- store ---------------------------------------------------------------------------------------------

    def open_store(self, on_done: Callable[[str | None], None] | None = None) -> None:
        def work() -> tuple[str | None, tuple[SavedGame, ...], Path]:
            from companion.engine.store import Store

            self._side.store = Store.open(self._store_path)
            return self._side.store.recovery_notice, self._list(), Path(self._side.store.path)

        def done(result: tuple[str | None, tuple[SavedGame, ...], Path]) -> None:
            self.recovery_notice, self.saved_games, self.database = result
            if on_done:
                on_done(self.recovery_notice)

        self.worker.submit(work, done, self._fail)

    def refresh_games(self, on_done: Callable[[tuple[SavedGame, ...]], None] | None = None) -> None:
        def done(games: tuple[SavedGame, ...]) -> None:
            self.saved_games = games
            if on_done:
                on_done(games)

        self.worker.submit(self._list, done, self._fail)

    def delete_game(self, game_id: int, on_done: Callable[[tuple[SavedGame, ...]], None] | None = None) -> None:
        def work() -> tuple[SavedGame, ...]:
            self._open_store().delete_game(game_id)
            return self._list()

        def done(games: tuple[SavedGame, ...]) -> None:
            self.saved_games = games
            if on_done:
                on_done(games)

        self.worker.submit(work, done, self._fail)

    def export_game(self, game_id: int, path: Path | None, on_done: Callable[[Path], None]) -> None:
        """Writes the game as a readable JSON file to `path`, or (None) to a USB stick if one is plugged in,
        else to the state directory's `exports/` (`companion.exports`); hands back where it went."""

        def work() -> Path:
            from companion.exports import export_path

            game = next((g.game for g in self.saved_games if g.game_id == game_id), self.pack.name)
            target = export_path(game, game_id) if path is None else path
            target.parent.mkdir(parents=True, exist_ok=True)
            from companion.engine import registry

            try:
                hides = registry.info(game).hides_information
            except Exception:  # a game not installed now may hide things: only its public record leaves
                hides = True
            self._open_store().export_game(game_id, target, public=hides)
            return target

        self.worker.submit(work, on_done, self._fail)

    def backup_if_due(self, every_seconds: float, on_done: Callable[[Path | None], None] | None = None) -> None:
        """A rotating backup of the database beside it (`backups/`), on the backup worker, when one is due.

        `every_seconds=0` at the end of a game (a backup unless nothing changed since the last one); the regular
        check passes the interval (`companion.backup.DEFAULT_EVERY_SECONDS`). A backup that fails is reported like
        any worker error; play goes on. The backup reads the database through connections of its own (SQLite's
        write-ahead log lets the session write meanwhile).
        """
        db_path = self.database

        def work() -> Path | None:
            from companion import backup

            if db_path is None:
                return None
            taken = backup.backup_if_due(
                db_path, every_seconds=every_seconds, directory=db_path.parent / backup.BACKUPS_DIR_NAME
            )
            if taken is not None:
                log.info("backup taken: %s", taken.path)
            return None if taken is None else taken.path

        self.backup_worker.submit(work, on_done or (lambda _path: None), self._fail)

    def list_backups(self, on_done: Callable[[tuple[Any, ...]], None]) -> None:
        """The backups beside the database, newest first, each with how many saved games it holds (on the backup
        worker: reading them never holds up play). `BackupRow`s."""
        database = self.database or self._default_database()

        def work() -> tuple[Any, ...]:
            from companion import backup

            return tuple(
                BackupRow(found.path, found.taken_at, found.before_restore, backup.games_in(found.path))
                for found in backup.list_backups(database.parent / backup.BACKUPS_DIR_NAME)
            )

        self.backup_worker.submit(work, on_done, self._fail)

    def restore_backup(self, path: Path, on_done: Callable[[tuple[SavedGame, ...]], None]) -> None:
        """Puts the backup at `path` back as the saved games, on the session worker: the game in play is closed,
        the store closed, the current database kept as a backup set aside (`companion.backup.restore`), and the
        store opened again (also when the restore fails, so play goes on with the games as they were)."""

        def work() -> tuple[SavedGame, ...]:
            from companion import backup
            from companion.engine.store import Store

            self._close_session()
            store = self._side.store
            database = Path(store.path) if store is not None else self._default_database()
            if store is not None:
                store.close()
                self._side.store = None
            try:
                backup.restore(path, database, database.parent / backup.BACKUPS_DIR_NAME)
            except backup.BackupError as error:
                raise CompanionError(str(error)) from error
            finally:
                self._side.store = Store.open(self._store_path)
            return self._list()

        def done(games: tuple[SavedGame, ...]) -> None:
            self.snapshot = None
            self.saved_games = games
            self.recovery_notice = None
            on_done(games)

        self.worker.submit(work, done, self._fail)

    def find_exports(self, on_done: Callable[[tuple[list[Any], list[Path]]], None]) -> None:
        """The exported games on a USB stick (or in the state directory's exports/), and where they were looked
        for; on the backup worker (a slow stick never holds up play)."""

        def work() -> tuple[list[Any], list[Path]]:
            from companion.imports import export_folders, exports_found

            folders = export_folders()
            return exports_found(folders), folders

        self.backup_worker.submit(work, on_done, self._fail)

    def import_export(self, path: Path, on_done: Callable[[Any], None]) -> None:
        """Adds the exported game at `path` as a new saved game (`companion.imports.import_game`: refused with the
        reason when it cannot be); hands back what became of it (`Imported`), the list of saved games refreshed."""

        def work() -> tuple[Any, tuple[SavedGame, ...]]:
            from companion.imports import import_game

            imported = import_game(self._open_store(), path)
            return imported, self._list()

        def done(result: tuple[Any, tuple[SavedGame, ...]]) -> None:
            imported, self.saved_games = result
            on_done(imported)

        self.worker.submit(work, done, self._fail)

    def _default_database(self) -> Path:
        from companion.backup import default_db_path

        return Path(self._store_path) if self._store_path is not None else default_db_path()

    def _open_store(self) -> Any:
        """The store, opened again when the start-up open failed: what stopped it may have passed (another
        program held the file, a full SD card has been freed), and if not, the player reads why once more."""
        if self._side.store is None:
            from companion.engine.store import Store

            self._side.store = Store.open(self._store_path)
        return self._side.store

    def _list(self) -> tuple[SavedGame, ...]:
        if self._side.store is None:  # asked before the store is open: the open delivers the list itself
            return ()
        games = self._side.store.list_games()
        return tuple(SavedGame(g.id, g.created, g.updated, dict(g.summary), g.action_count, g.game) for g in games)

    # --- a game --------------------------------------------------------------------------------------------

    def new_game(
        self, setup: Mapping[str, Any], seed: int, on_done: Callable[[GameSnapshot], None] | None = None
    ) -> None:
        def work() -> GameSnapshot:
            from companion.engine import registry
            from companion.engine.session import Session

            self._close_session()
            session = Session.new(self._open_store(), registry.get(self.pack.name), setup, seed)
            return self._adopt(session)

        self._run(work, on_done)

    def resume(self, game_id: int, on_done: Callable[[GameSnapshot], None] | None = None) -> None:
        def work() -> GameSnapshot:
            from companion.engine.session import Session

            self._close_session()
            return self._adopt(Session.resume(self._open_store(), game_id))

        self._run(work, on_done)

    def close_game(self) -> None:
        self.snapshot = None
        self.worker.submit(self._close_session)

    def dispatch(
        self,
        action: Any,
        on_done: Callable[[GameSnapshot], None] | None = None,
        on_error: ErrorHandler | None = None,
    ) -> bool:
        """Sends `action` to the session; False (and nothing sent) while another action is on its way."""
        if self.busy or self.snapshot is None:
            return False
        self._run(lambda: self._step(lambda s: s.dispatch(action)), on_done, on_error)
        return True

    def undo(self, on_done: Callable[[GameSnapshot], None] | None = None) -> bool:
        if self.busy or self.snapshot is None or not self.snapshot.can_undo:
            return False
        self._run(lambda: self._step(lambda s: s.undo()), on_done)
        return True

    def redo(self, on_done: Callable[[GameSnapshot], None] | None = None) -> bool:
        if self.busy or self.snapshot is None or not self.snapshot.can_redo:
            return False
        self._run(lambda: self._step(lambda s: s.redo()), on_done)
        return True

    def undo_to(self, seq: int, on_done: Callable[[GameSnapshot], None] | None = None) -> bool:
        if self.busy or self.snapshot is None:
            return False
        self._run(lambda: self._step(lambda s: s.undo_to(seq)), on_done)
        return True

    def reread(self, on_done: Callable[[GameSnapshot], None] | None = None) -> None:
        """The game as it stands, its legal actions worked out again: after the players completed or corrected a
        card, the rules check it at once (nothing is dispatched or logged)."""
        if self.snapshot is None:
            return
        self._run(lambda: self._snapshot("reread", (), None), on_done)

    def keep_games_as_played(self, game: str) -> None:
        """On the worker, just before `game`'s data changes (a card completed, corrected or set aside): every saved
        game of it, the open one included, keeps the position it reached with the data it was played with, so a
        resume never replays old steps with the new data (`companion.engine.session.pin_saved_games`)."""
        store = self._side.store
        if store is None:
            return
        from companion.engine.session import pin_saved_games

        pin_saved_games(store, game, live=self._side.session)

    def call(
        self, work: Callable[[Any], Any], on_done: Callable[[Any], None], on_error: ErrorHandler | None = None
    ) -> None:
        """Runs `work(session)` on the worker (e.g. odds or a bot choice) and hands the result back."""
        self.worker.submit(lambda: work(self._side.session), on_done, on_error or self._fail)

    # --- worker side ---------------------------------------------------------------------------------------

    def _adopt(self, session: Any) -> GameSnapshot:
        self._side.session = session
        return self._snapshot("load", (), None)

    def _step(self, operation: Callable[[Any], Any]) -> GameSnapshot:
        session = self._side.session
        if session is None:
            raise CompanionError("no game is running")
        update = operation(session)
        return self._snapshot(update.kind, tuple(update.events), update.entry)

    def _snapshot(self, kind: str, events: Sequence[Any], entry: Any) -> GameSnapshot:
        session = self._side.session
        self._side.version += 1
        state = session.state
        for observer in self._worker_observers:
            try:
                observer(state, tuple(events))
            except Exception:  # an observer never breaks the game
                log.exception("a worker observer failed")
        snapshot = GameSnapshot(
            game_id=session.game_id,
            state=state,
            legal=(),  # worked out below, once the worker-side observers have it
            history=tuple(session.history()),
            can_undo=bool(session.can_undo),
            can_redo=bool(session.can_redo),
            kind=kind,
            events=tuple(events),
            entry=entry,
            version=self._side.version,
        )
        for each in self._snapshot_observers:
            try:
                each(snapshot)
            except Exception:  # an observer never breaks the game
                log.exception("a worker observer failed")
        return replace(snapshot, legal=tuple(self._pack_of(session.rules.name).legal_actions(state)))

    def _pack_of(self, game: str) -> GamePack:
        """The pack of a resumed game (another game's than the one chosen for New game, when asked directly)."""
        if game == self.pack.name:
            return self.pack
        from companion.engine import registry

        return registry.pack(game)

    def _close_session(self) -> None:
        self._side.session = None

    # --- main side -----------------------------------------------------------------------------------------

    def _run(
        self,
        work: Callable[[], GameSnapshot],
        on_done: Callable[[GameSnapshot], None] | None,
        on_error: ErrorHandler | None = None,
    ) -> None:
        self._in_flight += 1

        def done(snapshot: GameSnapshot) -> None:
            self._in_flight -= 1
            self.last_error = None
            self.snapshot = snapshot
            for listener in list(self._listeners):
                listener(snapshot)
            if on_done:
                on_done(snapshot)

        def failed(error: BaseException) -> None:
            self._in_flight -= 1
            (on_error or self._fail)(error)

        self.worker.submit(work, done, failed)

    def _fail(self, error: BaseException) -> None:
        self.last_error = error.message if isinstance(error, CompanionError) else str(error)
        if not isinstance(error, CompanionError):
            log.error("session worker error", exc_info=error)
        self._on_error(error)
