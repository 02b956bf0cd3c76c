"""`companion demo --game <kit> --out DIR` as typed: a seeded game of each kit example played by touch on a virtual
screen it starts itself, its screenshots and summary written into DIR; the files of others in DIR are left
alone, and a file of the demo's names that no demo wrote stops it before it writes anything."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.paths import ROOT


def demo(game: str, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    return subprocess.run(
        [sys.executable, "-m", "companion", "demo", "--game", game, "--out", str(out), *extra],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )


@pytest.mark.timeout(900)
@pytest.mark.parametrize(("game", "lang"), [("dice_race", "en"), ("thunder_road_upkeep", "fr")])
def test_a_kit_demo_plays_by_touch_and_writes_its_screenshots(game: str, lang: str, xvfb_program: str) -> None:
    out = ROOT / "artifacts" / "ui" / f"demo-{game}"
    out.mkdir(parents=True, exist_ok=True)
    mine = out / "mine.png"  # somebody else's file in the same folder
    mine.write_bytes(b"not the demo's")
    completed = demo(game, out, "--seed", "3", "--lang", lang)
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    summary = (out / f"{game}-summary.md").read_text(encoding="utf-8")
    shots = sorted(p.name for p in out.glob(f"{game}-*.png"))
    assert len(shots) >= 20
    assert shots[0] == f"{game}-0001-home.png" and shots[-1].endswith("-history.png")
    assert [f"{i}. {name}" in summary for i, name in enumerate(shots, start=1)] == [True] * len(shots)
    assert "- Layout problems: 0" in summary
    actions = summary.split("## Actions", 1)[1].strip().splitlines()
    assert len(actions) >= 20  # two rounds of every phase, by touch
    assert actions[-1].endswith("Round 3 begins" if lang == "en" else "La manche 3\u00a0commence")
    assert (out / f"{game}-demo-files.txt").read_text(encoding="utf-8").split() == [*shots, f"{game}-summary.md"]
    assert mine.read_bytes() == b"not the demo's"
    # Run again into the same folder: it replaces its own files, and only those.
    again = demo(game, out, "--seed", "3", "--lang", lang, "--rounds", "1")
    assert again.returncode == 0, again.stderr[-3000:]
    assert mine.read_bytes() == b"not the demo's"
    # The game was kept in a scratch directory: the player's saved games are untouched.
    assert not (Path(os.environ["COMPANION_STATE_DIR"]) / "companion.db").exists()


def test_a_demo_never_touches_a_file_it_did_not_write(tmp_path: Path, xvfb_program: str) -> None:
    theirs = tmp_path / "dice_race-0001-home.png"
    theirs.write_bytes(b"a screenshot of somebody's own")
    completed = demo("dice_race", tmp_path)
    assert completed.returncode == 2
    assert completed.stderr.strip() == (
        f"companion demo: {theirs} was not written by a demo; choose another folder (--out)"
    )
    assert theirs.read_bytes() == b"a screenshot of somebody's own"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["dice_race-0001-home.png"]
