"""Small packs written for the tests: a card game with private hands (the hand-over step, public views)."""

from __future__ import annotations

import importlib

from companion.engine import registry

#: The test packs by name, and the module declaring each one's `INFO`.
TEST_PACKS: dict[str, str] = {"handgame": "packs.handgame"}


def use(name: str) -> None:
    """Registers the test pack `name` (nothing for an installed game): a drill's process plays it by name."""
    if name in TEST_PACKS and not registry.is_installed(name):
        registry.register_pack(importlib.import_module(TEST_PACKS[name]).INFO)


def drill_games() -> list[str]:
    """Every game the drills play: each installed one and each test pack. New packs get the drills for free."""
    return sorted({info.name for info in registry.available()} | set(TEST_PACKS))
