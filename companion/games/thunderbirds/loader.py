"""Reads `data/thunderbirds/*.toml` and the user overlay into `Definitions`, validating everything once.

Every problem is collected (syntax, unknown or missing fields, wrong types, duplicate ids, dangling references,
impossible values, wrong counts, a broken board graph) and raised together as one `DataError` whose problems
name the file, the card id and the field, so a café fixing its overlay sees everything at once.

Any `*.toml` file may hold any table (`[[disaster]]`, `[[region]]`, `[board]`, ...): ids must be unique per
table across all files. Overlay files have the same shape but list only the cards and fields that change; see
`data/thunderbirds/README.md`.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from companion.engine.data import files
from companion.engine.data.fields import MISSING as _MISSING
from companion.engine.data.fields import Fields
from companion.engine.data.files import KEBAB_ID as _ID
from companion.engine.data.files import OverlaidData, RawEntry, Tables, overlay_files, shipped_files
from companion.engine.data.problems import shown as _got
from companion.games.thunderbirds.definitions import (
    JOKER,
    RESCUE_TYPES,
    TOKEN_KINDS,
    Ability,
    Board,
    Bonus,
    Character,
    Completeness,
    Confidence,
    Definitions,
    Difficulty,
    DisasterCard,
    Effect,
    EventCard,
    FabCard,
    HoodTrack,
    Names,
    PieceAt,
    Pod,
    Region,
    SchemeCard,
    Source,
    Term,
    TokenKindDef,
    TokenRequirement,
    Vehicle,
)
from companion.games.thunderbirds.errors import DataError, Problem
from companion.locale import LANGUAGES, domain

_, ngettext = domain("thunderbirds")

#: Table name in the TOML files -> the word used for its entries in messages and reports.
LIST_TABLES: tuple[str, ...] = (
    "region",
    "vehicle",
    "pod",
    "character",
    "token",
    "disaster",
    "scheme",
    "event",
    "fab",
    "difficulty",
    "term",
)
SINGLE_TABLES: tuple[str, ...] = ("board", "hood_track")
TABLES: tuple[str, ...] = LIST_TABLES + SINGLE_TABLES
#: The tables the user overlay may change (the card editor's kinds, with "hood-track" spelt as its table).
OVERLAY_TABLES: frozenset[str] = frozenset({"disaster", "scheme", "event", "fab", "vehicle", "character", "hood_track"})
#: The id a single table's entry carries in messages and in the overlay API.
SINGLE_IDS: Mapping[str, str] = {"board": "board", "hood_track": "hood-track"}

EXPECTED_COUNTS: Mapping[str, int] = {
    "region": 18,
    "vehicle": 6,
    "pod": 10,
    "character": 6,
    "event": 12,
    "fab": 18,
}
DISASTER_CARDS = 39
HOOD_ADVANCES_CARDS = 8
SCHEME_CARDS = 20
SCHEME_LEVELS = (1, 2, 3, 4)
TOKENS_TOTAL = 30
REQUIRED_VEHICLES = ("tb1", "tb2", "tb3", "tb4", "tb5", "fab1")
DIFFICULTY_RANGE = (2, 20)
BONUS_RANGE = (-10, 10)

_RANK: Mapping[str, int] = {"unknown": 0, "partial": 1, "complete": 2}
CONFIDENCES: tuple[Confidence, ...] = ("high", "medium", "low")


PACK = "thunderbirds"
#: The tables of the data files, as the engine's data toolkit reads them.
SHAPE = Tables(LIST_TABLES, SINGLE_IDS, Problem)
default_data_dir = functools.partial(files.default_data_dir, PACK)
default_overlay_dir = functools.partial(files.default_overlay_dir, PACK)


# --- raw entries -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EntryStatus:
    """What check-data reports about one entry: how complete it is, what is missing, how many facts are unverified."""

    table: str
    id: str
    completeness: Completeness
    missing: tuple[str, ...]
    unverified: int
    #: The texts in our words rather than the box's: (field, confidence), e.g. ("names.fr", "low").
    translated: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class DataReport:
    entries: tuple[EntryStatus, ...]
    files: tuple[str, ...]

    def table(self, name: str) -> tuple[EntryStatus, ...]:
        return tuple(e for e in self.entries if e.table == name)


#: The two-language tables an overlay may replace whole.
_TEXT_FIELDS = ("names", "story", "text")


def _keep_translation_marks(name: str, shipped: Any, given: Any) -> Any:
    """An overlay's `names` (or `story`, `text`) replaces the shipped one, but a language whose words it leaves
    as they were keeps the shipped mark: correcting the English name does not make our French translation the
    box's. The card editor writes both languages and no marks."""
    if name not in _TEXT_FIELDS or not (isinstance(shipped, dict) and isinstance(given, dict)) or "translated" in given:
        return given
    marks = shipped.get("translated")
    if not isinstance(marks, dict):
        return given
    kept = {language: mark for language, mark in marks.items() if given.get(language) == shipped.get(language)}
    return {**given, "translated": kept} if kept else given


# --- reading fields --------------------------------------------------------------------------------------


@dataclass
class _Languages:
    """What one entry's texts lack in a language, and which of them are our translations."""

    missing: list[str] = field(default_factory=list)
    translated: list[tuple[str, str]] = field(default_factory=list)


