"""Reads `data/the_thing/*.toml` and the user's overlay into `Definitions`, through the engine's data toolkit:
every problem names the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.engine.data import files
from companion.engine.data.fields import MISSING, Fields
from companion.engine.data.files import Entries, Files, OverlaidData, RawEntry, Tables, toml_files
from companion.engine.data.problems import DataError, Problem
from companion.engine.pack import Words
from companion.games.the_thing.definitions import CABIN, PLAYER_COUNTS, Card, Definitions, PhaseText, Place
from companion.locale import LANGUAGES, domain

_, ngettext = domain("the_thing")

PACK = "the_thing"
SHAPE = Tables(
    ("card", "location", "phase"),
    {name: name for name in ("location_deck", "bag", "npcs", "dog_track", "weather_die", "heliport_damage", "ufo")},
    Problem,
)
MARKS = {"confidence", "note", "translated"}
#: "box": read from the players' own box (what they complete on the Box screen).
CONFIDENCES = ("rules", "inferred", "unknown", "box")
#: How many faces the weather die may have: six is our inference, so the players may say otherwise.
FACES_RANGE = (2, 12)


def _fields(tables: Entries, table: str, entry_id: str, problems: list[Problem], allowed: set[str]) -> Fields[Problem]:
    entry = tables[table].get(entry_id)
    if entry is None:
        problems.append(Problem(f"data/{PACK}", entry_id, "", _("missing")))
        raise DataError(problems)
    fields = Fields(entry, problems, Problem, entry.data, allowed=allowed | MARKS | {"id"})
    fields.choice("confidence", CONFIDENCES)
    return fields


def _words(fields: Fields[Problem], key: str) -> Words:
    raw = fields.raw(key)
    translated = fields.raw("translated", required=False)
    if isinstance(raw, dict):
        empty = [code for code in LANGUAGES if not str(raw.get(code, "")).strip()]
        if empty:
            names = {"en": _("the English name is missing"), "fr": _("the French name is missing")}
            fields.problem(key, "; ".join(names.get(code, code) for code in empty))
            return Words("?", "?")
    try:
        return Words.of(raw, translated=[] if translated is MISSING else translated)
    except (TypeError, ValueError, AttributeError) as error:
        fields.problem(key, str(error))
        return Words("?", "?")


def _ints(fields: Fields[Problem], key: str, length: int | None, low: int, high: int) -> tuple[int, ...]:
    raw = fields.raw(key)
    if not isinstance(raw, list) or (length is not None and len(raw) != length):
        fields.problem(
            key,
            _("expected a list of whole numbers")
            if length is None
            else ngettext(
                "expected a list of {count} whole number", "expected a list of {count} whole numbers", length
            ).format(count=length),
        )
        return ()
    if any(isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high for v in raw):
        fields.problem(key, _("expected whole numbers from {low} to {high}").format(low=low, high=high))
        return ()
    return tuple(raw)


def read(shipped: Files, overlay: Files) -> Definitions:
    """The definitions from these files; `DataError` with every problem when they do not validate."""
    problems: list[Problem] = []
    tables = SHAPE.collect(SHAPE.read(shipped, problems), problems)
    overlaid = SHAPE.read(overlay, problems)
    _add_locations(tables, overlaid)
    SHAPE.lay_over(tables, overlaid, problems)
    cards = []
    for card_id in tables["card"]:
        f = _fields(tables, "card", card_id, problems, {"kind", "names", "counts"})
        kind = f.choice("kind", ("weapon", "item")) or "item"
        cards.append(Card(card_id, kind, _words(f, "names"), _ints(f, "counts", len(PLAYER_COUNTS), 0, 9)))
    places = {}
    for place_id in tables["location"]:
        f = _fields(tables, "location", place_id, problems, {"names"})
        places[place_id] = Place(place_id, _words(f, "names"), str(f.data.get("confidence", "")))
    phases = []
    for phase_id in tables["phase"]:
        f = _fields(tables, "phase", phase_id, problems, {"names", "reminders"})
        phases.append(PhaseText(phase_id, _words(f, "names"), _words(f, "reminders")))
    deck = _fields(tables, "location_deck", "location_deck", problems, {"complete", "cards"})
    cards_in_deck = _deck(deck, tuple(places))
    bag = _fields(tables, "bag", "bag", problems, {"human", "alien"})
    npcs = _fields(tables, "npcs", "npcs", problems, {"count", "start"})
    dog = _fields(tables, "dog_track", "dog_track", problems, {"spaces"})
    weather = _fields(tables, "weather_die", "weather_die", problems, {"faces"})
    heliport = _fields(tables, "heliport_damage", "heliport_damage", problems, {"counts"})
    ufo = _fields(tables, "ufo", "ufo", problems, {"tokens", "locations", "sequence", "per_round"})
    faces = weather.raw("faces")
    low, high = FACES_RANGE
    if not isinstance(faces, list) or not all(isinstance(face, str) for face in faces):
        weather.problem("faces", 'expected a list of face names ("" for a face not yet given)')
        faces = [""] * low
    elif not low <= len(faces) <= high:
        weather.problem("faces", _("a die has {low} to {high} faces, got {n}").format(low=low, high=high, n=len(faces)))
        faces = [""] * low
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
        places=tuple(places[place_id] for place_id in cards_in_deck),
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
    if start not in cards_in_deck:
        npcs.problem("start", _("no location has the id {id}").format(id=repr(start)))
    if len(phases) != 8:
        problems.append(
            Problem(
                f"data/{PACK}", "", "phase", _("expected the round's 8 phases, got {count}").format(count=len(phases))
            )
        )
    if problems:
        raise DataError(problems)
    return definitions


def _add_locations(tables: Entries, overlaid: list[tuple[str, dict[str, Any]]]) -> None:
    """The Location cards an overlay adds (the base game's deck is not in the sources: the players complete it
    from their box), made entries before the overlay is laid over them; other tables take no new entry."""
    for display, doc in overlaid:
        for table, entry_id, _data in SHAPE.entries(display, doc, []):  # lay_over reports the malformed ones
            if table == "location" and entry_id not in tables["location"]:
                tables["location"][entry_id] = RawEntry("location", entry_id, display, {})


def _deck(deck: Fields[Problem], known: tuple[str, ...]) -> tuple[str, ...]:
    """The Location deck's cards: `cards` in its order when given (the list the players checked), else every
    Location; the Cabin's card is always in it, and at least one other."""
    cards = deck.raw("cards", required=False)
    chosen = known
    if cards is not MISSING:
        if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
            deck.problem("cards", _("expected a list of Location ids"))
        elif len(set(cards)) != len(cards):
            deck.problem("cards", _("a Location card is listed twice"))
        elif any(card not in known for card in cards):
            unknown = ", ".join(card for card in cards if card not in known)
            deck.problem("cards", _("no Location card has the id {ids}").format(ids=unknown))
        else:
            chosen = tuple(cards)
    if CABIN not in chosen:
        deck.problem("cards", _("the Cabin's Location card is needed (the expansion places it)"))
    elif len(chosen) < 2:
        deck.problem("cards", _("the Location deck needs a card besides the Cabin's"))
    return chosen


def load_definitions(folder: Path, overlay: Path | None = None) -> Definitions:
    """The definitions of another data folder (a scenario's), with the overlay folder's files when given."""
    return read(files_of(folder), [] if overlay is None else files_of(overlay))


def files_of(folder: Path) -> Files:
    return [(path, str(path)) for path in toml_files(folder)]


def default_data_dir() -> Path:
    return files.default_data_dir(PACK)


DATA = OverlaidData(read, PACK)
default_definitions, overlay_problems, clear_definitions_cache = DATA.definitions, DATA.problems, DATA.clear
