"""Power cut drill: a process playing real games is killed with SIGKILL at random moments, for every game of the
registry (and the test packs): a new pack gets the drill for free.

The writer (game_writer.py) plays the scripted chain of games (script.py) on one SQLite file and prints an
acknowledgement after every durable step. Each run is a process forked from one that has imported the game (the
file is opened in the run alone), killed at a random moment (a fifth of them anywhere from its start, through
opening the file and resuming; the rest while it writes, once it has acknowledged a first step), then a new run
starts on the same file, so the game is resumed many times. After every kill the file must open without
a recovery notice, pass SQLite's integrity check, and hold the last acknowledged step (or the one after it,
committed just before the kill) with exactly the state computed in this process; the next run carries on.

How many kills comes from the run's depth (tests/depth.py): 200 for Thunderbirds at every depth and for every
pack at `--depth nightly`; at `ci` every other pack gets a few dozen, and each run must still land in every
phase of a commit (`PHASES`): durability is the store's and the session's, proved in full once.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import TextIO

import pytest
from depth import Depth
from packs import drill_games

from companion.engine.session import Session
from companion.engine.store import Store

from .script import ExpectedGames, game_of_seed

WRITER = Path(__file__).with_name("game_writer.py")
#: A kill drawn from the writer's start lands at most this late (a forked writer opens the file and resumes in 20
#: to 60 ms here).
FROM_START_S = 0.08
#: A kill drawn once the writer said "ready" lands at most this late (a step takes about a millisecond).
WHILE_WRITING_S = 0.08

#: Where a kill can land, as the drill sees it afterwards; every run must have landed in each.
STARTING = "during start-up or resume, before the writer said ready"
AT_LAST_ACK = "while writing, with the file at the last acknowledged step (nothing committed since)"
COMMITTED_NOT_ACKED = "after a step's commit and before its acknowledgement"
PHASES = frozenset({STARTING, AT_LAST_ACK, COMMITTED_NOT_ACKED})


def acknowledged(output: str) -> list[tuple[int, int]]:
    """The positions the writer said were durable: "ready" (the game it set up or resumed) and every "ack"."""
    return [
        (int(game), int(seq))
        for _word, game, seq in (line.split() for line in output.splitlines() if line.startswith(("ack ", "ready ")))
    ]


def read_to_the_first_ack(output: TextIO) -> str:
    """The writer's output up to its first "ack" after "ready" (start-up and resume are done, and it writes, however
    slowly a loaded machine runs it), or to its end."""
    read = []
    while True:
        line = output.readline()
        read.append(line)
        if not line or line.startswith("ack "):
            return "".join(read)


class Writers:
    """The writer process for one game, forking a new writer on each `kill_at_a_random_moment` (game_writer.py):
    each run starts from the file as a fresh process would, without the interpreter's start and the imports."""

    def __init__(self, db_path: Path, game: str, errors_path: Path) -> None:
        self.requests, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.errors_path = errors_path
        with errors_path.open("w") as errors:
            self.process = subprocess.Popen(
                [sys.executable, str(WRITER), str(db_path), "--forks", str(theirs.fileno())],
                pass_fds=[theirs.fileno()],
                stdin=subprocess.DEVNULL,
                stdout=errors,
                stderr=errors,
                env=dict(os.environ, DRILL_GAME=game),
            )
        theirs.close()

    def kill_at_a_random_moment(self, chooser: random.Random, from_start: bool) -> tuple[str, str]:
        """Forks a writer, kills it with SIGKILL at a random moment; returns its output and errors."""
        output_read, output_write = os.pipe()
        errors_read, errors_write = os.pipe()
        socket.send_fds(self.requests, [b"fork"], [output_write, errors_write])
        os.close(output_write)
        os.close(errors_write)
        with os.fdopen(output_read) as output, os.fdopen(errors_read) as errors:
            pid = int(self.answer())
            first = ""
            if from_start:
                time.sleep(chooser.uniform(0.0, FROM_START_S))
            else:
                first = read_to_the_first_ack(output)
                time.sleep(chooser.uniform(0.0, WHILE_WRITING_S))
            os.kill(pid, signal.SIGKILL)
            # Read through the same buffered file as `readline` above, so no line it buffered is dropped.
            written, complaints = first + output.read(), errors.read()
        assert os.waitstatus_to_exitcode(int(self.answer())) == -signal.SIGKILL, complaints
        return written, complaints

    def answer(self) -> str:
        message = self.requests.recv(64).decode()
        assert message, f"the writer process stopped:\n{self.errors_path.read_text()}"
        return message

    def close(self) -> None:
        self.requests.close()
        self.process.wait(timeout=30)


