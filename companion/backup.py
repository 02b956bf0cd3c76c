"""Rotating backups of the game database, so a worn SD card or a bad day costs minutes of play, not more.

Backups use SQLite's online backup API, which copies a consistent snapshot even while the app is writing,
into `state_dir()/backups/companion-YYYYmmdd-HHMMSS.db` (UTC). Each copy is checked (`PRAGMA quick_check`)
before it replaces anything; the newest `keep` are kept, and the newest of each of the `days` latest days that
had one (a mistake noticed days later can still be undone); nothing but those files is ever deleted.
The app calls `backup_if_due` off the UI thread at each game end and every five minutes of play
(`DEFAULT_EVERY_SECONDS`); it does nothing when the database has not been written since the last backup, so an
idle café does not rotate away its history. Each backup writes the whole database once (`bench/bench_store.py`
measures it; docs/raspberry-pi.md says what it costs an SD card).

    python -m companion.backup list | now | hint | restore FILE   [--db PATH] [--keep N]
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import re
import sqlite3
import sys
import time
import urllib.parse
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from companion.files import leftover_temporaries, replacing
from companion.locale import _
from companion.paths import state_dir

DB_NAME = "companion.db"
BACKUPS_DIR_NAME = "backups"
#: The newest backups kept: an hour of play at one every five minutes.
DEFAULT_KEEP = 12
#: And the newest of each of this many earlier days that had a backup.
DEFAULT_DAYS = 7
#: A backup every five minutes of play (when the database changed): a corruption costs at most that.
DEFAULT_EVERY_SECONDS = 300
_STAMP_FORMAT = "%Y%m%d-%H%M%S"
#: A backup's name; only files with exactly this name are ever deleted by the rotation, and never those set aside
#: before a restore (`-before-restore`): they are the way back from a restore, kept until a person removes them.
_BACKUP_NAME = re.compile(r"^companion-(\d{8}-\d{6})(-before-restore)?\.db$")
SET_ASIDE_SUFFIX = "-before-restore"
_LOCK_NAME = ".lock"
_FILE_TIME_MARGIN_NS = 1_000_000_000


class BackupError(Exception):
    """A backup or restore that could not be done; the message is readable by the players."""


@dataclass(frozen=True)
class Backup:
    path: Path
    #: When the snapshot was taken (UTC), read from the file name.
    taken_at: datetime
    size_bytes: int
    #: The saved games as they were just before a restore (never rotated away).
    before_restore: bool = False


def default_db_path() -> Path:
    return state_dir() / DB_NAME


def default_backups_dir() -> Path:
    return state_dir() / BACKUPS_DIR_NAME


def backup_name(taken_at: datetime, before_restore: bool = False) -> str:
    suffix = SET_ASIDE_SUFFIX if before_restore else ""
    return f"companion-{taken_at.astimezone(UTC).strftime(_STAMP_FORMAT)}{suffix}.db"


def list_backups(directory: Path | None = None) -> list[Backup]:
    """This module's backups in `directory`, newest first; any other file there is ignored."""
    directory = default_backups_dir() if directory is None else directory
    found: list[Backup] = []
    try:
        entries = list(os.scandir(directory))
    except FileNotFoundError:
        return []
    for entry in entries:
        match = _BACKUP_NAME.fullmatch(entry.name)
        try:
            if match is None or not entry.is_file(follow_symlinks=False):
                continue
            size_bytes = entry.stat(follow_symlinks=False).st_size
        except FileNotFoundError:  # rotated away by another process meanwhile
            continue
        taken_at = datetime.strptime(match.group(1), _STAMP_FORMAT).replace(tzinfo=UTC)
        found.append(Backup(Path(entry.path), taken_at, size_bytes, before_restore=match.group(2) is not None))
    found.sort(key=lambda backup: backup.taken_at, reverse=True)
    return found


def latest_backup(directory: Path | None = None) -> Backup | None:
    backups = list_backups(directory)
    return backups[0] if backups else None


def rotate(directory: Path | None = None, keep: int = DEFAULT_KEEP, days: int = DEFAULT_DAYS) -> list[Path]:
    """Deletes every backup but the newest `keep` and the newest of each of the `days` latest days (UTC) that
    have one; returns what it deleted."""
    if keep < 1:
        raise ValueError(f"keep must be at least 1, not {keep}")
    backups = [backup for backup in list_backups(directory) if not backup.before_restore]
    kept = {backup.path for backup in backups[:keep]}
    newest_of_day: dict[object, Path] = {}
    for backup in backups:  # newest first: the first seen of a day is its newest
        newest_of_day.setdefault(backup.taken_at.date(), backup.path)
    kept.update(list(newest_of_day.values())[:days])
    deleted: list[Path] = []
    for backup in backups:
        if backup.path not in kept:
            backup.path.unlink(missing_ok=True)
            deleted.append(backup.path)
    return deleted


def games_in(backup: Path) -> int | None:
    """How many saved games a backup holds (None when it cannot be read): what Home shows beside its date."""
    try:
        connection = sqlite3.connect(_read_only_uri(backup), uri=True)
        try:
            return int(connection.execute("SELECT count(*) FROM games").fetchone()[0])
        finally:
            connection.close()
    except sqlite3.Error:
        return None


