"""The user overlay: corrections a café makes to card data, stored beside (never inside) the shipped files.

Overlay files live in `user_data_dir()/overlay/thunderbirds/`, one per kind (`disasters.toml`, ...), with the
shape of the shipped files but only the cards and fields that change. The card editor writes them through
`set_card_fields` (validated before writing, written atomically) and `clear_card`; `load_definitions_safe` is how
the app starts: a broken overlay file is skipped and reported instead of stopping the game.
"""

from __future__ import annotations

import json
import math
import re
import time
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import tomlkit

from companion.files import sync_directory, write_atomically
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.errors import DataError, Problem
from companion.games.thunderbirds.loader import (
    SINGLE_IDS,
    clear_definitions_cache,
    default_data_dir,
    default_overlay_dir,
    load_files,
    overlay_files,
    shipped_files,
)
from companion.locale import domain

_, ngettext = domain("thunderbirds")

#: The card editor's kinds -> (table in the TOML files, the overlay file that holds them).
KINDS: Mapping[str, tuple[str, str]] = {
    "disaster": ("disaster", "disasters.toml"),
    "scheme": ("scheme", "schemes.toml"),
    "event": ("event", "events.toml"),
    "fab": ("fab", "fab.toml"),
    "vehicle": ("vehicle", "vehicles.toml"),
    "character": ("character", "characters.toml"),
    "hood-track": ("hood_track", "hood_track.toml"),
}

_HEADER = (
    "# Corrections to the shipped Thunderbirds data, made with the card editor. Same format as\n"
    "# data/thunderbirds/*.toml (see its README.md): only the cards and the fields that change.\n"
)


def load_definitions_safe(
    data_dir: Path | None = None, overlay_dir: Path | None = None
) -> tuple[Definitions, tuple[Problem, ...]]:
    """Shipped data plus every overlay file that validates; a broken overlay file is skipped and its problems
    returned, so the app still starts and can say which file to fix. Broken shipped data raises `DataError`."""
    data_dir = default_data_dir() if data_dir is None else data_dir
    overlay_dir = default_overlay_dir() if overlay_dir is None else overlay_dir
    shipped = shipped_files(data_dir)
    definitions, _accepted, problems = _load_accepting(shipped, overlay_files(overlay_dir))
    return definitions, problems


def _load_accepting(
    shipped: Sequence[tuple[Path, str]], candidates: Sequence[tuple[Path, str]]
) -> tuple[Definitions, list[tuple[Path, str]], tuple[Problem, ...]]:
    """Adds the overlay files one at a time, keeping those that still validate."""
    definitions, _report = load_files(shipped, [])
    accepted: list[tuple[Path, str]] = []
    problems: list[Problem] = []
    for candidate in candidates:
        try:
            definitions, _report = load_files(shipped, accepted + [candidate])
        except DataError as error:
            problems.extend(error.problems)
        else:
            accepted.append(candidate)
    return definitions, accepted, tuple(problems)


# --- the card editor's API -------------------------------------------------------------------------------


def overlay_entry(kind: str, card_id: str, overlay_dir: Path | None = None) -> dict[str, Any]:
    """The fields the overlay currently sets for one card (without its id); {} when it sets none."""
    table, _file_name = _kind(kind)
    overlay_dir = default_overlay_dir() if overlay_dir is None else overlay_dir
    doc = _read(overlay_file_for(kind, card_id, overlay_dir))
    return _find(doc, table, card_id)


def overlay_file_for(kind: str, card_id: str, overlay_dir: Path | None = None) -> Path:
    """The overlay file an edit of this card goes to: the one that already corrects it (a café's own file, even
    one that is skipped as broken, so fixing the card there clears the warning instead of adding a second entry),
    else the kind's own file (`disasters.toml`...)."""
    table, file_name = _kind(kind)
    overlay_dir = default_overlay_dir() if overlay_dir is None else overlay_dir
    own = overlay_dir / file_name
    for path, _display in overlay_files(overlay_dir):
        try:
            doc = _read(path)
        except DataError:
            continue
        if path != own and _holds(doc, table, card_id):
            return path
    return own


