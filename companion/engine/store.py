"""The saved games: one SQLite file (WAL, synchronous=FULL) holding each game's setup and its action log.

An action is durable once `append` returns, before anyone is told of it, so a pulled plug never loses an
acknowledged action. A file that cannot be read is renamed aside (never deleted) and a fresh store started; a
file from a newer version is left untouched.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache, cached_property
from pathlib import Path
from typing import Any
from urllib.parse import quote

from companion.engine.errors import CompanionError, FormatTooNew, SaveFileError, StoreError, StoreFull
from companion.engine.labels import labels_of, stored_labels
from companion.files import sync_directory, write_atomically
from companion.locale import _

#: `PRAGMA user_version` of the schema this code writes.
SCHEMA_VERSION = 1
#: `format` of the exported JSON files this code writes.
EXPORT_FORMAT = 1
#: The `format` of a game's public record (a game that hides things from some players): read, never imported.
PUBLIC_RECORD_FORMAT = "public-record-1"
DB_NAME = "companion.db"
_SIDE_FILES = ("-wal", "-shm", "-journal")
_U64 = 1 << 64

_SCHEMA = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    setup TEXT NOT NULL,
    seed TEXT NOT NULL,
    setup_outcomes TEXT NOT NULL,
    setup_rng_after TEXT NOT NULL,
    state_format INTEGER NOT NULL,
    summary TEXT NOT NULL,
    cursor INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    outcomes TEXT NOT NULL,
    rng_after TEXT NOT NULL,
    label TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE snapshots (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""


@dataclass(frozen=True)
class GameSummary:
    """One line of the saved-games list."""

    id: int
    game: str
    created: str
    updated: str
    summary: dict[str, Any]
    cursor: int
    action_count: int


@dataclass(frozen=True)
class ActionRecord:
    """One logged action. The JSON is decoded on first use: a resume from a snapshot reads only a few."""

    seq: int
    action_json: str
    outcomes_json: str
    rng_after: int
    label: str

    @classmethod
    def of(
        cls, seq: int, action: Mapping[str, Any], outcomes: Sequence[int], rng_after: int, label: str
    ) -> ActionRecord:
        return cls(seq, _dumps(dict(action)), _dumps(list(outcomes)), rng_after, label)

    @cached_property
    def action(self) -> dict[str, Any]:
        decoded: dict[str, Any] = json.loads(self.action_json)
        return decoded

    @cached_property
    def outcomes(self) -> tuple[int, ...]:
        return tuple(json.loads(self.outcomes_json))


@dataclass(frozen=True)
class GameRecord:
    """A whole game as stored: its setup and every logged action, including the undone tail past `cursor`."""

    id: int
    game: str
    created: str
    updated: str
    setup: dict[str, Any]
    seed: int
    setup_outcomes: tuple[int, ...]
    setup_rng_after: int
    state_format: int
    summary: dict[str, Any]
    cursor: int
    actions: tuple[ActionRecord, ...]


class GameNotFound(StoreError, LookupError):
    """No saved game has this number."""


class DamagedGame(StoreError):
    """One saved game's rows cannot be decoded; the rest of the store is fine."""


def _summary_or_damaged(text: str) -> dict[str, Any]:
    """A game's list summary; a damaged one still lists the game (marked) so it can be deleted or exported."""
    try:
        summary = json.loads(text)
    except (ValueError, TypeError):
        return {"damaged": True}
    return summary if isinstance(summary, dict) else {"damaged": True}


