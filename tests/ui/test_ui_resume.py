"""The app is killed (SIGKILL) in the middle of a game; started again, it resumes that game from the Home
screen, by touch, exactly where the last acknowledged action left it."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import pytest

from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.simulate import steps

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenarios import digest

PLAYERS, SEED = 2, 11


def read_acks(path: Path) -> list[tuple[int, str]]:
    acks = []
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else ():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "ack":
            acks.append((int(parts[1]), parts[2]))
    return acks


@pytest.mark.parametrize("kill_after", [6, 13])
def test_resume_after_the_app_is_killed_mid_game(start_app, run_app, tmp_path: Path, kill_after: int) -> None:
    progress = tmp_path / "progress.txt"
    process = start_app(
        "play_and_ack", args={"players": str(PLAYERS), "seed": str(SEED), "progress": str(progress), "actions": "40"}
    )
    deadline = time.monotonic() + 180
    while len(read_acks(progress)) < kill_after and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    assert len(read_acks(progress)) >= kill_after, "the game did not get far enough"
    process.send_signal(signal.SIGKILL)
    process.wait(10)
    last_seq, last_digest = read_acks(progress)[-1]

    report = run_app("resume_check")
    assert report.ok, report.error
    cursor = report.notes["cursor"]
    # Never behind what the screen had shown; at most the one action under way when the power went.
    assert cursor in (last_seq, last_seq + 1)
    states = [step.after for step in steps(PLAYERS, "introduction", SEED, default_definitions())]
    assert report.notes["digest"] == digest(states[cursor - 1])
    if cursor == last_seq:
        assert report.notes["digest"] == last_digest
    assert report.notes["screen"] in ("table", "rescue")
    assert report.layout_problems() == []
