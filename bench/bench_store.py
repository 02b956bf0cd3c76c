"""Cost of durability: one action committed through `Session.dispatch` against a bare SQLite insert+commit with
the same durability (WAL, synchronous=FULL) in the same directory; resuming a game of 10,000 actions; and what
one rotating backup costs (`companion.backup.make_backup`: time, and bytes written, read from /proc/self/io) for a
database of bot-played Thunderbirds games, at two sizes, so the cost per saved game can be read off.

Goals: dispatch within 1.5x of the bare commit (median); resume under 100 ms. The backup figures choose how often
the app takes one (docs/raspberry-pi.md, "Backups"). Also what pinning the 200-game database's saved games costs
before a card is saved in the editor (`pin_saved_games`), the first time and again.
"""

from __future__ import annotations

import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench import count
from companion.engine.session import Session
from companion.engine.store import Store

TESTS_DIR = Path(__file__).resolve().parent.parent / "tests"
RESULTS_DIR = Path(__file__).resolve().parent / "results"
COMMITS = count(1000, 20)
ROUNDS = count(10, 2)
RESUME_ACTIONS = count(10_000, 200)
RESUME_RUNS = count(7, 1)


def _toygame():
    if str(TESTS_DIR) not in sys.path:
        sys.path.insert(0, str(TESTS_DIR))
    from engine import toygame

    return toygame


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _bare_connection(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute(
        "CREATE TABLE actions (game_id INTEGER NOT NULL, seq INTEGER NOT NULL, action TEXT NOT NULL,"
        " outcomes TEXT NOT NULL, rng_after TEXT NOT NULL, label TEXT NOT NULL, PRIMARY KEY (game_id, seq))"
        " WITHOUT ROWID"
    )
    return connection


def _commit_times(directory: Path) -> tuple[list[float], list[float]]:
    toy = _toygame()
    bare = _bare_connection(directory / "bare.db")
    store = Store.open(directory / "session.db")
    session = Session.new(store, toy.RULES, toy.SETUP, toy.SEED)
    bare_ms: list[float] = []
    dispatch_ms: list[float] = []
    seq = 0
    clock = time.perf_counter
    # Interleaved rounds, so drift in the disk's speed affects both sides alike.
    for _round in range(ROUNDS):
        for _ in range(COMMITS // ROUNDS):
            seq += 1
            row = (1, seq, '{"type":"roll"}', "[3]", "12345678901234567890", "Roll")
            started = clock()
            bare.execute("BEGIN IMMEDIATE")
            bare.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)", row)
            bare.execute("COMMIT")
            bare_ms.append((clock() - started) * 1000)
        for _ in range(COMMITS // ROUNDS):
            action = toy.scripted_action(session.state, session.cursor + 1)
            started = clock()
            session.dispatch(action)
            dispatch_ms.append((clock() - started) * 1000)
    bare.close()
    store.close()
    return bare_ms, dispatch_ms


def _resume_times(directory: Path) -> tuple[list[float], list[float]]:
    toy = _toygame()
    path = directory / "long.db"
    with Store.open(path) as store:
        # Building the game is not what is measured: skip the fsyncs while writing it.
        store._db.execute("PRAGMA synchronous = OFF")
        session = Session.new(store, toy.RULES, toy.SETUP, toy.SEED)
        toy.play(session, RESUME_ACTIONS)
        game_id = session.game_id
        expected = session.state
    resume_ms: list[float] = []
    open_and_resume_ms: list[float] = []
    for _ in range(RESUME_RUNS):
        started = time.perf_counter()
        store = Store.open(path)
        opened = time.perf_counter()
        resumed = Session.resume(store, game_id)
        done = time.perf_counter()
        assert resumed.state == expected and resumed.cursor == RESUME_ACTIONS
        store.close()
        resume_ms.append((done - opened) * 1000)
        open_and_resume_ms.append((done - started) * 1000)
    return resume_ms, open_and_resume_ms


#: Saved games in the two databases backed up: a few weeks of a café's play, and a few months of it.
BACKUP_SIZES = (count(200, 4), count(1000, 8))
BACKUP_RUNS = count(5, 1)


def _bot_games(path: Path, games: int) -> None:
    """`games` bot-played Thunderbirds games (1 to 4 players, Standard), stored through `Session` as the app
    stores them (their snapshots included), written without fsync: building is not what is measured."""
    from companion.engine import registry
    from companion.games.thunderbirds.loader import default_definitions
    from companion.games.thunderbirds.simulate import steps

    rules = registry.get("thunderbirds")
    defs = default_definitions()
    with Store.open(path) as store:
        store._db.execute("PRAGMA synchronous = OFF")
        for game in range(games):
            players, seed = 1 + game % 4, 90_000 + game
            session = Session.new(store, rules, {"players": players, "difficulty": "standard"}, seed)
            for step in steps(players, "standard", seed, defs):
                session.dispatch(step.action)
        store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _written_bytes() -> tuple[int, int]:
    """(bytes handed to write(), bytes sent to storage) by this process so far (Linux's /proc/self/io)."""
    fields = dict(line.split(": ") for line in Path("/proc/self/io").read_text().splitlines())
    return int(fields["wchar"]), int(fields["write_bytes"])


def _backup_figures(directory: Path) -> dict[str, float]:
    from companion import backup

    figures: dict[str, float] = {}
    for games in BACKUP_SIZES:
        path = directory / f"games-{games}.db"
        _bot_games(path, games)
        size = path.stat().st_size
        times: list[float] = []
        written: list[int] = []
        stored: list[int] = []
        for run in range(BACKUP_RUNS):
            folder = directory / f"backups-{games}-{run}"
            before = _written_bytes()
            started = time.perf_counter()
            backup.make_backup(path, folder, keep=backup.DEFAULT_KEEP)
            times.append((time.perf_counter() - started) * 1000)
            after = _written_bytes()
            written.append(after[0] - before[0])
            stored.append(after[1] - before[1])
        figures[f"db_{games}_games_mb"] = size / 1e6
        figures["db_bytes_per_game"] = size / games
        figures[f"backup_{games}_games_ms_median"] = statistics.median(times)
        figures[f"backup_{games}_games_written_mb_median"] = statistics.median(written) / 1e6
        figures[f"backup_{games}_games_to_storage_mb_median"] = statistics.median(stored) / 1e6
    return figures


def _pin_figures(path: Path) -> dict[str, float]:
    """What the card editor's save costs before it writes (`pin_saved_games`): every saved game of the database
    resumed and its position stored, the first time (none pinned yet) and again (all skipped)."""
    from companion.engine.session import pin_saved_games

    with Store.open(path) as store:
        started = time.perf_counter()
        pinned = pin_saved_games(store, "thunderbirds")
        first = (time.perf_counter() - started) * 1000
        started = time.perf_counter()
        pin_saved_games(store, "thunderbirds")
        again = (time.perf_counter() - started) * 1000
    return {
        f"pin_{BACKUP_SIZES[0]}_games_ms": first,
        "pin_ms_per_game": first / max(pinned, 1),
        f"pin_{BACKUP_SIZES[0]}_games_again_ms": again,
    }


def run() -> dict[str, float]:
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=RESULTS_DIR, prefix="bench-store-") as folder:
        directory = Path(folder)
        bare_ms, dispatch_ms = _commit_times(directory)
        resume_ms, open_and_resume_ms = _resume_times(directory)
        backups = _backup_figures(directory)
        pins = _pin_figures(directory / f"games-{BACKUP_SIZES[0]}.db")
    bare_median = statistics.median(bare_ms)
    dispatch_median = statistics.median(dispatch_ms)
    return {
        **backups,
        **pins,
        "bare_commit_ms_median": bare_median,
        "bare_commit_ms_p99": _percentile(bare_ms, 0.99),
        "dispatch_commit_ms_median": dispatch_median,
        "dispatch_commit_ms_p99": _percentile(dispatch_ms, 0.99),
        "dispatch_over_bare_ratio_median": dispatch_median / bare_median,
        "dispatch_over_bare_ratio_p99": _percentile(dispatch_ms, 0.99) / _percentile(bare_ms, 0.99),
        "resume_10k_actions_ms_median": statistics.median(resume_ms),
        "open_and_resume_10k_actions_ms_median": statistics.median(open_and_resume_ms),
        "resume_10k_actions_ms_max": max(resume_ms),
    }


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:<40} {value:10.3f}")
