"""The kit games installed: the shipped examples (`data/kits/*.toml`) and the user's (`<user data>/kits/*.toml`).

`installed_kits()` gives each valid kit's `PackInfo` and a `PackProblem` for each file that cannot be used (it is
skipped, the others still start). `add_kit(path)` copies a kit file (from a USB stick) into the user's kits
folder after checking it, refusing a name already taken or a file already there: nothing is ever overwritten.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from companion.engine.errors import CompanionError
from companion.engine.pack import PackInfo, PackProblem
from companion.files import write_atomically
from companion.kit.listing import Listed, ListingCache, digest
from companion.locale import LANGUAGES, domain, pick, speaking
from companion.paths import DATA_DIR, ROOT, user_data_dir

if TYPE_CHECKING:
    from companion.kit.definition import KitDefinition
    from companion.kit.schema import KitError

_, ngettext = domain("kit")

EXAMPLES_DIR = DATA_DIR / "kits"
LOAD = "companion.kit.pack:make_pack"


def user_kits_dir() -> Path:
    return user_data_dir() / "kits"


def python_pack_names() -> frozenset[str]:
    """Names taken by packs written in Python (a kit may not use them): each folder of `companion/games/` or
    `companion/packs/` that is a package."""
    names: set[str] = set()
    for folder in (ROOT / "companion" / "games", ROOT / "companion" / "packs"):
        if folder.is_dir():
            names.update(child.name for child in folder.iterdir() if (child / "__init__.py").is_file())
    return frozenset(names)


def listed(definition: KitDefinition) -> Listed:
    """What the game picker needs of a validated kit."""
    return Listed(
        name=definition.name,
        title=definition.title,
        blurb=definition.blurb,
        players=definition.players,
        hides_information=definition.hides_information,
        has_chance=definition.has_chance,
    )


def pack_info(facts: Listed, source: Path) -> PackInfo:
    return PackInfo(
        name=facts.name,
        title=facts.title,
        blurb=facts.blurb,
        players=facts.players,
        support="kit",
        hides_information=facts.hides_information,
        has_chance=facts.has_chance,
        options=(),
        load=LOAD,
        source=str(source),
    )


def _toml_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.glob("*.toml") if path.is_file()) if folder.is_dir() else []


def installed_kits() -> tuple[tuple[PackInfo, ...], tuple[PackProblem, ...]]:
    """Every usable kit game, and a problem (file, line, field) for each kit file skipped.

    A user's kit named like a shipped example replaces it (a copy completed in the data editor, see
    `edit.user_copy`); two user kits of one name, or a kit named like a Python pack, are problems. A file seen
    valid before is not validated again (`listing`)."""
    problems: list[PackProblem] = []
    taken = set(python_pack_names())
    cache = ListingCache()
    seen: set[str] = set()
    users: list[PackInfo] = []
    for path in _toml_files(user_kits_dir()):
        facts = _listed_or_problem(path, cache, seen, problems)
        if facts is None:
            continue
        if facts.name in taken:
            taken_by = _name_taken(facts.name)
            problems.append(KitFileProblem(facts.name, str(path), pick(taken_by), _name_line(path), messages=taken_by))
            continue
        taken.add(facts.name)
        users.append(pack_info(facts, path))
    examples: list[PackInfo] = []
    for path in _toml_files(EXAMPLES_DIR):
        facts = _listed_or_problem(path, cache, seen, problems)
        if facts is not None and facts.name not in taken:
            examples.append(pack_info(facts, path))
    cache.keep_only(seen)
    cache.save()
    return tuple(examples + users), tuple(problems)


def _listed_or_problem(path: Path, cache: ListingCache, seen: set[str], problems: list[PackProblem]) -> Listed | None:
    """The file's facts (remembered, or validated now), or None with its problem added to `problems`."""
    try:
        data = path.read_bytes()
    except OSError:
        data = None
    key = digest(data) if data is not None else ""
    facts = cache.get(key) if key else None
    if facts is None:
        from companion.kit.schema import KitError

        try:
            definition = _checked(path, data)
        except KitError as error:
            problems.append(_problem(path, data, error))
            return None
        facts = listed(definition)
        if key:
            cache.put(key, facts)
    if key:
        seen.add(key)
    return facts


def _checked(path: Path, data: bytes | None) -> KitDefinition:
    """The kit in `path` (whose bytes are `data`, None when they could not be read); raises `KitError`."""
    from companion.kit.schema import parse_kit, read_kit, to_definition

    if data is None:
        return read_kit(path)  # says why it cannot be read
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return read_kit(path)
    return to_definition(parse_kit(text, str(path)))


