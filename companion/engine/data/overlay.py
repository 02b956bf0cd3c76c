"""The user's overlay: corrections to a pack's data kept in the user's data directory (`overlay/<pack>/`), never
in the shipped files, with the shipped files' shapes but only the entries and fields that change.

What every pack's editor needs, written once: read a file strictly (one that is not TOML is an error naming it,
so a file a person wrote is never overwritten), find and replace one entry in a document, write the new text
(the editor's own files whole with their header; a file a person wrote keeping its comments and layout, through
tomlkit), write it only once the data still load with it beside the folder's other overlay files
(`write_checked`), remove a file left empty durably, and set a broken file aside without deleting it. A pack keeps
its own shapes (which file holds which table) and how its data load.
"""

from __future__ import annotations

import json
import math
import re
import time
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import tomlkit

from companion.engine.data.files import overlay_files
from companion.engine.data.problems import DataError, Problem
from companion.files import sync_directory, write_atomically
from companion.locale import domain

_, ngettext = domain("data")

T = TypeVar("T")


def pick(
    options: Mapping[str, T], name: str, field: str, unknown: Callable[[str, str], str], problem: type[Problem]
) -> T:
    """`options[name]`; an unknown name raises `DataError` naming `field`, with `unknown(got, expected)`'s message
    (the editor asked for a kind of entry the pack does not have)."""
    if name not in options:
        raise DataError([problem("", "", field, unknown(json.dumps(name), ", ".join(options)))])
    return options[name]


def read(path: Path, problem: type[Problem] = Problem) -> dict[str, Any]:
    """The parsed overlay file; {} when absent. A file that is not TOML raises `DataError` naming it: the editor
    must not silently overwrite what a person wrote by hand."""
    if not path.exists():
        return {}
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise DataError([problem(str(path), "", "", _("invalid TOML: {error}").format(error=error))]) from error


def find(doc: Mapping[str, Any], table: str, entry_id: str, single: bool = False) -> dict[str, Any]:
    """The fields a document sets for one entry of a `[[table]]` (without its id), or of a single `[table]`;
    {} when none."""
    value = doc.get(table)
    if single:
        return dict(value) if isinstance(value, dict) else {}
    for item in value if isinstance(value, list) else ():
        if isinstance(item, dict) and item.get("id") == entry_id:
            return {k: v for k, v in item.items() if k != "id"}
    return {}


def holds(doc: Mapping[str, Any], table: str, entry_id: str) -> bool:
    """Whether a document's `[[table]]` has an entry with this id."""
    value = doc.get(table)
    return isinstance(value, list) and any(isinstance(item, dict) and item.get("id") == entry_id for item in value)


def store(
    doc: dict[str, Any], table: str, entry_id: str, entry: Mapping[str, Any], single: bool = False, sort: bool = False
) -> None:
    """Puts `entry` as the entry's fields in `doc` (removing it when empty, and the table when emptied); `sort`
    keeps a `[[table]]`'s entries in id order."""
    if single:
        if entry:
            doc[table] = dict(entry)
        else:
            doc.pop(table, None)
        return
    items = [i for i in doc.get(table, []) if not (isinstance(i, dict) and i.get("id") == entry_id)]
    if entry:
        items.append({"id": entry_id, **entry})
        if sort:
            items.sort(key=lambda item: str(item.get("id")))
    if items:
        doc[table] = items
    else:
        doc.pop(table, None)


def text_of(target: Path, doc: Mapping[str, Any], header: str, table: str, entry_id: str, single: bool = False) -> str:
    """The file's new text once one entry changed: the editor's own files (they start with `header`) are written
    whole; a file a person wrote keeps its comments and layout, only the entry changing (tomlkit)."""
    if not target.exists():
        return dumps(doc, header)
    original = target.read_text(encoding="utf-8")
    if original.startswith(header):
        return dumps(doc, header)
    try:
        return _edited(original, find(doc, table, entry_id, single), table, entry_id, single)
    except (TypeError, ValueError, KeyError, AttributeError):
        # A file shaped otherwise than the data's format (a table where a list of entries belongs...): written
        # whole, so the validation that follows names its problem and nothing is written.
        return dumps(doc, header)