def power_cuts(tmp_path: Path, pack_name: str, kills: int) -> set[str]:
    """Kills a writer playing `pack_name` `kills` times, checking the file after each; returns the phases hit."""
    db_path = tmp_path / "companion.db"
    chooser = random.Random(20240923)
    expected = ExpectedGames(pack_name)
    last = -1  # ordinal of the last position known durable (acknowledged, or found in the file)
    resumed_at: set[int] = set()
    ahead_of_ack = 0
    phases: set[str] = set()
    writers = Writers(db_path, pack_name, tmp_path / "writer-errors.txt")
    for kill in range(kills):
        from_start = kill % 5 == 0
        output, errors = writers.kill_at_a_random_moment(chooser, from_start)
        started = any(line.startswith("ready ") for line in output.splitlines())
        assert "Traceback" not in errors, errors
        assert "notice" not in output, output
        acks = [expected.ordinal(game, seq) for game, seq in acknowledged(output)]
        assert acks == sorted(acks) and len(set(acks)) == len(acks), "acknowledgements go forward one by one"
        if acks:
            assert acks[0] >= last, "a restart never goes back before what was acknowledged"
            last = acks[-1]

        with Store.open(db_path) as store:
            assert store.recovery_notice is None
            assert store.integrity_check() == "ok"
            games = sorted(store.list_games(), key=lambda g: g.id)
            if not games:
                assert last == -1, "a game was acknowledged, then lost"
                phases.add(STARTING)
                continue
            for index, summary in enumerate(games):
                record_game = game_of_seed(store.load(summary.id).seed)
                assert record_game == index, "the chain's games are stored in order, none lost, none doubled"
                assert summary.action_count == summary.cursor, "dispatch alone never leaves a redo tail"
                if index < len(games) - 1:
                    assert summary.cursor == expected.length(index), f"game {index} was finished before the next"
            game, latest = len(games) - 1, games[-1]
            session = Session.resume(store, latest.id)
            position = expected.ordinal(game, session.cursor)
            assert last <= position <= last + 1, (
                f"kill {kill}: the file holds step {position}, the last acknowledged is {last}"
            )
            assert session.state == expected.state(game, session.cursor)
            if kill % 10 == 9:
                assert Session.rebuild_from_log(store, latest.id) == session.state
        ahead_of_ack += position == last + 1
        if not started:
            phases.add(STARTING)
        elif position == last + 1:
            phases.add(COMMITTED_NOT_ACKED)
        else:
            phases.add(AT_LAST_ACK)
        resumed_at.add(position)
        last = position
    writers.close()

    with Store.open(db_path) as store:
        for index, summary in enumerate(sorted(store.list_games(), key=lambda g: g.id)):
            assert Session.rebuild_from_log(store, summary.id) == expected.state(index, summary.cursor)
    print(
        f"{pack_name}: {kills} kills over {len(resumed_at)} distinct positions; {ahead_of_ack} landed after a "
        f"commit and before its acknowledgement; the chain reached step {last}; phases: {len(phases)}/{len(PHASES)}"
    )
    # The kills must have landed while steps were being written, at many different places in the script.
    assert len(resumed_at) > kills // 2
    return phases


@pytest.mark.timeout(400)
@pytest.mark.parametrize("pack_name", drill_games())
def test_every_acknowledged_step_survives_power_cuts_in_every_phase(
    tmp_path: Path, pack_name: str, depth: Depth
) -> None:
    phases = power_cuts(tmp_path, pack_name, depth.power_cuts(pack_name))
    assert phases == PHASES, f"no kill landed {'; '.join(sorted(PHASES - phases))}"
