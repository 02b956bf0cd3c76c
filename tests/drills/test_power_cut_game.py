"""Power cut drill: a process playing real games is killed with SIGKILL at random moments, for every game of the
registry (and the test packs): a new pack gets the drill for free.

The writer (game_writer.py) plays the scripted chain of games (script.py) on one SQLite file and prints an
acknowledgement after every durable step. Each run is killed at a random moment (a fifth of them anywhere from
the process start, through start-up and resume; the rest while it writes, once it has acknowledged a first step),
then restarted on the same file, so the game is resumed many times. After every kill the file must open without
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
import subprocess
import sys
import time
from pathlib import Path

import pytest
from depth import Depth
from packs import drill_games

from companion.engine.session import Session
from companion.engine.store import Store

from .script import ExpectedGames, game_of_seed

WRITER = Path(__file__).with_name("game_writer.py")
#: A kill drawn from the process start lands at most this late (start-up takes about 0.3 s here).
FROM_START_S = 0.6
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


def read_to_the_first_ack(writer: subprocess.Popen[str]) -> str:
    """The writer's output up to its first "ack" after "ready" (start-up and resume are done, and it writes, however
    slowly a loaded machine runs it), or to its end."""
    assert writer.stdout is not None
    read = []
    while True:
        line = writer.stdout.readline()
        read.append(line)
        if not line or line.startswith("ack "):
            return "".join(read)


def kill_at_a_random_moment(db_path: Path, chooser: random.Random, from_start: bool, game: str) -> tuple[str, str]:
    """Starts the writer playing `game`, kills it with SIGKILL at a random moment; returns its output and errors."""
    writer = subprocess.Popen(
        [sys.executable, str(WRITER), str(db_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, DRILL_GAME=game),
    )
    first = ""
    if from_start:
        time.sleep(chooser.uniform(0.0, FROM_START_S))
    else:
        first = read_to_the_first_ack(writer)
        time.sleep(chooser.uniform(0.0, WHILE_WRITING_S))
    writer.send_signal(signal.SIGKILL)
    # Read through the same buffered files as `readline` above: `communicate` reads the pipes underneath them and
    # would drop the lines `readline` had already buffered (acknowledgements, then seemingly lost).
    assert writer.stdout is not None and writer.stderr is not None
    output, errors = writer.stdout.read(), writer.stderr.read()
    writer.wait(timeout=30)
    assert writer.returncode == -signal.SIGKILL, errors
    return first + output, errors


def power_cuts(tmp_path: Path, pack_name: str, kills: int) -> set[str]:
    """Kills a writer playing `pack_name` `kills` times, checking the file after each; returns the phases hit."""
    db_path = tmp_path / "companion.db"
    chooser = random.Random(20240923)
    expected = ExpectedGames(pack_name)
    last = -1  # ordinal of the last position known durable (acknowledged, or found in the file)
    resumed_at: set[int] = set()
    ahead_of_ack = 0
    phases: set[str] = set()
    for kill in range(kills):
        from_start = kill % 5 == 0
        output, errors = kill_at_a_random_moment(db_path, chooser, from_start, pack_name)
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
