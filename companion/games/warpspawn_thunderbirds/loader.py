"""Reads `data/warpspawn_thunderbirds/*.toml` and the user's overlay into `Definitions`, validating everything once.

Every problem is collected and raised together as one `DataError` naming the file, the card and the field (a
TOML syntax error also names the line), so whoever fixes a file sees everything at once. Every fact carries a
confidence mark (`confidence = { field = "high" | "low" | "unknown" | "player" }`, the last for what the players
set in the data editor): a content field without one is refused.

The overlay (`user_data_dir()/overlay/warpspawn_thunderbirds/*.toml`) has the shape of the shipped files and lists
only the entries and fields that change; the shipped files are never written. A broken overlay file is skipped
and reported (`default_overlay_problems`), so the game always starts.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.engine.data import files
from companion.engine.data.fields import MISSING as _MISSING
from companion.engine.data.fields import Fields
from companion.engine.data.files import OverlaidData, RawEntry, Tables, overlay_files
from companion.engine.data.problems import shown as _got
from companion.games.warpspawn_thunderbirds.definitions import (
    CONFIDENCES,
    EFFECTS,
    PAWNS,
    THUNDERBIRDS,
    Colour,
    Definitions,
    EmergencyCard,
    Layout,
    Names,
    Numbers,
    ResponderKind,
    Solution,
    Square,
)
from companion.games.warpspawn_thunderbirds.errors import DataError, Problem
from companion.locale import domain

_, ngettext = domain("warpspawn_thunderbirds")

PACK = "warpspawn_thunderbirds"
LIST_TABLES: tuple[str, ...] = ("emergency", "responder", "colour", "layout")
SINGLE_TABLES: tuple[str, ...] = ("rules", "board")
TABLES: tuple[str, ...] = LIST_TABLES + SINGLE_TABLES
#: The rules text lists 28 emergencies and 43 Responder cards; a data file that loses one is refused.
EMERGENCY_CARDS = 28
RESPONDER_CARDS = 43
ANY_TB = "any-tb"
ANY_PAWN = "any-pawn"
SIZE_RANGE = (5, 26)

#: The tables of the data files, as the engine's data toolkit reads them (a single table goes by its own name).
SHAPE = Tables(LIST_TABLES, {name: name for name in SINGLE_TABLES}, Problem)
default_data_dir = functools.partial(files.default_data_dir, PACK)
default_overlay_dir = functools.partial(files.default_overlay_dir, PACK)


def shipped_files(data_dir: Path) -> list[tuple[Path, str]]:
    """The shipped files, each named by its path under the project's data directory."""
    return files.shipped_files(data_dir, PACK)


# --- reading fields ------------------------------------------------------------------------------------------


class _Fields(Fields[Problem]):
    """Typed reads of one entry; every failure is reported (file, card, field), never raised. A text is never
    empty, and every fact carries its confidence mark."""

    def __init__(self, entry: RawEntry, problems: list[Problem], allowed: Collection[str]) -> None:
        super().__init__(entry, problems, Problem, entry.data, "", allowed)

    def text(self, key: str, required: bool = True, default: str | None = None) -> str | None:
        if self.data.get(key) == "":
            self.problem(key, _("expected text, got {got}").format(got=_got("")))
            return default
        return super().text(key, required, default)

    def names(self) -> Names | None:
        """Both languages are required: a player reads every name in theirs."""
        value = self.raw("names")
        translated = self.raw("translated", required=False)
        if translated is _MISSING:
            translated = []
        if not isinstance(translated, list) or not all(t in ("en", "fr") for t in translated):
            self.problem(
                "translated", _("expected a list of languages (en, fr), got {got}").format(got=_got(translated))
            )
            translated = []
        if value is _MISSING:
            return None
        if not isinstance(value, dict) or set(value) != {"en", "fr"}:
            self.problem("names", _("expected {{ en = ..., fr = ... }}, got {got}").format(got=_got(value)))
            return None
        if not all(isinstance(v, str) and v.strip() for v in value.values()):
            self.problem("names", _("a name cannot be empty"))
            return None
        return Names(value["en"], value["fr"], frozenset(translated))

    def confidence(self, content: Collection[str]) -> dict[str, str]:
        """The confidence of each content field present: every one needs a mark, and no mark stands alone."""
        value = self.raw("confidence")
        if value is _MISSING:
            return {}
        if not isinstance(value, dict):
            self.problem("confidence", _("expected a table, got {got}").format(got=_got(value)))
            return {}
        marks: dict[str, str] = {}
        for key, mark in value.items():
            if mark not in CONFIDENCES:
                self.problem(
                    f"confidence.{key}",
                    _("expected one of {choices}, got {got}").format(choices=", ".join(CONFIDENCES), got=_got(mark)),
                )
            elif key not in content:
                self.problem(f"confidence.{key}", _("not a fact of this entry"))
            else:
                marks[key] = str(mark)
        for key in content:
            if key in self.data and key not in value:
                self.problem("confidence", _("no confidence mark for {field}").format(field=key))
        return marks


