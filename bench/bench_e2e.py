"""End to end: an action sent from the UI's session worker until the board's LEDs show it, beside the same work
done bare.

The app's `GameController` dispatches on its real `SessionWorker`: the rules apply the action, the store commits
it (WAL, synchronous=FULL), a session observer turns the new state into a frame (`board_view`, the lights
controller), the serial back-end writes the changed LEDs to a pty whose far end is the host-run controller
firmware. The clock stops when the firmware holds the new frame: the last LED byte was written and read.
Actions that change no LED are played but not timed. (The app does not wire the lights yet, so the dispatch
starts on the worker rather than at a touch; the short animations are left out so each frame is known ahead.)

Anchor, interleaved in the same run on the same disk: a bare SQLite insert+commit with the same durability, then
one LED change written with pyserial to a second firmware pty, until that firmware holds it.
`e2e_over_anchor_ratio_*` compares the two.
"""

from __future__ import annotations

import logging
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import serial

from bench import count
from companion.config import load_config
from companion.devices import protocol as proto
from companion.devices.board import Board, start_board
from companion.engine.chance import LiveChance
from companion.engine.session import Update
from companion.games.thunderbirds.lights.frame import frame
from companion.games.thunderbirds.lights.thunderbirds_view import board_view
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.pack import ThunderbirdsPack
from companion.games.thunderbirds.rules import RULES
from companion.games.thunderbirds.state import GameState
from companion.paths import ROOT
from companion.ui.controller import GameController, GameSnapshot
from companion.ui.worker import SessionWorker

sys.path.insert(0, str(ROOT / "hardware" / "firmware"))
import hostrun
import lightctl

RESULTS_DIR = Path(__file__).resolve().parent / "results"
TIMED_ACTIONS = count(300, 10)
SEED = 2024
#: Generous: a step that takes this long has hung.
HANG_S = 30.0

Looks = list[bytes]


def _cycle_the_wal(connection: sqlite3.Connection) -> None:
    """Brings a database to its steady state: a write-ahead log that has filled, been checkpointed and is now
    overwritten in place, as after any length of play. A young log grows with each commit, and a commit that
    grows a file costs the disk more than one that overwrites: both sides are measured past that point."""
    connection.execute("PRAGMA synchronous = OFF")
    connection.execute("CREATE TABLE warm_up (filler BLOB)")
    for _ in range(12):
        connection.execute("BEGIN IMMEDIATE")
        connection.execute(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)"
            " INSERT INTO warm_up SELECT randomblob(4000) FROM n"
        )
        connection.execute("COMMIT")
    connection.execute("DROP TABLE warm_up")
    connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
    connection.execute("PRAGMA synchronous = FULL")


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


class _Firmware:
    """The controller firmware on a pty pair; `wait_for` wakes on every packet it reads."""

    def __init__(self, leds: int, link: Path | None = None) -> None:
        self.master, self.slave, self.path = hostrun.open_pty()
        self.controller = lightctl.LedController(leds, "bench pico")
        self.leds = leds
        self.link = link
        if link is not None:
            os.symlink(self.path, link)
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=hostrun.serve, args=(self.master, self.controller, self._stop, self._heard), daemon=True
        )
        self._thread.start()

    def _heard(self, _controller: Any) -> None:
        with self._cond:
            self._cond.notify_all()

    def shows(self, looks: Looks) -> bool:
        return all(self.controller.look(i) == tuple(look) for i, look in enumerate(looks))

    def wait_for(self, looks: Looks) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: self.shows(looks), HANG_S)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        os.close(self.master)
        os.close(self.slave)


