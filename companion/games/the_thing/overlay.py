"""The players' completions from their box, in the user's overlay (`overlay/the_thing/box.toml`): the dog-escape
track's length, the Heliport's damage tokens by player count, and the Location deck checked. The file is written
whole and atomically, and only once the data with it still validates (nothing is written otherwise)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion.engine.data import files
from companion.engine.data import overlay as shared
from companion.games.the_thing.definitions import PLAYER_COUNTS, Definitions
from companion.games.the_thing.loader import PACK, read

FILE_NAME = "box.toml"
RELATIVE = Path("overlay") / PACK / FILE_NAME
HEADER = "# Facts read from our box, entered on the companion's Box screen (the shipped files stay as they are).\n"
DOG_RANGE = (2, 40)
DAMAGE_RANGE = (0, 20)

default_overlay_dir = functools.partial(files.default_overlay_dir, PACK)


@dataclass(frozen=True)
class BoxDraft:
    """What the Box screen edits before it is saved."""

    dog_spaces: int | None
    damage: tuple[int | None, ...]  # by PLAYER_COUNTS
    deck_checked: bool

    @classmethod
    def of(cls, defs: Definitions) -> BoxDraft:
        return cls(defs.dog_spaces, defs.heliport_damage, defs.deck_complete)

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


def box_file(folder: Path | None = None) -> Path:
    return (default_overlay_dir() if folder is None else folder) / FILE_NAME


def text_for(draft: BoxDraft, path: Path) -> str:
    doc: dict[str, Any] = shared.read(path)
    shared.store(doc, "dog_track", "dog_track", {} if draft.dog_spaces is None else {"spaces": draft.dog_spaces}, True)
    counts = [-1 if value is None else value for value in draft.damage]
    shared.store(doc, "heliport_damage", "heliport_damage", {"counts": counts}, True)
    shared.store(doc, "location_deck", "location_deck", {"complete": draft.deck_checked}, True)
    return shared.dumps(doc, HEADER)


def write_box(draft: BoxDraft, folder: Path | None = None, data_dir: Path | None = None) -> Path:
    """Writes the draft; `DataError` (nothing written) when the data with it would not load."""
    path = box_file(folder)
    shipped = files.shipped_files(data_dir or files.default_data_dir(PACK), PACK)
    shared.write_checked(path, text_for(draft, path), lambda chosen: read(shipped, chosen))
    return path
