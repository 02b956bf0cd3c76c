"""Fixtures for the data tests: a private copy of the shipped data that a test may break, and an empty overlay."""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.games.thunderbirds.loader import default_data_dir
from companion.games.thunderbirds.overlay import dumps

SHIPPED = default_data_dir()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A copy of the shipped data files."""
    target = tmp_path / "data"
    shutil.copytree(SHIPPED, target, ignore=shutil.ignore_patterns("*.md"))
    return target


@pytest.fixture
def overlay_dir(tmp_path: Path) -> Path:
    target = tmp_path / "overlay"
    target.mkdir()
    return target


def edit(directory: Path, file_name: str, change: Callable[[dict[str, Any]], None]) -> None:
    """Parses a data file, lets `change` edit the document in place, and writes it back."""
    path = directory / file_name
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(dumps(doc), encoding="utf-8")


def entry(doc: dict[str, Any], table: str, entry_id: str) -> dict[str, Any]:
    """The entry of `table` with this id, to edit in place."""
    return next(item for item in doc[table] if item["id"] == entry_id)
