"""`write_atomically` and `replacing`: the one way the app replaces a file (exports, overlay, settings, backups,
catalogues)."""

from __future__ import annotations

import ast
import errno
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.files import leftover_temporaries, replacing, sync_directory, write_atomically
from companion.paths import ROOT


def names(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


def test_text_and_bytes_replace_the_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "ui-settings.json"
    write_atomically(target, "première\n")
    assert target.read_text(encoding="utf-8") == "première\n"
    write_atomically(target, b"\x00\x01 second")
    assert target.read_bytes() == b"\x00\x01 second"
    write_atomically(target, "é", encoding="latin-1")
    assert target.read_bytes() == b"\xe9"
    assert names(tmp_path) == ["ui-settings.json"]


def test_the_file_gets_the_permissions_a_plain_open_gives(tmp_path: Path) -> None:
    """0666 less the umask, as `open(..., "w")` would, not a temporary file's 0600: the service user, a backup
    script or whoever copies an export may be someone else."""
    previous = os.umask(0o022)
    try:
        write_atomically(tmp_path / "export.json", "{}")
        os.umask(0o027)
        write_atomically(tmp_path / "backup.db", b"")
    finally:
        os.umask(previous)
    assert (tmp_path / "export.json").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "backup.db").stat().st_mode & 0o777 == 0o640


def test_the_check_sees_the_new_content_before_the_target_does(tmp_path: Path) -> None:
    target = tmp_path / "disasters.toml"
    target.write_text("old", encoding="utf-8")
    seen: list[tuple[str, str, str]] = []

    def check(written: Path) -> None:
        seen.append((written.parent.name, written.read_text(encoding="utf-8"), target.read_text(encoding="utf-8")))

    write_atomically(target, "new", check=check)
    assert seen == [(tmp_path.name, "new", "old")]
    assert target.read_text(encoding="utf-8") == "new"


def test_a_refusing_check_leaves_the_target_as_it_was_and_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "disasters.toml"
    target.write_text("old", encoding="utf-8")

    def refuse(written: Path) -> None:
        raise ValueError(f"{written.name}: unknown field")

    with pytest.raises(ValueError, match="unknown field"):
        write_atomically(target, "new", check=refuse)
    assert target.read_text(encoding="utf-8") == "old"
    assert names(tmp_path) == ["disasters.toml"]


def test_a_write_that_fails_half_way_leaves_the_target_and_no_temporary_file(tmp_path: Path) -> None:
    """A real failed write: the file size limit (RLIMIT_FSIZE) makes the kernel refuse the write past 64 KiB with
    EFBIG, as a full card refuses it with ENOSPC."""
    target = tmp_path / "game.json"
    target.write_text("the previous export", encoding="utf-8")
    script = f"""
import resource, signal, sys
from companion.files import write_atomically
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (64 * 1024, resource.RLIM_INFINITY))
try:
    write_atomically({str(target)!r}, b"x" * (256 * 1024))
except OSError as error:
    print(error.errno)
"""
    completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == str(errno.EFBIG)
    assert target.read_text(encoding="utf-8") == "the previous export"
    assert names(tmp_path) == ["game.json"]


def test_without_overwrite_an_existing_file_is_left_alone(tmp_path: Path) -> None:
    """A kit added to the user's folder never replaces one of the same name, even one that appeared meanwhile."""
    target = tmp_path / "my-game.toml"
    write_atomically(target, "first", overwrite=False)
    assert target.read_text(encoding="utf-8") == "first"
    with pytest.raises(FileExistsError):
        write_atomically(target, "second", overwrite=False)
    assert target.read_text(encoding="utf-8") == "first"
    assert names(tmp_path) == ["my-game.toml"]


def test_a_missing_directory_is_an_error_and_creates_nothing(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        write_atomically(tmp_path / "no-such-folder" / "game.json", "{}")
    assert names(tmp_path) == []


def test_replacing_hands_out_a_fresh_file_beside_the_target(tmp_path: Path) -> None:
    target = tmp_path / "companion-20240612-101500.db"
    with replacing(target) as first, replacing(target) as second:
        assert first != second and first.parent == second.parent == tmp_path
        assert first.read_bytes() == b"" and not target.exists()
        assert re.fullmatch(r"\.companion-20240612-101500\.db\.[0-9a-f]{12}\.tmp", first.name)
        first.write_bytes(b"first")
        second.write_bytes(b"second")
    assert target.read_bytes() == b"first", "the writer that finished last (the outer block) wins, whole"
    assert names(tmp_path) == [target.name]


def test_an_error_inside_replacing_removes_the_temporary_file_and_keeps_the_target(tmp_path: Path) -> None:
    target = tmp_path / "companion-20240612-101500.db"
    target.write_bytes(b"the last good backup")
    with pytest.raises(RuntimeError), replacing(target) as partial:
        partial.write_bytes(b"half a back")
        raise RuntimeError("the copy failed its check")
    assert target.read_bytes() == b"the last good backup"
    assert names(tmp_path) == [target.name]


def test_leftover_temporaries_are_only_those_of_the_named_targets(tmp_path: Path) -> None:
    for name in (
        ".game.json.0123456789ab.tmp",
        ".game.json.tmp",  # not this module's name
        ".game.json.0123456789ab.tmp.keep",
        ".other.json.0123456789ab.tmp",
        ".companion-20240612-101500.db.abcdefabcdef.tmp",
        "game.json",
    ):
        (tmp_path / name).write_text("x", encoding="utf-8")
    assert [p.name for p in leftover_temporaries(tmp_path, "game.json")] == [".game.json.0123456789ab.tmp"]
    backups = re.compile(r"companion-\d{8}-\d{6}\.db")
    assert [p.name for p in leftover_temporaries(tmp_path, backups)] == [
        ".companion-20240612-101500.db.abcdefabcdef.tmp"
    ]


def test_a_directory_that_cannot_be_synced_is_logged_not_raised(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="companion.files"):
        sync_directory(tmp_path / "gone")
    assert "gone" in caplog.text


#: Calls that write or move a file into place. Outside companion/files.py each needs a reason here.
FILE_PLACING_CALLS = {
    "os.replace",
    "os.rename",
    "os.link",
    "os.fsync",
    "tempfile.mkstemp",
    "tempfile.NamedTemporaryFile",
}
ALLOWED = {
    # An unreadable database and its side files are moved aside under a new name, not written.
    ("companion/engine/store.py", "os.rename"),
    # A user's kit replaced by a new file of the same name is moved aside under a new name, never deleted; the
    # new file is then written with write_atomically, which syncs the directory.
    ("companion/kit/catalogue.py", "os.rename"),
}


def dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Attribute):
        return f"{dotted(node.value)}.{node.attr}"
    return node.id if isinstance(node, ast.Name) else ""


def test_every_file_the_app_replaces_goes_through_companion_files() -> None:
    """The exports, the overlays, the settings, the backups, the catalogues and the kit files each had a
    hand-written atomic write, not all of which synced the directory; a new pack copying one would copy that too."""
    found = set()
    for path in sorted((ROOT / "companion").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        if where == "companion/files.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and dotted(node.func) in FILE_PLACING_CALLS:
                found.add((where, dotted(node.func)))
    assert found <= ALLOWED, sorted(found - ALLOWED)
