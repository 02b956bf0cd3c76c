"""The user overlay: corrections a café makes to card data, stored beside (never inside) the shipped files.

Overlay files live in `user_data_dir()/overlay/thunderbirds/`, one per kind (`disasters.toml`, ...), with the
shape of the shipped files but only the cards and fields that change. The card editor writes them through
`set_card_fields` (validated before writing, written atomically) and `clear_card`; `load_definitions_safe` is how
the app starts: a broken overlay file is skipped and reported instead of stopping the game.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.engine.data import overlay
from companion.engine.data.files import load_accepting, overlay_files, shipped_files
from companion.files import write_atomically
from companion.games.thunderbirds.errors import DataError, Problem
from companion.games.thunderbirds.loader import (
    SINGLE_IDS,
    clear_definitions_cache,
    default_data_dir,
    default_overlay_dir,
    load_definitions_safe,
    load_files,
)
from companion.locale import domain

_, ngettext = domain("thunderbirds")

__all__ = [
    "KINDS",
    "clear_card",
    "dumps",
    "load_definitions_safe",
    "overlay_entry",
    "overlay_file_for",
    "replace_card",
    "set_aside",
    "set_card_fields",
]

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
    if table in SINGLE_IDS:
        return isinstance(doc.get(table), dict) and card_id == SINGLE_IDS[table]
    return overlay.holds(doc, table, card_id)


def set_aside(path: Path, overlay_dir: Path | None = None) -> Path:
    """Takes an overlay file out of use without deleting it: renamed `<name>.toml.set-aside-<UTC time>` in the same
    folder (the loader reads only `*.toml`); rename it back to use it again. Returns the new path."""
    overlay_dir = default_overlay_dir() if overlay_dir is None else overlay_dir
    target = overlay.set_aside(path, overlay_dir, _("not a card overlay file"), Problem)
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
            _loaded, accepted, _skipped = load_accepting(lambda chosen: load_files(shipped, chosen), others)
            load_files(shipped, accepted + [(written, str(target))])

        overlay_dir.mkdir(parents=True, exist_ok=True)
        write_atomically(target, _text_of(target, doc, table, card_id), check=validate)
    else:
        _remove(target)
    clear_definitions_cache()


def _text_of(target: Path, doc: dict[str, Any], table: str, card_id: str) -> str:
    return overlay.text_of(target, doc, _HEADER, table, card_id, single=table in SINGLE_IDS)


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
    def unknown(got: str, kinds: str) -> str:
        return _("unknown kind {got}; expected one of {kinds}").format(got=got, kinds=kinds)

    return overlay.pick(KINDS, kind, "kind", unknown, Problem)


def _read(path: Path) -> dict[str, Any]:
    return overlay.read(path, Problem)


def _find(doc: Mapping[str, Any], table: str, card_id: str) -> dict[str, Any]:
    if table in SINGLE_IDS and card_id != SINGLE_IDS[table]:
        return {}
    return overlay.find(doc, table, card_id, single=table in SINGLE_IDS)


def _store(doc: dict[str, Any], table: str, card_id: str, entry: dict[str, Any]) -> None:
    """Puts `entry` as the card's overlay entry in `doc` (removing it when empty, and the table when emptied)."""
    if table in SINGLE_IDS and card_id != SINGLE_IDS[table]:
        raise DataError([Problem("", card_id, "id", _("expected the id {id}").format(id=SINGLE_IDS[table]))])
    overlay.store(doc, table, card_id, entry, single=table in SINGLE_IDS)


_remove = overlay.remove
#: The overlay document as TOML under this pack's header (the card editor's own files).
dumps = functools.partial(overlay.dumps, header=_HEADER)