class _Game:
    """The app's controller and worker, with the lights observing the session on the worker thread."""

    def __init__(self, db_path: Path, board: Board) -> None:
        self.board = board
        self.defs = default_definitions()
        self.worker = SessionWorker(deliver=lambda callback: callback())
        self.controller = GameController(self.worker, ThunderbirdsPack(), db_path)
        self.controller.on_error(self._failed)
        self._answered = threading.Event()
        self.error: BaseException | None = None
        self.games = 0
        self.controller.open_store(lambda _notice: self._answered.set())
        self.wait()
        self.new_game()
        # The store's own connection, on the worker that owns it (the app has no reason to expose it).
        self.controller.call(lambda session: _cycle_the_wal(session.store._db), lambda _: self._answered.set())
        self.wait()

    def _failed(self, error: BaseException) -> None:
        self.error = error
        self._answered.set()

    def wait(self) -> None:
        if not self._answered.wait(HANG_S):
            raise TimeoutError("the session worker did not answer")
        self._answered.clear()
        if self.error is not None:
            raise RuntimeError(f"the game failed: {self.error}")

    def _show(self, update: Update) -> None:
        self.board.lights.update(board_view(update.state, self.defs))

    def new_game(self) -> None:
        setup = {"players": 1 + self.games % 4, "difficulty": "standard"}
        self.controller.new_game(setup, SEED + self.games, lambda _snapshot: self._answered.set())
        self.wait()
        self.games += 1
        self.controller.call(lambda session: session.subscribe(self._show), lambda _unsubscribe: self._answered.set())
        self.wait()
        snapshot = self.snapshot
        self.board.lights.update(board_view(snapshot.state, self.defs))

    @property
    def snapshot(self) -> GameSnapshot:
        snapshot = self.controller.snapshot
        assert snapshot is not None
        return snapshot

    def dispatch(self, action: object, on_done: Callable[[GameSnapshot], None]) -> None:
        def done(snapshot: GameSnapshot) -> None:
            on_done(snapshot)
            self._answered.set()

        if not self.controller.dispatch(action, done):
            raise RuntimeError("the controller refused a dispatch while idle")

    def close(self) -> None:
        def close_store() -> None:
            store = self.controller._side.store  # the controller has no close; the app never needs one
            if store is not None:
                store.close()

        self.worker.call(close_store)
        self.worker.stop()


def _next_state(state: GameState, action: object) -> GameState:
    """The state the dispatch will reach, computed ahead (the view does not depend on the PRNG)."""
    after, _events = RULES.apply(state, action, LiveChance(state.rng))
    return after


class _Chain:
    """The whole chain: config, board, firmware pty, the app's controller on its worker; timed round by round."""

    def __init__(self, folder: Path) -> None:
        link = folder / "usb-MicroPython_Board_in_FS_mode-if00"
        config_file = folder / "config.toml"
        config_file.write_text(f'[lights]\nbackend = "serial"\nport = "{link}"\n', encoding="utf-8")
        config = load_config(config_file, environ={})
        light_map = config.lights.map
        assert light_map is not None
        self.positions = {name: int(p) for name, p in light_map.leds.items()}
        self.layout = light_map.layout()
        self.brightness = config.lights.brightness
        self.firmware = _Firmware(max(self.positions.values()) + 1, link)
        self.board = start_board(config, default_definitions().hood_track.length, lambda _command: None, tick=False)
        self.game = _Game(folder / "companion.db", self.board)
        self.chooser = random.Random(SEED)
        self.to_leds: list[float] = []
        self.to_snapshot: list[float] = []
        # Warm up: the handshake and first frame, the caches of the rules.
        if not self.firmware.wait_for(self._looks_of(self.game.snapshot.state)):
            raise TimeoutError("the controller never showed the first frame")
        self.round(5)
        self.to_leds.clear()
        self.to_snapshot.clear()

    def _looks_of(self, state: GameState) -> Looks:
        shown = frame(board_view(state, self.game.defs), self.layout, 0.0)
        looks = [bytes(5)] * self.firmware.leds
        for name, light in shown.items():
            if name in self.positions:
                looks[self.positions[name]] = proto.led_bytes(light, self.brightness)
        return looks

    def round(self, count: int) -> None:
        """Plays on until `count` actions that change the LEDs have been timed."""
        timed = 0
        while timed < count:
            snapshot = self.game.snapshot
            if not snapshot.legal:
                self.game.new_game()
                continue
            action = self.chooser.choice(snapshot.legal)
            want = self._looks_of(_next_state(snapshot.state, action))
            changes_leds = not self.firmware.shows(want)
            landed: list[float] = []
            started = time.perf_counter()
            self.game.dispatch(action, lambda _snapshot, times=landed: times.append(time.perf_counter()))
            if changes_leds:
                if not self.firmware.wait_for(want):
                    raise TimeoutError("the LEDs never showed the new state")
                self.to_leds.append((time.perf_counter() - started) * 1000)
            self.game.wait()
            if changes_leds:
                self.to_snapshot.append((landed[0] - started) * 1000)
                timed += 1

    def close(self) -> None:
        self.game.close()
        self.board.close()
        self.firmware.close()


