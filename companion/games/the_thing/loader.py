"""Reads `data/the_thing/*.toml` and the user's overlay into `Definitions`, through the engine's data toolkit:
every problem names the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.engine.data.fields import MISSING, Fields
from companion.engine.data.files import Entries, Files, OverlaidData, Tables
from companion.engine.data.problems import DataError, Problem
from companion.engine.pack import Words
from companion.games.the_thing.definitions import CABIN, PLAYER_COUNTS, Card, Definitions, PhaseText, Place

PACK = "the_thing"
SHAPE = Tables(
    ("card", "location", "phase"),
    {name: name for name in ("location_deck", "bag", "npcs", "dog_track", "weather_die", "heliport_damage", "ufo")},
    Problem,
)
MARKS = {"confidence", "note", "translated"}
CONFIDENCES = ("rules", "inferred", "unknown")


def _fields(tables: Entries, table: str, entry_id: str, problems: list[Problem], allowed: set[str]) -> Fields[Problem]:
    entry = tables[table].get(entry_id)
    if entry is None:
        problems.append(Problem(f"data/{PACK}", entry_id, "", "missing"))
        raise DataError(problems)
    fields = Fields(entry, problems, Problem, entry.data, allowed=allowed | MARKS | {"id"})
    fields.choice("confidence", CONFIDENCES)
    return fields


def _words(fields: Fields[Problem], key: str) -> Words:
    raw = fields.raw(key)
    translated = fields.raw("translated", required=False)
    try:
        return Words.of(raw, translated=[] if translated is MISSING else translated)
    except (TypeError, ValueError, AttributeError) as error:
        fields.problem(key, str(error))
        return Words("?", "?")


def _ints(fields: Fields[Problem], key: str, length: int | None, low: int, high: int) -> tuple[int, ...]:
    raw = fields.raw(key)
    if not isinstance(raw, list) or (length is not None and len(raw) != length):
        fields.problem(key, f"expected a list of {length or 'some'} whole numbers")
        return ()
    if any(isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high for v in raw):
        fields.problem(key, f"expected whole numbers from {low} to {high}")
        return ()
    return tuple(raw)


def read(shipped: Files, overlay: Files) -> Definitions:
    """The definitions from these files; `DataError` with every problem when they do not validate."""
    problems: list[Problem] = []
    tables = SHAPE.collect(SHAPE.read(shipped, problems), problems)
    SHAPE.lay_over(tables, SHAPE.read(overlay, problems), problems)
    cards = []
    for card_id in tables["card"]:
        f = _fields(tables, "card", card_id, problems, {"kind", "names", "counts"})
        kind = f.choice("kind", ("weapon", "item")) or "item"
        cards.append(Card(card_id, kind, _words(f, "names"), _ints(f, "counts", len(PLAYER_COUNTS), 0, 9)))
    places = []
    for place_id in tables["location"]:
        f = _fields(tables, "location", place_id, problems, {"names"})
        places.append(Place(place_id, _words(f, "names"), f.data.get("confidence") == "inferred"))
    if CABIN not in tables["location"]:
        problems.append(Problem(f"data/{PACK}/locations.toml", CABIN, "id", "the Cabin's Location card is needed"))
    phases = []
    for phase_id in tables["phase"]:
        f = _fields(tables, "phase", phase_id, problems, {"names", "reminders"})
        phases.append(PhaseText(phase_id, _words(f, "names"), _words(f, "reminders")))
    deck = _fields(tables, "location_deck", "location_deck", problems, {"complete"})
    bag = _fields(tables, "bag", "bag", problems, {"human", "alien"})
    npcs = _fields(tables, "npcs", "npcs", problems, {"count", "start"})
    dog = _fields(tables, "dog_track", "dog_track", problems, {"spaces"})
    weather = _fields(tables, "weather_die", "weather_die", problems, {"faces"})
    heliport = _fields(tables, "heliport_damage", "heliport_damage", problems, {"counts"})
    ufo = _fields(tables, "ufo", "ufo", problems, {"tokens", "locations", "sequence", "per_round"})
    faces = weather.raw("faces")
    if not isinstance(faces, list) or not faces or not all(isinstance(face, str) for face in faces):
        weather.problem("faces", 'expected a list of face names ("" for a face not yet given)')
        faces = [""]
    tokens: list[int] = []
    raw_tokens: Any = ufo.raw("tokens")
    if not isinstance(raw_tokens, list) or not all(isinstance(t, list) and len(t) == 2 for t in raw_tokens):
        ufo.problem("tokens", "expected [[value, count], ...]")
    else:
        for value, count in raw_tokens:
            tokens.extend([int(value)] * int(count))
    start = npcs.text("start") or CABIN
    definitions = Definitions(
        cards=tuple(cards),
        places=tuple(places),
        deck_complete=deck.flag("complete"),
        phases=tuple(phases),
        bag_human=bag.integer("human", 1, 20) or 7,
        bag_alien=bag.integer("alien", 1, 20) or 2,
        npcs=npcs.integer("count", 1, 12) or 4,
        npc_start=start,
        dog_spaces=dog.integer("spaces", 2, 40, required=False),
        weather_faces=tuple(faces),
        heliport_damage=tuple(None if v < 0 else v for v in _ints(heliport, "counts", len(PLAYER_COUNTS), -1, 20)),
        token_values=tuple(tokens),
        ufo_locations=_ints(ufo, "locations", None, 1, 9),
        sequence=_ints(ufo, "sequence", None, 1, 30),
        per_round=ufo.integer("per_round", 1, 9) or 2,
    )
    if start not in tables["location"]:
        npcs.problem("start", f"no location has the id {start!r}")
    if len(phases) != 8:
        problems.append(Problem(f"data/{PACK}", "", "phase", f"expected the round's 8 phases, got {len(phases)}"))
    if problems:
        raise DataError(problems)
    return definitions


def load_definitions(folder: Path) -> Definitions:
    """The definitions of another data folder (a scenario's), without overlay."""
    return read([(path, str(path)) for path in sorted(folder.glob("*.toml"))], [])


DATA = OverlaidData(read, PACK)
default_definitions, overlay_problems, clear_definitions_cache = DATA.definitions, DATA.problems, DATA.clear
