"""What the data editor writes: the bases and starting squares of a board, in the user's overlay
(`user_data_dir()/overlay/warpspawn_thunderbirds/layouts.toml`), never in the shipped files.

Each change is validated with the shipped data and the rest of the overlay before it is written (a refused change
writes nothing and names the field), written to a temporary file, flushed to disk and renamed over the old one, so
a power cut leaves the old file or the new one. The editor only ever writes this one file, and a file there that is
not valid TOML (edited by hand) is never overwritten: the error names it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.engine.data import overlay
from companion.engine.data.files import overlay_files
from companion.files import sync_directory
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Square
from companion.games.warpspawn_thunderbirds.errors import Problem
from companion.games.warpspawn_thunderbirds.loader import (
    clear_definitions_cache,
    default_data_dir,
    default_overlay_dir,
    load_files,
    shipped_files,
)
from companion.locale import domain

_, ngettext = domain("warpspawn_thunderbirds")

FILE_NAME = "layouts.toml"
#: The mark of what the players set here (`definitions.CONFIDENCES`).
PLAYER = "player"
HEADER = (
    "# The players' bases and starting squares, written by the companion's data editor over the shipped\n"
    "# data/warpspawn_thunderbirds/board.toml (see its README.md): only the boards changed here.\n"
)


def overlay_layout(size: int, overlay_dir: Path | None = None) -> dict[str, Any]:
    """What the overlay sets for one board's layout ({} when nothing)."""
    doc = _read((default_overlay_dir() if overlay_dir is None else overlay_dir) / FILE_NAME)
    for item in doc.get("layout", ()):
        if isinstance(item, dict) and item.get("id") == str(size):
            return {k: v for k, v in item.items() if k != "id"}
    return {}


def save_layout(
    size: int,
    bases: Mapping[str, Square],
    starts: Mapping[str, Mapping[str, Square]],
    shipped_marks: Mapping[str, str],
    overlay_dir: Path | None = None,
    data_dir: Path | None = None,
) -> None:
    """Makes `bases` (every colour's) and `starts` (the pawns not on their base) the players' own for this board,
    marked `player`. Raises `DataError` and writes nothing when the data would not load."""
    entry: dict[str, Any] = {
        "size": size,
        "bases": {colour: list(square) for colour, square in bases.items()},
    }
    marks = {"bases": PLAYER, "start": shipped_marks.get("start", "low")}
    kept = {c: {p: list(s) for p, s in pawns.items() if p in PAWNS} for c, pawns in starts.items() if pawns}
    if kept:
        entry["starts"] = kept
        marks["starts"] = PLAYER
    entry["confidence"] = marks
    _replace(size, entry, overlay_dir, data_dir)


def clear_layout(size: int, overlay_dir: Path | None = None, data_dir: Path | None = None) -> None:
    """Back to the shipped layout of this board (the entry leaves the overlay file; the file goes when empty)."""
    if overlay_layout(size, overlay_dir):
        _replace(size, {}, overlay_dir, data_dir)


def _replace(size: int, entry: dict[str, Any], overlay_dir: Path | None, data_dir: Path | None) -> None:
    overlay_dir = default_overlay_dir() if overlay_dir is None else overlay_dir
    data_dir = default_data_dir() if data_dir is None else data_dir
    target = overlay_dir / FILE_NAME
    doc = _read(target)
    items = [i for i in doc.get("layout", ()) if not (isinstance(i, dict) and i.get("id") == str(size))]
    if entry:
        items.append({"id": str(size), **entry})
        items.sort(key=lambda item: int(str(item.get("id", 0))) if str(item.get("id", "")).isdigit() else 0)
    if items:
        overlay.write_checked(target, dumps(items), lambda chosen: load_files(shipped_files(data_dir), chosen))
    else:
        others = [(p, name) for p, name in overlay_files(overlay_dir) if p.name != FILE_NAME]
        load_files(shipped_files(data_dir), others)
        target.unlink(missing_ok=True)
        sync_directory(overlay_dir)
    clear_definitions_cache()


def _read(path: Path) -> dict[str, Any]:
    return overlay.read(path, Problem)


def dumps(items: list[dict[str, Any]]) -> str:
    """The `[[layout]]` entries as TOML, values written inline."""
    return overlay.dumps({"layout": items}, HEADER)