class Store:
    """The saved-games database. Open with `Store.open()`; every write is one committed transaction."""

    def __init__(self, path: Path, connection: sqlite3.Connection, recovery_notice: str | None) -> None:
        self.path = path
        self._db = connection
        self._lock = threading.RLock()
        #: Set when an unreadable file was renamed aside at open; names the kept file for the players.
        self.recovery_notice = recovery_notice

    # ----------------------------------------------------------------------------------------------- opening

    @classmethod
    def open(cls, path: Path | None = None) -> Store:
        from companion.paths import state_dir

        path = Path(path) if path is not None else state_dir() / DB_NAME
        with _opening(path):
            notice = None
            if _is_unreadable(path):
                kept = _set_aside(path)
                notice = _(
                    "The saved games file could not be read. It was kept aside as {name} and a new one was started."
                ).format(name=kept.name)
            connection: sqlite3.Connection | None = None
            try:
                connection = _connect(path)
                _ensure_schema(connection, path)
            except (sqlite3.Error, OSError) as error:
                if connection is not None:
                    connection.close()
                raise _open_error(path, error) from error
            except BaseException:
                if connection is not None:
                    connection.close()
                raise
        return cls(path, connection, notice)

    @classmethod
    def open_to_read(cls, path: Path | None = None) -> Store | None:
        """The saved games for a viewer (`companion serve`): None while there is no file; never creates, upgrades
        or sets aside a file, since the app that plays is its only writer. Raises `StoreError` naming the file when
        it is not one of our databases or cannot be read, and `FormatTooNew` for a newer one."""
        from companion.paths import state_dir

        path = Path(path) if path is not None else state_dir() / DB_NAME
        if not path.is_file() or path.stat().st_size == 0:
            return None
        if _is_unreadable(path):
            raise StoreError(
                _("The saved games file {file} could not be opened: {problem}").format(
                    file=path, problem=_("it is damaged or not a saved games file")
                )
            )
        try:
            uri = "file:" + quote(str(path.resolve())) + "?mode=ro"
            connection = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False, timeout=10.0)
        except sqlite3.Error as error:
            raise _open_error(path, error) from error
        return cls(path, connection, None)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ----------------------------------------------------------------------------------------------- writing

    def create_game(
        self,
        game: str,
        setup: Mapping[str, Any],
        seed: int,
        setup_outcomes: Sequence[int],
        setup_rng_after: int,
        summary: Mapping[str, Any],
        state_format: int = 1,
    ) -> int:
        now = _now()
        row = (
            game,
            now,
            now,
            _dumps(dict(setup)),
            str(seed),
            _dumps(list(setup_outcomes)),
            str(setup_rng_after),
            state_format,
            _dumps(dict(summary)),
        )
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO games (game, created, updated, setup, seed, setup_outcomes, setup_rng_after,"
                " state_format, summary, cursor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
                row,
            )
            game_id = cursor.lastrowid
        assert game_id is not None
        return game_id

    def append(
        self,
        game_id: int,
        seq: int,
        action: Mapping[str, Any],
        outcomes: Sequence[int],
        rng_after: int,
        label: str,
        summary: Mapping[str, Any],
        snapshot: Mapping[str, Any] | None = None,
    ) -> None:
        """Logs action `seq` and moves the cursor to it, dropping any redo tail, in one committed transaction."""
        if seq < 1:
            raise ValueError(f"action numbers start at 1, got {seq}")
        action_json = _dumps(dict(action))
        outcomes_json = _dumps(list(outcomes))
        summary_json = _dumps(dict(summary))
        snapshot_json = None if snapshot is None else _dumps(dict(snapshot))
        with self._write() as db:
            self._update_game(db, game_id, seq, summary_json)
            if (
                seq > 1
                and not db.execute("SELECT 1 FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq - 1)).fetchone()
            ):
                raise StoreError(_("Action {seq} cannot be saved: the one before it is missing.").format(seq=seq))
            db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, seq))
            db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq >= ?", (game_id, seq))
            db.execute(
                "INSERT INTO actions (game_id, seq, action, outcomes, rng_after, label) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, action_json, outcomes_json, str(rng_after), label),
            )
            if snapshot_json is not None:
                db.execute(
                    "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)", (game_id, seq, snapshot_json)
                )

    def set_cursor(self, game_id: int, cursor: int, summary: Mapping[str, Any] | None = None) -> None:
        """Moves the cursor (undo/redo) without touching the log; `summary` describes the state there."""
        summary_json = None if summary is None else _dumps(dict(summary))
        with self._write() as db:
            (count,) = db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()
            if not 0 <= cursor <= count:
                raise StoreError(
                    _("Cannot move to action {seq}: the game has {count} actions.").format(seq=cursor, count=count)
                )
            self._update_game(db, game_id, cursor, summary_json)

    def put_snapshot(self, game_id: int, seq: int, state: Mapping[str, Any]) -> None:
        """Keeps the encoded state after action `seq` so a later resume starts from it."""
        state_json = _dumps(dict(state))
        with self._write() as db:
            db.execute(
                "INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)", (game_id, seq, state_json)
            )

    def put_snapshots(self, game_id: int, states: Mapping[int, Mapping[str, Any]]) -> None:
        """Keeps several encoded states (by action number) in one transaction."""
        rows = [(game_id, seq, _dumps(dict(state))) for seq, state in states.items()]
        with self._write() as db:
            db.executemany("INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)", rows)

    def reset_snapshots(self, game_id: int, state_format: int) -> None:
        """Drops every snapshot of a game whose rules now encode states differently."""
        with self._write() as db:
            db.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
            db.execute("UPDATE games SET state_format = ? WHERE id = ?", (state_format, game_id))

    def delete_game(self, game_id: int) -> None:
        with self._write() as db:
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # ----------------------------------------------------------------------------------------------- reading

    def list_games(self) -> list[GameSummary]:
        """Every saved game, most recently played first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT g.id, g.game, g.created, g.updated, g.summary, g.cursor,"
                " (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id)"
                " FROM games g ORDER BY g.updated DESC, g.id DESC"
            ).fetchall()
        return [
            GameSummary(
                id=row[0],
                game=row[1],
                created=row[2],
                updated=row[3],
                summary=_summary_or_damaged(row[4]),
                cursor=row[5],
                action_count=row[6],
            )
            for row in rows
        ]

    def load(self, game_id: int) -> GameRecord:
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, created, updated, setup, seed, setup_outcomes, setup_rng_after, state_format,"
                " summary, cursor FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
            if row is None:
                raise GameNotFound(_("There is no saved game number {id}.").format(id=game_id))
            action_rows = self._db.execute(
                "SELECT seq, action, outcomes, rng_after, label FROM actions WHERE game_id = ? ORDER BY seq",
                (game_id,),
            ).fetchall()
        field = "actions"
        try:
            actions = tuple(
                ActionRecord(seq, action, outcomes, int(rng), label)
                for seq, action, outcomes, rng, label in action_rows
            )
            field = "setup"
            setup = json.loads(row[4])
            field = "seed"
            seed = int(row[5])
            field = "setup_outcomes"
            setup_outcomes = tuple(int(value) for value in json.loads(row[6]))
            field = "setup_rng_after"
            setup_rng_after = int(row[7])
            field = "cursor"
            cursor = int(row[10])
            if not 0 <= cursor <= len(actions):
                raise ValueError(cursor)
            if not isinstance(setup, dict):
                raise TypeError("setup")
        except (ValueError, TypeError) as error:
            raise DamagedGame(
                _("Saved game number {id} is damaged ({field}) and cannot be opened; the other games are fine.").format(
                    id=game_id, field=field
                )
            ) from error
        return GameRecord(
            id=row[0],
            game=row[1],
            created=row[2],
            updated=row[3],
            setup=setup,
            seed=seed,
            setup_outcomes=setup_outcomes,
            setup_rng_after=setup_rng_after,
            state_format=row[8],
            summary=_summary_or_damaged(row[9]),
            cursor=cursor,
            actions=actions,
        )

    def snapshot_at_or_before(self, game_id: int, seq: int) -> tuple[int, dict[str, Any]] | None:
        """The latest snapshot taken at or before action `seq`, as (seq, encoded state)."""
        with self._lock:
            row = self._db.execute(
                "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
                (game_id, seq),
            ).fetchone()
        return None if row is None else (row[0], json.loads(row[1]))

    def snapshot_after(self, game_id: int, seq: int) -> tuple[int, dict[str, Any]] | None:
        """The first snapshot taken after action `seq`, as (seq, encoded state)."""
        with self._lock:
            row = self._db.execute(
                "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT 1",
                (game_id, seq),
            ).fetchone()
        return None if row is None else (row[0], json.loads(row[1]))

    def snapshot_seqs(self, game_id: int) -> tuple[int, ...]:
        with self._lock:
            rows = self._db.execute("SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
        return tuple(row[0] for row in rows)

    def integrity_check(self) -> str:
        """SQLite's full integrity check: "ok" or the problems found."""
        with self._lock:
            rows = self._db.execute("PRAGMA integrity_check").fetchall()
        return "\n".join(str(row[0]) for row in rows)

    # ----------------------------------------------------------------------------------------- export/import

    def export_game(self, game_id: int, path: Path, public: bool = False) -> None:
        """Writes a readable JSON file that `import_game` (here or on another companion) reads back.

        `public`: a game that hides things from some players (hands, roles) is written as its public record
        only: the summary and the history's labels (public by contract), without the set-up, the seed, the
        actions or the draws, from which a hand could be worked out. Such a file is for reading, not importing."""
        record = self.load(game_id)
        if public:
            document: dict[str, Any] = {
                "format": PUBLIC_RECORD_FORMAT,
                "game": record.game,
                "created": record.created,
                "updated": record.updated,
                "summary": record.summary,
                "cursor": record.cursor,
                "history": [_public_action(a) for a in record.actions],
            }
        else:
            document = {
                "format": EXPORT_FORMAT,
                "game": record.game,
                "created": record.created,
                "updated": record.updated,
                "setup": record.setup,
                "seed": record.seed,
                "setup_outcomes": list(record.setup_outcomes),
                "setup_rng_after": record.setup_rng_after,
                "state_format": record.state_format,
                "summary": record.summary,
                "cursor": record.cursor,
                "actions": [_exported_action(a) for a in record.actions],
            }
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
        path = Path(path)
        try:
            write_atomically(path, text)
        except OSError as error:
            if error.errno in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT):
                raise StoreFull(_("The game could not be exported: the storage is full.")) from error
            raise StoreError(
                _("The game could not be exported to {file}: {problem}").format(file=path, problem=error.strerror)
            ) from error

    def import_game(self, path: Path) -> int:
        """Adds the game in an exported file as a new saved game and returns its number."""
        document = _read_export(Path(path))
        actions = document["actions"]
        now = _now()
        with self._write() as db:
            cursor = db.execute(
                "INSERT INTO games (game, created, updated, setup, seed, setup_outcomes, setup_rng_after,"
                " state_format, summary, cursor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    document["game"],
                    document.get("created") or now,
                    now,
                    _dumps(document["setup"]),
                    str(document["seed"]),
                    _dumps(document["setup_outcomes"]),
                    str(document["setup_rng_after"]),
                    document["state_format"],
                    _dumps(document["summary"]),
                    document["cursor"],
                ),
            )
            game_id = cursor.lastrowid
            db.executemany(
                "INSERT INTO actions (game_id, seq, action, outcomes, rng_after, label) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (
                        game_id,
                        a["seq"],
                        _dumps(a["action"]),
                        _dumps(a["outcomes"]),
                        str(a["rng_after"]),
                        _imported_label(a),
                    )
                    for a in actions
                ],
            )
        assert game_id is not None
        return game_id

    def correct_derived(self, game_id: int, summary: Mapping[str, Any], labels: Mapping[int, str]) -> None:
        """Puts a summary and step labels (by step number) in place of the stored ones, in one transaction: what an
        imported game says of itself, recomputed from its replay (`companion.imports`)."""
        summary_json = _dumps(dict(summary))
        with self._write() as db:
            db.execute("UPDATE games SET summary = ? WHERE id = ?", (summary_json, game_id))
            db.executemany(
                "UPDATE actions SET label = ? WHERE game_id = ? AND seq = ?",
                [(label, game_id, seq) for seq, label in labels.items()],
            )

    # -------------------------------------------------------------------------------------------- internals

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One IMMEDIATE transaction, committed on exit; a refused write rolls back and raises `StoreFull`."""
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                yield db
                db.execute("COMMIT")
            except BaseException as error:
                if db.in_transaction:
                    try:
                        db.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                if _is_refused_write(error):
                    raise StoreFull(
                        _("The game could not be saved: the storage is full or refuses writes. Nothing was changed.")
                    ) from error
                if isinstance(error, sqlite3.Error):
                    raise StoreError(
                        _("The saved games file could not be written: {problem}").format(problem=error)
                    ) from error
                raise

    @staticmethod
    def _update_game(db: sqlite3.Connection, game_id: int, cursor: int, summary_json: str | None) -> None:
        if summary_json is None:
            changed = db.execute(
                "UPDATE games SET cursor = ?, updated = ? WHERE id = ?", (cursor, _now(), game_id)
            ).rowcount
        else:
            changed = db.execute(
                "UPDATE games SET cursor = ?, summary = ?, updated = ? WHERE id = ?",
                (cursor, summary_json, _now(), game_id),
            ).rowcount
        if changed != 1:
            raise GameNotFound(_("There is no saved game number {id}.").format(id=game_id))


# --------------------------------------------------------------------------------------------------- internals


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


@contextmanager
def _opening(path: Path) -> Iterator[None]:
    """One process at a time checks, creates or sets aside the file (the lock is on its directory). Two processes
    opening a new store at once (the app and a command, two apps on one state directory) would otherwise find the
    file locked while the other makes it WAL, or read its half-written first page as damage and rename it aside."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
    except OSError as error:
        raise _open_error(path, error) from error
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the last descriptor releases the lock


