"""docs/packs.md's tutorial pack in the real app, by touch: Pig, built from the tutorial's blocks and installed as a
distribution, is offered on Home's picker; New game asks for the players (2 to 4) and the target; the plain play
screen offers "Player 1 rolls"; a roll is played and the history names it. Its demo, run by the command the page
prints, plays a seeded game to its end by touch and leaves the screenshots and the summary the page names."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from runs import scenario_notes

from tests.test_packs_tutorial import DOC, documented, run_as_printed, write_tutorial, written_as_the_page_says

SCENARIO = r"""
def pig_by_touch(pilot, out, args, notes):
    app = pilot.app

    yield pilot.settle()
    yield pilot.until(lambda: pilot.has("game:pig"), "Pig on Home's picker", timeout=60)
    pilot.tap("game:pig")
    yield pilot.settle()
    notes["home_texts"] = pilot.texts()
    yield pilot.screenshot(out / "01-home.png")
    pilot.check_layout("home")
    pilot.tap("new_game")
    yield pilot.until(lambda: pilot.screen_name() == "new_game", "New game")
    yield pilot.settle()
    notes["players"] = sorted(pilot.keys("players:"))
    notes["options"] = sorted(pilot.keys("option:"))
    notes["new_game_texts"] = pilot.texts()
    yield pilot.screenshot(out / "02-new-game.png")
    pilot.check_layout("new_game")
    pilot.tap("players:3")
    yield pilot.settle()
    pilot.tap("option:target:50")
    yield pilot.settle()
    pilot.tap("start_game")
    yield pilot.until(lambda: pilot.screen_name() == "play", "the play screen")
    yield pilot.settle()
    notes["play_keys"] = sorted(pilot.keys("act:"))
    notes["play_texts"] = pilot.texts()
    yield pilot.screenshot(out / "03-play.png")
    pilot.check_layout("play")
    [roll] = [w for w in pilot.widgets() if getattr(w, "text", "") == "Player 1 rolls" and pilot._is_shown(w)]
    pilot.tap(roll)
    yield pilot.until(lambda: len(app.controller.snapshot.history) == 1, "the roll")
    yield pilot.settle()
    notes["history"] = [entry.label for entry in app.controller.snapshot.history]
    notes["setup"] = [app.pack.name, len(app.controller.snapshot.state.scores), app.controller.snapshot.state.target]
"""


@pytest.fixture(scope="module")
def pig_notes(xvfb_display: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    installed = write_tutorial(tmp_path_factory.mktemp("site"))
    home = tmp_path_factory.mktemp("pig-home")  # module-wide: this run's own saved games, data and config
    env = {"PYTHONPATH": str(installed), "COMPANION_CONFIG": str(home / "config.toml")}
    for name, sub in (("COMPANION_STATE_DIR", "state"), ("COMPANION_DATA_DIR", "data"), ("KIVY_HOME", "kivy")):
        (home / sub).mkdir()
        env[name] = str(home / sub)
    (home / "config.toml").write_text("", encoding="utf-8")
    out = tmp_path_factory.mktemp("pig")
    return scenario_notes(xvfb_display, out, "pig_by_touch", SCENARIO, env=env)


def test_home_offers_the_tutorial_pack_and_new_game_asks_what_the_tutorial_says(pig_notes: dict[str, Any]) -> None:
    assert "✓ Pig\n2 to 4 players · full rules" in pig_notes["home_texts"]  # its tile on the picker, chosen
    assert pig_notes["players"] == ["players:2", "players:3", "players:4"]
    assert pig_notes["options"] == ["option:target:20", "option:target:50"]
    assert {"Target", "✓ 20 points", "50 points"} <= set(pig_notes["new_game_texts"])  # 20 by default


def test_the_plain_play_screen_offers_player_1_rolls_and_plays_it(pig_notes: dict[str, Any]) -> None:
    assert pig_notes["setup"] == ["pig", 3, 50]
    assert "Player 1: 0" in pig_notes["play_texts"] and "This turn: 0" in pig_notes["play_texts"]
    assert "Player 1 rolls" in pig_notes["play_texts"]
    assert pig_notes["history"] == ["Player 1 rolls"]


def test_the_tutorial_demo_plays_a_seeded_game_by_touch_as_the_page_says(
    xvfb_display: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DISPLAY", xvfb_display)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    written_as_the_page_says(tmp_path)
    (demo,) = documented("companion demo --game pig")
    completed = run_as_printed(demo.command, tmp_path)
    assert completed.returncode == 0, completed.stdout[-3000:]
    words = shlex.split(demo.command)
    out = tmp_path / words[words.index("--out") + 1]
    shots = sorted(path.name for path in out.glob("*.png"))
    assert shots == ["0001-home.png", "0002-new_game.png", "0003-play.png", "0004-won.png"]
    page = DOC.read_text(encoding="utf-8")
    assert all(f"`{name}`" in page for name in [*shots, "summary.md"])
    summary = (out / "summary.md").read_text(encoding="utf-8")
    assert summary.startswith("# Companion demo: Pig\n") and "- Layout problems: 0" in summary
    scores = summary.split("- Scores: [", 1)[1].split("]", 1)[0]
    assert max(int(score) for score in scores.split(",")) >= 20  # played to the end
    actions = summary.split("## Actions", 1)[1].strip().splitlines()
    assert actions[0] == "1. Player 1 rolls" and " banks " in actions[-1]
