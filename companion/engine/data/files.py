"""A pack's TOML data read with every problem collected: where its files are, each file parsed, each table's
entries gathered by id across the shipped files, and the user's overlay laid over them field by field.

A pack declares the shape of its tables (`Tables`: the lists of `[[entry]]`s and the single `[table]`s) and keeps
only what its entries mean and how they check against each other. Nothing here raises on bad data: each problem is
appended to the list the caller passes, naming the file, the entry and the field.
"""

from __future__ import annotations

import re
import tomllib
import weakref
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from companion import paths
from companion.engine.data.problems import DataError, Problem, shown
from companion.locale import domain

_, ngettext = domain("data")

#: An entry's id: kebab-case, as every pack's data writes them.
KEBAB_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_MISSING: Any = object()

P = TypeVar("P", bound=Problem)
C = TypeVar("C")
R = TypeVar("R")


def default_data_dir(pack: str) -> Path:
    """The pack's shipped data: `data/<pack>/` in the project."""
    return paths.DATA_DIR / pack


def default_overlay_dir(pack: str) -> Path:
    """The user's corrections to the pack's data: `overlay/<pack>/` in the user's data directory, a folder of its
    own per game, so one game's file is never read by another."""
    return paths.user_data_dir() / "overlay" / pack


def toml_files(folder: Path) -> list[Path]:
    """The `*.toml` files of a folder in name order ([] when there is no such folder)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.toml") if p.is_file())


def shipped_files(data_dir: Path, pack: str | None = None) -> list[tuple[Path, str]]:
    """The shipped files with the name problems give them: `data/<pack>/<file>` for the pack's own folder (its
    full path elsewhere) when `pack` is given, else the file's name."""
    if pack is None:
        return [(p, p.name) for p in toml_files(data_dir)]
    own = data_dir == default_data_dir(pack)
    return [(p, f"data/{pack}/{p.name}" if own else str(p)) for p in toml_files(data_dir)]


def overlay_files(overlay_dir: Path) -> list[tuple[Path, str]]:
    """The overlay files, each named by its full path so players can find the one to fix."""
    return [(p, str(p)) for p in toml_files(overlay_dir)]


