"""Changing a user's kit file from the app (completing an unknown die, a card's text, a token count) with tomlkit,
so the café's comments and layout survive the edit.

Only files in the user's kits folder are edited; a shipped example is first copied there (`user_copy`). The new
text is validated before it replaces the file (written aside, then renamed), so a bad edit changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomlkit

from companion.engine.errors import CompanionError
from companion.files import write_atomically
from companion.kit.catalogue import EXAMPLES_DIR, KitAddError, user_kits_dir
from companion.kit.schema import KitError, parse_kit
from companion.locale import domain

_, ngettext = domain("kit")

Loc = Sequence[str | int]


@dataclass(frozen=True)
class Append:
    """An edit's value that adds one table at the end of an array of tables (a card to a deck, a token to a bag),
    written as `[[deck.card]]` like the café's own entries; the array is made when the deck has none yet."""

    table: Mapping[str, Any]


class KitEditError(CompanionError):
    """An edit that was refused; the file is unchanged. `problems` are the kit's, when the edit made it invalid."""

    def __init__(self, message: str, problems: Sequence[Any] = ()) -> None:
        super().__init__(message)
        self.problems = tuple(problems)


def edit_kit(path: Path, changes: Sequence[tuple[Loc, Any]]) -> None:
    """Sets each (location, value) in the kit file at `path`, e.g. (("die", 1, "faces"), [1, 2, 3]), or adds a
    table (`Append`), keeping every comment; refuses a shipped file and any edit that leaves the kit invalid."""
    path = Path(path)
    if EXAMPLES_DIR.resolve() in path.resolve().parents:
        raise KitEditError(
            _("{file} is shipped with the companion: edit a copy in your kits folder.").format(file=path)
        )
    document = tomlkit.parse(path.read_text(encoding="utf-8"))
    for loc, value in changes:
        _set(document, tuple(loc), value, path)
    text = tomlkit.dumps(document)
    try:
        parse_kit(text, str(path))
    except KitError as error:
        raise KitEditError(error.message, error.problems) from error
    write_atomically(path, text)


def _set(document: Any, loc: tuple[str | int, ...], value: Any, path: Path) -> None:
    node = document
    try:
        for part in loc[:-1]:
            node = node[part]
        if isinstance(value, Append):
            if loc[-1] not in node:
                node[loc[-1]] = tomlkit.aot()
            node[loc[-1]].append(_table(value.table))
        else:
            node[loc[-1]] = value
    except (KeyError, IndexError, TypeError) as error:
        where = ".".join(str(part) for part in loc)
        raise KitEditError(_("{file} has no field {field}.").format(file=path, field=where)) from error


def _table(data: Mapping[str, Any]) -> Any:
    """A table written as a café writes one: its texts inline (`name = { en = "...", fr = "..." }`), a blank line
    after it."""
    table = tomlkit.table()
    for key, value in data.items():
        if isinstance(value, Mapping):
            inline = tomlkit.inline_table()
            inline.update(value)
            table.add(key, inline)
        else:
            table.add(key, value)
    table.add(tomlkit.nl())
    return table


def user_copy(example: Path) -> Path:
    """A shipped example copied into the user's kits folder under the same name, to be edited there. The
    example keeps its name, so the copy replaces it in the game list; refused if a copy is already there."""
    target = user_kits_dir() / example.name
    if target.exists():
        raise KitAddError(
            _("{file} already exists: remove or rename it first; nothing was copied.").format(file=target)
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("x", encoding="utf-8") as handle:
        handle.write(example.read_text(encoding="utf-8"))
    return target