def run() -> dict[str, float]:
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    link_log = logging.getLogger("companion.devices")
    level = link_log.level
    link_log.setLevel(logging.ERROR)
    try:
        with tempfile.TemporaryDirectory(dir=RESULTS_DIR, prefix="bench-e2e-") as name:
            return _measure(Path(name))
    finally:
        link_log.setLevel(level)


def _measure(folder: Path) -> dict[str, float]:
    anchor = _Anchor(folder)
    chain = _Chain(folder)
    try:
        for _ in range(TIMED_ACTIONS):  # one of each in turn, so changes in the disk's speed hit both alike
            anchor.round(1)
            chain.round(1)
    finally:
        chain.close()
        anchor.close()
    e2e, anchor_ms = chain.to_leds, anchor.times
    return {
        "e2e_dispatch_to_leds_ms_median": statistics.median(e2e),
        "e2e_dispatch_to_leds_ms_p99": _percentile(e2e, 0.99),
        "e2e_dispatch_to_snapshot_ms_median": statistics.median(chain.to_snapshot),
        "anchor_bare_commit_and_write_ms_median": statistics.median(anchor_ms),
        "anchor_bare_commit_and_write_ms_p99": _percentile(anchor_ms, 0.99),
        "anchor_bare_commit_ms_median": statistics.median(anchor.commit_times),
        "e2e_over_anchor_ratio_median": statistics.median(e2e) / statistics.median(anchor_ms),
        "e2e_over_anchor_ratio_p99": _percentile(e2e, 0.99) / _percentile(anchor_ms, 0.99),
        "e2e_timed_actions": float(len(e2e)),
    }


class _Anchor:
    """A bare commit with the same durability, then one LED change written with pyserial to a firmware pty."""

    def __init__(self, folder: Path) -> None:
        self.db = sqlite3.connect(folder / "bare.db", isolation_level=None)
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = FULL")
        self.db.execute(
            "CREATE TABLE actions (game_id INTEGER NOT NULL, seq INTEGER NOT NULL, action TEXT NOT NULL,"
            " outcomes TEXT NOT NULL, rng_after TEXT NOT NULL, label TEXT NOT NULL, PRIMARY KEY (game_id, seq))"
            " WITHOUT ROWID"
        )
        _cycle_the_wal(self.db)
        self.firmware = _Firmware(40)
        self.port = serial.serial_for_url(self.firmware.path, baudrate=proto.BAUD, timeout=0, write_timeout=0.5)
        self.seq = 0
        self.times: list[float] = []
        self.commit_times: list[float] = []
        self.looks = [bytes(5)] * self.firmware.leds

    def round(self, count: int) -> None:
        looks = self.looks
        for _ in range(count):
            self.seq += 1
            look = bytes((self.seq % 251 + 1, 40, 0, 0, 0))
            looks[3] = look
            row = (1, self.seq, '{"type":"Move","vehicle":"tb2","to":"asia"}', "[]", "12345678901234567890", "Move")
            started = time.perf_counter()
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?)", row)
            self.db.execute("COMMIT")
            self.commit_times.append((time.perf_counter() - started) * 1000)
            self.port.write(proto.encode(proto.CHANGES, self.seq & 0xFF, proto.changes_payload([(3, look)])))
            if not self.firmware.wait_for(looks):
                raise TimeoutError("the bare write never reached the firmware")
            self.times.append((time.perf_counter() - started) * 1000)
            self.port.reset_input_buffer()  # the firmware's acks are not read here

    def close(self) -> None:
        self.port.close()
        self.firmware.close()
        self.db.close()


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:<40} {value:10.3f}")
