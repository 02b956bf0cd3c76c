"""Files written whole or not at all: the one way the companion replaces a file that matters.

A Pi is unplugged without warning. Every file the app writes for later (exports, the card overlays, the settings,
the backups, the compiled catalogues, the kit files) is written to a temporary file beside it, flushed to the disk,
renamed over the old one, and the rename itself flushed (the directory's fsync): after a power cut the file holds
the old content or the new, never a mix, and a rename the app has reported is not lost.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

log = logging.getLogger(__name__)

#: A temporary file is named `.<target name>.<12 hex digits>.tmp`; the target's name is group 1.
_TEMPORARY_NAME = re.compile(r"\.(.+)\.[0-9a-f]{12}\.tmp")


def write_atomically(
    path: Path | str,
    data: bytes | str,
    *,
    encoding: str = "utf-8",
    check: Callable[[Path], object] | None = None,
    overwrite: bool = True,
) -> None:
    """Replaces `path` with `data` (text is encoded with `encoding`) so that a crash leaves the old file or the new.

    `check`, if given, is called with the written temporary file before it takes the target's place: raising there
    leaves the target as it was (the card overlay validates an edit this way). Without `overwrite`, an existing
    `path` (even one that appeared meanwhile) raises FileExistsError and is left alone. On any error the temporary
    file is removed and the error raised; the target is untouched.
    """
    raw = data.encode(encoding) if isinstance(data, str) else data
    with replacing(path, overwrite=overwrite) as temporary:
        with temporary.open("wb") as out:
            out.write(raw)
        if check is not None:
            check(temporary)


@contextmanager
def replacing(path: Path | str, *, overwrite: bool = True) -> Iterator[Path]:
    """Yields an empty temporary file beside `path` for the block to fill; when the block ends without an error,
    the file is fsynced, renamed over `path` and the directory fsynced. On an error it is removed and `path` left
    as it was. Without `overwrite` the file is linked to `path` instead, which fails if `path` exists.

    For content another library writes by file name (SQLite's backup); `write_atomically` is this with bytes.
    The temporary name is unique (`.<name>.<random>.tmp`), so two writers at once never write into one file:
    the last rename wins, whole.
    """
    target = Path(path)
    temporary = _create_temporary(target)
    try:
        yield temporary
        _fsync_file(temporary)
        if overwrite:
            os.replace(temporary, target)
        else:
            os.link(temporary, target)
            temporary.unlink()
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    sync_directory(target.parent)


def leftover_temporaries(directory: Path | str, target_name: re.Pattern[str] | str) -> list[Path]:
    """The temporary files in `directory` of targets whose name is `target_name` (or matches it): what a writer
    killed between its write and its rename (a power cut) left behind.

    Only a caller that knows no other writer is at work (one holding a lock) may delete them.
    """
    wanted = re.compile(re.escape(target_name)) if isinstance(target_name, str) else target_name
    found: list[Path] = []
    for entry in sorted(Path(directory).iterdir()):
        match = _TEMPORARY_NAME.fullmatch(entry.name)
        if match is not None and wanted.fullmatch(match.group(1)) and entry.is_file():
            found.append(entry)
    return found


def sync_directory(directory: Path | str) -> None:
    """Makes a rename or a removal in `directory` durable. Best effort: some file systems cannot sync a directory,
    and after the rename there is nothing left to undo, so a failure is logged, not raised."""
    try:
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    except OSError as error:
        log.warning("could not open %s to sync it: %s", directory, error)
        return
    try:
        os.fsync(fd)
    except OSError as error:
        log.warning("could not sync the directory %s: %s", directory, error)
    finally:
        os.close(fd)


def _create_temporary(target: Path) -> Path:
    """A new empty file beside `target`, created exclusively, with the permissions a plain open would give it
    (0666 less the umask, unlike mkstemp's 0600: the service, a backup script or the person copying an export
    may be another user)."""
    while True:
        temporary = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        except FileExistsError:
            continue
        os.close(fd)
        return temporary


def _fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
