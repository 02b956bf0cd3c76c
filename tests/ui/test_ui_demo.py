"""`companion demo` without a display: it starts its own virtual screen, plays a seeded game by touch and
leaves numbered screenshots and a summary."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from companion.paths import ROOT


def test_demo_plays_a_game_and_writes_screenshots_and_a_summary(xvfb_program: str, tmp_path: Path) -> None:
    out = ROOT / "artifacts" / "ui" / "demo"
    if out.exists():
        shutil.rmtree(out)  # the test's own artefacts of an earlier run
    out.mkdir(parents=True)
    # A folder a person uses: a photo of theirs, and a note, which the demo must leave as they are.
    photo = out / "holiday.png"
    photo.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8)
    note = out / "notes.md"
    note.write_text("my notes\n", encoding="utf-8")
    kept = {path: path.read_bytes() for path in (photo, note)}
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "demo",
            "--out",
            str(out),
            "--players",
            "1",
            "--seed",
            "10",
            "--lang",
            "fr",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=400,
        cwd=ROOT,
    )
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    summary = (out / "summary.md").read_text(encoding="utf-8")
    shots = sorted(p.name for p in out.glob("[0-9][0-9][0-9][0-9]-*.png"))
    assert len(shots) >= 20
    assert shots[0].startswith("0001-home") and shots[-1].endswith("history.png")
    assert [f"{i}. {name}" in summary for i, name in enumerate(shots, start=1)] == [True] * len(shots)
    assert "- Layout problems: 0" in summary
    assert "- Result: lost (skull)" in summary
    assert {path: path.read_bytes() for path in kept} == kept, "the demo never removes a file it did not write"
    assert (out / ".companion-demo.json").exists(), "it notes what it wrote, for the next demo to remove"
    # The game was kept in a scratch directory: the player's saved games are untouched.
    assert not (Path(os.environ["COMPANION_STATE_DIR"]) / "companion.db").exists()