# --- the tables ------------------------------------------------------------------------------------------------


def _slot(f: _Fields, value: Any, where: str) -> frozenset[str] | None:
    if value == ANY_TB:
        return THUNDERBIRDS
    if value == ANY_PAWN:
        return frozenset(PAWNS)
    if isinstance(value, str) and value in PAWNS:
        return frozenset((value,))
    if isinstance(value, list) and value and all(v in PAWNS for v in value) and len(set(value)) == len(value):
        return frozenset(value)
    f.problem(
        where,
        _("a solution slot is a pawn ({pawns}), {any_tb}, {any_pawn} or a list of pawns; got {got}").format(
            pawns=", ".join(PAWNS), any_tb=ANY_TB, any_pawn=ANY_PAWN, got=_got(value)
        ),
    )
    return None


def _emergency(entry: RawEntry, problems: list[Problem]) -> EmergencyCard | None:
    f = _Fields(entry, problems, ("id", "names", "translated", "printed", "solution", "confidence", "source", "note"))
    names = f.names()
    marks = f.confidence(("names", "solution"))
    source = f.text("source") or ""
    f.text("note", required=False)
    solution: Solution | None = None
    raw = f.raw("solution", required=False)
    if raw is _MISSING:
        if marks.get("solution", "unknown") != "unknown":
            f.problem("solution", _("missing: a solution nobody has read is marked confidence.solution = unknown"))
    elif not isinstance(raw, list) or len(raw) != 2:
        f.problem("solution", _("expected two slots, got {got}").format(got=_got(raw)))
    else:
        printed = f.text("printed")
        first, second = _slot(f, raw[0], "solution[0]"), _slot(f, raw[1], "solution[1]")
        if first is not None and second is not None and printed is not None:
            solution = Solution(first, second, printed)
            if not solution.is_met_by(first | second):
                f.problem("solution", _("no two different pawns can fill both slots"))
    if f.broken or names is None:
        return None
    return EmergencyCard(entry.id, names, solution, marks, source)


def _responder(entry: RawEntry, problems: list[Problem]) -> ResponderKind | None:
    f = _Fields(
        entry,
        problems,
        (
            "id",
            "names",
            "translated",
            "count",
            "effect",
            "distance",
            "draw",
            "printed_note",
            "delayable",
            "confidence",
            "source",
            "note",
        ),
    )
    names = f.names()
    count = f.integer("count", 1, 20)
    effect = f.choice("effect", EFFECTS)
    distance = f.integer("distance", 1, SIZE_RANGE[1], required=effect == "move") or 0
    if effect != "move" and "distance" in f.data:
        f.problem("distance", _("only a move card has a distance"))
    draw = f.integer("draw", 1, 10, required=effect == "sos") or 0
    if effect != "sos" and "draw" in f.data:
        f.problem("draw", _("only an SOS card draws cards"))
    delayable = f.flag("delayable")
    if delayable and effect in ("delay", "quick-responder", "sos"):
        f.problem("delayable", _("Delay cancels cards that move pawns, not this one"))
    f.text("printed_note", required=False)
    f.text("note", required=False)
    marks = f.confidence(("names", "count", "effect", "distance", "draw", "printed_note", "delayable"))
    source = f.text("source") or ""
    if f.broken or names is None or count is None or effect is None:
        return None
    return ResponderKind(entry.id, names, count, effect, distance, draw, delayable, marks, source)


def _colour(entry: RawEntry, problems: list[Problem]) -> Colour | None:
    f = _Fields(entry, problems, ("id", "names", "translated", "rgb", "confidence", "note"))
    names = f.names()
    rgb = f.raw("rgb")
    if rgb is not _MISSING and (
        not isinstance(rgb, list)
        or len(rgb) != 3
        or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in rgb)
    ):
        f.problem("rgb", _("expected three numbers from 0 to 255, got {got}").format(got=_got(rgb)))
    f.confidence(("names", "rgb"))
    f.text("note", required=False)
    if f.broken or names is None:
        return None
    return Colour(entry.id, names, (rgb[0], rgb[1], rgb[2]))


def _square(f: _Fields, key: str, value: Any, size: int) -> Square | None:
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= size for v in value)
    ):
        return (value[0], value[1])
    f.problem(key, _("expected [column, row], each from 1 to {size}, got {got}").format(size=size, got=_got(value)))
    return None


