"""Where a one-tap export of a game goes: a USB stick when one is plugged in, else the state directory.

A café owner exporting a game wants it on something they can carry away, so a writable removable drive
mounted under `/media` or `/mnt` comes first (the kiosk service may write there and nowhere else outside
its state directory). Without one, the file lands in `state_dir()/exports/`, where `scp` or the backups
find it.
"""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime
from pathlib import Path

from companion.paths import state_dir

EXPORTS_DIR_NAME = "exports"
#: Mount points under these folders are removable drives by convention (udisks, usbmount, fstab entries).
REMOVABLE_ROOTS: tuple[str, ...] = ("/media/", "/mnt/")
#: Where the mounted file systems are listed (read at each call, as the roots are: a test's stick is a folder
#: listed in a mounts file of its own).
MOUNTS_FILE = Path("/proc/self/mounts")
_OCTAL_ESCAPE = re.compile(r"\\([0-7]{3})")


def _unescape(field: str) -> str:
    """/proc/mounts writes a space as \\040 (and tab, newline, backslash likewise)."""
    return _OCTAL_ESCAPE.sub(lambda match: chr(int(match.group(1), 8)), field)


def removable_drives(mounts_text: str | None = None, roots: tuple[str, ...] | None = None) -> list[Path]:
    """Mounted, writable drives under `roots` (`/media`, `/mnt`), in path order (`mounts_text`: /proc/mounts)."""
    roots = REMOVABLE_ROOTS if roots is None else roots
    if mounts_text is None:
        try:
            mounts_text = MOUNTS_FILE.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return []
    found: list[Path] = []
    for line in mounts_text.splitlines():
        fields = line.split()
        if len(fields) < 4:
            continue
        mount_point = _unescape(fields[1])
        options = fields[3].split(",")
        if not mount_point.startswith(roots) or "rw" not in options:
            continue
        path = Path(mount_point)
        if path.is_dir() and os.access(path, os.W_OK):
            found.append(path)
    return sorted(set(found))


def export_directory(mounts_text: str | None = None, roots: tuple[str, ...] | None = None) -> Path:
    drives = removable_drives(mounts_text, roots)
    return drives[0] if drives else state_dir() / EXPORTS_DIR_NAME


def export_file_name(game: str, game_id: int, now: datetime | None = None) -> str:
    """`thunderbirds-game-12-20261122-1403.json`: sorts by game then time, safe on FAT drives."""
    moment = (now or datetime.now(UTC)).astimezone(UTC)
    return f"{game}-game-{game_id}-{moment:%Y%m%d-%H%M%S}.json"


def export_path(game: str, game_id: int, mounts_text: str | None = None, now: datetime | None = None) -> Path:
    return export_directory(mounts_text) / export_file_name(game, game_id, now)
