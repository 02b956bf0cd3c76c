"""The kit file format, declared once (pydantic), and its reading: every error names the file, the line and the
field, in the language of the moment.

`read_kit(path)` reads a file with tomlkit (so the app can later write it back keeping a café's comments),
validates it and returns the `KitDefinition` the rules use; a problem raises `KitError`, whose `problems` each
say `FILE:LINE: field: problem`. `docs/kit.md` describes every key.
"""

from __future__ import annotations

import copy
import functools
import json
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import tomlkit
import tomlkit.exceptions
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from companion.engine.errors import CompanionError
from companion.engine.pack import Words
from companion.kit import components as c
from companion.kit import definition as d
from companion.kit.toml_lines import key_lines, line_of
from companion.locale import domain

_, ngettext = domain("kit")

FORMAT = 1
NAME = re.compile(r"^[a-z][a-z0-9_]*$")
ID_PATTERN = r"^[a-z0-9][a-z0-9_-]*$"
MAX_PLAYERS = 12

Id = Annotated[str, Field(pattern=ID_PATTERN)]
Confidence = Literal["high", "low", "unknown"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Text(_Model):
    """A text players read, in both languages; `translated` lists the languages we translated ourselves."""

    en: Annotated[str, Field(min_length=1)]
    fr: Annotated[str, Field(min_length=1)]
    translated: list[Literal["en", "fr"]] = []

    def words(self) -> Words:
        return Words(self.en, self.fr, frozenset(self.translated))


class Header(_Model):
    format: Literal[1]
    name: Annotated[str, Field(pattern=NAME.pattern)]
    title: Text
    blurb: Text
    players: Annotated[list[Annotated[int, Field(ge=1, le=MAX_PLAYERS)]], Field(min_length=2, max_length=2)]
    #: The mark of every fact in the file that does not carry its own.
    confidence: Confidence = "high"
    source: str | None = None
    seat_names: list[Text] = []
    rounds: Annotated[int, Field(ge=0)] = 0


class Symbol(_Model):
    id: Id
    name: Text


class Face(_Model):
    """A die face: written `3` (a number), `"star"` (a symbol's id), `"blank"`, `"wild"`, or a table
    `{ value = 2, symbol = "star" }`."""

    value: int | None = None
    symbol: Id | None = None
    wild: bool = False

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, data: Any) -> Any:
        if isinstance(data, bool) or not isinstance(data, (int, str, dict)):
            raise ValueError(
                _('a face is a whole number, a symbol\'s id, "blank", "wild" or a table, got {value}').format(
                    value=_shown(data)
                )
            )
        if isinstance(data, int):
            return {"value": data}
        if isinstance(data, str):
            if data == "blank":
                return {}
            if data == "wild":
                return {"wild": True}
            return {"symbol": data}
        return data


class Die(_Model):
    id: Id
    name: Text
    faces: list[Face]
    confidence: Confidence | None = None
    note: str | None = None


class DiceGroup(_Model):
    id: Id
    name: Text
    #: die id -> how many of it are rolled together.
    dice: Annotated[dict[str, Annotated[int, Field(ge=1, le=30)]], Field(min_length=1)]


class Card(_Model):
    id: Id
    name: Text
    count: Annotated[int, Field(ge=1, le=200)] = 1
    text: Text | None = None
    pile: str | None = None
    confidence: Confidence | None = None
    note: str | None = None


class Deck(_Model):
    id: Id
    name: Text
    face: Literal["up", "down"] = "up"
    reshuffle: bool = True
    piles: list[str] = []
    set_aside: list[str] = []
    set_aside_random: Annotated[int, Field(ge=0)] = 0
    card: list[Card] = []
    confidence: Confidence | None = None
    note: str | None = None


class Token(_Model):
    id: Id
    name: Text
    count: Annotated[int, Field(ge=1, le=500)]
    confidence: Confidence | None = None
    note: str | None = None