def _holds(doc: Mapping[str, Any], table: str, card_id: str) -> bool:
    value = doc.get(table)
    if table in SINGLE_IDS:
        return isinstance(value, dict) and card_id == SINGLE_IDS[table]
    return isinstance(value, list) and any(isinstance(item, dict) and item.get("id") == card_id for item in value)


def set_aside(path: Path, overlay_dir: Path | None = None) -> Path:
    """Takes an overlay file out of use without deleting it: renamed `<name>.toml.set-aside-<UTC time>` in the same
    folder (the loader reads only `*.toml`); rename it back to use it again. Returns the new path."""
    overlay_dir = default_overlay_dir() if overlay_dir is None else overlay_dir
    path = Path(path)
    if path.parent.resolve() != overlay_dir.resolve() or path.suffix != ".toml" or not path.is_file():
        raise DataError([Problem(str(path), "", "", _("not a card overlay file"))])
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    target = path.with_name(f"{path.name}.set-aside-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.set-aside-{stamp}-{counter}")
    path.rename(target)
    sync_directory(path.parent)
    clear_definitions_cache()
    return target


def set_card_fields(
    kind: str,
    card_id: str,
    fields: Mapping[str, Any],
    overlay_dir: Path | None = None,
    data_dir: Path | None = None,
) -> dict[str, Any]:
    """Sets fields of one card in the overlay, after validating the result like shipped data (raises `DataError`
    and writes nothing if it is invalid). A field set to None is dropped from the overlay (back to the shipped
    value). Returns the card's previous overlay entry, so the editor can undo with `replace_card`."""
    table, _file_name = _kind(kind)
    if "id" in fields:
        raise DataError([Problem(_file_name, card_id, "id", _("the id of a card cannot be changed"))])
    previous = overlay_entry(kind, card_id, overlay_dir)
    entry = dict(previous)
    for name, value in fields.items():
        if value is None:
            entry.pop(name, None)
        else:
            entry[name] = value
    replace_card(kind, card_id, entry, overlay_dir, data_dir)
    return previous


def replace_card(
    kind: str,
    card_id: str,
    entry: Mapping[str, Any],
    overlay_dir: Path | None = None,
    data_dir: Path | None = None,
) -> None:
    """Makes `entry` the card's whole overlay entry ({} removes it), validated first; used to undo an edit."""
    table, _file_name = _kind(kind)
    overlay_dir = default_overlay_dir() if overlay_dir is None else overlay_dir
    data_dir = default_data_dir() if data_dir is None else data_dir
    target = overlay_file_for(kind, card_id, overlay_dir)
    doc = _read(target)
    _store(doc, table, card_id, dict(entry))
    if doc:

        def validate(written: Path) -> None:
            """The edited file must load with the shipped data and the other overlay files that load today."""
            others = [(p, d) for p, d in overlay_files(overlay_dir) if p != target]
            shipped = shipped_files(data_dir)
            _definitions, accepted, _skipped = _load_accepting(shipped, others)
            load_files(shipped, accepted + [(written, str(target))])

        overlay_dir.mkdir(parents=True, exist_ok=True)
        write_atomically(target, _text_of(target, doc, table, card_id), check=validate)
    else:
        _remove(target)
    clear_definitions_cache()


def _text_of(target: Path, doc: dict[str, Any], table: str, card_id: str) -> str:
    """The file's new text: the editor's own files are written whole; a file a person wrote keeps its comments
    and layout, only the card's entry changing (tomlkit)."""
    if not target.exists():
        return dumps(doc)
    original = target.read_text(encoding="utf-8")
    if original.startswith(_HEADER):
        return dumps(doc)
    try:
        return _edited(original, doc, table, card_id)
    except (TypeError, ValueError, KeyError, AttributeError):
        # A file shaped otherwise than the data's format (a table where a list of cards belongs...): written
        # whole, so the validation that follows names its problem and nothing is written.
        return dumps(doc)


