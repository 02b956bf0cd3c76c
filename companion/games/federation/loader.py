"""Reads `data/federation/*.toml` into `Definitions`, checking everything once.

Every problem is collected (not only the first) and names its file, its field and the line of the entry it is in,
so a café that edits a file learns at once what to fix. The files and their fields are described in
`data/federation/README.md`.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from companion.engine.data import files
from companion.engine.pack import Words
from companion.games.federation.definitions import (
    CONFIDENCES,
    REQUIRED_BUILDINGS,
    REQUIRED_READINGS,
    REQUIRED_ROWS,
    SOURCES,
    Building,
    Choice,
    Definitions,
    Diplomacy,
    EnigmaRoll,
    Mark,
    Phase,
    Race,
    Reading,
    Revenue,
    Row,
    Ship,
    Slot,
    Table,
    Victory,
)
from companion.games.federation.errors import DataError, Problem
from companion.locale import domain

_, ngettext = domain("federation")

FILES = ("races.toml", "tables.toml", "empire.toml", "phases.toml", "readings.toml")
DIE_FACES = (1, 2, 3, 4, 5, 6)
MARK_FIELDS = {"confidence", "source", "note"}


default_data_dir = functools.partial(files.default_data_dir, "federation")


@cache
def default_definitions() -> Definitions:
    """The shipped data, read once per process."""
    return load_definitions(default_data_dir())


def load_definitions(folder: Path) -> Definitions:
    """Reads and checks every file of `folder`; raises `DataError` listing every problem."""
    if not folder.is_dir():
        raise DataError([Problem(str(folder), "", "", _("there is no such folder"))])
    reader = _Reader(folder)
    documents = {name: reader.document(name) for name in FILES}
    definitions = reader.build(documents)
    if reader.problems or definitions is None:
        raise DataError(reader.problems)
    return definitions


class _Reader:
    """Collects problems while reading; each check returns a usable value (or None) so reading goes on."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.problems: list[Problem] = []
        self.texts: dict[str, str] = {}

    # ------------------------------------------------------------------------------------------------- files

    def document(self, name: str) -> dict[str, Any]:
        path = self.folder / name
        shown = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            self.problems.append(Problem(shown, "", "", _("the file is missing")))
            return {}
        except (OSError, UnicodeDecodeError) as error:
            self.problems.append(Problem(shown, "", "", _("cannot read the file ({reason})").format(reason=error)))
            return {}
        self.texts[name] = text
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            self.problems.append(Problem(shown, "", "", _("not valid TOML: {reason}").format(reason=error)))
            return {}

    def fail(self, file: str, field: str, message: str, entry_id: str | None = None) -> None:
        self.problems.append(Problem(str(self.folder / file), "", field, message, self.line_of(file, entry_id, field)))

    def line_of(self, file: str, entry_id: str | None, field: str) -> int | None:
        """The line of the entry `entry_id` (its `id = "..."`), else of the field's last key, when found."""
        text = self.texts.get(file)
        if text is None:
            return None
        lines = text.splitlines()
        if entry_id is not None:
            for number, line in enumerate(lines, start=1):
                stripped = line.replace(" ", "")
                if stripped.startswith(f'id="{entry_id}"'):
                    return number
        key = field.rsplit(".", 1)[-1].split("[", 1)[0]
        for number, line in enumerate(lines, start=1):
            stripped = line.lstrip()
            if stripped.startswith(f"{key} ") or stripped.startswith(f"{key}=") or stripped == f"[{key}]":
                return number
        return None

    # ------------------------------------------------------------------------------------------------ fields

    def table(self, file: str, data: Mapping[str, Any], key: str) -> dict[str, Any]:
        value = data.get(key)
        if not isinstance(value, Mapping):
            self.fail(file, key, _("expected a table [{key}]").format(key=key))
            return {}
        return dict(value)

    def entries(self, file: str, data: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
        value = data.get(key)
        if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value) or not value:
            self.fail(file, key, _("expected one or more [[{key}]] tables").format(key=key))
            return []
        return [dict(v) for v in value]

    def only(self, file: str, where: str, data: Mapping[str, Any], allowed: set[str], entry: str | None) -> None:
        for key in sorted(set(data) - allowed):
            self.fail(
                file,
                f"{where}.{key}" if where else key,
                _("unknown field; expected one of {fields}").format(fields=", ".join(sorted(allowed))),
                entry,
            )

    def ident(self, file: str, where: str, data: Mapping[str, Any]) -> str | None:
        value = data.get("id")
        if not isinstance(value, str) or not value or not all(c.islower() or c.isdigit() or c == "-" for c in value):
            self.fail(file, f"{where}.id", _("expected an id of lower-case letters, digits and hyphens"))
            return None
        return value

    def words(self, file: str, where: str, data: Mapping[str, Any], key: str, entry: str | None) -> Words | None:
        value = data.get(key)
        translated = data.get("translated", [])
        if not isinstance(translated, list) or any(t not in ("en", "fr") for t in translated):
            self.fail(file, f"{where}.translated", _("expected a list of languages: en, fr"), entry)
            translated = []
        if (
            not isinstance(value, Mapping)
            or set(value) != {"en", "fr"}
            or not all(isinstance(v, str) and v.strip() for v in value.values())
        ):
            self.fail(file, f"{where}.{key}", _('expected {{ en = "...", fr = "..." }}, both written').format(), entry)
            return None
        return Words.of(value, translated)

    def integer(
        self, file: str, where: str, data: Mapping[str, Any], key: str, entry: str | None, low: int, high: int
    ) -> int | None:
        value = data.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(
                file,
                f"{where}.{key}",
                _("expected a whole number from {low} to {high}").format(low=low, high=high),
                entry,
            )
            return None
        return value

    def boolean(self, file: str, where: str, data: Mapping[str, Any], key: str, entry: str | None) -> bool | None:
        value = data.get(key)
        if not isinstance(value, bool):
            self.fail(file, f"{where}.{key}", _("expected true or false"), entry)
            return None
        return value

    def faces(self, file: str, where: str, data: Mapping[str, Any], key: str, entry: str | None) -> tuple[int, ...]:
        value = data.get(key)
        if (
            not isinstance(value, list)
            or not value
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
            or len(set(value)) != len(value)
        ):
            self.fail(file, f"{where}.{key}", _("expected a list of different whole numbers"), entry)
            return ()
        return tuple(value)

    def mark(self, file: str, where: str, data: Mapping[str, Any], entry: str | None) -> Mark | None:
        confidence = data.get("confidence")
        source = data.get("source")
        note = data.get("note", "")
        ok = True
        if confidence not in CONFIDENCES:
            self.fail(
                file,
                f"{where}.confidence",
                _("expected one of {choices}").format(choices=", ".join(CONFIDENCES)),
                entry,
            )
            ok = False
        if not isinstance(source, list) or not source or any(s not in SOURCES for s in source):
            self.fail(
                file,
                f"{where}.source",
                _("expected a list of marks among {marks}").format(marks=", ".join(SOURCES)),
                entry,
            )
            ok = False
        if not isinstance(note, str):
            self.fail(file, f"{where}.note", _("expected text"), entry)
            ok = False
        if not ok:
            return None
        assert isinstance(source, list)
        expected = "unknown" if "U" in source else "low" if "I" in source else "high"
        if confidence != expected:
            self.fail(
                file,
                f"{where}.confidence",
                _("a fact marked {marks} has confidence {expected}, not {confidence}").format(
                    marks=", ".join(source), expected=expected, confidence=confidence
                ),
                entry,
            )
            return None
        return Mark(confidence, tuple(source), note)

    def unique(self, file: str, where: str, ids: list[str | None]) -> None:
        seen: set[str] = set()
        for entry_id in ids:
            if entry_id is None:
                continue
            if entry_id in seen:
                self.fail(file, f"{where}.{entry_id}", _("this id is used twice"), entry_id)
            seen.add(entry_id)

    def each(
        self, file: str, doc: Mapping[str, Any], key: str, fields: set[str]
    ) -> Iterator[tuple[str | None, str, dict[str, Any]]]:
        """Each `[[key]]` entry as (its id, its path in problems, its table), its unknown fields reported; an id
        used twice is reported once every entry is read."""
        ids: list[str | None] = []
        for i, data in enumerate(self.entries(file, doc, key)):
            entry_id = self.ident(file, f"{key}[{i}]", data)
            ids.append(entry_id)
            where = f"{key}.{entry_id or i}"
            self.only(file, where, data, fields, entry_id)
            yield entry_id, where, data
        self.unique(file, key, ids)

    # --------------------------------------------------------------------------------------------- the files

    def build(self, docs: Mapping[str, dict[str, Any]]) -> Definitions | None:
        races = self.races(docs["races.toml"])
        tables, ships, enigma_roll, diplomacy = self.dice_tables(docs["tables.toml"])
        revenue, buildings, victory, starting_units, slots = self.empire(docs["empire.toml"])
        phases = self.phases(docs["phases.toml"])
        readings = self.readings(docs["readings.toml"])
        if enigma_roll is not None:
            for ship in enigma_roll.bonus_ships:
                if ship not in ships:
                    self.fail("tables.toml", "enigma_roll.bonus_ships", _("unknown ship {id}").format(id=ship))
        if (
            self.problems
            or enigma_roll is None
            or diplomacy is None
            or revenue is None
            or victory is None
            or starting_units is None
        ):
            return None
        return Definitions(
            races=races,
            tables=tables,
            ships=ships,
            enigma_roll=enigma_roll,
            diplomacy=diplomacy,
            revenue=revenue,
            buildings=buildings,
            victory=victory,
            starting_units=starting_units,
            phases=phases,
            readings=readings,
            slots=slots,
            sources=tuple(str(self.folder / name) for name in FILES),
        )

    def races(self, doc: Mapping[str, Any]) -> dict[str, Race]:
        file = "races.toml"
        self.only(file, "", doc, {"race"}, None)
        races: dict[str, Race] = {}
        fields = {
            "id",
            "names",
            "short",
            "translated",
            "diplomacy_modifier",
            "minor_race_revenue",
            "conquers_minor_races",
        } | MARK_FIELDS
        for race_id, where, data in self.each(file, doc, "race", fields):
            names = self.words(file, where, data, "names", race_id)
            short = self.words(file, where, data, "short", race_id)
            diplomacy = self.integer(file, where, data, "diplomacy_modifier", race_id, -5, 5)
            minor = self.integer(file, where, data, "minor_race_revenue", race_id, -3, 3)
            conquers = self.boolean(file, where, data, "conquers_minor_races", race_id)
            mark = self.mark(file, where, data, race_id)
            if (
                race_id is None
                or names is None
                or short is None
                or diplomacy is None
                or minor is None
                or conquers is None
                or mark is None
            ):
                continue
            races[race_id] = Race(race_id, names, short, diplomacy, minor, conquers, mark)
        return races

    def dice_tables(
        self, doc: Mapping[str, Any]
    ) -> tuple[dict[str, Table], dict[str, Ship], EnigmaRoll | None, Diplomacy | None]:
        file = "tables.toml"
        self.only(file, "", doc, {"table", "enigma_roll", "diplomacy", "ship"}, None)
        tables: dict[str, Table] = {}
        for table_id, where, data in self.each(file, doc, "table", {"id", "names", "translated", "row"} | MARK_FIELDS):
            names = self.words(file, where, data, "names", table_id)
            mark = self.mark(file, where, data, table_id)
            rows = self.rows(file, where, data, table_id)
            if table_id is None or names is None or mark is None or rows is None:
                continue
            tables[table_id] = Table(table_id, names, rows, mark)
        for table_id, required in REQUIRED_ROWS.items():
            if table_id not in tables:
                if not any(p.file.endswith(file) for p in self.problems):
                    self.fail(file, "table", _("the table {id} is missing").format(id=table_id))
                continue
            missing = required - set(tables[table_id].row_ids)
            if missing:
                self.fail(
                    file,
                    f"table.{table_id}.row",
                    _("the rows {ids} are missing").format(ids=", ".join(sorted(missing))),
                    table_id,
                )

        ships: dict[str, Ship] = {}
        for ship_id, where, data in self.each(file, doc, "ship", {"id", "names", "translated"} | MARK_FIELDS):
            names = self.words(file, where, data, "names", ship_id)
            mark = self.mark(file, where, data, ship_id)
            if ship_id is not None and names is not None and mark is not None:
                ships[ship_id] = Ship(ship_id, names, mark)

        enigma_roll = None
        data = self.table(file, doc, "enigma_roll")
        if data:
            where = "enigma_roll"
            self.only(
                file, where, data, {"solved_on", "consequences_on", "ship_bonus", "bonus_ships"} | MARK_FIELDS, None
            )
            solved = self.faces(file, where, data, "solved_on", None)
            consequences = self.faces(file, where, data, "consequences_on", None)
            bonus = self.integer(file, where, data, "ship_bonus", None, 0, 5)
            bonus_ships = data.get("bonus_ships")
            if not isinstance(bonus_ships, list) or not all(isinstance(s, str) for s in bonus_ships):
                self.fail(file, f"{where}.bonus_ships", _("expected a list of ship ids"))
                bonus_ships = None
            mark = self.mark(file, where, data, None)
            if set(solved) & set(consequences):
                self.fail(file, f"{where}.consequences_on", _("a total cannot both solve and bring consequences"))
            if solved and consequences and bonus is not None and bonus_ships is not None and mark is not None:
                enigma_roll = EnigmaRoll(solved, consequences, bonus, tuple(bonus_ships), mark)

        diplomacy = None
        data = self.table(file, doc, "diplomacy")
        if data:
            where = "diplomacy"
            self.only(file, where, data, {"joins_at", "never_on"} | MARK_FIELDS, None)
            joins_at = self.integer(file, where, data, "joins_at", None, 1, 12)
            never_on = self.faces(file, where, data, "never_on", None)
            mark = self.mark(file, where, data, None)
            if joins_at is not None and never_on and mark is not None:
                diplomacy = Diplomacy(joins_at, never_on, mark)
        return tables, ships, enigma_roll, diplomacy

    def rows(self, file: str, where: str, data: Mapping[str, Any], table_id: str | None) -> tuple[Row, ...] | None:
        raw = data.get("row")
        if not isinstance(raw, list) or not raw or not all(isinstance(r, Mapping) for r in raw):
            self.fail(file, f"{where}.row", _("expected one or more [[table.row]] tables"), table_id)
            return None
        rows: list[Row] = []
        covered: list[int] = []
        ids: list[str | None] = []
        for i, row in enumerate(raw):
            row_where = f"{where}.row[{i}]"
            row_id = self.ident(file, row_where, row)
            ids.append(row_id)
            self.only(file, row_where, row, {"id", "faces", "names", "revenue"}, table_id)
            faces = self.faces(file, row_where, row, "faces", table_id)
            names = self.words(file, row_where, {**row, "translated": data.get("translated", [])}, "names", table_id)
            revenue = self.integer(file, row_where, row, "revenue", table_id, 0, 10) if "revenue" in row else 0
            covered.extend(faces)
            if row_id is not None and faces and names is not None and revenue is not None:
                rows.append(Row(row_id, faces, names, revenue))
        self.unique(file, f"{where}.row", ids)
        if sorted(covered) != list(DIE_FACES):
            self.fail(file, f"{where}.row", _("the rows must cover the faces 1 to 6, each once"), table_id)
            return None
        return tuple(rows) if len(rows) == len(raw) else None

    def empire(
        self, doc: Mapping[str, Any]
    ) -> tuple[Revenue | None, dict[str, Building], Victory | None, int | None, tuple[Slot, ...]]:
        file = "empire.toml"
        self.only(file, "", doc, {"revenue", "building", "victory", "setup", "slot"}, None)
        revenue = None
        data = self.table(file, doc, "revenue")
        if data:
            where = "revenue"
            self.only(
                file,
                where,
                data,
                {"homesystem", "terraformed_bonus", "colony_needed_without_minor_race"} | MARK_FIELDS,
                None,
            )
            home = self.integer(file, where, data, "homesystem", None, 0, 100)
            bonus = self.integer(file, where, data, "terraformed_bonus", None, 0, 10)
            colony = self.boolean(file, where, data, "colony_needed_without_minor_race", None)
            mark = self.mark(file, where, data, None)
            if home is not None and bonus is not None and colony is not None and mark is not None:
                revenue = Revenue(home, bonus, colony, mark)

        buildings: dict[str, Building] = {}
        fields = {"id", "names", "translated", "max_per_system", "not_on_minor_race"} | MARK_FIELDS
        for building_id, where, data in self.each(file, doc, "building", fields):
            names = self.words(file, where, data, "names", building_id)
            most = self.integer(file, where, data, "max_per_system", building_id, 1, 1)
            not_on_minor = (
                self.boolean(file, where, data, "not_on_minor_race", building_id)
                if "not_on_minor_race" in data
                else False
            )
            mark = self.mark(file, where, data, building_id)
            if building_id is None or names is None or most is None or not_on_minor is None or mark is None:
                continue
            buildings[building_id] = Building(building_id, names, most, not_on_minor, mark)
        missing = REQUIRED_BUILDINGS - set(buildings)
        if missing and not any(p.field.startswith("building") for p in self.problems):
            self.fail(file, "building", _("the buildings {ids} are missing").format(ids=", ".join(sorted(missing))))

        victory = None
        data = self.table(file, doc, "victory")
        if data:
            self.only(file, "victory", data, {"over_percent"} | MARK_FIELDS, None)
            percent = self.integer(file, "victory", data, "over_percent", None, 1, 99)
            mark = self.mark(file, "victory", data, None)
            if percent is not None and mark is not None:
                victory = Victory(percent, mark)

        starting_units = None
        data = self.table(file, doc, "setup")
        if data:
            self.only(file, "setup", data, {"starting_units"} | MARK_FIELDS, None)
            starting_units = self.integer(file, "setup", data, "starting_units", None, 0, 100)
            if self.mark(file, "setup", data, None) is None:
                starting_units = None

        slots: list[Slot] = []
        slot_ids: list[str | None] = []
        raw_slots = doc.get("slot", [])
        if not isinstance(raw_slots, list) or not all(isinstance(s, Mapping) for s in raw_slots):
            self.fail(file, "slot", _("expected [[slot]] tables"))
            raw_slots = []
        for i, data in enumerate(raw_slots):
            slot_id = self.ident(file, f"slot[{i}]", data)
            slot_ids.append(slot_id)
            where = f"slot.{slot_id or i}"
            self.only(file, where, data, {"id", "names", "translated", "value"} | MARK_FIELDS, slot_id)
            names = self.words(file, where, data, "names", slot_id)
            value = self.integer(file, where, data, "value", slot_id, 0, 1000) if "value" in data else None
            mark = self.mark(file, where, data, slot_id)
            if slot_id is None or names is None or mark is None:
                continue
            if (value is None) != (mark.confidence == "unknown"):
                self.fail(
                    file, f"{where}.value", _("a slot has a value exactly when its confidence is not unknown"), slot_id
                )
                continue
            slots.append(Slot(slot_id, names, value, mark, file))
        self.unique(file, "slot", slot_ids)
        return revenue, buildings, victory, starting_units, tuple(slots)

    def phases(self, doc: Mapping[str, Any]) -> tuple[Phase, ...]:
        file = "phases.toml"
        self.only(file, "", doc, {"phase"}, None)
        phases: list[Phase] = []
        for phase_id, where, data in self.each(
            file, doc, "phase", {"id", "names", "translated", "module"} | MARK_FIELDS
        ):
            names = self.words(file, where, data, "names", phase_id)
            module = self.boolean(file, where, data, "module", phase_id)
            mark = self.mark(file, where, data, phase_id)
            if phase_id is not None and names is not None and module is not None and mark is not None:
                phases.append(Phase(phase_id, names, module, mark))
        return tuple(phases)

    def readings(self, doc: Mapping[str, Any]) -> dict[str, Reading]:
        file = "readings.toml"
        self.only(file, "", doc, {"reading"}, None)
        readings: dict[str, Reading] = {}
        fields = {"id", "names", "question", "translated", "default", "choice"} | MARK_FIELDS
        for reading_id, where, data in self.each(file, doc, "reading", fields):
            names = self.words(file, where, data, "names", reading_id)
            question = self.words(file, where, data, "question", reading_id)
            mark = self.mark(file, where, data, reading_id)
            choices = self.choices(file, where, data, reading_id)
            default = data.get("default")
            if choices is not None and default not in [c.id for c in choices]:
                self.fail(file, f"{where}.default", _("expected one of the reading's choices"), reading_id)
                continue
            if mark is not None and mark.confidence != "low":
                self.fail(file, f"{where}.confidence", _("a reading is our inference: confidence low"), reading_id)
                continue
            if reading_id is None or names is None or question is None or mark is None or choices is None:
                continue
            readings[reading_id] = Reading(reading_id, names, question, choices, str(default), mark)
        for reading_id, required in REQUIRED_READINGS.items():
            if reading_id not in readings:
                if not any(p.file.endswith(file) for p in self.problems):
                    self.fail(file, "reading", _("the reading {id} is missing").format(id=reading_id))
                continue
            missing = required - set(readings[reading_id].choice_ids)
            if missing:
                self.fail(
                    file,
                    f"reading.{reading_id}.choice",
                    _("the choices {ids} are missing").format(ids=", ".join(sorted(missing))),
                    reading_id,
                )
        return readings

    def choices(
        self, file: str, where: str, data: Mapping[str, Any], reading_id: str | None
    ) -> tuple[Choice, ...] | None:
        raw = data.get("choice")
        if not isinstance(raw, list) or len(raw) < 2 or not all(isinstance(c, Mapping) for c in raw):
            self.fail(file, f"{where}.choice", _("expected two or more [[reading.choice]] tables"), reading_id)
            return None
        choices: list[Choice] = []
        ids: list[str | None] = []
        for i, choice in enumerate(raw):
            choice_where = f"{where}.choice[{i}]"
            choice_id = self.ident(file, choice_where, choice)
            ids.append(choice_id)
            self.only(file, choice_where, choice, {"id", "names"}, reading_id)
            names = self.words(
                file, choice_where, {**choice, "translated": data.get("translated", [])}, "names", reading_id
            )
            if choice_id is not None and names is not None:
                choices.append(Choice(choice_id, names))
        self.unique(file, f"{where}.choice", ids)
        return tuple(choices) if len(choices) == len(raw) else None
