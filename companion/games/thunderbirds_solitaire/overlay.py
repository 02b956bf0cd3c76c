"""The player's overlay: what they complete from their box, stored beside (never inside) the shipped files.

Overlay files live in `user_data_dir()/overlay/thunderbirds_solitaire/`, one per shipped file (`emergency.toml`
holds the `[emergency]` counts and the `[[card]]` entries, ...), in the shipped shapes but with only what the
player set. The editor writes through `set_fields` (validated like shipped data before anything is written,
written atomically, each fact marked `player`) and takes back with `clear_entry`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.engine.data import overlay
from companion.engine.data.files import toml_files
from companion.files import sync_directory, write_atomically
from companion.games.thunderbirds_solitaire.errors import DataError, Problem
from companion.games.thunderbirds_solitaire.loader import (
    HEADERS,
    LISTS,
    accepting,
    clear_definitions_cache,
    default_data_dir,
    default_overlay_dir,
    load_files,
)
from companion.locale import domain

_, ngettext = domain("thunderbirds_solitaire")

#: Each table -> the overlay file that holds it (the shipped file of the same name holds the shipped facts).
FILES: Mapping[str, str] = {
    "emergency": "emergency.toml",
    "card": "emergency.toml",
    "pods": "pods.toml",
    "pod": "pods.toml",
    "pilot": "pilots.toml",
    "thunderbird": "thunderbirds.toml",
    "symbols": "symbols.toml",
    "symbol": "symbols.toml",
    "dice": "dice.toml",
    "die": "dice.toml",
}
PLAYER = "player"
_HEADER = (
    "# What the player completed from the box, written by the editor. Same format as\n"
    "# data/thunderbirds_solitaire/*.toml (see its README.md): only the entries and fields set here.\n"
)


def overlay_entry(table: str, entry_id: str, overlay_dir: Path | None = None) -> dict[str, Any]:
    """The fields the overlay sets for one entry (a header table: `entry_id` is its name); {} when none."""
    file_name = _file(table)
    doc = _read((default_overlay_dir() if overlay_dir is None else overlay_dir) / file_name)
    return _find(doc, table, entry_id)


def set_fields(
    table: str,
    entry_id: str,
    fields: Mapping[str, Any],
    overlay_dir: Path | None = None,
    data_dir: Path | None = None,
) -> dict[str, Any]:
    """Sets facts of one entry (or of a header table) from the player's box, each marked `player`; a field set
    to None goes back to the shipped value. Validated with everything else first: raises `DataError` and
    writes nothing when the result would be invalid. Returns the previous overlay entry (for `replace_entry`)."""
    file_name = _file(table)
    content = HEADERS.get(table) or LISTS[table]
    for name in fields:
        if name not in (*content, "note", "translated"):
            raise DataError(
                [
                    Problem(
                        file_name,
                        entry_id,
                        name,
                        _("unknown field; expected one of {fields}").format(fields=", ".join(content)),
                    )
                ]
            )
    previous = overlay_entry(table, entry_id, overlay_dir)
    entry = {k: (dict(v) if isinstance(v, dict) else v) for k, v in previous.items()}
    marks = dict(entry.get("confidence") or {})
    for name, value in fields.items():
        if value is None:
            entry.pop(name, None)
            marks.pop(name, None)
        else:
            entry[name] = value
            if name in content:
                marks[name] = PLAYER
    entry.pop("confidence", None)
    if marks:
        entry["confidence"] = marks
    replace_entry(table, entry_id, entry, overlay_dir, data_dir)
    return previous


def replace_entry(
    table: str,
    entry_id: str,
    entry: Mapping[str, Any],
    overlay_dir: Path | None = None,
    data_dir: Path | None = None,
) -> None:
    """Makes `entry` the whole overlay entry ({} removes it), validated with the rest first."""
    file_name = _file(table)
    overlay_dir = default_overlay_dir() if overlay_dir is None else overlay_dir
    data_dir = default_data_dir() if data_dir is None else data_dir
    target = overlay_dir / file_name
    doc = _read(target)
    _store(doc, table, entry_id, dict(entry))

    def validate(written: Path) -> None:
        others = [p for p in toml_files(overlay_dir) if p.name != file_name]
        _validate(toml_files(data_dir), others, written, target)

    overlay_dir.mkdir(parents=True, exist_ok=True)
    # A file left with no entry is validated too (what the others need must still be there), then removed.
    write_atomically(target, overlay.text_of(target, doc, _HEADER, table, entry_id, table in HEADERS), check=validate)
    if not doc:
        target.unlink()
        sync_directory(overlay_dir)
    clear_definitions_cache()


def clear_entry(table: str, entry_id: str, overlay_dir: Path | None = None) -> dict[str, Any]:
    """Removes everything the overlay sets for one entry (back to the shipped slot); returns what was removed.
    Refused only when another entry still needs it (a card using a symbol being removed)."""
    previous = overlay_entry(table, entry_id, overlay_dir)
    if previous:
        replace_entry(table, entry_id, {}, overlay_dir)
    return previous


def _validate(shipped: list[Path], others: list[Path], temp: Path, target: Path) -> None:
    """Validates the whole overlay as it would be, problems in the new file named by its real path. When the
    overlay was already broken elsewhere (a file edited by hand), the change is checked against the files that
    still load, as the app loads them, so the player can still correct things in the editor."""
    try:
        load_files(shipped, [*others, temp])
        return
    except DataError as error:
        refused = DataError([p._replace(file=str(target)) if p.file == str(temp) else p for p in error.problems])
    current = [*others, target] if target.exists() else others
    try:
        load_files(shipped, current)
    except DataError:
        pass
    else:
        raise refused
    accepted = accepting(shipped, others)
    try:
        load_files(shipped, [*accepted, temp])
    except DataError:
        raise refused from None


def _file(table: str) -> str:
    def unknown(got: str, tables: str) -> str:
        return _("unknown table {got}; expected one of {tables}").format(got=got, tables=tables)

    return overlay.pick(FILES, table, "table", unknown, Problem)


def _read(path: Path) -> dict[str, Any]:
    return overlay.read(path, Problem)


def _find(doc: Mapping[str, Any], table: str, entry_id: str) -> dict[str, Any]:
    return overlay.find(doc, table, entry_id, single=table in HEADERS)


def _store(doc: dict[str, Any], table: str, entry_id: str, entry: dict[str, Any]) -> None:
    overlay.store(doc, table, entry_id, entry, single=table in HEADERS, sort=True)


#: An overlay document as TOML under this pack's header.
dumps = functools.partial(overlay.dumps, header=_HEADER)