def make_backup(
    db_path: Path | None = None,
    directory: Path | None = None,
    keep: int = DEFAULT_KEEP,
    now: datetime | None = None,
) -> Backup:
    """Takes a backup now, then rotates. A second backup within the same second replaces the first."""
    db_path = default_db_path() if db_path is None else db_path
    directory = default_backups_dir() if directory is None else directory
    with _locked(directory):
        return _take_backup(db_path, directory, keep, now)


def is_due(
    db_path: Path | None = None,
    every_seconds: float = DEFAULT_EVERY_SECONDS,
    directory: Path | None = None,
    now: datetime | None = None,
) -> bool:
    """True when the database exists, was written since the latest backup, and that backup is old enough.

    A latest backup dated in the future (the clock was wrong when it was taken: a Pi without a real-time
    clock before the network gives it the time) counts as old.
    """
    db_path = default_db_path() if db_path is None else db_path
    if not db_path.exists():
        return False
    latest = latest_backup(directory)
    if latest is None:
        return True
    now = _utc_now() if now is None else now
    age_seconds = (now - latest.taken_at).total_seconds()
    if 0 <= age_seconds < every_seconds:
        return False
    return _written_since(db_path, latest.path.stat().st_mtime_ns)


def backup_if_due(
    db_path: Path | None = None,
    every_seconds: float = DEFAULT_EVERY_SECONDS,
    keep: int = DEFAULT_KEEP,
    directory: Path | None = None,
    now: datetime | None = None,
) -> Backup | None:
    """Takes a backup when `is_due`, and returns it (None when nothing was due). Blocking: not on the UI thread.

    At the end of a game call it with `every_seconds=0`: a backup then, unless nothing changed.
    """
    db_path = default_db_path() if db_path is None else db_path
    directory = default_backups_dir() if directory is None else directory
    if not db_path.exists():
        return None
    with _locked(directory):
        if not is_due(db_path, every_seconds, directory, now):
            return None
        if games_in(db_path) == 0:  # nothing to lose (a fresh database after a damaged one): no backup to pick
            return None
        return _take_backup(db_path, directory, keep, now)


def restore(
    backup: Path, db_path: Path | None = None, directory: Path | None = None, now: datetime | None = None
) -> Backup | None:
    """Puts `backup` back as the game database; call it with the app's store closed.

    The current database is first backed up into `directory` as `companion-<time>-before-restore.db`, so a
    restore can itself be undone; that backup is returned (None when there was no database). The rotation never
    deletes it, and it never takes the name of an existing file. Uses the backup API in reverse: a stale
    write-ahead log cannot be replayed over the restored pages, and the database keeps its journal mode.
    """
    db_path = default_db_path() if db_path is None else db_path
    directory = default_backups_dir() if directory is None else directory
    _check_readable_backup(backup)
    with _locked(directory):
        safety = None
        if db_path.exists():
            safety = _take_backup(db_path, directory, keep=None, now=now, before_restore=True)
        db_path.parent.mkdir(parents=True, exist_ok=True)
        source = sqlite3.connect(_read_only_uri(backup), uri=True)
        try:
            target = sqlite3.connect(db_path)
            try:
                source.backup(target)
            finally:
                target.close()
        except sqlite3.Error as error:
            raise BackupError(
                _("Could not restore {backup}: {reason}").format(backup=backup.name, reason=error)
            ) from error
        finally:
            source.close()
    return safety


def restore_hint(backup: Backup | None = None, db_path: Path | None = None, directory: Path | None = None) -> str:
    """How to put a backup back by hand, for the maintenance screen and the docs."""
    db_path = default_db_path() if db_path is None else db_path
    backup = latest_backup(directory) if backup is None else backup
    if backup is None:
        return _("No backup yet: one is taken at the end of each game and every five minutes of play.")
    return _(
        "Latest backup: {name} ({when}). To go back to it: stop the app (sudo systemctl stop companion), "
        "delete {db}-wal and {db}-shm (sudo -u companion rm -f {db}-wal {db}-shm), copy the backup over the "
        "database (sudo -u companion cp {backup} {db}), then start the app again (sudo systemctl start companion)."
    ).format(
        name=backup.path.name,
        when=backup.taken_at.astimezone().strftime("%Y-%m-%d %H:%M"),
        backup=backup.path,
        db=db_path,
    )


# --- How a backup is taken ------------------------------------------------------------------------------