class Bag(_Model):
    id: Id
    name: Text
    put_back: bool = False
    secret: bool = False
    token: Annotated[list[Token], Field(min_length=1)]


class Space(_Model):
    at: int
    name: Text
    text: Text | None = None


class Marker(_Model):
    id: Id
    name: Text
    start: int | None = None


class Track(_Model):
    id: Id
    name: Text
    length: Annotated[int, Field(ge=1, le=1000)]
    first: int = 0
    per_player: bool = False
    start: int | None = None
    marker: list[Marker] = []
    space: list[Space] = []
    confidence: Confidence | None = None
    note: str | None = None


class Counter(_Model):
    id: Id
    name: Text
    per_player: bool = True
    start: int = 0
    minimum: Annotated[int | None, Field(alias="min")] = 0
    maximum: Annotated[int | None, Field(alias="max")] = None


class TurnOrder(_Model):
    first: Literal["fixed", "random", "highest_total", "lowest_total"] = "fixed"
    dice: str | None = None
    marker_passes: Literal["never", "each_round"] = "never"


class Step(_Model):
    id: Id
    text: Text


class Phase(_Model):
    id: Id
    name: Text
    reminder: Text | None = None
    turns: Annotated[int, Field(ge=0, le=20)] = 0
    step: list[Step] = []


class Timer(_Model):
    name: Text
    limit: Annotated[int, Field(ge=0)] = 0
    resets: Literal["never", "each_turn", "each_round"] = "never"


class Lights(_Model):
    track: str | None = None
    counter: str | None = None


class KitFile(_Model):
    """A whole kit file: `[kit]` then the components, each an array of tables with an `id`."""

    kit: Header
    symbol: list[Symbol] = []
    die: list[Die] = []
    dice: list[DiceGroup] = []
    deck: list[Deck] = []
    bag: list[Bag] = []
    track: list[Track] = []
    counter: list[Counter] = []
    turn_order: TurnOrder = TurnOrder()
    phase: list[Phase] = []
    timer: Timer | None = None
    lights: Lights | None = None


# ------------------------------------------------------------------------------------------------- problems


@dataclass(frozen=True)
class KitProblem:
    file: str
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class KitError(CompanionError):
    """A kit file that cannot be used; `problems` are every problem found, in the file's order (one of the whole
    file first), the message is the first."""

    def __init__(self, problems: Sequence[KitProblem]) -> None:
        ordered = sorted(problems, key=lambda problem: -1 if problem.line is None else problem.line)
        super().__init__(str(ordered[0]))
        self.problems = tuple(ordered)


Loc = tuple[str | int, ...]


def field_name(loc: Loc) -> str:
    """`deck[0].card[2].count` for ("deck", 0, "card", 2, "count")."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _message(error: Mapping[str, Any]) -> str:
    """A pydantic error in the language of the moment."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    given = error.get("input")
    if kind == "value_error" and "error" in ctx:
        return str(ctx["error"])
    if kind == "missing":
        return _("this field is required")
    if kind == "extra_forbidden":
        return _("unknown field (a typing mistake?)")
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return _("expected a whole number, got {value}").format(value=_shown(given))
    if kind in ("string_type",):
        return _("expected text, got {value}").format(value=_shown(given))
    if kind in ("bool_type", "bool_parsing"):
        return _("expected true or false, got {value}").format(value=_shown(given))
    if kind == "list_type":
        return _("expected a list, got {value}").format(value=_shown(given))
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return _("expected a table, got {value}").format(value=_shown(given))
    if kind == "literal_error":
        return _("expected one of {expected}, got {value}").format(expected=ctx.get("expected"), value=_shown(given))
    if kind == "greater_than_equal":
        return _("must be at least {limit}, got {value}").format(limit=ctx.get("ge"), value=_shown(given))
    if kind == "less_than_equal":
        return _("must be at most {limit}, got {value}").format(limit=ctx.get("le"), value=_shown(given))
    if kind == "string_too_short":
        return _("must not be empty")
    if kind == "too_short":
        least = int(ctx.get("min_length", 0))
        return ngettext("needs at least {count} item", "needs at least {count} items", least).format(count=least)
    if kind == "too_long":
        most = int(ctx.get("max_length", 0))
        return ngettext("takes at most {count} item", "takes at most {count} items", most).format(count=most)
    if kind == "string_pattern_mismatch":
        return _("{value} is not a valid name: use lower-case letters, digits, '-' and '_'").format(value=_shown(given))
    return str(error.get("msg", kind))


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if isinstance(value, (str, int, float, bool, type(None))) else None
    return text if text is not None else type(value).__name__


