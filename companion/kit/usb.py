"""Kit files on a USB stick, as Home's "Add a game from a USB stick" lists them: each `.toml` file at the top of
a mounted removable drive or one folder down, checked; a broken one named with its file and line, a name
already taken said so (the players are asked before anything is replaced). Reading only: nothing is copied
here (`catalogue.add_kit` does it)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from companion.kit.catalogue import installed_kits, python_pack_names
from companion.kit.schema import KitError, read_kit

#: Files looked at on one stick, at most (a stick full of other files is not walked for minutes).
MAX_FILES = 200


@dataclass(frozen=True)
class StickKit:
    """A kit file found on a stick: valid (`name` and `title`), or broken (`problem`: "FILE:LINE: field: ...")."""

    path: Path
    name: str = ""
    title: str = ""
    problem: str = ""
    #: The installed game's file this one would replace (a kit of the same name), or None.
    replaces: Path | None = None
    #: The name is a game written in Python's: it cannot be added under that name.
    name_is_a_pack: bool = False

    @property
    def is_valid(self) -> bool:
        return not self.problem


def kit_files(drives: Iterable[Path]) -> list[tuple[Path, Path]]:
    """The `.toml` files at the top of each drive and in its folders one level down (hidden ones left out), each
    with its drive."""
    found: list[tuple[Path, Path]] = []
    for drive in drives:
        try:
            candidates = sorted(drive.glob("*.toml")) + sorted(drive.glob("*/*.toml"))
        except OSError:
            continue
        for path in candidates:
            if any(part.startswith(".") for part in path.relative_to(drive).parts):
                continue
            if path.is_file():
                found.append((drive, path))
            if len(found) >= MAX_FILES:
                return found
    return found


def survey(drives: Iterable[Path]) -> tuple[StickKit, ...]:
    """Every kit file on the drives, checked, valid ones first (by title), then the broken ones."""
    installed = {info.name: Path(info.source) for info in installed_kits()[0] if info.source}
    packs = python_pack_names()
    valid: list[StickKit] = []
    broken: list[StickKit] = []
    for drive, path in kit_files(drives):
        try:
            kit = read_kit(path)
        except KitError as error:
            # Named as the players see it on their stick ("games/my-game.toml:27: ..."), not by its mount point.
            shown = dataclasses.replace(error.problems[0], file=str(path.relative_to(drive)))
            broken.append(StickKit(path, problem=str(shown)))
            continue
        valid.append(
            StickKit(
                path,
                kit.name,
                kit.title.text(),
                replaces=installed.get(kit.name),
                name_is_a_pack=kit.name in packs,
            )
        )
    return tuple(sorted(valid, key=lambda k: (k.title.casefold(), str(k.path))) + broken)
