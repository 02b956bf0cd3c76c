"""What Home's game picker needs of a kit file (its name, titles, players, secrets, chance), remembered by the
file's content so that listing the games validates only a file not seen before.

Validating a kit file means pydantic: about a quarter of a second and 20 MB the first time in a process, for a
picker that only needs six facts. A valid file's facts are kept in `<state dir>/cache/kit-listing.json`, keyed
by the SHA-256 of its bytes and stamped with the code that checked them (the companion's version and the kit
format's modules): an edited file, a new file or a new version of the companion is validated again. A file
that does not validate is never remembered (its messages are in the language of the moment), so it is checked,
and named, at every scan. The cache is only ever a shortcut: unreadable, damaged or unwritable, it is ignored.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import __version__
from companion.engine.pack import Words
from companion.files import write_atomically
from companion.paths import state_dir

log = logging.getLogger(__name__)

FORMAT = 1
CACHE_NAME = "kit-listing.json"
#: The modules whose code decides whether a kit file is valid and what it declares.
CHECKED_BY = ("schema.py", "definition.py", "components.py", "toml_lines.py", "listing.py")


@dataclass(frozen=True)
class Listed:
    """A valid kit file's facts for the picker."""

    name: str
    title: Words
    blurb: Words
    players: tuple[int, int]
    hides_information: bool
    has_chance: bool


def cache_file() -> Path:
    return state_dir() / "cache" / CACHE_NAME


def code_stamp() -> str:
    """The companion's version and each kit-format module's size and time: another code, another check."""
    here = Path(__file__).resolve().parent
    parts = [__version__]
    for name in CHECKED_BY:
        try:
            stat = (here / name).stat()
        except OSError:
            continue
        parts.append(f"{name}:{stat.st_size}:{stat.st_mtime_ns}")
    return "|".join(parts)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class ListingCache:
    """The remembered facts, read once per scan and written back only when a file was validated anew."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = cache_file() if path is None else path
        self.stamp = code_stamp()
        self.entries: dict[str, dict[str, Any]] = {}
        self.changed = False
        try:
            document = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(document, dict) and document.get("format") == FORMAT and document.get("code") == self.stamp:
            entries = document.get("kits")
            if isinstance(entries, dict):
                self.entries = {key: value for key, value in entries.items() if isinstance(value, dict)}

    def get(self, key: str) -> Listed | None:
        entry = self.entries.get(key)
        if entry is None:
            return None
        try:
            return _listed(entry)
        except (KeyError, TypeError, ValueError):
            del self.entries[key]
            self.changed = True
            return None

    def put(self, key: str, listed: Listed) -> None:
        self.entries[key] = _entry(listed)
        self.changed = True

    def keep_only(self, keys: set[str]) -> None:
        """Forgets the files no longer there (the cache never grows with every edit made)."""
        gone = set(self.entries) - keys
        for key in gone:
            del self.entries[key]
        self.changed = self.changed or bool(gone)

    def save(self) -> None:
        if not self.changed:
            return
        document = {"format": FORMAT, "code": self.stamp, "kits": self.entries}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path, json.dumps(document, ensure_ascii=False, sort_keys=True))
        except OSError as error:  # a read-only disk: the next scan validates again, nothing else changes
            log.info("kit listing not remembered: %s", error)
        self.changed = False


def _listed(entry: dict[str, Any]) -> Listed:
    low, high = entry["players"]
    return Listed(
        name=str(entry["name"]),
        title=Words.from_data(entry["title"]),
        blurb=Words.from_data(entry["blurb"]),
        players=(int(low), int(high)),
        hides_information=bool(entry["hides_information"]),
        has_chance=bool(entry["has_chance"]),
    )


def _entry(listed: Listed) -> dict[str, Any]:
    return {
        "name": listed.name,
        "title": listed.title.to_data(),
        "blurb": listed.blurb.to_data(),
        "players": list(listed.players),
        "hides_information": listed.hides_information,
        "has_chance": listed.has_chance,
    }