# ------------------------------------------------------------------------------------------------- reading


def read_kit(path: Path) -> d.KitDefinition:
    """The kit in `path`, validated; raises `KitError` naming the file, the line and the field."""
    return to_definition(read_kit_file(path))


def read_kit_file(path: Path) -> KitFile:
    """The validated file model (what a new game's set-up embeds as JSON)."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as error:
        raise KitError([KitProblem(name, None, "", _("there is no such file"))]) from error
    except IsADirectoryError as error:
        raise KitError([KitProblem(name, None, "", _("is a folder, not a kit file"))]) from error
    except PermissionError as error:
        raise KitError([KitProblem(name, None, "", _("cannot be read: permission denied"))]) from error
    except UnicodeDecodeError as error:
        message = _("not UTF-8 text (byte {position})").format(position=error.start)
        raise KitError([KitProblem(name, None, "", message)]) from error
    except OSError as error:
        reason = error.strerror or str(error)
        raise KitError([KitProblem(name, None, "", _("cannot be read: {reason}").format(reason=reason))]) from error
    return parse_kit(text, name)


@functools.lru_cache(maxsize=32)
def parse_kit(text: str, file: str) -> KitFile:
    """`text` (the contents of `file`) parsed and validated. Kept for the same text (the model is frozen): the
    catalogue, the pack and the editor each read the same file again.

    A well-formed file is read by the standard library's `tomllib`, several times faster than tomlkit's parser,
    and validated without looking for its keys' lines; a file that is not valid TOML is read again by tomlkit,
    whose messages say what is wrong, and one that does not validate again with its lines, to name them."""
    try:
        raw: Mapping[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raw = _parse_with_tomlkit(text, file)
    try:
        return validate_kit(raw, file)
    except KitError:
        return validate_kit(raw, file, key_lines(text))


def _parse_with_tomlkit(text: str, file: str) -> Mapping[str, Any]:
    """`text` read by tomlkit, for its message when it is not valid TOML (raises `KitError`)."""
    try:
        return tomlkit.parse(text).unwrap()
    except tomlkit.exceptions.ParseError as error:
        reason = str(error).split(" at line ")[0]
        problem = KitProblem(file, error.line, "", _("not valid TOML: {reason}").format(reason=reason))
        raise KitError([problem]) from error
    except tomlkit.exceptions.TOMLKitError as error:  # a table or key defined twice: tomllib knows the line
        problem = KitProblem(file, _tomllib_line(text), "", _("not valid TOML: {reason}").format(reason=error))
        raise KitError([problem]) from error


def _tomllib_line(text: str) -> int:
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"at line (\d+)", str(error))
        if found:
            return int(found.group(1))
    return 1


def validate_kit(raw: Mapping[str, Any], file: str, lines: Mapping[Loc, int] | None = None) -> KitFile:
    """A kit from plain data (a parsed file, or a set-up's embedded copy); raises `KitError`."""
    lines = dict(lines or {})
    try:
        model = KitFile.model_validate(dict(raw))
    except ValidationError as error:
        problems = [
            KitProblem(file, line_of(lines, loc), field_name(loc), _message(item))
            for item in error.errors()
            for loc in [_data_loc(tuple(item["loc"]))]
        ]
        found = _references_beside(raw, error)
        problems += [KitProblem(file, line_of(lines, loc), field_name(loc), message) for loc, message in found]
        raise KitError(problems) from None
    found = check_references(model)
    if found:
        raise KitError([KitProblem(file, line_of(lines, loc), field_name(loc), message) for loc, message in found])
    return model


#: The sections whose items are a list of tables (`[[deck]]`); the others are one table each.
_LIST_SECTIONS = ("symbol", "die", "dice", "deck", "bag", "track", "counter", "phase")


def _references_beside(raw: Mapping[str, Any], error: ValidationError) -> list[tuple[Loc, str]]:
    """The cross-checks' problems in a file whose fields have problems too, so that one pass reports them all:
    the wrong fields are left out (an item that cannot do without one is left out whole) until the rest
    validates, then the rest is cross-checked. A problem about an item left out is not reported (its own
    problem was)."""
    data = copy.deepcopy(dict(raw))
    dropped: dict[str, list[int]] = {}  # section -> the file's indexes of the items left out, in order
    for _round in range(50):
        if not _leave_out(data, error, dropped):
            return []
        try:
            model = KitFile.model_validate(data)
        except ValidationError as again:
            error = again
            continue
        break
    else:
        return []
    left_out_ids = {
        str(item["id"])
        for section, indexes in dropped.items()
        for index in indexes
        for item in [raw[section][index]]
        if isinstance(item, Mapping) and isinstance(item.get("id"), str)
    }
    found = []
    for loc, message in check_references(model):
        if any(re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", message) for name in left_out_ids):
            continue
        found.append((_file_loc(loc, dropped), message))
    return found


def _leave_out(data: dict[str, Any], error: ValidationError, dropped: dict[str, list[int]]) -> bool:
    """Removes from `data` what each of `error`'s problems names: the field when it may be left out, else its
    item of a `[[section]]`, else a whole optional section. False when one cannot be (a problem in `[kit]`
    itself, which everything else depends on)."""
    items_out: set[tuple[str, int]] = set()
    for problem in error.errors():
        loc = _data_loc(tuple(problem["loc"]))
        if not loc:
            return False
        section = str(loc[0])
        if section in _LIST_SECTIONS and len(loc) >= 2 and isinstance(loc[1], int):
            if (section, loc[1]) not in items_out and not _delete_field(data, loc, problem["type"]):
                items_out.add((section, loc[1]))
        elif section == "kit":
            if len(loc) < 2 or loc[1] in ("format", "name", "title", "blurb", "players"):
                return False  # required: the rest cannot be checked without it
            if not _delete_field(data, loc, problem["type"]):
                return False
        elif section in data:
            del data[section]  # a section with defaults (turn order, timer, lights), or an unknown one
        else:
            return False
    for section, index in sorted(items_out, reverse=True):  # the last first: the earlier ones keep their place
        items = data[section]
        if not isinstance(items, list) or index >= len(items):
            return False
        del items[index]
        dropped.setdefault(section, []).append(_file_index(index, dropped.get(section, [])))
        dropped[section].sort()
    return True


def _delete_field(data: Mapping[str, Any], loc: Loc, kind: str) -> bool:
    """Deletes the field at `loc` (below a section's item) when the model may do without it."""
    if kind == "missing" or len(loc) < 3 or not isinstance(loc[-1], str):
        return False
    parent: Any = data
    for part in loc[:-1]:
        if isinstance(parent, dict) and isinstance(part, str) and part in parent:
            parent = parent[part]
        elif isinstance(parent, list) and isinstance(part, int) and part < len(parent):
            parent = parent[part]
        else:
            return False
    if not isinstance(parent, dict) or loc[-1] not in parent:
        return False
    del parent[loc[-1]]
    return True


def _file_loc(loc: Loc, dropped: Mapping[str, list[int]]) -> Loc:
    """A location in the data with items left out, as the file numbers it."""
    if len(loc) < 2 or not isinstance(loc[1], int) or str(loc[0]) not in dropped:
        return loc
    return (loc[0], _file_index(loc[1], dropped[str(loc[0])]), *loc[2:])


def _file_index(index: int, gone: Sequence[int]) -> int:
    """The file's number of a section's item now at `index`, its items at `gone` (the file's numbers, in order)
    left out."""
    for left_out in gone:
        if left_out <= index:
            index += 1
    return index


def _data_loc(loc: Loc) -> Loc:
    """pydantic's location without the names of validators it adds (`function-before[...]`)."""
    return tuple(part for part in loc if not (isinstance(part, str) and "[" in part))


def kit_json(model: KitFile) -> dict[str, Any]:
    """The kit as JSON-able data that `validate_kit` takes back: what a game's set-up embeds."""
    data: dict[str, Any] = model.model_dump(mode="json", by_alias=True)
    return data


# ------------------------------------------------------------------------------------------- cross-checks


def check_references(kit: KitFile) -> list[tuple[Loc, str]]:
    """What a field's own type cannot say: ids unique and referring to something that exists, ranges that fit."""
    found: list[tuple[Loc, str]] = []
    low, high = kit.kit.players
    if low > high:
        found.append((("kit", "players"), _("the smallest number of players is larger than the largest")))
    named = len(kit.kit.seat_names)
    if 0 < named < high:
        found.append(
            (
                ("kit", "seat_names"),
                ngettext(
                    "names {count} seat but up to {players} play", "names {count} seats but up to {players} play", named
                ).format(count=named, players=high),
            )
        )
    for table in ("symbol", "die", "dice", "deck", "bag", "track", "counter", "phase"):
        found += _unique(getattr(kit, table), (table,))
    symbols = {symbol.id for symbol in kit.symbol}
    dice = {die.id: die for die in kit.die}
    for i, die in enumerate(kit.die):
        for j, face in enumerate(die.faces):
            if face.symbol is not None and face.symbol not in symbols:
                found.append((("die", i, "faces", j), _("no symbol {id} is declared").format(id=face.symbol)))
        if not die.faces and _mark(die.confidence, kit) != "unknown":
            found.append((("die", i, "faces"), _('a die with no faces must be marked confidence = "unknown"')))
    for i, group in enumerate(kit.dice):
        for die_id in group.dice:
            if die_id not in dice:
                found.append((("dice", i, "dice", die_id), _("no die {id} is declared").format(id=die_id)))
    for i, deck in enumerate(kit.deck):
        found += _check_deck(deck, ("deck", i), kit)
    for i, bag in enumerate(kit.bag):
        found += _unique(bag.token, ("bag", i, "token"))
    for i, track in enumerate(kit.track):
        found += _check_track(track, ("track", i))
    for i, counter in enumerate(kit.counter):
        found += _check_counter(counter, ("counter", i))
    for i, phase in enumerate(kit.phase):
        found += _unique(phase.step, ("phase", i, "step"))
    found += _check_turn_order(kit, dice)
    if kit.lights is not None:
        found += _check_lights(kit)
    return found


def _mark(confidence: str | None, kit: KitFile) -> str:
    return confidence if confidence is not None else kit.kit.confidence


def _unique(items: Sequence[Any], loc: Loc) -> list[tuple[Loc, str]]:
    seen: set[str] = set()
    found = []
    for index, item in enumerate(items):
        if item.id in seen:
            found.append((loc + (index, "id"), _("the id {id} is used twice").format(id=item.id)))
        seen.add(item.id)
    return found


def _check_deck(deck: Deck, loc: Loc, kit: KitFile) -> list[tuple[Loc, str]]:
    found = _unique(deck.card, loc + ("card",))
    if not deck.card and _mark(deck.confidence, kit) != "unknown":
        found.append((loc + ("card",), _('a deck with no cards must be marked confidence = "unknown"')))
    for j, card in enumerate(deck.card):
        if deck.piles and card.pile not in deck.piles:
            found.append(
                (
                    loc + ("card", j, "pile"),
                    _("must be one of the deck's piles: {piles}").format(piles=", ".join(deck.piles)),
                )
            )
        if not deck.piles and card.pile is not None:
            found.append((loc + ("card", j, "pile"), _("the deck declares no piles")))
    counts = {card.id: card.count for card in deck.card}
    for j, card_id in enumerate(deck.set_aside):
        if counts.get(card_id, 0) <= 0:
            found.append((loc + ("set_aside", j), _("no card {id} is left to set aside").format(id=card_id)))
        counts[card_id] = counts.get(card_id, 0) - 1
    left = sum(max(count, 0) for count in counts.values())
    if deck.set_aside_random > left:
        found.append(
            (
                loc + ("set_aside_random",),
                ngettext(
                    "only {count} card is left to set aside", "only {count} cards are left to set aside", left
                ).format(count=left),
            )
        )
    return found


def _check_track(track: Track, loc: Loc) -> list[tuple[Loc, str]]:
    found = _unique(track.marker, loc + ("marker",))
    last = track.first + track.length - 1
    where = _("spaces go from {first} to {last}").format(first=track.first, last=last)
    if track.per_player and track.marker:
        found.append((loc + ("marker",), _("a per-player track has one marker a player: list none")))
    if not track.per_player and not track.marker:
        found.append((loc + ("marker",), _("a shared track needs at least one marker")))
    if track.start is not None and not track.first <= track.start <= last:
        found.append((loc + ("start",), where))
    for j, marker in enumerate(track.marker):
        if marker.start is not None and not track.first <= marker.start <= last:
            found.append((loc + ("marker", j, "start"), where))
    seen: set[int] = set()
    for j, space in enumerate(track.space):
        if not track.first <= space.at <= last:
            found.append((loc + ("space", j, "at"), where))
        if space.at in seen:
            found.append((loc + ("space", j, "at"), _("space {at} is described twice").format(at=space.at)))
        seen.add(space.at)
    return found


def _check_counter(counter: Counter, loc: Loc) -> list[tuple[Loc, str]]:
    if counter.minimum is not None and counter.start < counter.minimum:
        return [(loc + ("start",), _("below the minimum {limit}").format(limit=counter.minimum))]
    if counter.maximum is not None and counter.start > counter.maximum:
        return [(loc + ("start",), _("above the maximum {limit}").format(limit=counter.maximum))]
    return []


def _check_turn_order(kit: KitFile, dice: Mapping[str, Die]) -> list[tuple[Loc, str]]:
    order = kit.turn_order
    if order.first not in ("highest_total", "lowest_total"):
        if order.dice is not None:
            return [(("turn_order", "dice"), _("only a rolled first player uses dice"))]
        return []
    groups = {group.id: group for group in kit.dice}
    if order.dice is None:
        return [(("turn_order", "dice"), _("name the dice each player rolls"))]
    group = groups.get(order.dice)
    if group is None:
        return [(("turn_order", "dice"), _("no dice {id} are declared").format(id=order.dice))]
    if any(die_id in dice and not dice[die_id].faces for die_id in group.dice):
        return [(("turn_order", "dice"), _("these dice's faces are not known, so they cannot be rolled"))]
    return []


def _check_lights(kit: KitFile) -> list[tuple[Loc, str]]:
    assert kit.lights is not None
    lights = kit.lights
    if (lights.track is None) == (lights.counter is None):
        return [(("lights",), _("name one track or one counter"))]
    if lights.track is not None and lights.track not in {track.id for track in kit.track}:
        return [(("lights", "track"), _("no track {id} is declared").format(id=lights.track))]
    if lights.counter is not None:
        counters = {counter.id: counter for counter in kit.counter}
        if lights.counter not in counters:
            return [(("lights", "counter"), _("no counter {id} is declared").format(id=lights.counter))]
        lit = counters[lights.counter]
        if lit.minimum is None or lit.maximum is None:
            return [(("lights", "counter"), _("a counter lit on the board needs a min and a max (one LED each)"))]
    return []


# ---------------------------------------------------------------------------------------------- conversion


def to_definition(kit: KitFile) -> d.KitDefinition:
    """The frozen definition the rules use, from a validated file."""
    default = kit.kit.confidence

    def mark(value: Confidence | None) -> c.Confidence:
        return value if value is not None else default

    return d.KitDefinition(
        name=kit.kit.name,
        title=kit.kit.title.words(),
        blurb=kit.kit.blurb.words(),
        players=(kit.kit.players[0], kit.kit.players[1]),
        seat_names=tuple(name.words() for name in kit.kit.seat_names),
        symbols=tuple(c.SymbolSpec(symbol.id, symbol.name.words()) for symbol in kit.symbol),
        dice=tuple(
            c.DieSpec(
                die.id,
                die.name.words(),
                tuple(
                    c.FaceSpec(
                        value=face.value or 0, symbol=face.symbol, wild=face.wild, shows_value=face.value is not None
                    )
                    for face in die.faces
                ),
                "unknown" if not die.faces else mark(die.confidence),
            )
            for die in kit.die
        ),
        dice_groups=tuple(
            c.DiceGroup(
                group.id,
                group.name.words(),
                tuple(die_id for die_id, count in group.dice.items() for _copy in range(count)),
            )
            for group in kit.dice
        ),
        decks=tuple(
            c.DeckSpec(
                id=deck.id,
                name=deck.name.words(),
                cards=tuple(
                    c.CardSpec(
                        id=card.id,
                        name=card.name.words(),
                        count=card.count,
                        text=card.text.words() if card.text else None,
                        pile=card.pile,
                        confidence=mark(card.confidence),
                    )
                    for card in deck.card
                ),
                piles=tuple(deck.piles),
                set_aside=tuple(deck.set_aside),
                set_aside_random=deck.set_aside_random,
                reshuffle=deck.reshuffle,
                face_up=deck.face == "up",
                confidence="unknown" if not deck.card else mark(deck.confidence),
            )
            for deck in kit.deck
        ),
        bags=tuple(
            c.BagSpec(
                bag.id,
                bag.name.words(),
                tuple(c.TokenSpec(t.id, t.name.words(), t.count, mark(t.confidence)) for t in bag.token),
                put_back=bag.put_back,
                secret=bag.secret,
            )
            for bag in kit.bag
        ),
        tracks=tuple(
            c.TrackSpec(
                id=track.id,
                name=track.name.words(),
                length=track.length,
                first=track.first,
                per_player=track.per_player,
                start=track.start if track.start is not None else track.first,
                markers=tuple(
                    c.MarkerSpec(m.id, m.name.words(), m.start if m.start is not None else track.first)
                    for m in track.marker
                ),
                spaces=tuple(
                    c.SpaceSpec(s.at, s.name.words(), s.text.words() if s.text else None) for s in track.space
                ),
                confidence=mark(track.confidence),
            )
            for track in kit.track
        ),
        counters=tuple(
            c.CounterSpec(
                id=counter.id,
                name=counter.name.words(),
                per_player=counter.per_player,
                start=counter.start,
                minimum=counter.minimum,
                maximum=counter.maximum,
            )
            for counter in kit.counter
        ),
        turn_order=d.TurnOrder(kit.turn_order.first, kit.turn_order.dice, kit.turn_order.marker_passes),
        phases=tuple(
            d.PhaseSpec(
                id=phase.id,
                name=phase.name.words(),
                reminder=phase.reminder.words() if phase.reminder else None,
                steps=tuple(d.StepSpec(step.id, step.text.words()) for step in phase.step),
                turns=phase.turns,
            )
            for phase in kit.phase
        ),
        rounds=kit.kit.rounds,
        timer=d.TimerSpec(kit.timer.name.words(), kit.timer.limit, kit.timer.resets) if kit.timer else None,
        lights=d.LightsSpec(kit.lights.track, kit.lights.counter) if kit.lights else None,
    )