def _edited(original: str, doc: dict[str, Any], table: str, card_id: str) -> str:
    document = tomlkit.parse(original)
    entry = _find(doc, table, card_id)
    if table in SINGLE_IDS:
        if entry:
            document[table] = _item(entry)
        elif table in document:
            del document[table]
        return tomlkit.dumps(document)
    items = document.get(table)
    index = next(
        (i for i, item in enumerate(items or ()) if isinstance(item, dict) and item.get("id") == card_id), None
    )
    if index is None:
        if entry:
            if items is None:
                document[table] = tomlkit.aot()
            document[table].append(_table({"id": card_id, **entry}))
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


def clear_card(kind: str, card_id: str, overlay_dir: Path | None = None) -> dict[str, Any]:
    """Removes every overlay field of one card (back to the shipped card); returns what was removed. Never
    refused: clearing is how a café gets out of a bad correction."""
    table, _file_name = _kind(kind)
    overlay_dir = default_overlay_dir() if overlay_dir is None else overlay_dir
    target = overlay_file_for(kind, card_id, overlay_dir)
    doc = _read(target)
    previous = _find(doc, table, card_id)
    if not previous:
        return {}
    _store(doc, table, card_id, {})
    if doc:
        write_atomically(target, _text_of(target, doc, table, card_id))
    else:
        _remove(target)
    clear_definitions_cache()
    return previous


def _kind(kind: str) -> tuple[str, str]:
    if kind not in KINDS:
        raise DataError(
            [
                Problem(
                    "",
                    "",
                    "kind",
                    _("unknown kind {got}; expected one of {kinds}").format(
                        got=json.dumps(kind), kinds=", ".join(KINDS)
                    ),
                )
            ]
        )
    return KINDS[kind]


def _read(path: Path) -> dict[str, Any]:
    """The parsed overlay file; {} when absent. A file that is not TOML is an error naming it: the editor must not
    silently overwrite what a person wrote by hand."""
    if not path.exists():
        return {}
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise DataError([Problem(str(path), "", "", _("invalid TOML: {error}").format(error=error))]) from error


def _find(doc: Mapping[str, Any], table: str, card_id: str) -> dict[str, Any]:
    value = doc.get(table)
    if table in SINGLE_IDS:
        return dict(value) if isinstance(value, dict) and card_id == SINGLE_IDS[table] else {}
    for item in value if isinstance(value, list) else ():
        if isinstance(item, dict) and item.get("id") == card_id:
            return {k: v for k, v in item.items() if k != "id"}
    return {}


def _store(doc: dict[str, Any], table: str, card_id: str, entry: dict[str, Any]) -> None:
    """Puts `entry` as the card's overlay entry in `doc` (removing it when empty, and the table when emptied)."""
    if table in SINGLE_IDS:
        if card_id != SINGLE_IDS[table]:
            raise DataError([Problem("", card_id, "id", _("expected the id {id}").format(id=SINGLE_IDS[table]))])
        if entry:
            doc[table] = entry
        else:
            doc.pop(table, None)
        return
    items = [i for i in doc.get(table, []) if not (isinstance(i, dict) and i.get("id") == card_id)]
    if entry:
        items.append({"id": card_id, **entry})
    if items:
        doc[table] = items
    else:
        doc.pop(table, None)


def _remove(target: Path) -> None:
    """Removes an overlay file left without corrections, durably (a power cut after it keeps it removed)."""
    try:
        target.unlink()
    except FileNotFoundError:
        return
    sync_directory(target.parent)


# --- writing TOML (the standard library only reads it) ---------------------------------------------------

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def dumps(doc: Mapping[str, Any]) -> str:
    """Writes an overlay document: scalars first, then `[table]`s, then `[[table]]` entries with inline values."""
    lines = [_HEADER.rstrip("\n")]
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