def _edited(original: str, entry: Mapping[str, Any], table: str, entry_id: str, single: bool) -> str:
    document = tomlkit.parse(original)
    if single:
        if entry:
            document[table] = _item(entry)
        elif table in document:
            del document[table]
        return tomlkit.dumps(document)
    items = document.get(table)
    index = next(
        (i for i, item in enumerate(items or ()) if isinstance(item, dict) and item.get("id") == entry_id), None
    )
    if index is None:
        if entry:
            if items is None:
                document[table] = tomlkit.aot()
            document[table].append(_table({"id": entry_id, **entry}))
        return tomlkit.dumps(document)
    if not entry:
        del document[table][index]
        if not len(document[table]):
            del document[table]
        return tomlkit.dumps(document)
    found = document[table][index]
    for key in [k for k in found if k != "id" and k not in entry]:
        del found[key]
    for key, value in entry.items():
        current = found.get(key)
        if current is None or _plain(current) != value:  # a value left as it was keeps its layout
            found[key] = _item(value)
    return tomlkit.dumps(document)


def _plain(value: Any) -> Any:
    unwrap = getattr(value, "unwrap", None)
    return unwrap() if unwrap is not None else value


def _item(value: Any) -> Any:
    """A value for tomlkit, tables inline as the shipped files write them."""
    if isinstance(value, Mapping):
        inline = tomlkit.inline_table()
        inline.update({k: _item(v) for k, v in value.items()})
        return inline
    if isinstance(value, (list, tuple)):
        array = tomlkit.array()
        array.extend(_item(v) for v in value)
        return array
    return value


def _table(entry: Mapping[str, Any]) -> Any:
    table = tomlkit.table()
    for key, value in entry.items():
        table[key] = _item(value)
    return table


def write_checked(target: Path, text: str, load: Callable[[list[tuple[Path, str]]], object]) -> None:
    """Replaces the overlay file `target` with `text`, atomically, once `load(overlay files)` accepts the folder's
    other overlay files with the new text in `target`'s place (problems name `target`); when `load` raises
    (`DataError`), nothing is written."""
    others = [(path, name) for path, name in overlay_files(target.parent) if path != target]

    def check(written: Path) -> None:
        load([*others, (written, str(target))])

    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(target, text, check=check)


def remove(target: Path) -> None:
    """Removes an overlay file left without corrections, durably (a power cut after it keeps it removed)."""
    try:
        target.unlink()
    except FileNotFoundError:
        return
    sync_directory(target.parent)


def set_aside(path: Path, overlay_dir: Path, refused: str, problem: type[Problem] = Problem) -> Path:
    """Takes an overlay file out of use without deleting it: renamed `<name>.toml.set-aside-<UTC time>` in the same
    folder (the loaders read only `*.toml`); rename it back to use it again. Returns the new path. A path that is
    not a file of `overlay_dir` raises `DataError` with the message `refused`."""
    path = Path(path)
    if path.parent.resolve() != overlay_dir.resolve() or path.suffix != ".toml" or not path.is_file():
        raise DataError([problem(str(path), "", "", refused)])
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    target = path.with_name(f"{path.name}.set-aside-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.set-aside-{stamp}-{counter}")
    path.rename(target)
    sync_directory(path.parent)
    return target


# --- writing TOML (the standard library only reads it) ---------------------------------------------------

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def dumps(doc: Mapping[str, Any], header: str) -> str:
    """An overlay document as TOML under its header: scalars first, then `[table]`s, then `[[table]]` entries,
    values written inline."""
    lines = [header.rstrip("\n")]
    tables = {k: v for k, v in doc.items() if isinstance(v, dict)}
    arrays = {k: v for k, v in doc.items() if isinstance(v, list) and v and all(isinstance(i, dict) for i in v)}
    for key, value in doc.items():
        if key not in tables and key not in arrays:
            lines.append(f"{_key(key)} = {_value(value)}")
    for key, value in tables.items():
        lines.append("")
        lines.append(f"[{_key(key)}]")
        lines.extend(f"{_key(k)} = {_value(v)}" for k, v in value.items())
    for key, items in arrays.items():
        for item in items:
            lines.append("")
            lines.append(f"[[{_key(key)}]]")
            lines.extend(f"{_key(k)} = {_value(v)}" for k, v in item.items())
    return "\n".join(lines) + "\n"


def _key(key: str) -> str:
    # fullmatch: "$" would also match before a final newline, and "0\n" is no bare key.
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _string(text: str) -> str:
    # JSON string escapes are valid TOML basic-string escapes; TOML also forbids a raw DEL.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007F")


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")
