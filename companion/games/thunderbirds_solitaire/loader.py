"""Reads `data/thunderbirds_solitaire/*.toml` and the player's overlay into `Definitions`, validating once.

Every problem is collected (syntax, unknown fields, wrong types, bad ids, slots beyond the counts, dangling
symbols, missing confidence marks) and raised together as one `DataError`, each naming the file, the line when it
can be found, the entry and the field. Overlay files have the shapes of the shipped ones and list only what they
add or change; see `data/thunderbirds_solitaire/README.md`.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.engine.data import files
from companion.engine.data.files import DefaultData
from companion.engine.data.files import toml_files as toml_files
from companion.engine.data.problems import Problem as AnyProblem
from companion.games.thunderbirds_solitaire.definitions import (
    KINDS,
    MARKS,
    PILOT_PLACES,
    Completeness,
    Definitions,
    DieKind,
    EmergencyCard,
    Names,
    Pilot,
    PodCard,
    Symbol,
    Text,
    ThunderbirdCard,
)
from companion.games.thunderbirds_solitaire.errors import DataError, Problem
from companion.locale import domain

_, ngettext = domain("thunderbirds_solitaire")

PACK_DIR = "thunderbirds_solitaire"
#: Tables with one entry (counts and notes), and their fields besides `confidence` and `note`.
HEADERS: Mapping[str, tuple[str, ...]] = {
    "emergency": ("basic_count", "advanced_count"),
    "pods": ("count",),
    "dice": ("count",),
    "symbols": ("complete",),
}
#: Tables of entries and their content fields (`id`, `confidence`, `translated`, `note` are every entry's).
LISTS: Mapping[str, tuple[str, ...]] = {
    "card": ("kind", "names", "symbols"),
    "pod": ("names", "ability"),
    "pilot": ("names", "start", "ability"),
    "thunderbird": ("names", "ability"),
    "symbol": ("names", "wild"),
    "die": ("names", "count", "faces"),
}
COMMON = ("id", "confidence", "translated", "note")
#: The fields an entry needs to be complete (the others are optional or always known).
NEEDED: Mapping[str, tuple[str, ...]] = {
    "card": ("kind", "names", "symbols"),
    "pod": ("names", "ability"),
    "pilot": ("names", "ability"),
    "thunderbird": ("names", "ability"),
    "symbol": ("names",),
    "die": ("names", "count", "faces"),
}
#: Tables whose entries are all shipped: the overlay completes them but adds none.
FIXED = frozenset({"pilot", "thunderbird"})
#: Set-up needs four Disasters to begin the four chains (rules excerpt, set-up E).
CHAINS = 4
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_SLOT = re.compile(r"^(basic|advanced|pod)-([0-9]+)$")


default_data_dir = functools.partial(files.default_data_dir, PACK_DIR)
default_overlay_dir = functools.partial(files.default_overlay_dir, PACK_DIR)


def slot_id(prefix: str, number: int) -> str:
    """`basic-07`, `advanced-16`, `pod-03`: slot ids are numbered from 1 with at least two digits."""
    return f"{prefix}-{number:02d}"


# --- reports ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SlotStatus:
    """How complete one entry (or one count or list) is: what `check-data --list` prints."""

    table: str  # "card", "pod", ... or a header: "emergency", "symbols", "dice"
    id: str
    completeness: Completeness
    missing: tuple[str, ...] = ()
    low: tuple[str, ...] = ()  # fields known only by our inference


@dataclass(frozen=True)
class DataReport:
    slots: tuple[SlotStatus, ...]

    def table(self, name: str) -> tuple[SlotStatus, ...]:
        return tuple(s for s in self.slots if s.table == name)

    @property
    def unknown(self) -> tuple[SlotStatus, ...]:
        return tuple(s for s in self.slots if s.completeness != "complete")


# --- reading ---------------------------------------------------------------------------------------------


def load_definitions(data_dir: Path | None = None, overlay_dir: Path | None = None) -> Definitions:
    return load_report(data_dir, overlay_dir)[0]


def load_report(data_dir: Path | None = None, overlay_dir: Path | None = None) -> tuple[Definitions, DataReport]:
    """The definitions and how complete they are; raises `DataError` with every problem found."""
    data_dir = default_data_dir() if data_dir is None else data_dir
    overlay_dir = default_overlay_dir() if overlay_dir is None else overlay_dir
    return load_files(toml_files(data_dir), toml_files(overlay_dir))


def load_files(shipped: Sequence[Path], overlay: Sequence[Path]) -> tuple[Definitions, DataReport]:
    problems: list[Problem] = []
    if not shipped:
        raise DataError([Problem(str(default_data_dir()), "", "", _("no data files found"))])
    merged = _Merged()
    for path in shipped:
        merged.add(path, problems, is_overlay=False)
    for path in overlay:
        merged.add(path, problems, is_overlay=True)
    definitions = _build(merged, problems)
    if problems:
        raise DataError(problems)
    return definitions, report(definitions)


def load_definitions_safe(
    data_dir: Path | None = None, overlay_dir: Path | None = None
) -> tuple[Definitions, tuple[AnyProblem, ...]]:
    """Shipped data plus every overlay file that still validates; a broken overlay file is skipped and its
    problems returned, so the app starts and can say which file to fix. Broken shipped data raises."""
    data_dir = default_data_dir() if data_dir is None else data_dir
    overlay_dir = default_overlay_dir() if overlay_dir is None else overlay_dir
    shipped = toml_files(data_dir)
    candidates = toml_files(overlay_dir)
    try:
        return load_files(shipped, candidates)[0], ()
    except DataError:
        pass
    accepted = accepting(shipped, candidates)
    definitions, _report = load_files(shipped, accepted)
    problems: list[AnyProblem] = []
    for rejected in (c for c in candidates if c not in accepted):
        try:
            load_files(shipped, [*accepted, rejected])
        except DataError as error:
            problems.extend(error.problems)
    return definitions, tuple(problems)


def accepting(shipped: Sequence[Path], candidates: Sequence[Path]) -> list[Path]:
    """The overlay files that load together: files may refer to each other (a card to a symbol of another
    file), so candidates are tried again while any more is accepted."""
    accepted: list[Path] = []
    remaining = list(candidates)
    progress = True
    while remaining and progress:
        progress = False
        for candidate in list(remaining):
            try:
                load_files(shipped, [*accepted, candidate])
            except DataError:
                continue
            accepted.append(candidate)
            remaining.remove(candidate)
            progress = True
    return accepted


#: The shipped data and the player's overlay (broken overlay files skipped), read once until cleared (after the
#: editor saved an overlay file).
DEFAULT = DefaultData(load_definitions_safe, PACK_DIR)
default_definitions, overlay_problems, clear_definitions_cache = DEFAULT.definitions, DEFAULT.problems, DEFAULT.clear


# --- merging the files -----------------------------------------------------------------------------------


class _Merged:
    """Every file's tables merged in order: later files add entries and replace fields (marks field by field),
    remembering which file and line each field came from so a problem names them."""

    def __init__(self) -> None:
        self.headers: dict[str, dict[str, Any]] = {name: {} for name in HEADERS}
        self.lists: dict[str, dict[str, dict[str, Any]]] = {name: {} for name in LISTS}
        self.origin: dict[tuple[str, str, str], tuple[str, int | None]] = {}
        self.sources: list[str] = []

    def add(self, path: Path, problems: list[Problem], is_overlay: bool) -> None:
        name = str(path)
        try:
            text = path.read_text(encoding="utf-8")
            doc = tomllib.loads(text)
        except OSError as error:
            problems.append(Problem(name, "", "", _("cannot read the file ({error})").format(error=error.strerror)))
            return
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
            problems.append(Problem(name, "", "", _("invalid TOML: {error}").format(error=error)))
            return
        self.sources.append(name)
        lines = text.splitlines()
        for table, value in doc.items():
            if table in HEADERS:
                if not isinstance(value, dict):
                    problems.append(Problem(name, "", table, _("expected a table [{table}]").format(table=table)))
                    continue
                self._header(name, lines, table, value, problems)
            elif table in LISTS:
                if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
                    problems.append(
                        Problem(name, "", table, _("expected entries written [[{table}]]").format(table=table))
                    )
                    continue
                seen: set[str] = set()
                for item in value:
                    self._entry(name, lines, table, item, seen, problems, is_overlay)
            else:
                problems.append(
                    Problem(
                        name,
                        "",
                        table,
                        _("unknown table; expected one of {tables}").format(tables=", ".join([*HEADERS, *LISTS])),
                    )
                )

    def _header(self, name: str, lines: list[str], table: str, value: dict[str, Any], problems: list[Problem]) -> None:
        allowed = (*HEADERS[table], "confidence", "note")
        target = self.headers[table]
        for key, item in value.items():
            line = _line(lines, f"[{table}]", key)
            if key not in allowed:
                problems.append(Problem(name, table, key, _unknown_field(allowed), line))
                continue
            if key == "confidence" and isinstance(item, dict):
                target.setdefault("confidence", {}).update(item)
                for field_name in item:
                    self.origin[(table, "", f"confidence.{field_name}")] = (name, line)
            else:
                target[key] = item
            self.origin[(table, "", key)] = (name, line)
        _check_marks(name, lines, table, "", value, HEADERS[table], problems, f"[{table}]")

    def _entry(
        self,
        name: str,
        lines: list[str],
        table: str,
        item: dict[str, Any],
        seen: set[str],
        problems: list[Problem],
        is_overlay: bool,
    ) -> None:
        entry_id = item.get("id")
        if not isinstance(entry_id, str) or not _ID.fullmatch(entry_id):
            problems.append(
                Problem(
                    name,
                    "",
                    f"{table}.id",
                    _("every entry needs an id of lower-case letters, digits and dashes, got {got}").format(
                        got=repr(entry_id)
                    ),
                    _line(lines, f"[[{table}]]", "id"),
                )
            )
            return
        anchor = f'id = "{entry_id}"'
        if entry_id in seen:
            problems.append(Problem(name, entry_id, "id", _("listed twice in this file"), _line(lines, anchor, None)))
            return
        seen.add(entry_id)
        allowed = (*COMMON, *LISTS[table])
        for key in item:
            if key not in allowed:
                problems.append(Problem(name, entry_id, key, _unknown_field(allowed), _line(lines, anchor, key)))
        entries = self.lists[table]
        if entry_id not in entries and is_overlay and table in FIXED:
            problems.append(
                Problem(
                    name,
                    entry_id,
                    "id",
                    _("there is no {table} called {id}: the overlay completes these entries but adds none").format(
                        table=table, id=entry_id
                    ),
                    _line(lines, anchor, None),
                )
            )
            return
        _check_marks(name, lines, table, entry_id, item, LISTS[table], problems, anchor)
        target = entries.setdefault(entry_id, {"id": entry_id})
        self.origin[(table, entry_id, "id")] = (name, _line(lines, anchor, None))
        for key, value in item.items():
            if key not in allowed or key == "id":
                continue
            if key == "confidence" and isinstance(value, dict):
                target.setdefault("confidence", {}).update(value)
            else:
                target[key] = value
            self.origin[(table, entry_id, key)] = (name, _line(lines, anchor, key))


def _unknown_field(allowed: Sequence[str]) -> str:
    return _("unknown field; expected one of {fields}").format(fields=", ".join(allowed))


def _check_marks(
    name: str,
    lines: list[str],
    table: str,
    entry_id: str,
    item: Mapping[str, Any],
    content: Sequence[str],
    problems: list[Problem],
    anchor: str,
) -> None:
    """In each file, every fact an entry gives carries its confidence mark, and every mark a fact."""
    marks = item.get("confidence", {})
    line = _line(lines, anchor, "confidence")
    if not isinstance(marks, dict):
        problems.append(Problem(name, entry_id or table, "confidence", _("expected a table of marks"), line))
        return
    for key in content:
        if key in item and key not in marks:
            problems.append(
                Problem(
                    name,
                    entry_id or table,
                    "confidence",
                    _("{field} has no confidence mark; give one of {marks}").format(field=key, marks=", ".join(MARKS)),
                    _line(lines, anchor, key),
                )
            )
    for key, mark in marks.items():
        if key not in content:
            problems.append(
                Problem(
                    name,
                    entry_id or table,
                    f"confidence.{key}",
                    _("a mark for a field this entry cannot have"),
                    line,
                )
            )
        elif key not in item:
            problems.append(
                Problem(name, entry_id or table, f"confidence.{key}", _("a mark for a fact that is not given"), line)
            )
        elif mark not in MARKS:
            problems.append(
                Problem(
                    name,
                    entry_id or table,
                    f"confidence.{key}",
                    _("unknown mark {got}; expected one of {marks}").format(got=repr(mark), marks=", ".join(MARKS)),
                    line,
                )
            )


def _line(lines: list[str], anchor: str, key: str | None) -> int | None:
    """The line (1-based) of `key` in the entry that starts at the line holding `anchor`, best effort."""
    start = next((i for i, text in enumerate(lines) if anchor in text.replace("'", '"')), None)
    if start is None:
        return None
    if key is None:
        return start + 1
    pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
    for i in range(start, len(lines)):
        if i > start and lines[i].lstrip().startswith("["):
            break
        if pattern.match(lines[i]):
            return i + 1
    return start + 1


# --- building and checking -------------------------------------------------------------------------------


class _Checker:
    """Reads typed values from the merged tables, adding a problem (at the field's file and line) when wrong."""

    def __init__(self, merged: _Merged, problems: list[Problem]) -> None:
        self.merged = merged
        self.problems = problems

    def fail(self, table: str, entry: str, key: str, message: str) -> None:
        file, line = self.merged.origin.get((table, entry, key), ("", None))
        self.problems.append(Problem(file, entry or table, key, message, line))

    def count(self, table: str, entry: str, key: str, value: Any, low: int) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            self.fail(
                table,
                entry,
                key,
                _("expected a whole number of at least {low}, got {got}").format(low=low, got=repr(value)),
            )
            return None
        return value

    def flag(self, table: str, entry: str, key: str, value: Any) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            self.fail(table, entry, key, _("expected true or false, got {got}").format(got=repr(value)))
            return False
        return value

    def words(self, table: str, entry: str, key: str, value: Any) -> tuple[str | None, str | None] | None:
        if value is None:
            return None
        if not isinstance(value, dict) or not value or set(value) - {"en", "fr"}:
            self.fail(table, entry, key, _('expected {{ en = "...", fr = "..." }} with at least one language').format())
            return None
        texts = {k: v for k, v in value.items()}
        if not all(isinstance(v, str) and v.strip() for v in texts.values()):
            self.fail(table, entry, key, _("a text may not be empty; leave the language out instead"))
            return None
        return texts.get("en"), texts.get("fr")

    def symbol_list(
        self, table: str, entry: str, key: str, value: Any, known: Mapping[str, Any], empty_ok: bool
    ) -> tuple[str, ...] | None:
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or (not value and not empty_ok):
            message = _("expected a list of symbol ids") if empty_ok else _("expected a list of one or more symbol ids")
            self.fail(table, entry, key, message)
            return None
        strangers = [v for v in value if v not in known]
        if strangers:
            self.fail(
                table,
                entry,
                key,
                _("unknown symbol {got}; add it to the symbols first (known: {known})").format(
                    got=", ".join(strangers), known=", ".join(known)
                ),
            )
            return None
        return tuple(value)

    def translated(self, table: str, entry: str, value: Any) -> frozenset[str]:
        if value is None:
            return frozenset()
        if not isinstance(value, list) or not set(value) <= {"en", "fr"}:
            self.fail(table, entry, "translated", _('expected a list of languages, e.g. ["fr"]'))
            return frozenset()
        return frozenset(value)

    def note(self, table: str, entry: str, value: Any) -> str:
        if value is None:
            return ""
        if not isinstance(value, str):
            self.fail(table, entry, "note", _("expected text"))
            return ""
        return value.strip()

    def common(self, table: str, entry: str, raw: Mapping[str, Any], *texts: str) -> dict[str, Any]:
        """What every entry has (its id, marks, translated languages, note and names) with its printed `texts`
        (an ability), read names first and the note last, as the problems are listed."""
        names = self.words(table, entry, "names", raw.get("names"))
        printed = {key: self.words(table, entry, key, raw.get(key)) for key in texts}
        return {
            "id": entry,
            "marks": dict(raw.get("confidence") or {}),
            "translated": self.translated(table, entry, raw.get("translated")),
            "note": self.note(table, entry, raw.get("note")),
            "names": None if names is None else Names(*names),
            **{key: None if text is None else Text(*text) for key, text in printed.items()},
        }


def _build(merged: _Merged, problems: list[Problem]) -> Definitions:
    check = _Checker(merged, problems)
    headers = merged.headers
    for table, values in headers.items():
        if "note" in values:
            check.note(table, "", values["note"])
    emergency = headers["emergency"]
    basic_count = check.count("emergency", "", "basic_count", emergency.get("basic_count"), 1)
    advanced_count = check.count("emergency", "", "advanced_count", emergency.get("advanced_count"), 0)
    pod_count = check.count("pods", "", "count", headers["pods"].get("count"), 1)
    dice_count = check.count("dice", "", "count", headers["dice"].get("count"), 1)
    symbols_complete = check.flag("symbols", "", "complete", headers["symbols"].get("complete"))

    symbols: dict[str, Symbol] = {}
    for entry_id, raw in merged.lists["symbol"].items():
        symbols[entry_id] = Symbol(
            **check.common("symbol", entry_id, raw), wild=check.flag("symbol", entry_id, "wild", raw.get("wild"))
        )

    cards = _cards(merged, check, basic_count, advanced_count, symbols)
    pods = _pods(merged, check, pod_count)
    pilots: dict[str, Pilot] = {}
    for entry_id, raw in merged.lists["pilot"].items():
        start = raw.get("start", "thunderbirds")
        if start not in PILOT_PLACES:
            check.fail("pilot", entry_id, "start", _("expected one of {places}").format(places=", ".join(PILOT_PLACES)))
            start = "thunderbirds"
        pilots[entry_id] = Pilot(**check.common("pilot", entry_id, raw, "ability"), start=start)
    thunderbirds: dict[str, ThunderbirdCard] = {}
    for entry_id, raw in merged.lists["thunderbird"].items():
        thunderbirds[entry_id] = ThunderbirdCard(**check.common("thunderbird", entry_id, raw, "ability"))
    dice: dict[str, DieKind] = {}
    for entry_id, raw in merged.lists["die"].items():
        dice[entry_id] = DieKind(
            **check.common("die", entry_id, raw),
            count=check.count("die", entry_id, "count", raw.get("count"), 1),
            faces=check.symbol_list("die", entry_id, "faces", raw.get("faces"), symbols, empty_ok=False),
        )
    described = sum(d.count or 0 for d in dice.values())
    if dice_count is not None and described > dice_count:
        check.fail(
            "dice",
            "",
            "count",
            ngettext(
                "the kinds of dice add up to {described} dice, more than the {count} in the box",
                "the kinds of dice add up to {described} dice, more than the {count} in the box",
                dice_count,
            ).format(described=described, count=dice_count),
        )
    definitions = Definitions(
        basic_count=basic_count,
        advanced_count=advanced_count,
        cards=cards,
        pod_count=pod_count,
        pods=pods,
        pilots=pilots,
        thunderbirds=thunderbirds,
        symbols=symbols,
        symbols_complete=symbols_complete,
        dice_count=dice_count,
        dice=dice,
        sources=tuple(merged.sources),
    )
    basic = definitions.deck("basic")
    if basic and all(card.kind is not None for card in basic):
        disasters = sum(1 for card in basic if card.kind == "disaster")
        if disasters < CHAINS:
            check.fail(
                "emergency",
                "",
                "basic_count",
                ngettext(
                    "the basic cards hold {count} Disaster; setting up the four chains needs four",
                    "the basic cards hold {count} Disasters; setting up the four chains needs four",
                    disasters,
                ).format(count=disasters),
            )
    return definitions


def _cards(
    merged: _Merged,
    check: _Checker,
    basic_count: int | None,
    advanced_count: int | None,
    symbols: Mapping[str, Symbol],
) -> dict[str, EmergencyCard]:
    raw_cards = merged.lists["card"]
    limits = {"basic": basic_count, "advanced": advanced_count}
    for entry_id in raw_cards:
        _check_slot(check, "card", entry_id, limits)
    cards: dict[str, EmergencyCard] = {}
    for deck in ("basic", "advanced"):
        for number in range(1, (limits[deck] or 0) + 1):
            entry_id = slot_id(deck, number)
            raw = raw_cards.get(entry_id, {})
            kind = raw.get("kind")
            if kind is not None and kind not in KINDS:
                check.fail("card", entry_id, "kind", _("expected one of {kinds}").format(kinds=", ".join(KINDS)))
                kind = None
            cards[entry_id] = EmergencyCard(
                **check.common("card", entry_id, raw),
                deck=deck,
                kind=kind,
                symbols=check.symbol_list("card", entry_id, "symbols", raw.get("symbols"), symbols, empty_ok=True),
            )
    return cards


def _pods(merged: _Merged, check: _Checker, pod_count: int | None) -> dict[str, PodCard]:
    raw_pods = merged.lists["pod"]
    for entry_id in raw_pods:
        _check_slot(check, "pod", entry_id, {"pod": pod_count})
    pods: dict[str, PodCard] = {}
    for number in range(1, (pod_count or 0) + 1):
        entry_id = slot_id("pod", number)
        raw = raw_pods.get(entry_id, {})
        pods[entry_id] = PodCard(**check.common("pod", entry_id, raw, "ability"))
    return pods


def _check_slot(check: _Checker, table: str, entry_id: str, limits: Mapping[str, int | None]) -> None:
    """A card or pod entry fills a numbered slot within its deck's count."""
    match = _SLOT.fullmatch(entry_id)
    prefix = match.group(1) if match else ""
    if match is None or prefix not in limits or slot_id(prefix, int(match.group(2))) != entry_id:
        expected = " ".join(slot_id(p, 1) for p in limits)
        check.fail(table, entry_id, "id", _("a slot id is written like {example}").format(example=expected))
        return
    limit = limits[prefix]
    number = int(match.group(2))
    if limit is None:
        check.fail(
            table,
            entry_id,
            "id",
            _("the number of {deck} cards is not known yet: enter it before completing its cards").format(deck=prefix),
        )
    elif not 1 <= number <= limit:
        check.fail(
            table,
            entry_id,
            "id",
            _("there are {count} slots ({first} to {last})").format(
                count=limit, first=slot_id(prefix, 1), last=slot_id(prefix, limit)
            ),
        )


# --- how complete ----------------------------------------------------------------------------------------


def report(definitions: Definitions) -> DataReport:
    """Every count, list and entry with what it lacks: the unknown slots the player completes from the box."""
    slots: list[SlotStatus] = []
    slots.append(_count_slot("emergency", "basic_count", definitions.basic_count))
    slots.append(_count_slot("emergency", "advanced_count", definitions.advanced_count))
    slots.append(_count_slot("pods", "count", definitions.pod_count))
    slots.append(
        SlotStatus(
            "symbols",
            "complete",
            "complete" if definitions.symbols_complete else "unknown",
            () if definitions.symbols_complete else ("list",),
        )
    )
    described = sum(d.count or 0 for d in definitions.dice.values())
    dice_known = definitions.dice_count is not None and described == definitions.dice_count
    slots.append(
        SlotStatus(
            "dice",
            "count",
            "complete" if dice_known else ("partial" if described else "unknown"),
            () if dice_known else ("kinds",),
        )
    )
    tables: tuple[tuple[str, Mapping[str, Any]], ...] = (
        ("card", definitions.cards),
        ("pod", definitions.pods),
        ("pilot", definitions.pilots),
        ("thunderbird", definitions.thunderbirds),
        ("symbol", definitions.symbols),
        ("die", definitions.dice),
    )
    for table, entries in tables:
        for entry in entries.values():
            slots.append(_entry_slot(table, entry))
    return DataReport(tuple(slots))


def _count_slot(table: str, key: str, value: int | None) -> SlotStatus:
    return SlotStatus(table, key, "unknown" if value is None else "complete", ("count",) if value is None else ())


def _entry_slot(table: str, entry: Any) -> SlotStatus:
    missing = tuple(name for name in NEEDED[table] if getattr(entry, name) is None)
    completeness: Completeness = (
        "complete" if not missing else ("unknown" if len(missing) == len(NEEDED[table]) else "partial")
    )
    low = tuple(sorted(name for name, mark in entry.marks.items() if mark == "low"))
    return SlotStatus(table, entry.id, completeness, missing, low)
