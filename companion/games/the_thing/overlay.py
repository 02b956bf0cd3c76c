"""The players' completions from their box, in the user's overlay (`overlay/the_thing/box.toml`): the dog-escape
track's length, the Heliport's damage tokens by player count, the weather die's faces, and the Location deck's
list (cards added, renamed, removed; the list marked complete). The file is written whole and atomically, and only
once the data with it still validates (nothing is written otherwise)."""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion.engine.data import files
from companion.engine.data import overlay as shared
from companion.games.the_thing.definitions import CABIN, PLAYER_COUNTS, Definitions
from companion.games.the_thing.loader import FACES_RANGE, PACK, read

FILE_NAME = "box.toml"
RELATIVE = Path("overlay") / PACK / FILE_NAME
HEADER = "# Facts read from our box, entered on the companion's Box screen (the shipped files stay as they are).\n"
DOG_RANGE = (2, 40)
DAMAGE_RANGE = (0, 20)

default_overlay_dir = functools.partial(files.default_overlay_dir, PACK)


@dataclass(frozen=True)
class PlaceDraft:
    """A Location card of the draft: its id, its names, and its confidence ("rules", "inferred", or "box":
    named by the players)."""

    id: str
    en: str
    fr: str
    confidence: str


@dataclass(frozen=True)
class BoxDraft:
    """What the Box screen edits before it is saved."""

    dog_spaces: int | None
    damage: tuple[int | None, ...]  # by PLAYER_COUNTS
    deck_checked: bool
    faces: tuple[str, ...] = ()  # "" for a face not yet named
    places: tuple[PlaceDraft, ...] = ()  # the Location deck, in order

    @classmethod
    def of(cls, defs: Definitions) -> BoxDraft:
        places = tuple(PlaceDraft(p.id, p.name.text("en"), p.name.text("fr"), p.confidence) for p in defs.places)
        return cls(defs.dog_spaces, defs.heliport_damage, defs.deck_complete, defs.weather_faces, places)

    def step(self, what: str, by: int) -> BoxDraft:
        """`what` is "dog" or "damage-<players>"; a value not yet given starts at the range's low end."""
        if what == "dog":
            low, high = DOG_RANGE
            now = self.dog_spaces if self.dog_spaces is not None else low - by
            return replace(self, dog_spaces=min(max(now + by, low), high))
        index = PLAYER_COUNTS.index(int(what.removeprefix("damage-")))
        low, high = DAMAGE_RANGE
        given = self.damage[index]
        now = given if given is not None else low - by
        value = min(max(now + by, low), high)
        return replace(self, damage=tuple(value if i == index else v for i, v in enumerate(self.damage)))

    def toggle_deck(self) -> BoxDraft:
        return replace(self, deck_checked=not self.deck_checked)

    def step_faces(self, by: int) -> BoxDraft:
        """One face more (not yet named) or the last one less, within the die's range."""
        low, high = FACES_RANGE
        count = min(max(len(self.faces) + by, low), high)
        return replace(self, faces=(self.faces + ("",) * count)[:count])

    def name_face(self, index: int, name: str) -> BoxDraft:
        faces = tuple(_clean(name) if i == index else face for i, face in enumerate(self.faces))
        return replace(self, faces=faces)

    def add_place(self, en: str, fr: str) -> BoxDraft:
        """A Location card from the box; its id is made from its English name, unique in the draft."""
        taken = {place.id for place in self.places}
        base = _slug(en) or "location"
        new_id, counter = base, 1
        while new_id in taken:
            counter += 1
            new_id = f"{base}-{counter}"
        return replace(self, places=(*self.places, PlaceDraft(new_id, _clean(en), _clean(fr), "box")))

    def rename_place(self, place_id: str, en: str, fr: str) -> BoxDraft:
        places = tuple(
            replace(p, en=_clean(en), fr=_clean(fr), confidence="box") if p.id == place_id and p.id != CABIN else p
            for p in self.places
        )
        return replace(self, places=places)

    def remove_place(self, place_id: str) -> BoxDraft:
        """A card taken out of the deck; the Cabin's stays (the expansion places it)."""
        return replace(self, places=tuple(p for p in self.places if p.id != place_id or p.id == CABIN))


def _clean(text: str) -> str:
    return " ".join(text.split())


def _slug(text: str) -> str:
    """A kebab-case id from a name: accents dropped, other signs as dashes."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return "-".join(re.findall(r"[a-z0-9]+", plain))[:40].strip("-")


def box_file(folder: Path | None = None) -> Path:
    return (default_overlay_dir() if folder is None else folder) / FILE_NAME


def text_for(draft: BoxDraft, path: Path, shipped: Definitions) -> str:
    """The file's text: only what differs from the `shipped` data (a face list, a Location renamed or added, the
    deck's list when it is not the shipped one)."""
    doc: dict[str, Any] = shared.read(path)
    shared.store(doc, "dog_track", "dog_track", {} if draft.dog_spaces is None else {"spaces": draft.dog_spaces}, True)
    counts = [-1 if value is None else value for value in draft.damage]
    shared.store(doc, "heliport_damage", "heliport_damage", {"counts": counts}, True)
    faces = {} if draft.faces == shipped.weather_faces else {"faces": list(draft.faces)}
    shared.store(doc, "weather_die", "weather_die", faces, True)
    as_shipped = {p.id: (p.name.text("en"), p.name.text("fr")) for p in shipped.places}
    kept = {p.id for p in draft.places}
    for old in doc.get("location", []):
        if isinstance(old, dict) and old.get("id") not in kept:
            shared.store(doc, "location", str(old.get("id")), {})
    for place in draft.places:
        same = as_shipped.get(place.id) == (place.en, place.fr)
        entry = {"names": {"en": place.en, "fr": place.fr}, "translated": [], "confidence": "box"}
        shared.store(doc, "location", place.id, {} if same else entry)
    deck: dict[str, Any] = {"complete": draft.deck_checked}
    if [p.id for p in draft.places] != list(as_shipped):
        deck["cards"] = [p.id for p in draft.places]
    shared.store(doc, "location_deck", "location_deck", deck, True)
    return shared.dumps(doc, HEADER)


def write_box(draft: BoxDraft, folder: Path | None = None, data_dir: Path | None = None) -> Path:
    """Writes the draft; `DataError` (nothing written) when the data with it would not load."""
    path = box_file(folder)
    shipped = files.shipped_files(data_dir or files.default_data_dir(PACK), PACK)
    shared.write_checked(path, text_for(draft, path, read(shipped, [])), lambda chosen: read(shipped, chosen))
    return path