class _Fields(Fields[Problem]):
    """Typed access to one (possibly nested) TOML table of an entry, with the texts' languages; every failure is
    reported, never raised."""

    def __init__(
        self,
        entry: RawEntry,
        problems: list[Problem],
        data: Any,
        prefix: str,
        allowed: Collection[str],
        languages: _Languages | None = None,
    ) -> None:
        self.languages = _Languages() if languages is None else languages
        super().__init__(entry, problems, Problem, data, prefix, allowed)

    def ref(self, key: str, ids: Collection[str], what: str, required: bool = True) -> str | None:
        value = self.text(key, required)
        if value is None:
            return None
        return self.check_ref(key, value, ids, what)

    def check_ref(self, key: str, value: str, ids: Collection[str], what: str) -> str | None:
        if value not in ids:
            self.problem(key, _("no {what} has the id {got}").format(what=what, got=_got(value)))
            return None
        return value

    def items(self, key: str, required: bool = True) -> list[Any] | None:
        value = self.raw(key, required)
        if value is _MISSING:
            return None
        if not isinstance(value, list):
            self.problem(key, _("expected a list, got {got}").format(got=_got(value)))
            return None
        return value

    def sub(self, key: str, value: Any, allowed: Collection[str]) -> _Fields:
        return _Fields(self.entry, self.problems, value, f"{self.path(key)}.", allowed, self.languages)

    def names(self, key: str = "names", required: bool = True) -> Names:
        """Reads {en, fr, translated}. A text missing in one language is recorded as missing (the other stands in
        until it is completed); `translated = { fr = "low" }` marks the French words as ours, with a confidence."""
        value = self.raw(key, required)
        if value is _MISSING:
            return Names("")
        sub = self.sub(key, value, ("en", "fr", "translated"))
        en = sub.text("en", required=False)
        fr = sub.text("fr", required=False)
        if not sub.ok:
            return Names("")
        if not en and not fr:
            self.problem(key, _("needs an English or a French name"))
        if en == "":
            sub.problem("en", _("leave the English name out when it is unknown, rather than empty"))
        if fr == "":
            sub.problem("fr", _("leave the French name out when it is unknown, rather than empty"))
        texts = {"en": en, "fr": fr}
        for language, text in texts.items():
            if text is None and any(texts.values()):
                self.languages.missing.append(sub.path(language))
        translated = sub.translations(texts) if sub.has("translated") else ()
        return Names(en or fr or "", fr or "", translated)

    def translations(self, texts: Mapping[str, str | None]) -> tuple[tuple[str, Confidence], ...]:
        """Reads `translated = { <language> = <confidence> }` beside the texts it marks."""
        marks = self.sub("translated", self.data["translated"], LANGUAGES)
        found: list[tuple[str, Confidence]] = []
        for language in LANGUAGES:
            confidence = marks.choice(language, CONFIDENCES, required=False)
            if confidence is None:
                continue
            if not texts.get(language):
                marks.problem(language, _("marks a translation, but there is no text in this language"))
                continue
            found.append((language, cast(Confidence, confidence)))
            self.languages.translated.append((self.path(language), confidence))
        if marks.ok and len(found) == len(LANGUAGES):
            self.problem(
                "translated", _("only one language can be a translation: the other is the text printed on the card")
            )
        return tuple(found)

    def source(self, verified_key: str = "verified", note_key: str = "note", note_required: bool = True) -> Source:
        return Source(verified=self.flag(verified_key), note=self.text(note_key, note_required, "") or "")


# --- the parse of each table -----------------------------------------------------------------------------


@dataclass
class _Ids:
    """Every id of every table, known before parsing so references can be checked in any order."""

    regions: frozenset[str]
    earth_regions: frozenset[str]
    space_regions: frozenset[str]
    vehicles: frozenset[str]
    pods: frozenset[str]
    characters: frozenset[str]
    tokens: frozenset[str]

    def pieces(self, kind: str) -> frozenset[str]:
        return {"character": self.characters, "vehicle": self.vehicles, "pod": self.pods}[kind]


class _Status:
    """Accumulates what one entry lacks, to derive its completeness."""

    def __init__(self, f: _Fields) -> None:
        self.f = f
        self.missing: list[str] = []
        self.known_any = False
        self.unverified = 0

    def need(self, name: str, present: bool) -> None:
        if present:
            self.known_any = True
        else:
            self.missing.append(name)

    def count(self, *sources: Source) -> None:
        self.unverified += sum(1 for s in sources if not s.verified)

    def finish(self, table: str, entry_id: str) -> EntryStatus:
        # A text missing in one language is missing like any field (listed first, as the names come first).
        self.missing[:0] = self.f.languages.missing
        derived: Completeness = "complete" if not self.missing else ("partial" if self.known_any else "unknown")
        declared = None
        if "completeness" in _TABLE_KEYS[table]:
            declared = self.f.choice("completeness", ("complete", "partial", "unknown"), required=False)
        result = derived
        if declared is not None:
            if _RANK[declared] > _RANK[derived]:
                self.f.problem(
                    "completeness",
                    _("says {declared} but these fields are missing: {missing}").format(
                        declared=declared, missing=", ".join(self.missing)
                    ),
                )
            else:
                result = cast(Completeness, declared)
        translated = tuple(self.f.languages.translated)
        return EntryStatus(table, entry_id, result, tuple(self.missing), self.unverified, translated)


def _parse_region(f: _Fields) -> tuple[Region, _Status]:
    st = _Status(f)
    names = f.names()
    domain = f.choice("domain", ("earth", "space"))
    st.count(f.source(note_required=False))
    return Region(f.entry.id, names, cast(Any, domain)), st


def _edges(f: _Fields, key: str, ids: Collection[str]) -> frozenset[frozenset[str]]:
    found: set[frozenset[str]] = set()
    for index, item in enumerate(f.items(key) or ()):
        where = f"{key}[{index}]"
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(isinstance(x, str) for x in item)
            or item[0] == item[1]
        ):
            f.problem(where, _("expected a pair of two different region ids, got {got}").format(got=_got(item)))
            continue
        bad = [x for x in item if x not in ids]
        if bad:
            f.problem(where, _("no region has the id {got}").format(got=_got(bad[0])))
            continue
        edge = frozenset(item)
        if edge in found:
            f.problem(where, _("duplicate edge {got}").format(got=_got(item)))
        found.add(edge)
    return frozenset(found)


