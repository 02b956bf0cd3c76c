"""Pulling the plug: a writer process is killed with SIGKILL at many random moments; nothing acknowledged is lost.

After every kill the store must open without a recovery notice, pass SQLite's integrity check, and resume at the
last acknowledged action (or the one after it, committed just before the kill) with exactly the state computed
in this process for that action.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.engine.session import Session
from companion.engine.store import Store

from .toygame import extend_scripted, scripted_states

WRITER = Path(__file__).with_name("writer.py")
KILLS = 64
LAST_STEP = 100_000
#: Kill moments are drawn up to this long after the writer starts (start-up, creation, resume and writes).
LONGEST_WAIT_S = 0.7
#: Kills after the first acknowledged action land this long after it at most.
WHILE_WRITING_S = 0.08


def wait_for_first_ack(writer: subprocess.Popen[str]) -> str:
    """Reads the writer's output up to its first "ack" line (or its end) and returns what was read."""
    assert writer.stdout is not None
    read = []
    while True:
        line = writer.stdout.readline()
        read.append(line)
        if not line or line.startswith("ack "):
            return "".join(read)


def acked(output: str) -> list[int]:
    return [int(line.split()[1]) for line in output.splitlines() if line.startswith("ack ")]


@pytest.mark.timeout(300)
def test_no_acknowledged_action_is_lost_when_the_writer_is_killed(tmp_path: Path) -> None:
    db_path = tmp_path / "companion.db"
    chooser = random.Random(20240611)
    expected = scripted_states(0)
    last_ack = 0
    resumed_at: list[int] = []
    for kill in range(KILLS):
        writer = subprocess.Popen(
            [sys.executable, str(WRITER), str(db_path), str(LAST_STEP)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        early = ""
        if kill % 4 == 0:
            # Any moment from the start: start-up, creation, resume or writes.
            time.sleep(chooser.uniform(0.0, LONGEST_WAIT_S))
        else:
            # While actions are being written, however slowly this machine starts Python.
            early = wait_for_first_ack(writer)
            time.sleep(chooser.uniform(0.0, WHILE_WRITING_S))
        writer.send_signal(signal.SIGKILL)
        output, errors = writer.communicate()
        output = early + output
        assert writer.returncode == -signal.SIGKILL, errors
        assert "notice" not in output
        acks = acked(output)
        assert acks == sorted(acks)
        if acks:
            assert acks[0] >= last_ack
            last_ack = acks[-1]

        with Store.open(db_path) as store:
            assert store.recovery_notice is None
            assert store.integrity_check() == "ok"
            games = store.list_games()
            if not games:
                assert last_ack == 0
                continue
            assert len(games) == 1
            session = Session.resume(store, games[0].id)
            assert last_ack <= session.cursor <= last_ack + 1
            extend_scripted(expected, session.cursor)
            assert session.state == expected[session.cursor]
            if kill % 8 == 7:
                assert Session.rebuild_from_log(store, games[0].id) == session.state
            resumed_at.append(session.cursor)
            last_ack = session.cursor
    print(f"{KILLS} kills; the game reached action {last_ack}")
    # Three kills in four land while actions are being written, each after at least one new acknowledgement.
    assert len(set(resumed_at)) > KILLS // 2
