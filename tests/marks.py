"""Marks a folder's conftest gives by a declared list of modules (the slow drills), checked against the folder."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest


def mark_modules(
    items: list[pytest.Item], folder: Path, modules: Mapping[str, str], mark: pytest.MarkDecorator
) -> None:
    """Gives `mark` to every test of the named modules (paths relative to `folder`, the conftest's own; it says
    why for each); a name that is no module there is an error, so a renamed module is not silently left out."""
    missing = sorted(name for name in modules if not (folder / name).is_file())
    if missing:
        raise pytest.UsageError(f"{folder}/conftest.py names modules that do not exist: {', '.join(missing)}")
    marked = {folder / name for name in modules}
    for item in items:
        if item.path in marked:
            item.add_marker(mark)