def _reach(start: str, edges: Iterable[frozenset[str]]) -> set[str]:
    adjacent: dict[str, set[str]] = {}
    for edge in edges:
        a, b = tuple(edge)
        adjacent.setdefault(a, set()).add(b)
        adjacent.setdefault(b, set()).add(a)
    seen = {start}
    queue = deque([start])
    while queue:
        for nxt in adjacent.get(queue.popleft(), ()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def _parse_board(f: _Fields, regions: Sequence[Region], ids: _Ids) -> tuple[Board, _Status]:
    st = _Status(f)
    tracy = f.ref("tracy_island", ids.earth_regions, _("Earth region")) or "south-pacific"
    tb5 = f.ref("tb5_region", ids.space_regions, _("space region")) or "geo-stationary-orbit"
    earth = _edges(f, "earth_edges", ids.regions)
    path = _edges(f, "tb3_path_edges", ids.regions)
    st.count(f.source())
    for edge in earth:
        off = sorted(edge - ids.earth_regions)
        if off:
            f.problem(
                "earth_edges",
                _("the edge {edge} leaves the Earth: {region} is a space region").format(
                    edge=_got(sorted(edge)), region=off[0]
                ),
            )
    unreached = sorted(ids.earth_regions - _reach(tracy, earth))
    if earth and unreached:
        f.problem(
            "earth_edges",
            _("the Earth graph is not connected: {regions} cannot be reached from {start}").format(
                regions=", ".join(unreached), start=tracy
            ),
        )
    for edge in path:
        if edge <= ids.earth_regions:
            f.problem("tb3_path_edges", _("the edge {edge} joins two Earth regions").format(edge=_got(sorted(edge))))
    unreached = sorted(ids.space_regions - _reach(tracy, path))
    if path and unreached:
        f.problem(
            "tb3_path_edges",
            _("the Thunderbird 3 path does not connect {start} to {regions}").format(
                regions=", ".join(unreached), start=tracy
            ),
        )
    return Board(tuple(regions), earth, path, tracy_island=tracy, tb5_region=tb5), st


def _parse_vehicle(f: _Fields, ids: _Ids) -> tuple[Vehicle, _Status]:
    st = _Status(f)
    names = f.names()
    speed = f.integer("speed", 0, 10, default=0)
    seats = f.integer("seats", 1, 10, required=False)
    if seats is None:
        st.missing.append("seats")
    st.known_any = True
    seats_source = f.source("seats_verified", "seats_note")
    network = f.choice("network", ("earth", "tb3-path", "none"), default="none")
    start = f.ref("start_region", ids.regions, _("region"))
    with_john = f.ref("start_region_with_john", ids.regions, _("region"), required=False)
    carried: list[str] = []
    for index, item in enumerate(f.items("carries_vehicles", required=False) or ()):
        key = f"carries_vehicles[{index}]"
        if not isinstance(item, str):
            f.problem(key, _("expected text, got {got}").format(got=_got(item)))
        elif f.check_ref(key, item, ids.vehicles, _("vehicle")):
            carried.append(item)
    pod_capacity = f.integer("pod_capacity", 0, 10, required=False, default=0) or 0
    can_be_carried = f.flag("can_be_carried", required=False)
    st.count(seats_source, f.source())
    vehicle = Vehicle(
        f.entry.id,
        names,
        speed or 0,
        seats,
        seats_source,
        cast(Any, network),
        start or "",
        start_region_with_john=with_john,
        carries_vehicles=tuple(carried),
        pod_capacity=pod_capacity,
        can_be_carried=can_be_carried,
    )
    return vehicle, st


def _parse_pod(f: _Fields) -> tuple[Pod, _Status]:
    st = _Status(f)
    names = f.names()
    starts_built = f.flag("starts_built", required=False)
    st.count(f.source(note_required=False))
    return Pod(f.entry.id, names, starts_built=starts_built), st


_ABILITY_KEYS = ("id", "kind", "text", "known", "verified", "note", "token", "in_vehicle", "in_region")
_ABILITY_KINDS = ("draw-token-action", "exchange-token-operation", "ignore-hood-face", "unknown")


def _parse_character(f: _Fields, ids: _Ids) -> tuple[Character, _Status]:
    st = _Status(f)
    names = f.names()
    colour = f.text("colour") or ""
    start_vehicle = f.ref("start_vehicle", ids.vehicles, _("vehicle")) or ""
    rescue_type = f.choice("rescue_type", RESCUE_TYPES, required=False)
    rescue_bonus = f.integer("rescue_bonus", 0, 10, default=0) or 0
    if rescue_type is None and rescue_bonus and f.has("rescue_bonus"):
        f.problem("rescue_bonus", _("a rescue bonus needs a rescue_type"))
    bonus_source = f.source("rescue_bonus_verified", "rescue_bonus_note")
    st.count(bonus_source, f.source())
    abilities: list[Ability] = []
    seen: set[str] = set()
    for index, item in enumerate(f.items("ability", required=False) or ()):
        a = f.sub(f"ability[{index}]", item, _ABILITY_KEYS)
        if not a.ok:
            continue
        ability_id = a.text("id") or ""
        if ability_id and not _ID.fullmatch(ability_id):
            a.problem("id", _("expected a kebab-case id (a-z, 0-9 and -), got {got}").format(got=_got(ability_id)))
        elif ability_id in seen:
            a.problem("id", _("duplicate id"))
        seen.add(ability_id)
        kind = a.choice("kind", _ABILITY_KINDS, default="unknown") or "unknown"
        text = _story(a, "text")
        known = a.flag("known")
        source = a.source()
        token = a.ref("token", ids.tokens, _("token kind"), required=False)
        in_vehicle = a.ref("in_vehicle", ids.vehicles, _("vehicle"), required=False)
        in_region = a.ref("in_region", ids.regions, _("region"), required=False)
        if kind == "draw-token-action":
            if not a.has("token"):
                a.problem("token", _("missing"))
            if not (a.has("in_vehicle") or a.has("in_region")):
                a.problem("in_vehicle", _("a draw-token-action needs in_vehicle or in_region"))
        if kind == "ignore-hood-face" and not a.has("in_vehicle"):
            a.problem("in_vehicle", _("missing"))
        if known == (kind == "unknown"):
            a.problem("known", _('must be false exactly when kind is "unknown"'))
        if kind == "unknown":
            st.missing.append(f"ability.{ability_id}")
        st.count(source)
        abilities.append(
            Ability(
                ability_id,
                cast(Any, kind),
                text,
                known,
                source,
                token=cast(Any, token),
                in_vehicle=in_vehicle,
                in_region=in_region,
            )
        )
    st.known_any = True
    character = Character(
        f.entry.id, names, colour, start_vehicle, cast(Any, rescue_type), rescue_bonus, bonus_source, tuple(abilities)
    )
    return character, st


def _parse_token(f: _Fields) -> tuple[TokenKindDef, _Status]:
    st = _Status(f)
    if f.entry.id not in TOKEN_KINDS:
        f.problem(
            "id", _("expected one of {choices}, got {got}").format(choices=", ".join(TOKEN_KINDS), got=_got(f.entry.id))
        )
    names = f.names()
    count = f.integer("count", 0, 30, default=0) or 0
    st.count(f.source(note_required=False))
    return TokenKindDef(cast(Any, f.entry.id), names, count), st


_PIECE_KINDS = ("character", "vehicle", "pod")


def _piece(f: _Fields, ids: _Ids) -> tuple[str, str] | None:
    """Reads the one piece named in a bonus or requirement: `character = ...`, `vehicle = ...` or `pod = ...`."""
    given = [k for k in _PIECE_KINDS if f.has(k)]
    if len(given) != 1:
        f.problem_at(f.prefix.rstrip("."), _("name exactly one of character, vehicle or pod"))
        return None
    kind = given[0]
    what = {"character": _("character"), "vehicle": _("vehicle"), "pod": _("pod")}[kind]
    piece = f.ref(kind, ids.pieces(kind), what)
    return (kind, piece) if piece else None


def _parse_bonus(f: _Fields, ids: _Ids) -> Bonus | None:
    piece = _piece(f, ids)
    value = f.integer("value", *BONUS_RANGE)
    if value == 0:
        f.problem("value", _("a bonus of 0 changes nothing"))
    region = f.ref("region", ids.regions, _("region"), required=False)
    in_vehicle = f.ref("in_vehicle", ids.vehicles, _("vehicle"), required=False)
    if piece is None or value is None:
        return None
    return Bonus(cast(Any, piece[0]), piece[1], value, region=region, in_vehicle=in_vehicle)


def _parse_piece_at(f: _Fields, ids: _Ids, region_required: bool = True) -> PieceAt | None:
    piece = _piece(f, ids)
    region = f.ref("region", ids.regions, _("region"), required=region_required)
    if piece is None or region is None:
        return None
    return PieceAt(cast(Any, piece[0]), piece[1], region)


def _list_of(f: _Fields, key: str, allowed: Collection[str], parse: Callable[[_Fields], Any]) -> tuple[Any, ...] | None:
    items = f.items(key, required=False)
    if items is None:
        return None
    out = []
    for index, item in enumerate(items):
        sub = f.sub(f"{key}[{index}]", item, allowed)
        if sub.ok:
            parsed = parse(sub)
            if parsed is not None:
                out.append(parsed)
    return tuple(out)


_CARD_KEYS = ("id", "names", "verified", "note", "completeness")
_DISASTER_KEYS = _CARD_KEYS + (
    "kind",
    "region",
    "rescue_type",
    "difficulty",
    "bonuses",
    "rewards",
    "auto_requirements",
    "story",
)
_BONUS_KEYS = ("character", "vehicle", "pod", "value", "region", "in_vehicle")
_PIECE_AT_KEYS = ("character", "vehicle", "pod", "region")


def _story(f: _Fields, key: str = "story") -> Names:
    if not f.has(key):
        return Names("")
    return f.names(key)


def _parse_disaster(f: _Fields, ids: _Ids) -> tuple[DisasterCard, _Status]:
    st = _Status(f)
    names = f.names()
    kind = f.choice("kind", ("disaster", "hood-advances"), required=False, default="disaster") or "disaster"
    source = f.source()
    st.count(source)
    if kind == "hood-advances":
        for key in ("region", "rescue_type", "difficulty", "bonuses", "rewards", "auto_requirements"):
            if f.has(key):
                f.problem(key, _('a "The Hood Advances" card has no {field}').format(field=key))
        st.known_any = True
        card = DisasterCard(
            f.entry.id, names, "hood-advances", None, None, None, (), (), None, _story(f), source, "complete"
        )
        return card, st
    region = f.ref("region", ids.regions, _("region"), required=False)
    st.need("region", f.has("region"))
    rescue_type = f.choice("rescue_type", RESCUE_TYPES, required=False)
    difficulty = f.integer("difficulty", *DIFFICULTY_RANGE, required=False)
    auto = _list_of(f, "auto_requirements", _PIECE_AT_KEYS, lambda s: _parse_piece_at(s, ids))
    if f.has("auto_requirements"):
        st.known_any = True
        if f.has("difficulty"):
            f.problem("difficulty", _("a no-dice card (with auto_requirements) has no difficulty"))
        if not f.raw("auto_requirements", False):
            f.problem("auto_requirements", _("a no-dice card needs at least one requirement"))
    else:
        st.need("rescue_type", f.has("rescue_type"))
        st.need("difficulty", f.has("difficulty"))
    bonuses = _list_of(f, "bonuses", _BONUS_KEYS, lambda s: _parse_bonus(s, ids))
    if not f.has("auto_requirements"):
        st.need("bonuses", bonuses is not None)
    rewards: list[str] | None = None
    raw_rewards = f.items("rewards", required=False)
    st.need("rewards", raw_rewards is not None)
    if raw_rewards is not None:
        rewards = []
        for index, reward in enumerate(raw_rewards):
            key = f"rewards[{index}]"
            if not isinstance(reward, str):
                f.problem(key, _("expected text, got {got}").format(got=_got(reward)))
            elif f.check_ref(key, reward, ids.tokens | {JOKER}, _("token kind")):
                rewards.append(reward)
    card = DisasterCard(
        f.entry.id,
        names,
        "disaster",
        region,
        cast(Any, rescue_type),
        difficulty,
        tuple(bonuses or ()),
        tuple(rewards) if rewards is not None else None,
        auto,
        _story(f),
        source,
        "complete",
    )
    return card, st


_SCHEME_KEYS = _CARD_KEYS + ("level", "regions", "tokens", "pieces", "story")
_TOKEN_REQ_KEYS = ("kind", "count", "region")


def _parse_scheme(f: _Fields, ids: _Ids) -> tuple[SchemeCard, _Status]:
    st = _Status(f)
    names = f.names()
    level = f.integer("level", min(SCHEME_LEVELS), max(SCHEME_LEVELS), default=1) or 1
    regions: list[str] = []
    for index, item in enumerate(f.items("regions", required=False) or ()):
        key = f"regions[{index}]"
        if not isinstance(item, str):
            f.problem(key, _("expected text, got {got}").format(got=_got(item)))
        elif f.check_ref(key, item, ids.regions, _("region")):
            regions.append(item)
    st.need("regions", bool(f.raw("regions", False) not in (_MISSING, [])))

    def token(sub: _Fields) -> TokenRequirement | None:
        kind = sub.ref("kind", ids.tokens, _("token kind"), required=False)
        count = sub.integer("count", 1, TOKENS_TOTAL)
        region = sub.ref("region", ids.regions, _("region"), required=False)
        if region is not None and regions and region not in regions:
            sub.problem("region", _("{region} is not one of the card's regions").format(region=region))
        if not sub.has("kind"):
            st.missing.append(f"{sub.prefix}kind")
        if not sub.has("region"):
            st.missing.append(f"{sub.prefix}region")
        return None if count is None else TokenRequirement(cast(Any, kind), count, region)

    tokens = _list_of(f, "tokens", _TOKEN_REQ_KEYS, token)
    st.need("tokens", tokens is not None)
    pieces = _list_of(f, "pieces", _PIECE_AT_KEYS, lambda s: _parse_piece_at(s, ids))
    st.need("pieces", pieces is not None)
    source = f.source()
    st.count(source)
    card = SchemeCard(f.entry.id, names, level, tuple(regions), tokens, pieces, _story(f), source, "complete")
    return card, st


_EFFECT_KEYS = ("kind", "value", "rescue_type", "vehicle", "domain", "edges", "until")
_EFFECT_KINDS = (
    "rescue-modifier",
    "speed-limit",
    "draw-disaster",
    "block-edges",
    "move-vehicle",
    "move-hood",
    "draw-fab",
)
_LASTING = ("rescue-modifier", "speed-limit", "block-edges")


def _parse_effect(f: _Fields, ids: _Ids, board_edges: frozenset[frozenset[str]]) -> Effect | None:
    kind = f.choice("kind", _EFFECT_KINDS)
    value = 0
    if kind == "rescue-modifier":
        value = f.integer("value", *BONUS_RANGE, default=0) or 0
        if f.has("value") and value == 0:
            f.problem("value", _("a modifier of 0 changes nothing"))
    elif kind == "speed-limit":
        value = f.integer("value", 0, 10, default=0) or 0
    elif kind == "draw-disaster":
        value = f.integer("value", 1, 10, default=1) or 1
    elif kind in ("move-hood", "draw-fab"):
        value = f.integer("value", 1, 5, default=1) or 1
    elif f.has("value"):
        f.problem("value", _("a {kind} effect takes no value").format(kind=kind))
    rescue_type = f.choice("rescue_type", RESCUE_TYPES, required=False)
    vehicle = f.ref("vehicle", ids.vehicles, _("vehicle"), required=kind in ("speed-limit", "move-vehicle"))
    domain = f.choice("domain", ("earth", "space"), required=kind == "move-vehicle")
    edges: list[tuple[str, str]] = []
    raw_edges = f.items("edges", required=kind == "block-edges")
    for index, item in enumerate(raw_edges or ()):
        key = f"edges[{index}]"
        if not isinstance(item, list) or len(item) != 2 or not all(isinstance(x, str) for x in item):
            f.problem(key, _("expected a pair of region ids, got {got}").format(got=_got(item)))
        elif frozenset(item) not in board_edges:
            f.problem(key, _("{got} is not an edge of the board").format(got=_got(item)))
        else:
            edges.append((item[0], item[1]))
    if kind == "block-edges" and raw_edges is not None and not raw_edges:
        f.problem("edges", _("a block-edges effect needs at least one edge"))
    until: Names | None = None
    if f.has("until"):
        until = f.names("until")
    if kind is None:
        return None
    return Effect(
        cast(Any, kind),
        value=value,
        rescue_type=cast(Any, rescue_type),
        vehicle=vehicle,
        domain=cast(Any, domain),
        edges=tuple(edges),
        until=until,
    )


def _effects(f: _Fields, ids: _Ids, board_edges: frozenset[frozenset[str]]) -> tuple[Effect, ...] | None:
    return _list_of(f, "effects", _EFFECT_KEYS, lambda s: _parse_effect(s, ids, board_edges))


def _parse_event(f: _Fields, ids: _Ids, board_edges: frozenset[frozenset[str]]) -> tuple[EventCard, _Status]:
    st = _Status(f)
    names = f.names()
    effects = _effects(f, ids, board_edges)
    st.need("effects", bool(effects))
    for index, effect in enumerate(effects or ()):
        if effect.kind in _LASTING and effect.until is None:
            st.missing.append(f"effects[{index}].until")
    text = _story(f, "text")
    st.need("text", bool(text.en))
    source = f.source()
    st.count(source)
    return EventCard(f.entry.id, names, effects or (), text, source, "complete"), st


def _parse_fab(f: _Fields, ids: _Ids, board_edges: frozenset[frozenset[str]]) -> tuple[FabCard, _Status]:
    st = _Status(f)
    names = f.names()
    effects = _effects(f, ids, board_edges)
    st.need("effects", bool(effects))
    timing = f.choice("timing", ("before-roll", "any-time"), required=False)
    st.need("timing", timing is not None)
    any_turn = f.flag("any_turn", required=False, default=True)
    text = _story(f, "text")
    st.need("text", bool(text.en))
    source = f.source()
    st.count(source)
    return FabCard(f.entry.id, names, effects or (), cast(Any, timing), any_turn, text, source, "complete"), st


def _spaces(f: _Fields, key: str, length: int) -> tuple[int, ...]:
    out: list[int] = []
    for index, item in enumerate(f.items(key) or ()):
        value = f.check_integer(f"{key}[{index}]", item, 1, max(length - 1, 1))
        if value is not None:
            if out and value <= out[-1]:
                f.problem(f"{key}[{index}]", _("spaces must be in increasing order, got {got}").format(got=value))
            out.append(value)
    return tuple(out)


def _parse_hood_track(f: _Fields) -> tuple[HoodTrack, _Status]:
    st = _Status(f)
    length = f.integer("length", 2, 60, default=15) or 15
    events = _spaces(f, "event_spaces", length)
    schemes = _spaces(f, "scheme_spaces", length)
    for space in sorted(set(events) & set(schemes)):
        f.problem("scheme_spaces", _("space {space} holds both an event and a scheme").format(space=space))
    source = f.source()
    st.count(source)
    st.known_any = True
    return HoodTrack(length, events, schemes, source), st


def _parse_difficulty(f: _Fields) -> tuple[Difficulty, _Status]:
    st = _Status(f)
    names = f.names()
    levels: list[int] = []
    raw_levels = f.items("scheme_levels") or ()
    if f.has("scheme_levels") and len(raw_levels) != 3:
        f.problem("scheme_levels", _("expected 3 scheme levels, got {got}").format(got=_got(raw_levels)))
    for index, item in enumerate(raw_levels):
        value = f.check_integer(f"scheme_levels[{index}]", item, min(SCHEME_LEVELS), max(SCHEME_LEVELS))
        if value is not None:
            if levels and value <= levels[-1]:
                f.problem(
                    f"scheme_levels[{index}]", _("levels must be in increasing order, got {got}").format(got=value)
                )
            levels.append(value)
    events = f.integer("events", 0, 12, default=0) or 0
    win_points = f.integer("win_points", 0, 10_000, default=0) or 0
    st.count(f.source(note_required=False))
    padded = (tuple(levels) + (1, 1, 1))[:3]
    return Difficulty(f.entry.id, names, cast(Any, padded), events, win_points), st


def _parse_term(f: _Fields) -> tuple[Term, _Status]:
    """A glossary entry: the term in each language, the variants never to write instead, and the phrases the
    cards print with such a variant (kept as printed in card texts)."""
    st = _Status(f)
    names = f.names()
    rejected = _phrases(f, "rejected", names)
    printed = _phrases(f, "printed", Names(""))
    for language, phrases in printed.items():
        for index, phrase in enumerate(phrases):
            if not any(variant.casefold() in phrase.casefold() for variant in rejected[language]):
                f.problem(
                    f"printed.{language}[{index}]",
                    _("{got} holds none of the rejected variants").format(got=_got(phrase)),
                )
    st.known_any = True
    source = f.source()
    st.count(source)
    return Term(f.entry.id, names, rejected, printed, source), st


def _first_lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _phrases(f: _Fields, key: str, term: Names) -> dict[str, tuple[str, ...]]:
    """Reads `key = { en = [...], fr = [...] }`: phrases per language, none of them part of the term itself."""
    found: dict[str, tuple[str, ...]] = {language: () for language in LANGUAGES}
    if not f.has(key):
        return found
    lists = f.sub(key, f.data[key], LANGUAGES)
    for language in LANGUAGES:
        # Only the first letter's case is free ("le Hood" is "Le Hood"): "carte catastrophe" is not the term
        # "carte Catastrophe".
        own = _first_lower(term.fr if language == "fr" else term.en)
        phrases: list[str] = []
        for index, item in enumerate(lists.items(language, required=False) or ()):
            where = f"{language}[{index}]"
            if not isinstance(item, str) or not item.strip():
                lists.problem(where, _("expected text, got {got}").format(got=_got(item)))
            elif own and _first_lower(item) in own:
                lists.problem(where, _("{got} is part of the term itself").format(got=_got(item)))
            else:
                phrases.append(item)
        found[language] = tuple(phrases)
    return found


_TABLE_KEYS: Mapping[str, tuple[str, ...]] = {
    "region": ("id", "names", "domain", "verified", "note"),
    "board": ("tracy_island", "tb5_region", "earth_edges", "tb3_path_edges", "verified", "note"),
    "vehicle": (
        "id",
        "names",
        "speed",
        "seats",
        "seats_verified",
        "seats_note",
        "network",
        "start_region",
        "start_region_with_john",
        "carries_vehicles",
        "pod_capacity",
        "can_be_carried",
        "verified",
        "note",
    ),
    "pod": ("id", "names", "starts_built", "verified", "note"),
    "character": (
        "id",
        "names",
        "colour",
        "start_vehicle",
        "rescue_type",
        "rescue_bonus",
        "rescue_bonus_verified",
        "rescue_bonus_note",
        "ability",
        "verified",
        "note",
    ),
    "token": ("id", "names", "count", "verified", "note"),
    "disaster": _DISASTER_KEYS,
    "scheme": _SCHEME_KEYS,
    "event": _CARD_KEYS + ("effects", "text"),
    "fab": _CARD_KEYS + ("effects", "timing", "any_turn", "text"),
    "hood_track": ("length", "event_spaces", "scheme_spaces", "verified", "note", "completeness"),
    "difficulty": ("id", "names", "scheme_levels", "events", "win_points", "verified", "note"),
    "term": ("id", "names", "rejected", "printed", "verified", "note"),
}


# --- the whole load --------------------------------------------------------------------------------------


def _table_file(entries: Mapping[str, RawEntry], fallback: str) -> str:
    files = sorted({e.file for e in entries.values()})
    return ", ".join(files) if files else fallback


def build(
    tables: dict[str, dict[str, RawEntry]], problems: list[Problem], sources: Sequence[str]
) -> tuple[Definitions, DataReport]:
    """Parses the merged raw entries into `Definitions`, cross-checks them, and reports each entry's status."""
    statuses: list[EntryStatus] = []

    def fields(entry: RawEntry) -> _Fields:
        return _Fields(entry, problems, entry.data, "", _TABLE_KEYS[entry.table])

    def parse_all(table: str, parse: Callable[[_Fields], tuple[Any, _Status]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for entry_id, entry in tables[table].items():
            f = fields(entry)
            obj, st = parse(f)
            status = st.finish(table, entry_id)
            statuses.append(status)
            if hasattr(obj, "completeness"):
                obj = _with_completeness(obj, status.completeness)
            out[entry_id] = obj
        return out

    raw_regions = tables["region"]
    domains = {rid: e.data.get("domain") for rid, e in raw_regions.items()}
    ids = _Ids(
        regions=frozenset(raw_regions),
        earth_regions=frozenset(r for r, d in domains.items() if d == "earth"),
        space_regions=frozenset(r for r, d in domains.items() if d == "space"),
        vehicles=frozenset(tables["vehicle"]),
        pods=frozenset(tables["pod"]),
        characters=frozenset(tables["character"]),
        tokens=frozenset(tables["token"]),
    )
    regions = parse_all("region", _parse_region)
    if "board" not in tables["board"]:
        problems.append(Problem("board.toml", "", "board", _("missing: no file has a [board] table")))
        tables["board"]["board"] = RawEntry("board", "board", "board.toml", {})
    board_entry = tables["board"]["board"]
    board, board_status = _parse_board(fields(board_entry), tuple(regions.values()), ids)
    statuses.append(board_status.finish("board", "board"))
    tokens = parse_all("token", _parse_token)
    pods = parse_all("pod", _parse_pod)
    vehicles = parse_all("vehicle", lambda f: _parse_vehicle(f, ids))
    characters = parse_all("character", lambda f: _parse_character(f, ids))
    disasters = parse_all("disaster", lambda f: _parse_disaster(f, ids))
    schemes = parse_all("scheme", lambda f: _parse_scheme(f, ids))
    all_edges = board.earth_edges | board.tb3_path_edges
    events = parse_all("event", lambda f: _parse_event(f, ids, all_edges))
    fabs = parse_all("fab", lambda f: _parse_fab(f, ids, all_edges))
    if not tables["hood_track"]:
        problems.append(Problem("hood_track.toml", "", "hood_track", _("missing: no file has a [hood_track] table")))
        tables["hood_track"]["hood-track"] = RawEntry("hood_track", "hood-track", "hood_track.toml", {})
    track_entry = next(iter(tables["hood_track"].values()))
    hood_track, track_status = _parse_hood_track(fields(track_entry))
    statuses.append(track_status.finish("hood_track", "hood-track"))
    difficulties = parse_all("difficulty", _parse_difficulty)
    glossary = parse_all("term", _parse_term)

    _cross_check(
        tables, problems, board, vehicles, characters, tokens, disasters, schemes, hood_track, difficulties, ids
    )
    definitions = Definitions(
        board=board,
        vehicles=vehicles,
        pods=pods,
        characters=characters,
        tokens=tokens,
        disasters=disasters,
        schemes=schemes,
        events=events,
        fabs=fabs,
        hood_track=hood_track,
        difficulties=difficulties,
        glossary=glossary,
        sources=tuple(sources),
    )
    return definitions, DataReport(tuple(statuses), tuple(sources))


def _with_completeness(card: Any, completeness: Completeness) -> Any:
    return dataclasses.replace(card, completeness=completeness)


def _cross_check(
    tables: Mapping[str, Mapping[str, RawEntry]],
    problems: list[Problem],
    board: Board,
    vehicles: Mapping[str, Vehicle],
    characters: Mapping[str, Character],
    tokens: Mapping[str, TokenKindDef],
    disasters: Mapping[str, DisasterCard],
    schemes: Mapping[str, SchemeCard],
    hood_track: HoodTrack,
    difficulties: Mapping[str, Difficulty],
    ids: _Ids,
) -> None:
    """The checks that need several tables at once: counts, start places, seats, carrying, track layout."""

    def table_problem(table: str, fallback: str, message: str, entry_id: str = "", path: str = "") -> None:
        entry = tables[table].get(entry_id) if entry_id else None
        file = entry.file_of(path) if entry and path else _table_file(tables[table], fallback)
        problems.append(Problem(file, entry_id, path, message))

    for table, expected in EXPECTED_COUNTS.items():
        got = len(tables[table])
        if got != expected:
            table_problem(
                table,
                f"{table}s.toml",
                _("expected {expected} {table} entries, found {got}").format(expected=expected, table=table, got=got),
            )
    for vehicle_id in REQUIRED_VEHICLES:
        if vehicle_id not in vehicles:
            table_problem("vehicle", "vehicles.toml", _("the vehicle {id} is missing").format(id=vehicle_id))
    missing_kinds = [k for k in TOKEN_KINDS if k not in tokens]
    if missing_kinds:
        table_problem("token", "tokens.toml", _("token kinds missing: {kinds}").format(kinds=", ".join(missing_kinds)))
    total = sum(t.count for t in tokens.values())
    if total != TOKENS_TOTAL:
        table_problem(
            "token",
            "tokens.toml",
            _("expected {expected} tokens in all, found {got}").format(expected=TOKENS_TOTAL, got=total),
        )
    hood = sum(1 for c in disasters.values() if c.kind == "hood-advances")
    plain = len(disasters) - hood
    if plain != DISASTER_CARDS or hood != HOOD_ADVANCES_CARDS:
        table_problem(
            "disaster",
            "disasters.toml",
            _(
                'expected {disasters} disaster cards and {hood} "The Hood Advances" cards, found {got_d} and {got_h}'
            ).format(disasters=DISASTER_CARDS, hood=HOOD_ADVANCES_CARDS, got_d=plain, got_h=hood),
        )
    if len(schemes) != SCHEME_CARDS:
        table_problem(
            "scheme",
            "schemes.toml",
            _("expected {expected} scheme cards, found {got}").format(expected=SCHEME_CARDS, got=len(schemes)),
        )
    levels = {c.level for c in schemes.values()}
    for level in SCHEME_LEVELS:
        if schemes and level not in levels:
            table_problem("scheme", "schemes.toml", _("no scheme card has level {level}").format(level=level))

    path_nodes = {r for edge in board.tb3_path_edges for r in edge}
    for vehicle in vehicles.values():
        for key in ("start_region", "start_region_with_john"):
            region = getattr(vehicle, key)
            if not region or region not in ids.regions:
                continue
            fits = (
                vehicle.network == "none"
                or (vehicle.network == "earth" and region in ids.earth_regions)
                or (vehicle.network == "tb3-path" and region in path_nodes)
            )
            if not fits:
                table_problem(
                    "vehicle",
                    "vehicles.toml",
                    _("{region} is not on this vehicle's network ({network})").format(
                        region=region, network=vehicle.network
                    ),
                    vehicle.id,
                    key,
                )
        for carried in vehicle.carries_vehicles:
            if carried in vehicles and not vehicles[carried].can_be_carried:
                table_problem(
                    "vehicle",
                    "vehicles.toml",
                    _("{id} cannot be carried (can_be_carried is false)").format(id=carried),
                    vehicle.id,
                    "carries_vehicles",
                )
    starting: dict[str, list[str]] = {}
    for character in characters.values():
        starting.setdefault(character.start_vehicle, []).append(character.id)
    for vehicle_id, riders in starting.items():
        boarded = vehicles.get(vehicle_id)
        if boarded is not None and boarded.seats is not None and len(riders) > boarded.seats:
            table_problem(
                "vehicle",
                "vehicles.toml",
                _("{n} characters start in it ({riders}) but it has {seats} seats").format(
                    n=len(riders), riders=", ".join(riders), seats=boarded.seats
                ),
                vehicle_id,
                "seats",
            )

    for difficulty in difficulties.values():
        if difficulty.events != len(hood_track.event_spaces):
            table_problem(
                "difficulty",
                "difficulties.toml",
                _("{events} events but the Hood track has {slots} event spaces").format(
                    events=difficulty.events, slots=len(hood_track.event_spaces)
                ),
                difficulty.id,
                "events",
            )
        if len(difficulty.scheme_levels) != len(hood_track.scheme_spaces):
            table_problem(
                "difficulty",
                "difficulties.toml",
                _("{levels} scheme levels but the Hood track has {slots} scheme spaces").format(
                    levels=len(difficulty.scheme_levels), slots=len(hood_track.scheme_spaces)
                ),
                difficulty.id,
                "scheme_levels",
            )


def load_files(
    shipped: Sequence[tuple[Path, str]], overlay: Sequence[tuple[Path, str]], data_dir: Path | None = None
) -> tuple[Definitions, DataReport]:
    """Loads the given shipped and overlay files; raises `DataError` listing every problem. `data_dir` is the
    folder the shipped files were looked for in, named when there are none."""
    problems: list[Problem] = []
    if not shipped:
        where = "data/thunderbirds" if data_dir is None else str(data_dir)
        missing = data_dir is not None and not data_dir.is_dir()
        raise DataError([Problem(where, "", "", _("no such folder") if missing else _("no data files found"))])
    tables = SHAPE.collect(SHAPE.read(shipped, problems), problems)
    SHAPE.lay_over(tables, SHAPE.read(overlay, problems), problems, OVERLAY_TABLES, _keep_translation_marks)
    definitions, report = build(tables, problems, [d for _p, d in shipped] + [d for _p, d in overlay])
    if problems:
        raise DataError(problems)
    return definitions, report


def load_report(data_dir: Path | None = None, overlay_dir: Path | None = None) -> tuple[Definitions, DataReport]:
    data_dir = default_data_dir() if data_dir is None else data_dir
    overlay_dir = default_overlay_dir() if overlay_dir is None else overlay_dir
    return load_files(shipped_files(data_dir), overlay_files(overlay_dir), data_dir)


def load_definitions(data_dir: Path | None = None, overlay_dir: Path | None = None) -> Definitions:
    """The validated definitions: shipped data with the user overlay applied. Raises `DataError`."""
    return load_report(data_dir, overlay_dir)[0]


#: The definitions from the default directories, loaded once: a broken overlay file is skipped (see
#: `default_overlay_problems`) so the game always starts. `clear_definitions_cache()` after an overlay edit (the
#: overlay API does it). `load_definitions_safe(data_dir, overlay_dir)` reads other folders the same way.
DATA = OverlaidData(lambda shipped, overlay: load_files(shipped, overlay)[0], PACK)
load_definitions_safe, default_definitions, default_overlay_problems = DATA.load_safe, DATA.definitions, DATA.problems
clear_definitions_cache = DATA.clear


__all__ = [
    "DataReport",
    "default_data_dir",
    "default_overlay_dir",
    "load_definitions_safe",
    "EntryStatus",
    "clear_definitions_cache",
    "default_definitions",
    "default_overlay_problems",
    "load_definitions",
    "load_report",
]
