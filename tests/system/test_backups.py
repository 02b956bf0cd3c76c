"""Rotating backups of the game database, on real SQLite files."""

from __future__ import annotations

import ast
import os
import sqlite3
import string
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from companion import backup
from companion.locale import set_language
from companion.locale.po import parse_po
from companion.paths import state_dir

T0 = datetime(2025, 3, 14, 15, 9, 26, tzinfo=UTC)


def make_database(path: Path, rows: int = 3) -> Path:
    """A database like the store's: WAL journal, synchronous=FULL, a few committed rows."""
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("CREATE TABLE actions (seq INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    connection.executemany("INSERT INTO actions (name) VALUES (?)", [(f"action {i}",) for i in range(rows)])
    connection.commit()
    connection.close()
    return path


def rows(path: Path) -> list[tuple[int, str]]:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return connection.execute("SELECT seq, name FROM actions ORDER BY seq").fetchall()
    finally:
        connection.close()


def add_row(path: Path, name: str) -> None:
    connection = sqlite3.connect(path)
    connection.execute("INSERT INTO actions (name) VALUES (?)", (name,))
    connection.commit()
    connection.close()


def set_written_at(path: Path, when_ns: int) -> None:
    """Sets the database's (and its log's) file times, so "written since the last backup" is exact."""
    for file in (path, path.with_name(path.name + "-wal")):
        if file.exists():
            os.utime(file, ns=(when_ns, when_ns))


@pytest.fixture
def db() -> Path:
    return make_database(backup.default_db_path())


@pytest.fixture
def english() -> Iterator[None]:
    yield
    set_language("en")


def test_default_places_are_in_the_state_directory() -> None:
    assert backup.default_db_path() == state_dir() / "companion.db"
    assert backup.default_backups_dir() == state_dir() / "backups"


def test_backup_is_a_checked_standalone_copy_named_by_its_utc_time(db: Path) -> None:
    taken = backup.make_backup(now=T0)
    assert taken.path == state_dir() / "backups" / "companion-20250314-150926.db"
    assert taken.taken_at == T0
    assert taken.size_bytes == taken.path.stat().st_size > 0
    assert rows(taken.path) == rows(db)
    connection = sqlite3.connect(taken.path)
    try:
        # A single file: copying it away (or back) needs no -wal beside it.
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert connection.execute("PRAGMA quick_check").fetchone() == ("ok",)
    finally:
        connection.close()
    assert sorted(p.name for p in taken.path.parent.iterdir()) == [".lock", "companion-20250314-150926.db"]


def test_backup_while_the_app_is_mid_transaction_holds_only_committed_actions(db: Path) -> None:
    app = sqlite3.connect(db, isolation_level=None)
    app.execute("BEGIN IMMEDIATE")
    app.execute("INSERT INTO actions (name) VALUES ('not yet committed')")
    taken = backup.make_backup(now=T0)  # does not wait for the writer: WAL readers never block
    app.execute("COMMIT")
    app.close()
    assert [name for _, name in rows(taken.path)] == ["action 0", "action 1", "action 2"]
    assert [name for _, name in rows(db)][-1] == "not yet committed"


def test_rotation_keeps_the_newest_and_never_touches_other_files(db: Path) -> None:
    directory = backup.default_backups_dir()
    directory.mkdir(parents=True)
    strangers = {
        "notes.txt": b"the cafe's notes",
        "companion.db": b"not a backup of ours",
        "companion-20200101-000000.db.bak": b"someone's copy",
        "companion-2020-01-01.db": b"a hand-made copy",
        "my-companion-20200101-000000.db": b"another",
    }
    for name, content in strangers.items():
        (directory / name).write_bytes(content)
    (directory / "companion-20000101-000000.db").mkdir()  # a directory with a backup's name: not ours either

    taken = [backup.make_backup(keep=4, now=T0 + timedelta(minutes=i)) for i in range(7)]

    kept = backup.list_backups()
    assert [b.path for b in kept] == [b.path for b in reversed(taken[-4:])]
    for b in taken[:3]:
        assert not b.path.exists()
    for name, content in strangers.items():
        assert (directory / name).read_bytes() == content
    assert (directory / "companion-20000101-000000.db").is_dir()


def test_default_keeps_the_last_hour_of_play_and_the_newest_of_each_of_seven_days(db: Path) -> None:
    """A backup every five minutes: the newest 12 (an hour of play), and the last of each of the 7 days before
    (days that had a backup: an idle week does not use them up), so a mistake noticed days later can be undone."""
    start = T0.replace(hour=10, minute=0, second=0)
    for day in range(9):
        for minute in range(0, 90, 5):  # an hour and a half of play each day
            backup.make_backup(now=start + timedelta(days=day * 3, minutes=minute))
    kept = [b.taken_at for b in backup.list_backups()]
    last_day = start + timedelta(days=24)
    newest = [last_day + timedelta(minutes=m) for m in range(85, 25, -5)]
    assert kept[:12] == newest and backup.DEFAULT_KEEP == 12
    earlier_days = [start + timedelta(days=d, minutes=85) for d in (21, 18, 15, 12, 9, 6)]
    assert kept[12:] == earlier_days, "the newest of each day, seven days in all (the last day's counted)"
    assert len(kept) == 18 and backup.DEFAULT_DAYS == 7


def test_rotate_refuses_to_keep_nothing(db: Path) -> None:
    with pytest.raises(ValueError):
        backup.rotate(keep=0)
    with pytest.raises(ValueError):
        backup.make_backup(keep=0)


def test_a_second_backup_in_the_same_second_replaces_the_first(db: Path) -> None:
    first = backup.make_backup(now=T0)
    add_row(db, "a late action")
    second = backup.make_backup(now=T0.replace(microsecond=500_000))
    assert second.path == first.path
    assert len(backup.list_backups()) == 1
    assert rows(second.path)[-1][1] == "a late action"


def test_latest_backup(db: Path) -> None:
    assert backup.latest_backup() is None
    backup.make_backup(now=T0)
    newest = backup.make_backup(now=T0 + timedelta(days=1))
    backup.make_backup(now=T0 - timedelta(days=1))
    assert backup.latest_backup() == newest


def test_backup_if_due_takes_one_when_there_is_none(db: Path) -> None:
    taken = backup.backup_if_due(now=T0)
    assert taken is not None and rows(taken.path) == rows(db)


def test_backup_if_due_waits_for_the_interval(db: Path) -> None:
    first = backup.backup_if_due(now=T0)
    assert first is not None
    add_row(db, "played on")
    assert backup.DEFAULT_EVERY_SECONDS == 300, "a corruption costs at most five minutes of play"
    assert backup.backup_if_due(now=T0 + timedelta(minutes=4, seconds=59)) is None
    later = backup.backup_if_due(now=T0 + timedelta(minutes=5))
    assert later is not None and rows(later.path)[-1][1] == "played on"


def test_backup_if_due_skips_a_database_not_written_since_the_last_backup(db: Path) -> None:
    first = backup.backup_if_due(now=T0)
    assert first is not None
    set_written_at(db, first.path.stat().st_mtime_ns - 1)
    assert backup.backup_if_due(now=T0 + timedelta(days=2)) is None
    assert backup.backup_if_due(every_seconds=0, now=T0 + timedelta(days=2)) is None

    set_written_at(db, first.path.stat().st_mtime_ns + 1)
    assert backup.backup_if_due(every_seconds=0, now=T0 + timedelta(days=2)) is not None


def test_a_write_in_the_log_only_counts_as_a_change(db: Path) -> None:
    first = backup.backup_if_due(now=T0)
    assert first is not None
    set_written_at(db, first.path.stat().st_mtime_ns - 1)
    app = sqlite3.connect(db)  # the app keeps its connection: the write stays in the -wal file
    try:
        app.execute("INSERT INTO actions (name) VALUES ('in the log')")
        app.commit()
        wal = db.with_name(db.name + "-wal")
        assert wal.stat().st_size > 0
        os.utime(db, ns=(first.path.stat().st_mtime_ns - 1,) * 2)
        os.utime(wal, ns=(first.path.stat().st_mtime_ns + 1,) * 2)
        taken = backup.backup_if_due(every_seconds=0, now=T0 + timedelta(hours=1))
    finally:
        app.close()
    assert taken is not None and rows(taken.path)[-1][1] == "in the log"


def test_a_backup_dated_in_the_future_does_not_stop_backups(db: Path) -> None:
    """A Pi without a clock battery may take a backup before the network corrects the time."""
    future = backup.make_backup(now=T0 + timedelta(days=400))
    set_written_at(db, future.path.stat().st_mtime_ns + 1)
    assert backup.backup_if_due(now=T0) is not None


def test_backup_if_due_without_a_database_does_nothing() -> None:
    assert backup.backup_if_due(now=T0) is None
    assert not backup.default_backups_dir().exists()
    with pytest.raises(backup.BackupError, match="no game database"):
        backup.make_backup(now=T0)


def test_two_threads_at_once_make_one_backup(db: Path) -> None:
    set_written_at(db, 0)  # written long ago: once one backup exists, nothing is due
    start = threading.Barrier(2)
    results: list[backup.Backup | None] = []

    def worker() -> None:
        start.wait()
        results.append(backup.backup_if_due(every_seconds=0, now=T0))

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(result is None for result in results) == [False, True]
    assert len(backup.list_backups()) == 1


def scribble_over_a_page(path: Path) -> None:
    with path.open("r+b") as handle:
        handle.seek(3 * 4096)
        handle.write(bytes(range(256)) * 8)


def miscount_the_free_pages(path: Path) -> None:
    """Readable, but `PRAGMA quick_check` finds the header's free-page count wrong."""
    with path.open("r+b") as handle:
        handle.seek(36)
        handle.write((5).to_bytes(4, "big"))


@pytest.mark.parametrize(
    ("damage", "message"),
    [(scribble_over_a_page, "The backup failed"), (miscount_the_free_pages, "failed its check")],
)
def test_a_damaged_database_is_not_backed_up_and_older_backups_stay(
    db: Path, damage: Callable[[Path], None], message: str
) -> None:
    good = backup.make_backup(now=T0)
    damaged = make_database(db.with_name("damaged.db"), rows=2000)
    damage(damaged)

    with pytest.raises(backup.BackupError, match=message):
        backup.make_backup(damaged, now=T0 + timedelta(hours=1))

    assert backup.list_backups() == [good]
    assert rows(good.path) == rows(db)
    assert not list(backup.default_backups_dir().glob(".*.tmp"))


def test_restore_puts_a_backup_back_and_keeps_the_current_database(db: Path) -> None:
    old = backup.make_backup(now=T0)
    add_row(db, "a mistake")
    safety = backup.restore(old.path)

    assert rows(db) == rows(old.path)
    assert safety is not None and rows(safety.path)[-1][1] == "a mistake"
    assert old.path.exists()
    connection = sqlite3.connect(db)
    try:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    finally:
        connection.close()


def test_restoring_a_backup_taken_the_same_second_keeps_it(db: Path) -> None:
    just_taken = backup.make_backup(now=T0)
    expected = rows(just_taken.path)
    add_row(db, "a mistake")
    safety = backup.restore(just_taken.path, now=T0)
    assert safety is not None and safety.path != just_taken.path and safety.before_restore
    assert safety.path.name == "companion-20250314-150926-before-restore.db"
    again = backup.restore(just_taken.path, now=T0)
    assert again is not None and again.taken_at == T0 + timedelta(seconds=1), "never over an existing file"
    assert rows(just_taken.path) == expected == rows(db)
    assert rows(safety.path)[-1][1] == "a mistake"


def test_restore_onto_a_fresh_card(tmp_path: Path) -> None:
    source = make_database(tmp_path / "elsewhere" / "companion.db")
    copy = backup.make_backup(source, tmp_path / "stick", now=T0)
    target = backup.default_db_path()
    assert backup.restore(copy.path, target) is None
    assert rows(target) == rows(source)


def test_restore_refuses_a_file_that_is_not_a_backup(db: Path, tmp_path: Path) -> None:
    before = db.read_bytes()
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database" * 200)
    with pytest.raises(backup.BackupError, match="not a readable backup"):
        backup.restore(junk)
    with pytest.raises(backup.BackupError, match="No backup file"):
        backup.restore(tmp_path / "missing.db")
    assert db.read_bytes() == before
    assert backup.list_backups() == []


def test_restore_hint_names_the_files(db: Path, english: None) -> None:
    assert "No backup yet" in backup.restore_hint()
    taken = backup.make_backup(now=T0)
    hint = backup.restore_hint()
    assert taken.path.name in hint
    assert f"cp {taken.path} {db}" in hint
    assert f"rm -f {db}-wal {db}-shm" in hint
    assert "systemctl stop companion" in hint


def test_restore_hint_in_french(db: Path, english: None) -> None:
    set_language("fr")
    assert backup.restore_hint().startswith("Pas encore de sauvegarde")
    backup.make_backup(now=T0)
    assert backup.restore_hint().startswith("Dernière sauvegarde\u00a0: companion-20250314-150926.db")


def test_command_line(db: Path, capsys: pytest.CaptureFixture[str], english: None) -> None:
    assert backup.main(["now"]) == 0
    made = Path(capsys.readouterr().out.strip())
    assert made.exists() and made.parent == backup.default_backups_dir()

    assert backup.main(["list"]) == 0
    assert str(made) in capsys.readouterr().out

    add_row(db, "to be undone")
    assert backup.main(["restore", str(made)]) == 0
    out = capsys.readouterr().out
    assert f"Restored {made}" in out
    assert "to be undone" not in [name for _, name in rows(db)]

    assert backup.main(["restore", str(db.parent / "nothing.db")]) == 1
    assert "No backup file" in capsys.readouterr().err


def test_every_message_has_a_french_translation_with_the_same_placeholders() -> None:
    source = Path(backup.__file__).read_text(encoding="utf-8")
    messages = {
        ast.literal_eval(node.args[0])
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
    }
    catalogue = Path(backup.__file__).parent / "locale" / "fr" / "LC_MESSAGES" / "backup.po"
    french = parse_po(catalogue.read_text(encoding="utf-8"))
    assert len(messages) > 5

    def placeholders(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}

    for message in messages:
        assert message in french, message
        assert placeholders(french[message]) == placeholders(message), message


def test_what_a_restore_set_aside_is_never_rotated_away(db: Path) -> None:
    old = backup.make_backup(now=T0)
    add_row(db, "the games of the afternoon")
    safety = backup.restore(old.path, now=T0 + timedelta(minutes=1))
    assert safety is not None
    for i in range(30):  # days of play after the restore
        backup.make_backup(now=T0 + timedelta(hours=i * 12))
    assert safety.path.exists() and rows(safety.path)[-1][1] == "the games of the afternoon"
    assert safety in backup.list_backups()


def test_a_database_without_any_saved_game_is_not_backed_up_by_the_app(tmp_path: Path) -> None:
    """After a damaged file the app starts a fresh, empty database: a backup of it would only be one more line,
    newest of all, above the backups that hold the games."""
    from companion.engine.store import Store

    database = tmp_path / "companion.db"
    Store.open(database).close()
    assert backup.games_in(database) == 0
    assert backup.backup_if_due(database, directory=tmp_path / "backups", now=T0) is None
    assert backup.list_backups(tmp_path / "backups") == []
