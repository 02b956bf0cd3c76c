"""Golden playthroughs: three seeded bot games, written out for people, must not change unnoticed.

A difference means the rules, the bot or the history labels changed. If the change is intended, regenerate with
`COMPANION_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/golden` and review the diff (see README.md).
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from companion.games.thunderbirds.loader import default_definitions

from .playthrough import render

HERE = Path(__file__).resolve().parent
#: (file, players, difficulty, game seed)
CASES = (
    ("solo_introduction_won.txt", 1, "introduction", 5),
    ("two_players_standard_lost.txt", 2, "standard", 2),
    ("four_players_heroic_won.txt", 4, "heroic", 5),
)
REGENERATE = os.environ.get("COMPANION_REGENERATE_GOLDEN") == "1"


@pytest.mark.parametrize(("name", "players", "difficulty", "seed"), CASES)
def test_playthrough_is_unchanged(name: str, players: int, difficulty: str, seed: int) -> None:
    text = render(players, difficulty, seed, default_definitions())
    path = HERE / name
    if REGENERATE:
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(
            difflib.unified_diff(expected.splitlines(keepends=True), text.splitlines(keepends=True), name, "now", n=2)
        )
        raise AssertionError(f"{name} changed (regenerate if intended):\n{diff[:6000]}")
