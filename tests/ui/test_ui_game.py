"""A whole seeded game through the real app, from the New game screen to Game over, driven only by touches.

The game's bot chooses each move and the pilot performs it by touching the buttons a player would; the game
played on screen must then be exactly the game the rules play on their own with the same seed and choices
(same number of actions, same end, same final state), which proves every move went through as chosen.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path

import pytest

from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.simulate import steps

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenarios import digest

#: (language, window, players, seed): short games that, between them, show a foiled scheme, loads, rewards and
#: events (checked below, so a change to the bot that loses one of them is caught).
GAMES = [
    ("en", "800x480", 2, 34),  # won
    ("fr", "720x1280", 1, 9),
    ("fr", "800x480", 2, 7),
    ("en", "720x1280", 1, 14),
]

GAME_OVER_TITLES = {
    "en": {"won": "International Rescue wins!", "lost": "The game is lost"},
    "fr": {"won": "International Rescue gagne\u00a0!", "lost": "La partie est perdue"},
}


def expected_game(players: int, seed: int) -> tuple[int, object]:
    count, last = 0, None
    for step in steps(players, "introduction", seed, default_definitions()):
        count += 1
        last = step.after
    assert last is not None and last.outcome is not None
    return count, (last.outcome.result, last.outcome.reason, last.turn, digest(last))


def test_the_games_between_them_show_what_they_are_chosen_for() -> None:
    seen: set[str] = set()
    for _lang, _size, players, seed in GAMES:
        for step in steps(players, "introduction", seed, default_definitions()):
            seen.update(type(event).__name__ for event in step.events)
    assert {"SchemeFoiled", "PieceLoaded", "TokenGained", "EventRevealed"} <= seen


@pytest.mark.parametrize(("lang", "size", "players", "seed"), GAMES)
def test_whole_seeded_game_by_touch(run_app, lang: str, size: str, players: int, seed: int) -> None:
    report = run_app(
        "full_game",
        size=size,
        lang=lang,
        args={"players": str(players), "seed": str(seed), "difficulty": "introduction"},
    )
    assert report.ok, report.error
    notes = report.notes
    actions, (result, reason, turns, final_digest) = expected_game(players, seed)
    assert notes["actions"] == actions
    assert (notes["outcome"], notes["reason"], notes["turns"]) == (result, reason, turns)
    assert notes["digest"] == final_digest
    assert notes["final_screen"] == "game_over"
    assert notes["game_over_title"] == GAME_OVER_TITLES[lang][result]
    assert notes["history_length"] == actions
    # Every screen it passed was checked: no clipped or overlapping text, buttons inside and >= 9 mm.
    assert report.layout_problems() == []
    for screen in ("new_game", "table", "board", "rescue-before", "rescue-rolled", "game_over"):
        assert any(s == screen or s.startswith(screen + "-") or s == screen for s in notes["screens"]), screen
    assert notes["mirror_frames"] > 0  # the on-screen LED strip followed the game
    shots = sorted(report.out.glob("*.png"))
    assert len(shots) == len(notes["screenshots"]) >= 10
    # The end of the game was backed up at once: the newest backup holds the finished game.
    backups = sorted((Path(os.environ["COMPANION_STATE_DIR"]) / "backups").glob("companion-*.db"))
    assert backups
    with sqlite3.connect(backups[-1]) as db:
        summaries = [json.loads(row[0]) for row in db.execute("SELECT summary FROM games")]
    assert [s.get("status") for s in summaries] == [result]