def _connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10.0)
    connection.execute("PRAGMA foreign_keys = ON")
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    return connection


def _ensure_schema(connection: sqlite3.Connection, path: Path) -> None:
    connection.execute("BEGIN IMMEDIATE")
    try:
        (version,) = connection.execute("PRAGMA user_version").fetchone()
        if version > SCHEMA_VERSION:
            raise FormatTooNew(_too_new_message(path))
        if version == 0:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def _open_error(path: Path, error: BaseException) -> StoreError:
    """What players read when the file cannot be opened: a full disk says so, anything else names the file."""
    if _is_refused_write(error):
        return StoreFull(
            _(
                "The saved games could not be opened: the storage is full or refuses writes. Free some space and"
                " start again; nothing was changed."
            )
        )
    return StoreError(_("The saved games file {file} could not be opened: {problem}").format(file=path, problem=error))


def _too_new_message(path: Path) -> str:
    return _(
        "The saved games file {file} was written by a newer version of the companion. Update the companion to"
        " open it; the file was left untouched."
    ).format(file=path)


def _table_columns(connection: sqlite3.Connection) -> dict[str, tuple[str, ...]]:
    names = [
        row[0]
        for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        if not row[0].startswith("sqlite_")
    ]
    return {
        name: tuple(row[1] for row in connection.execute(f"PRAGMA table_info({quote_identifier(name)})"))
        for name in names
    }


