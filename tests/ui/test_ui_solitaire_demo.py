"""`companion demo --game thunderbirds_solitaire` without a display: it starts its own virtual screen, plays a
seeded Solitaire game by touch and leaves numbered screenshots and a summary, never replacing a file it did not
write."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from companion.paths import ROOT

FIXTURE = ROOT / "tests" / "packs" / "thunderbirds_solitaire" / "fixture-overlay"


def demo(out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    return subprocess.run(
        [sys.executable, "-m", "companion", "demo", "--game", "thunderbirds_solitaire", "--out", str(out), *extra],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )


def test_the_solitaire_demo_plays_a_seeded_game_by_touch(tmp_path: Path, xvfb_program: str) -> None:
    out = ROOT / "artifacts" / "ui" / "demo-solitaire"
    shutil.rmtree(out, ignore_errors=True)  # this test's own artefacts from an earlier run
    completed = demo(out, "--seed", "5", "--lang", "fr", "--dealing", "companion", "--overlay", str(FIXTURE))
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    folder = out
    summary = (folder / "summary.md").read_text(encoding="utf-8")
    shots = sorted(p.name for p in folder.glob("*.png"))
    assert len(shots) >= 20
    assert shots[0].startswith("0001-home") and shots[-1].endswith("history.png")
    assert [f"{i}. {name}" in summary for i, name in enumerate(shots, start=1)] == [True] * len(shots)
    assert "- Layout problems: 0" in summary
    assert "- Config problems: 0" in summary  # no config notice over the screenshots
    assert "- Result: won" in summary
    assert any(name.split("-", 1)[1].startswith("rescue-allocate") for name in shots)
    assert any(name.split("-", 1)[1].startswith("lady-penelope") for name in shots)
    # The game was kept in a scratch directory: the player's saved games and corrections are untouched.
    assert not (Path(os.environ["COMPANION_STATE_DIR"]) / "companion.db").exists()


def test_the_demo_never_replaces_a_file_it_did_not_write(tmp_path: Path, xvfb_program: str) -> None:
    out = tmp_path / "shots"
    out.mkdir()
    mine = out / "0001-home.png"
    mine.write_bytes(b"not the demo's")
    completed = demo(out, "--seed", "2", "--turns", "2")
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    assert mine.read_bytes() == b"not the demo's"
    assert sorted(p.name for p in out.iterdir()) == ["0001-home.png", "run-2"]
    summary = (out / "run-2" / "summary.md").read_text(encoding="utf-8")
    assert "with the shipped data (nothing of the cards known)" in summary and "- Layout problems: 0" in summary
    assert (out / "run-2" / "0001-home.png").exists()