def _take_backup(
    db_path: Path, directory: Path, keep: int | None, now: datetime | None, before_restore: bool = False
) -> Backup:
    """Copies, checks, publishes under the final name, then rotates (unless `keep` is None).

    A backup `before_restore` never takes the name of an existing file: its time stamp moves on by a second until
    the name is free (a backup of the same second otherwise replaces the older one).
    """
    if keep is not None and keep < 1:
        raise ValueError(f"keep must be at least 1, not {keep}")
    if not db_path.exists():
        raise BackupError(_("There is no game database to back up at {path}.").format(path=db_path))
    taken_at = (_utc_now() if now is None else now).astimezone(UTC).replace(microsecond=0)
    while before_restore and (directory / backup_name(taken_at, before_restore)).exists():
        taken_at += timedelta(seconds=1)
    final = directory / backup_name(taken_at, before_restore)
    # The copy's file time is set a little before it started: file times come from a coarse kernel clock, and
    # a write racing the copy must count as "written since the backup" (at worst one backup too many).
    started_ns = time.time_ns() - _FILE_TIME_MARGIN_NS
    try:
        # The lock is held: no other backup is being written, so a temporary file here is a killed one's.
        for leftover in leftover_temporaries(directory, _BACKUP_NAME):
            leftover.unlink(missing_ok=True)
        with replacing(final) as partial:
            _copy_database(db_path, partial)
            os.utime(partial, ns=(started_ns, started_ns))
    except (OSError, sqlite3.Error) as error:
        raise BackupError(_("The backup failed: {reason}").format(reason=error)) from error
    if keep is not None:
        rotate(directory, keep)
    return Backup(final, taken_at, final.stat().st_size, before_restore=before_restore)


def _copy_database(db_path: Path, target_path: Path) -> None:
    """Copies a consistent snapshot, makes it a standalone file (no -wal beside it) and checks it."""
    source = sqlite3.connect(_read_only_uri(db_path), uri=True)
    try:
        target = sqlite3.connect(target_path)
        try:
            source.backup(target)
            target.execute("PRAGMA journal_mode=DELETE")
            verdict = target.execute("PRAGMA quick_check").fetchone()[0]
        finally:
            target.close()
    finally:
        source.close()
    if verdict != "ok":
        raise BackupError(
            _("The database failed its check, so the older backups were kept: {verdict}").format(verdict=verdict)
        )


def _check_readable_backup(backup: Path) -> None:
    if not backup.is_file():
        raise BackupError(_("No backup file at {path}.").format(path=backup))
    try:
        connection = sqlite3.connect(_read_only_uri(backup), uri=True)
        try:
            verdict = connection.execute("PRAGMA quick_check").fetchone()[0]
        finally:
            connection.close()
    except sqlite3.Error as error:
        raise BackupError(_("{path} is not a readable backup: {reason}").format(path=backup, reason=error)) from error
    if verdict != "ok":
        raise BackupError(_("{path} is damaged: {reason}").format(path=backup, reason=verdict))


def _written_since(db_path: Path, since_ns: int) -> bool:
    """The database file or its write-ahead log was modified after `since_ns`.

    An empty log holds no writes (a reader, this module included, may create one); the -shm file changes on
    reads, so it is ignored.
    """
    with contextlib.suppress(FileNotFoundError):
        if db_path.stat().st_mtime_ns > since_ns:
            return True
    with contextlib.suppress(FileNotFoundError):
        wal = db_path.with_name(db_path.name + "-wal").stat()
        if wal.st_size > 0 and wal.st_mtime_ns > since_ns:
            return True
    return False


@contextlib.contextmanager
def _locked(directory: Path) -> Iterator[None]:
    """One backup at a time, across threads and processes (the app's worker and the command line)."""
    directory.mkdir(mode=0o750, parents=True, exist_ok=True)
    with open(directory / _LOCK_NAME, "a+b") as lock_file:
        fcntl.flock(lock_file.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock_file.fileno(), fcntl.LOCK_UN)


def _read_only_uri(path: Path) -> str:
    return f"file:{urllib.parse.quote(str(path.resolve()))}?mode=ro"


def _utc_now() -> datetime:
    return datetime.now(UTC)


# --- Command line -------------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.backup", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("list", "now", "hint", "restore"))
    parser.add_argument("file", nargs="?", type=Path, help="the backup to restore")
    parser.add_argument("--db", type=Path, default=None, help=f"the game database (default: state dir / {DB_NAME})")
    parser.add_argument("--keep", type=int, default=DEFAULT_KEEP, help="how many backups to keep")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.db is None:  # the app's saved games: the state directory the config file names, as the app reads it
        from companion.config import use_configured_state_dir

        problem = use_configured_state_dir()
        if problem:
            print(f"companion.backup: {problem}", file=sys.stderr)
            return 2
    db_path = default_db_path() if args.db is None else args.db
    directory = db_path.parent / BACKUPS_DIR_NAME
    try:
        if args.command == "list":
            backups = list_backups(directory)
            if not backups:
                print(_("No backups yet in {folder}.").format(folder=directory))
            for backup in backups:
                print(f"{backup.path}\t{backup.taken_at.isoformat()}\t{backup.size_bytes} bytes")
        elif args.command == "now":
            print(make_backup(db_path, directory, keep=args.keep).path)
        elif args.command == "hint":
            print(restore_hint(db_path=db_path, directory=directory))
        else:
            if args.file is None:
                parser.error("restore needs the backup file")
            safety = restore(args.file, db_path, directory)
            print(_("Restored {backup} into {db}.").format(backup=args.file, db=db_path))
            if safety is not None:
                print(_("The database as it was is kept in {path}.").format(path=safety.path))
    except BackupError as error:
        print(f"companion.backup: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