def _layout(entry: RawEntry, problems: list[Problem], colours: Collection[str]) -> Layout | None:
    f = _Fields(entry, problems, ("id", "size", "bases", "start", "starts", "confidence", "note"))
    size = f.integer("size", *SIZE_RANGE)
    if size is not None and entry.id != str(size):
        f.problem("id", _("a layout's id is its size ({size})").format(size=size))
    marks = f.confidence(("bases", "start", "starts"))
    f.choice("start", ("base",))
    f.text("note", required=False)
    bases: dict[str, Square] = {}
    raw = f.raw("bases")
    if isinstance(raw, dict) and size is not None:
        for colour in colours:
            if colour not in raw:
                f.problem(f"bases.{colour}", _("missing"))
        for colour, value in raw.items():
            if colour not in colours:
                f.problem(f"bases.{colour}", _("no colour has this id"))
            square = _square(f, f"bases.{colour}", value, size)
            if square is not None:
                if square in bases.values():
                    f.problem(f"bases.{colour}", _("two bases on the same square"))
                bases[colour] = square
    elif raw is not _MISSING:
        f.problem("bases", _("expected a table, got {got}").format(got=_got(raw)))
    starts = _starts(f, colours, size)
    if f.broken or size is None:
        return None
    return Layout(size, {c: bases[c] for c in colours}, "base", marks, starts)


def _starts(f: _Fields, colours: Collection[str], size: int | None) -> dict[str, dict[str, Square]]:
    """`starts = { red = { tb1 = [3, 3] } }`: pawns that start elsewhere than on their owner's base."""
    raw = f.raw("starts", required=False)
    found: dict[str, dict[str, Square]] = {}
    if raw is _MISSING or raw is None:
        return found
    if not isinstance(raw, dict):
        f.problem("starts", _("expected a table, got {got}").format(got=_got(raw)))
        return found
    for colour, pawns in raw.items():
        if colour not in colours:
            f.problem(f"starts.{colour}", _("no colour has this id"))
            continue
        if not isinstance(pawns, dict):
            f.problem(f"starts.{colour}", _("expected a table, got {got}").format(got=_got(pawns)))
            continue
        for pawn, value in pawns.items():
            if pawn not in PAWNS:
                f.problem(
                    f"starts.{colour}.{pawn}",
                    _("no pawn has this id; expected one of {pawns}").format(pawns=", ".join(PAWNS)),
                )
            elif size is not None:
                square = _square(f, f"starts.{colour}.{pawn}", value, size)
                if square is not None:
                    found.setdefault(colour, {})[pawn] = square
    return found


def _numbers(entry: RawEntry, problems: list[Problem]) -> Numbers | None:
    keys = ("hand_size", "alert_die", "alert", "time_counter_die", "response_die")
    f = _Fields(entry, problems, (*keys, "confidence", "source", "note"))
    hand_size = f.integer("hand_size", 1, 20)
    alert_die = f.integer("alert_die", 1, 20)
    time_die = f.integer("time_counter_die", 1, 20)
    response_die = f.integer("response_die", 2, 100)
    alert: list[int] = []
    raw = f.raw("alert")
    if isinstance(raw, dict) and alert_die is not None:
        faces = [str(face) for face in range(1, alert_die + 1)]
        if set(raw) != set(faces):
            f.problem("alert", _("expected one entry per face, 1 to {faces}").format(faces=alert_die))
        else:
            for face in faces:
                value = f.check_integer(f"alert.{face}", raw[face], 0, 10)
                alert.append(value or 0)
    elif raw is not _MISSING:
        f.problem("alert", _("expected a table, got {got}").format(got=_got(raw)))
    f.confidence(keys)
    f.text("source")
    f.text("note", required=False)
    if f.broken or hand_size is None or alert_die is None or time_die is None or response_die is None:
        return None
    return Numbers(hand_size, alert_die, tuple(alert), time_die, response_die)


@dataclass(frozen=True)
class _Board:
    sizes: tuple[int, ...]
    default_size: int
    players: tuple[int, int]