def quote_identifier(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


@cache
def _expected_columns() -> dict[str, tuple[str, ...]]:
    """The tables and columns our schema creates, read back from SQLite so the check cannot drift from it."""
    connection = sqlite3.connect(":memory:")
    try:
        connection.executescript(_SCHEMA)
        return _table_columns(connection)
    finally:
        connection.close()


def _is_unreadable(path: Path) -> bool:
    """True for a file that is not one of our databases (garbage, damaged, another program's SQLite file, or a
    folder in its place).

    Inspects through a read-only connection so a newer file is never written to; raises `FormatTooNew` for one.
    """
    if path.is_dir():
        return True
    if not path.exists() or path.stat().st_size == 0:
        return False
    uri = "file:" + quote(str(path.resolve())) + "?mode=ro"
    try:
        connection = sqlite3.connect(uri, uri=True, isolation_level=None)
    except sqlite3.DatabaseError as error:
        return _is_damage(error)
    try:
        (version,) = connection.execute("PRAGMA user_version").fetchone()
        if version > SCHEMA_VERSION:
            raise FormatTooNew(_too_new_message(path))
        if [row[0] for row in connection.execute("PRAGMA quick_check").fetchall()] != ["ok"]:
            return True
        tables = _table_columns(connection)
        if version == 0:
            return bool(tables)
        return tables != _expected_columns()
    except sqlite3.DatabaseError as error:
        if _is_damage(error):
            return True
        raise StoreError(_("The saved games file could not be opened: {problem}").format(problem=error)) from error
    finally:
        connection.close()


def _is_damage(error: sqlite3.DatabaseError) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    if code is None:
        return False
    return code & 0xFF in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT)