def read_toml(path: Path, display: str, problems: list[P], problem: type[P]) -> Any:
    """One parsed file, or None with a problem naming the file (and tomllib's line and column)."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        problems.append(problem(display, "", "", _("invalid TOML: {error}").format(error=error)))
    except (OSError, UnicodeDecodeError) as error:
        problems.append(problem(display, "", "", _("cannot read the file: {error}").format(error=error)))
    return None


@dataclass
class RawEntry:
    """One table entry as read, with the file that last set each top-level field (so an overlay's problem names
    the overlay file, not the shipped one)."""

    table: str
    id: str
    file: str
    data: dict[str, Any]
    origin: dict[str, str] = field(default_factory=dict)

    def file_of(self, path: str) -> str:
        top = re.split(r"[.\[]", path, maxsplit=1)[0]
        return self.origin.get(top, self.file)


#: Each table -> its entries by id.
Entries = dict[str, dict[str, RawEntry]]


@dataclass(frozen=True)
class Tables(Generic[P]):
    """The shape of a pack's files: which tables hold lists of `[[entry]]`s and which one `[table]` (with the id
    it goes by), and the problem type its messages use."""

    lists: tuple[str, ...]
    singles: Mapping[str, str]  # single table -> the id it goes by
    problem: type[P]

    @property
    def names(self) -> tuple[str, ...]:
        return (*self.lists, *self.singles)

    def read(self, files: Sequence[tuple[Path, str]], problems: list[P]) -> list[tuple[str, dict[str, Any]]]:
        """Each file that parses, with its display name."""
        docs = []
        for path, display in files:
            doc = read_toml(path, display, problems, self.problem)
            if doc is not None:
                docs.append((display, doc))
        return docs

    def entries(
        self, display: str, doc: Mapping[str, Any], problems: list[P], allowed: Collection[str] | None = None
    ) -> Iterator[tuple[str, str, dict[str, Any]]]:
        """(table, id, data) for every well-formed entry of a parsed file; the malformed ones are reported, and
        the tables outside `allowed` (what an overlay may not change) refused."""
        problem = self.problem
        for key, value in doc.items():
            if key not in self.names:
                message = _("unknown table; expected one of {tables}").format(tables=", ".join(self.names))
                problems.append(problem(display, "", key, message))
            elif allowed is not None and key not in allowed:
                problems.append(problem(display, "", key, _("this table cannot be changed by the overlay")))
            elif key in self.singles:
                if isinstance(value, dict):
                    yield key, self.singles[key], dict(value)
                else:
                    problems.append(
                        problem(display, "", key, _("expected a table, got {got}").format(got=shown(value)))
                    )
            elif not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
                message = _("expected a list of tables ([[{table}]]), got {got}").format(table=key, got=shown(value))
                problems.append(problem(display, "", key, message))
            else:
                for index, item in enumerate(value):
                    entry_id = item.get("id", _MISSING)
                    if entry_id is _MISSING:
                        problems.append(problem(display, f"{key}[{index}]", "id", _("missing")))
                    elif not isinstance(entry_id, str) or not KEBAB_ID.fullmatch(entry_id):
                        message = _("expected a kebab-case id (a-z, 0-9 and -), got {got}").format(got=shown(entry_id))
                        problems.append(problem(display, f"{key}[{index}]", "id", message))
                    else:
                        yield key, entry_id, dict(item)

    def collect(self, docs: Sequence[tuple[str, Mapping[str, Any]]], problems: list[P]) -> Entries:
        """The entries of every shipped file by table and id; an id given twice (in any file) is a problem."""
        tables: Entries = {name: {} for name in self.names}
        for display, doc in docs:
            for table, entry_id, data in self.entries(display, doc, problems):
                previous = tables[table].get(entry_id)
                if previous is not None:
                    message = _("duplicate id (also in {file})").format(file=previous.file)
                    problems.append(self.problem(display, entry_id, "id", message))
                    continue
                tables[table][entry_id] = RawEntry(table, entry_id, display, data)
        return tables

    def lay_over(
        self,
        tables: Entries,
        docs: Sequence[tuple[str, Mapping[str, Any]]],
        problems: list[P],
        allowed: Collection[str] | None = None,
        merge: Callable[[str, Any, Any], Any] | None = None,
    ) -> None:
        """Replaces the fields an overlay file gives for shipped entries (`merge(name, shipped, given)` decides a
        field's new value when given); each replaced field remembers its file. An overlay adds no entry."""
        seen: dict[tuple[str, str], str] = {}
        for display, doc in docs:
            for table, entry_id, data in self.entries(display, doc, problems, allowed):
                target = tables[table].get(entry_id)
                if target is None:
                    message = _("no shipped {table} has this id").format(table=table)
                    problems.append(self.problem(display, entry_id, "id", message))
                    continue
                if (table, entry_id) in seen:
                    message = _("duplicate id (also in {file})").format(file=seen[(table, entry_id)])
                    problems.append(self.problem(display, entry_id, "id", message))
                    continue
                seen[(table, entry_id)] = display
                for name, value in data.items():
                    if name == "id":
                        continue
                    target.data[name] = value if merge is None else merge(name, target.data.get(name), value)
                    target.origin[name] = display


def load_accepting(load: Callable[[list[C]], R], candidates: Sequence[C]) -> tuple[R, list[C], tuple[Problem, ...]]:
    """`load` with the overlay files added one at a time, keeping those that still validate: a broken overlay
    file is skipped and its problems returned, so the game still starts and can say which file to fix. Broken
    shipped data raises `DataError`."""
    result = load([])
    accepted: list[C] = []
    problems: list[Problem] = []
    for candidate in candidates:
        try:
            result = load([*accepted, candidate])
        except DataError as error:
            problems.extend(error.problems)
        else:
            accepted.append(candidate)
    return result, accepted, tuple(problems)


class DefaultData(Generic[R]):
    """A pack's data from the default folders with the user's overlay, loaded once (broken overlay files skipped
    and their problems kept) until `clear` (after an overlay edit). Given the pack's name, it also knows whether
    what it read came from the shipped files alone (no overlay file then), which `forget_loaded_data` keeps."""

    def __init__(self, load: Callable[[], tuple[R, tuple[Problem, ...]]], pack: str | None = None) -> None:
        self._load = load
        self._pack = pack
        self._loaded: tuple[R, tuple[Problem, ...]] | None = None
        self.shipped_only = False
        self._shipped_dir: Path | None = None
        _EVERY_DEFAULT_DATA.add(self)

    def _get(self) -> tuple[R, tuple[Problem, ...]]:
        if self._loaded is None:
            overlays = toml_files(default_overlay_dir(self._pack)) if self._pack is not None else None
            self._loaded = self._load()
            self.shipped_only = overlays == []
            self._shipped_dir = default_data_dir(self._pack) if self._pack is not None else None
        return self._loaded

    def definitions(self) -> R:
        return self._get()[0]

    def problems(self) -> tuple[Problem, ...]:
        """The problems of the overlay files `definitions` skipped; () when all is well."""
        return self._get()[1]

    def still_shipped_only(self) -> bool:
        """Whether what was read came from the default shipped folder alone, and that folder is still the default."""
        return self.shipped_only and self._pack is not None and self._shipped_dir == default_data_dir(self._pack)

    def clear(self) -> None:
        self._loaded = None
        self.shipped_only = False


#: Every pack's loaded data, so that what one data directory gave can be forgotten at once (`forget_loaded_data`).
_EVERY_DEFAULT_DATA: weakref.WeakSet[DefaultData[Any]] = weakref.WeakSet()


def forget_loaded_data(keep_shipped_only: bool = False) -> None:
    """Every pack's data read again on next use, as in a new process (the tests' directories change each time).
    `keep_shipped_only` keeps what was read from the shipped files alone: the same in any fresh, empty user data
    directory, and the costliest part of a test's start (some 30 ms for Thunderbirds)."""
    for data in list(_EVERY_DEFAULT_DATA):
        if not (keep_shipped_only and data.still_shipped_only()):
            data.clear()


#: The shipped and overlay files a pack's loader reads: (path, the name problems give it) each.
Files = list[tuple[Path, str]]


class OverlaidData(DefaultData[R]):
    """A pack's data read with the user's overlay: `load(shipped, overlay)` reads the files it is given (raising
    `DataError`); `load_safe` lays over the shipped files every overlay file that still validates, skipping the
    broken ones, and the default folders' result is kept until `clear`. The shipped files are in `data_dir`:
    `data/<pack>/` in the project unless given (a pack installed as a distribution of its own ships them in its
    package)."""

    def __init__(
        self,
        load: Callable[[Files, Files], R],
        pack: str,
        shipped: Callable[[Path], Files] | None = None,
        data_dir: Path | None = None,
    ):
        super().__init__(self.load_safe, pack)
        self.read = load
        self.pack = pack
        self.shipped = shipped_files if shipped is None else shipped
        self.data_dir = data_dir

    def load_safe(self, data_dir: Path | None = None, overlay_dir: Path | None = None) -> tuple[R, tuple[Problem, ...]]:
        """The shipped data plus every overlay file that validates, and the problems of those skipped."""
        shipped = self.shipped(data_dir or self.data_dir or default_data_dir(self.pack))
        candidates = overlay_files(default_overlay_dir(self.pack) if overlay_dir is None else overlay_dir)
        result, _accepted, problems = load_accepting(lambda chosen: self.read(shipped, chosen), candidates)
        return result, problems