@dataclass(frozen=True)
class KitFileProblem(PackProblem):
    """A kit file skipped, its problem said in each language (Home may switch language after the scan)."""

    messages: Mapping[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line is not None else self.file
        return f"{where}: {pick(self.messages) if self.messages else self.message}"


def _problem(path: Path, data: bytes | None, error: KitError) -> PackProblem:
    """The file's first problem, in every language (the file checked again in each: only a broken file is)."""
    from companion.kit.schema import KitError

    def said(found: KitError) -> str:
        first = found.problems[0]
        return f"{first.field}: {first.message}" if first.field else first.message

    messages = {}
    for spoken in LANGUAGES:
        with speaking(spoken):
            try:
                _checked(path, data)
            except KitError as again:
                messages[spoken] = said(again)
    first = error.problems[0]
    return KitFileProblem(path.stem, str(path), said(error), first.line, messages=messages)


def _name_taken(name: str) -> dict[str, str]:
    """The problem of a kit whose name another game has, in each language."""
    messages = {}
    for spoken in LANGUAGES:
        with speaking(spoken):
            messages[spoken] = "kit.name: " + _("the name {name} is already taken by another game").format(name=name)
    return messages


def _name_line(path: Path) -> int | None:
    from companion.kit.toml_lines import key_lines

    try:
        return key_lines(path.read_text(encoding="utf-8")).get(("kit", "name"))
    except (OSError, UnicodeDecodeError):
        return None


class KitAddError(CompanionError):
    """A kit file that cannot be added; the message says why (and where, for a file with an error)."""


class KitNameTaken(KitAddError):
    """The kit's name is already a game's. `existing` is that game's file when it is a kit (the shipped example
    or the user's file it would replace), None for a game written in Python, which a kit never replaces."""

    def __init__(self, message: str, name: str, existing: Path | None) -> None:
        super().__init__(message)
        self.name = name
        self.existing = existing

    @property
    def can_replace(self) -> bool:
        return self.existing is not None


def add_kit(source: Path, replace: bool = False) -> Path:
    """Copies a valid kit file into the user's kits folder as `<name>.toml`; returns the new file's path.

    Refused, leaving everything as it was: an invalid file (its first problem, with file and line), a name a
    game already has (`KitNameTaken`), or a file of that name already in the folder. With `replace` (the players
    were asked), a kit of the same name is replaced: a shipped example by a user's copy (the example is kept, the
    copy comes first in the list), a user's kit file by the new one, the old one kept beside it renamed
    `<file>.replaced-<time>` (nothing is deleted). A game written in Python is never replaced."""
    from companion.kit.schema import KitError, read_kit

    try:
        definition = read_kit(source)
    except KitError as error:
        raise KitAddError(error.message) from error
    name = definition.name
    folder = user_kits_dir()
    target = folder / f"{name}.toml"
    put_aside: Path | None = None
    if name in python_pack_names():
        raise KitNameTaken(f"{source}: {pick(_name_taken(name))}", name, None)
    infos, _problems = installed_kits()
    existing = next((Path(info.source) for info in infos if info.name == name and info.source), None)
    if existing is not None:
        if not replace:
            raise KitNameTaken(f"{source}: {pick(_name_taken(name))}", name, existing)
        if folder.resolve() in existing.resolve().parents:
            put_aside = existing
    if target.exists() and target != put_aside:
        raise KitAddError(
            _("{file} already exists: remove or rename it first; nothing was copied.").format(file=target)
        )
    folder.mkdir(parents=True, exist_ok=True)
    moved: Path | None = None
    try:
        if put_aside is not None:
            moved = _aside_name(put_aside)
            os.rename(put_aside, moved)
        # Never overwrites, even a file that appeared meanwhile.
        write_atomically(target, source.read_bytes(), overwrite=False)
    except OSError as error:
        if moved is not None and put_aside is not None and moved.exists() and not put_aside.exists():
            os.rename(moved, put_aside)  # the old kit back where it was
        if isinstance(error, FileExistsError):
            raise KitAddError(
                _("{file} already exists: remove or rename it first; nothing was copied.").format(file=target)
            ) from None
        raise KitAddError(_("{file} could not be copied: {reason}").format(file=source, reason=error)) from error
    return target


def _aside_name(path: Path) -> Path:
    """`dice_race.toml.replaced-20250101-120000`: out of the list (not a .toml), never over another file."""
    from datetime import datetime

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.name}.replaced-{stamp}")
    number = 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}.replaced-{stamp}-{number}")
    return candidate
