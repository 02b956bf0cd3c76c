"""Small packs written for the tests: a card game with private hands (the hand-over step, public views)."""

from __future__ import annotations

import importlib
from pathlib import Path

from companion.engine import registry
from companion.engine.pack import PackInfo
from companion.kit.catalogue import EXAMPLES_DIR

#: The test packs by name, and the module declaring each one's `INFO`.
TEST_PACKS: dict[str, str] = {"handgame": "packs.handgame"}


def use(name: str) -> None:
    """Registers the test pack `name` (nothing for an installed game): a drill's process plays it by name."""
    if name in TEST_PACKS and not registry.is_installed(name):
        registry.register_pack(importlib.import_module(TEST_PACKS[name]).INFO)


def is_shipped(info: PackInfo) -> bool:
    """A pack of `companion/games/` or a kit example of `data/kits/`: never a kit of the user's data directory,
    nor a pack some other installed distribution declares."""
    if info.source is None:
        return info.load.startswith("companion.games.")
    return Path(info.source).resolve().parent == EXAMPLES_DIR.resolve()


def drill_games() -> list[str]:
    """Every game the drills play: each shipped pack and kit example, and each test pack. New packs get the drills
    for free; what the user installed is not theirs to test (called at collection, before any test's fixture)."""
    return sorted({info.name for info in registry.available() if is_shipped(info)} | set(TEST_PACKS))