def _is_refused_write(error: BaseException) -> bool:
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        if code is not None and code & 0xFF in (sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR):
            return True
        return "database or disk is full" in str(error)
    if isinstance(error, OSError):
        return error.errno in (errno.ENOSPC, errno.EFBIG, errno.EDQUOT)
    return False


def _set_aside(path: Path) -> Path:
    """Renames an unreadable file (and its WAL side files) to `<name>.unreadable-<UTC time>`; returns the new path."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    kept = path.with_name(f"{path.name}.unreadable-{stamp}")
    counter = 2
    while kept.exists():
        kept = path.with_name(f"{path.name}.unreadable-{stamp}-{counter}")
        counter += 1
    os.rename(path, kept)
    for suffix in _SIDE_FILES:
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.rename(side, kept.with_name(kept.name + suffix))
    sync_directory(path.parent)
    return kept


# ------------------------------------------------------------------------------------------- import checking


def _exported_action(record: ActionRecord) -> dict[str, Any]:
    """One action of an exported game; a label kept in every language is written out as an object too."""
    labels = labels_of(record.label)
    entry: dict[str, Any] = {
        "seq": record.seq,
        "label": record.label if labels is None else labels.get("en") or next(iter(labels.values())),
    }
    if labels is not None:
        entry["labels"] = dict(labels)
    entry.update(action=record.action, outcomes=list(record.outcomes), rng_after=record.rng_after)
    return entry


def _public_action(record: ActionRecord) -> dict[str, Any]:
    """One step of a public record: its number and its labels, nothing a hand could be worked out from."""
    entry = _exported_action(record)
    return {key: entry[key] for key in ("seq", "label", "labels") if key in entry}


def _imported_label(entry: Mapping[str, Any]) -> str:
    labels = entry.get("labels")
    return stored_labels(labels) if labels else entry["label"]


def _local_setup_keys(game: str) -> frozenset[str]:
    """Setup keys that only make sense on the machine that made the game (a game's `local_setup_keys`)."""
    from companion.engine import registry

    try:
        return frozenset(getattr(registry.get(game), "local_setup_keys", ()))
    except CompanionError:  # an unknown game: nothing to refuse here (resuming it says what is wrong)
        return frozenset()


def _read_export(path: Path) -> dict[str, Any]:
    """Reads and checks an exported game; every problem names the file and the field."""

    def bad(field: str, problem: str) -> SaveFileError:
        return SaveFileError(
            _("{file} cannot be imported: {field} {problem}").format(file=path.name, field=field, problem=problem)
        )

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as error:
        raise SaveFileError(_("{file} cannot be imported: the file does not exist.").format(file=path.name)) from error
    except (OSError, UnicodeDecodeError) as error:
        raise SaveFileError(
            _("{file} cannot be imported: the file cannot be read as text.").format(file=path.name)
        ) from error
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveFileError(
            _("{file} cannot be imported: it is not valid JSON (line {line}, column {column}).").format(
                file=path.name, line=error.lineno, column=error.colno
            )
        ) from error
    if not isinstance(document, dict):
        raise bad("(top level)", _("must be an object."))
    if document.get("format") == PUBLIC_RECORD_FORMAT:
        raise SaveFileError(
            _("{file} cannot be imported: it is a game's public record, kept for reading only.").format(file=path.name)
        )

    def integer(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise bad(field, _("must be a whole number."))
        if (low is not None and value < low) or (high is not None and value > high):
            raise bad(field, _("is out of range."))
        return value

    def require(container: dict[str, Any], key: str, field: str) -> Any:
        if key not in container:
            raise bad(field, _("is missing."))
        return container[key]

    fmt = integer(require(document, "format", "format"), "format", low=1)
    if fmt > EXPORT_FORMAT:
        raise FormatTooNew(
            _(
                "{file} was exported by a newer version of the companion (format {found}, this one reads {known})."
            ).format(file=path.name, found=fmt, known=EXPORT_FORMAT)
        )
    game = require(document, "game", "game")
    if not isinstance(game, str) or not game:
        raise bad("game", _("must be a game name."))
    for key in ("setup", "summary"):
        if not isinstance(require(document, key, key), dict):
            raise bad(key, _("must be an object."))
    for key in sorted(_local_setup_keys(game)):
        if key in document["setup"]:
            raise bad(f"setup.{key}", _("names a folder of the machine it was exported on."))
    integer(require(document, "seed", "seed"), "seed")
    integer(require(document, "state_format", "state_format"), "state_format", low=0)
    integer(require(document, "setup_rng_after", "setup_rng_after"), "setup_rng_after", low=0, high=_U64 - 1)
    outcomes = require(document, "setup_outcomes", "setup_outcomes")
    if not isinstance(outcomes, list):
        raise bad("setup_outcomes", _("must be a list."))
    for i, value in enumerate(outcomes):
        integer(value, f"setup_outcomes[{i}]", low=0)
    for key in ("created", "updated"):
        if key in document and not isinstance(document[key], str):
            raise bad(key, _("must be text."))
    actions = require(document, "actions", "actions")
    if not isinstance(actions, list):
        raise bad("actions", _("must be a list."))
    for i, entry in enumerate(actions):
        where = f"actions[{i}]"
        if not isinstance(entry, dict):
            raise bad(where, _("must be an object."))
        seq = integer(require(entry, "seq", f"{where}.seq"), f"{where}.seq")
        if seq != i + 1:
            raise bad(f"{where}.seq", _("must be {expected}.").format(expected=i + 1))
        if not isinstance(require(entry, "action", f"{where}.action"), dict):
            raise bad(f"{where}.action", _("must be an object."))
        if not isinstance(require(entry, "label", f"{where}.label"), str):
            raise bad(f"{where}.label", _("must be text."))
        labels = entry.get("labels")
        if labels is not None and (
            not isinstance(labels, dict)
            or not all(isinstance(k, str) and isinstance(v, str) for k, v in labels.items())
        ):
            raise bad(f"{where}.labels", _("must map languages to text."))
        integer(require(entry, "rng_after", f"{where}.rng_after"), f"{where}.rng_after", low=0, high=_U64 - 1)
        entry_outcomes = require(entry, "outcomes", f"{where}.outcomes")
        if not isinstance(entry_outcomes, list):
            raise bad(f"{where}.outcomes", _("must be a list."))
        for j, value in enumerate(entry_outcomes):
            integer(value, f"{where}.outcomes[{j}]", low=0)
    integer(require(document, "cursor", "cursor"), "cursor", low=0, high=len(actions))
    return document