def _board(entry: RawEntry, problems: list[Problem], colour_count: int) -> _Board | None:
    keys = ("sizes", "default_size", "players", "coordinate_die")
    f = _Fields(entry, problems, (*keys, "confidence", "source", "note"))
    sizes: list[int] = []
    raw = f.raw("sizes")
    if isinstance(raw, list) and raw:
        for i, value in enumerate(raw):
            size = f.check_integer(f"sizes[{i}]", value, *SIZE_RANGE)
            if size is not None:
                sizes.append(size)
    elif raw is not _MISSING:
        f.problem("sizes", _("expected a list of board sizes, got {got}").format(got=_got(raw)))
    default = f.integer("default_size", *SIZE_RANGE)
    if default is not None and sizes and default not in sizes:
        f.problem("default_size", _("not one of the sizes {sizes}").format(sizes=_got(sizes)))
    players = f.raw("players")
    if players is not _MISSING and not (
        isinstance(players, list)
        and len(players) == 2
        and all(isinstance(p, int) and not isinstance(p, bool) for p in players)
        and 2 <= players[0] <= players[1] <= colour_count
    ):
        f.problem(
            "players",
            _("expected [fewest, most] players, from 2 to {colours} (one colour each), got {got}").format(
                colours=colour_count, got=_got(players)
            ),
        )
    f.choice("coordinate_die", ("size",))
    f.confidence(keys)
    f.text("source")
    f.text("note", required=False)
    if f.broken or default is None or not sizes:
        return None
    return _Board(tuple(sizes), default, (players[0], players[1]))


def _build(tables: dict[str, dict[str, RawEntry]], problems: list[Problem]) -> Definitions | None:
    emergencies = {i: _emergency(e, problems) for i, e in tables["emergency"].items()}
    responder = {i: _responder(e, problems) for i, e in tables["responder"].items()}
    colours = {i: _colour(e, problems) for i, e in tables["colour"].items()}
    numbers = _single(tables, "rules", problems, _numbers)
    board = _single(tables, "board", problems, lambda e, p: _board(e, p, len(colours)))
    layouts: dict[int, Layout] = {}
    for entry in tables["layout"].values():
        layout = _layout(entry, problems, tuple(colours))
        if layout is not None:
            layouts[layout.size] = layout
    where = f"data/{PACK}"
    if len(tables["emergency"]) != EMERGENCY_CARDS:
        problems.append(
            Problem(
                where,
                "",
                "emergency",
                _("the rules list {expected} emergencies, the data has {count}").format(
                    expected=EMERGENCY_CARDS, count=len(tables["emergency"])
                ),
            )
        )
    total = sum(kind.count for kind in responder.values() if kind is not None)
    if all(responder.values()) and total != RESPONDER_CARDS:
        problems.append(
            Problem(
                where,
                "",
                "responder",
                _("the rules list {expected} Responder cards, the data counts {count}").format(
                    expected=RESPONDER_CARDS, count=total
                ),
            )
        )
    if board is not None:
        for size in board.sizes:
            if size not in layouts and not any(str(size) == i for i in tables["layout"]):
                problems.append(
                    Problem(where, "", "layout", _("no layout for the board size {size}").format(size=size))
                )
    if problems:
        return None
    assert numbers is not None and board is not None
    return Definitions(
        # Without a problem, every entry was read (a card that was not is a problem).
        emergencies={i: card for i, card in emergencies.items() if card is not None},
        responder={i: kind for i, kind in responder.items() if kind is not None},
        colours={i: colour for i, colour in colours.items() if colour is not None},
        layouts={size: layouts[size] for size in board.sizes},
        sizes=board.sizes,
        default_size=board.default_size,
        players=board.players,
        numbers=numbers,
    )


def _single(tables: dict[str, dict[str, RawEntry]], name: str, problems: list[Problem], parse: Any) -> Any:
    entry = tables[name].get(name)
    if entry is None:
        problems.append(Problem(f"data/{PACK}", "", name, _("missing")))
        return None
    return parse(entry, problems)


def load_files(shipped: Sequence[tuple[Path, str]], overlay: Sequence[tuple[Path, str]]) -> Definitions:
    """The definitions from these files; raises `DataError` listing every problem."""
    problems: list[Problem] = []
    if not shipped:
        raise DataError([Problem(f"data/{PACK}", "", "", _("no data files found"))])
    tables = SHAPE.collect(SHAPE.read(shipped, problems), problems)
    SHAPE.lay_over(tables, SHAPE.read(overlay, problems), problems)
    definitions = _build(tables, problems)
    if definitions is None:
        raise DataError(problems)
    return definitions


def load_definitions(data_dir: Path | None = None, overlay_dir: Path | None = None) -> Definitions:
    """The shipped data with every overlay file applied; raises `DataError` on any problem."""
    data_dir = default_data_dir() if data_dir is None else data_dir
    overlay_dir = default_overlay_dir() if overlay_dir is None else overlay_dir
    return load_files(shipped_files(data_dir), overlay_files(overlay_dir))


#: The shipped data and the user's overlay, loaded once (`clear_definitions_cache` after an overlay edit); a broken
#: overlay file is skipped and reported (`default_overlay_problems`), so the game always starts.
DATA = OverlaidData(load_files, PACK, shipped_files)
load_definitions_safe, default_definitions, default_overlay_problems = DATA.load_safe, DATA.definitions, DATA.problems
clear_definitions_cache = DATA.clear
