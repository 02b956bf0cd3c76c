"""The players' own values for the empty slots (the costs of a colony, a shipyard, terraforming), kept in the user's
data directory: `user_data_dir()/overlay/federation/costs.toml`. The shipped files are never written.

The module gives no costs; a café reads them from its Warp Empires rules and enters them once on the Costs screen
(or in this file). The file holds only what the players entered:

```toml
[[slot]]
id = "colony-cost"
value = 3
```

A value entered here is the players' fact: its mark says so (source `P`, confidence high, the file in the note).
A broken file is skipped as a whole and each problem names the file, the line and the field, so the game always
starts and the players know what to fix.
"""

from __future__ import annotations

import dataclasses
import functools
import tomllib
from collections.abc import Mapping
from pathlib import Path

from companion.engine.data import files
from companion.files import write_atomically
from companion.games.federation.definitions import Definitions, Mark
from companion.games.federation.errors import Problem
from companion.locale import domain

_, ngettext = domain("federation")

PACK = "federation"
FILE_NAME = "costs.toml"
#: Where the file sits in the user's data directory, as the Costs screen names it.
RELATIVE = Path("overlay") / PACK / FILE_NAME
#: The source mark of a value the players entered from their own rules (never used by the shipped files).
PLAYERS = "P"
LOWEST, HIGHEST = 0, 1000
_HEADER = (
    "# Costs read from our Warp Empires rules, entered on the companion's Costs screen.\n"
    "# The shipped files stay as they are: this file completes their empty slots.\n"
)


default_overlay_dir = functools.partial(files.default_overlay_dir, PACK)


def overlay_file(folder: Path | None = None) -> Path:
    return (default_overlay_dir() if folder is None else folder) / FILE_NAME


def read_values(defs: Definitions, folder: Path | None = None) -> tuple[dict[str, int], tuple[Problem, ...]]:
    """The slot values the overlay file sets, and its problems; a file with any problem gives no value at all."""
    path = overlay_file(folder)
    shown = str(path)
    if not path.is_file():
        return {}, ()
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError) as error:
        return {}, (Problem(shown, "", "", _("cannot read the file ({reason})").format(reason=error)),)
    except tomllib.TOMLDecodeError as error:
        return {}, (Problem(shown, "", "", _("not valid TOML: {reason}").format(reason=error)),)
    problems: list[Problem] = []
    values: dict[str, int] = {}
    lines = text.splitlines()

    def line_of(slot_id: object) -> int | None:
        for number, line in enumerate(lines, start=1):
            if line.replace(" ", "").startswith(f'id="{slot_id}"'):
                return number
        return None

    known = {slot.id for slot in defs.slots}
    for key in data:
        if key != "slot":
            problems.append(Problem(shown, "", key, _("unknown field; the file holds [[slot]] tables only")))
    entries = data.get("slot", [])
    if not isinstance(entries, list) or not all(isinstance(entry, Mapping) for entry in entries):
        problems.append(Problem(shown, "", "slot", _("expected [[slot]] tables")))
        entries = []
    for index, entry in enumerate(entries):
        slot_id = entry.get("id")
        where = f"slot.{slot_id}" if isinstance(slot_id, str) else f"slot[{index}]"
        line = line_of(slot_id)
        for key in entry:
            if key not in ("id", "value"):
                problems.append(
                    Problem(shown, "", f"{where}.{key}", _("unknown field; a slot has an id and a value"), line)
                )
        if slot_id not in known:
            problems.append(
                Problem(
                    shown,
                    "",
                    f"{where}.id",
                    _("unknown slot; the slots are {ids}").format(ids=", ".join(sorted(known))),
                    line,
                )
            )
            continue
        value = entry.get("value")
        if isinstance(value, bool) or not isinstance(value, int) or not LOWEST <= value <= HIGHEST:
            problems.append(
                Problem(
                    shown,
                    "",
                    f"{where}.value",
                    _("expected a whole number from {low} to {high}").format(low=LOWEST, high=HIGHEST),
                    line,
                )
            )
            continue
        if slot_id in values:
            problems.append(Problem(shown, "", f"{where}.id", _("this id is used twice"), line))
            continue
        values[str(slot_id)] = value
    if problems:
        return {}, tuple(problems)
    return values, ()


def with_values(defs: Definitions, values: Mapping[str, int], folder: Path | None = None) -> Definitions:
    """`defs` whose slots carry the players' values (marked as theirs, the file named in the note)."""
    if not values:
        return defs
    note = _("entered by the players, {file}").format(file=overlay_file(folder))
    slots = tuple(
        dataclasses.replace(slot, value=values[slot.id], mark=Mark("high", (PLAYERS,), note))
        if slot.id in values
        else slot
        for slot in defs.slots
    )
    return dataclasses.replace(defs, slots=slots)


def write_values(values: Mapping[str, int], folder: Path | None = None) -> Path:
    """Writes the players' values (the file replaced whole, atomically: a power cut leaves the old file or the new,
    never half of one). No value left: the file keeps only its header, and the slots are empty again."""
    path = overlay_file(folder)
    for slot_id, value in values.items():
        if isinstance(value, bool) or not isinstance(value, int) or not LOWEST <= value <= HIGHEST:
            raise ValueError(f"slot {slot_id}: {value!r} is not a whole number from {LOWEST} to {HIGHEST}")
    path.parent.mkdir(parents=True, exist_ok=True)
    body = _HEADER + "".join(f'\n[[slot]]\nid = "{slot_id}"\nvalue = {value}\n' for slot_id, value in values.items())
    write_atomically(path, body)
    return path
