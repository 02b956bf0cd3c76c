"""The demos of The Thing and Thunder Road as their pages print them (`companion demo --game G --out DIR`), with no
display: each starts its own virtual screen, plays its seeded game by touch and leaves every screenshot its summary
lists, with no layout problem. The Thing's never shows a token: its secret steps are photographed covered, and Red's
escape goes through the play screen's chooser. (The other packs' demos are played by their own UI tests.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.paths import ROOT

pytestmark = pytest.mark.slow


def play_demo(game: str, out: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    command = [sys.executable, "-m", "companion", "demo", "--game", game, "--out", str(out)]
    completed = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    summary = (out / "summary.md").read_text(encoding="utf-8")
    shots = sorted(path.name for path in out.glob("[0-9][0-9][0-9][0-9]-*.png"))
    assert shots and shots[0].startswith("0001-home")
    assert [f"{i}. {name}" in summary for i, name in enumerate(shots, start=1)] == [True] * len(shots)
    assert "- Layout problems: 0" in summary and "- Config problems: 0" in summary
    return summary


def test_the_thing_demo_escapes_by_the_chooser_and_never_shows_a_token(xvfb_program: str, tmp_path: Path) -> None:
    summary = play_demo("the_thing", tmp_path / "demo")
    assert "- Game: 5 players, seed 7, the bag on the screen" in summary
    assert "0014-escape-chooser.png" in summary and "0015-escaped.png" in summary
    assert "23. Red boards the base helicopter (Human)" in summary and "24. The base helicopter leaves" in summary
    assert not any(token in summary for token in ("Human NPC", "Alien NPC", "shown.png"))


def test_thunder_road_demo_plays_its_two_rounds(xvfb_program: str, tmp_path: Path) -> None:
    summary = play_demo("thunder_road", tmp_path / "demo")
    assert "- Race: 2 players" in summary and "- Actions made by touch: 35" in summary
