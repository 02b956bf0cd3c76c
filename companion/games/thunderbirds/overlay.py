"""The user overlay: corrections a café makes to card data, stored beside (never inside) the shipped files."""

from __future__ import annotations

from pathlib import Path

from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.errors import DataError, Problem
from companion.games.thunderbirds.loader import (
    default_data_dir,
    default_overlay_dir,
    load_files,
    overlay_files,
    shipped_files,
)


def load_definitions_safe(
    data_dir: Path | None = None, overlay_dir: Path | None = None
) -> tuple[Definitions, tuple[Problem, ...]]:
    """Shipped data plus every overlay file that validates; a broken overlay file is skipped and reported so the
    app still starts. Broken shipped data raises `DataError`."""
    data_dir = default_data_dir() if data_dir is None else data_dir
    overlay_dir = default_overlay_dir() if overlay_dir is None else overlay_dir
    shipped = shipped_files(data_dir)
    definitions, _report = load_files(shipped, [])
    accepted: list[tuple[Path, str]] = []
    problems: list[Problem] = []
    for candidate in overlay_files(overlay_dir):
        try:
            definitions, _report = load_files(shipped, accepted + [candidate])
        except DataError as error:
            problems.extend(error.problems)
        else:
            accepted.append(candidate)
    return definitions, tuple(problems)
