"""Serial flapping drill: the LED controller's cable is pulled and pushed back again and again during play.

The lights are built as the app builds them (a config file naming the serial back-end and the shipped
`serial-ws2812` map, `start_board`), on a pty pair whose far end is the host-run controller firmware
(tests/hardware/pty_device.py). A player thread plays the scripted Thunderbirds chain through `Session`, each
change sent to the lights by a session observer; a cable thread unplugs and replugs the controller every few
steps of play. Every dispatch must return (a generous hang guard, not a timing check), and after the last replug
the controller must be sent the whole current frame.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hardware.pty_device import PtyController

from companion.config import load_config
from companion.devices import protocol as proto
from companion.devices.board import Board, start_board
from companion.devices.serial_link import SerialBackend
from companion.engine.session import Session, Update
from companion.engine.store import Store
from companion.games.thunderbirds.lights.thunderbirds_view import board_view, moments
from companion.games.thunderbirds.loader import default_definitions

from .script import ExpectedGames, advance, new_session

FLAPS = 24
#: Play goes on this many steps after the last replug.
STEPS_AFTER = 50
#: Generous: play that stops answering for this long has stalled (a step takes milliseconds).
HANG_GUARD_S = 120.0


class Play:
    """The player thread: the scripted chain through `Session`, each durable change shown on the lights."""

    def __init__(self, store: Store, board: Board) -> None:
        self.store = store
        self.board = board
        self.defs = default_definitions()
        self.steps = 0
        self.finished = False
        self.slowest_step_s = 0.0
        self.error: BaseException | None = None
        self.progress = threading.Condition()
        self.game = 0
        self.session = self._adopt(new_session(store, 0))

    def _adopt(self, session: Session) -> Session:
        session.subscribe(self._show)
        self.board.lights.update(board_view(session.state, self.defs))
        return session

    def _show(self, update: Update) -> None:
        self.board.lights.update(board_view(update.state, self.defs), moments(update.events))

    def run(self, cable_done: threading.Event) -> None:
        try:
            last_step: int | None = None
            while last_step is None or self.steps < last_step:
                if last_step is None and cable_done.is_set():
                    last_step = self.steps + STEPS_AFTER
                started = time.monotonic()
                session, self.game = advance(self.store, self.session, self.game)
                if session is not self.session:
                    self.session = self._adopt(session)
                self.slowest_step_s = max(self.slowest_step_s, time.monotonic() - started)
                with self.progress:
                    self.steps += 1
                    self.progress.notify_all()
        except BaseException as error:  # reported by the test
            self.error = error
        finally:
            with self.progress:
                self.finished = True
                self.progress.notify_all()

    def wait_for_step(self, step: int) -> None:
        with self.progress:
            self.progress.wait_for(lambda: self.steps >= step or self.finished, HANG_GUARD_S)


def flap(
    device: PtyController,
    play: Play,
    backend: SerialBackend,
    chooser: random.Random,
    plugs: list[int],
    done: threading.Event,
) -> None:
    """Unplugs and replugs the controller every few steps of play, ending plugged in. Every other replug waits
    (with play going on) until the link has found the controller again; the others bounce straight back out,
    as a loose connector does."""
    try:
        step = 0
        for flap_number in range(FLAPS):
            step += chooser.randint(2, 25)
            play.wait_for_step(step)
            device.unplug()
            step += chooser.randint(2, 25)
            play.wait_for_step(step)
            connects = backend.status().connects
            device.plug()
            if flap_number % 2 == 0:
                if not backend.wait_for_status(lambda s, before=connects: s.connects > before, HANG_GUARD_S):
                    return  # the link never found the controller again: the test reports the missing replugs
            step = play.steps
            plugs.append(step)
    finally:
        done.set()


def current_looks(board: Board, positions: dict[str, int], leds: int, brightness: float) -> list[tuple[int, ...]]:
    """What the controller should show: the lights' latest frame, LED by LED, as the firmware stores it."""
    looks: list[tuple[int, ...]] = [(0, 0, 0, 0, 0)] * leds
    frame = board.lights.last_frame
    assert frame is not None
    for name, light in frame.items():
        if name in positions:
            looks[positions[name]] = tuple(proto.led_bytes(light, brightness))
    return looks


def settled(board: Board) -> bool:
    """Waits (bounded) for the short animations to end, so the latest frame stops changing."""
    deadline = time.monotonic() + 30
    while board.lights.is_moving() and time.monotonic() < deadline:
        time.sleep(0.05)
    return not board.lights.is_moving()


@pytest.mark.timeout(300)
def test_play_never_stalls_while_the_controller_flaps_and_the_last_replug_gets_the_whole_frame(
    tmp_path: Path,
) -> None:
    link = tmp_path / "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00"
    config_file = tmp_path / "config.toml"
    config_file.write_text(f'[lights]\nbackend = "serial"\nport = "{link}"\n', encoding="utf-8")
    config = load_config(config_file, environ={})
    light_map = config.lights.map
    assert light_map is not None
    positions = {name: int(position) for name, position in light_map.leds.items()}
    device = PtyController(link, leds=max(positions.values()) + 1)
    device.plug()
    board = start_board(config, default_definitions().hood_track.length, on_command=lambda _command: None)
    store = Store.open(tmp_path / "companion.db")
    try:
        assert isinstance(board.backend, SerialBackend) and board.problems == ()
        play = Play(store, board)
        plugs: list[int] = []
        cable_done = threading.Event()
        player = threading.Thread(target=play.run, args=(cable_done,), name="player", daemon=True)
        cable = threading.Thread(
            target=flap,
            args=(device, play, board.backend, random.Random(4711), plugs, cable_done),
            name="cable",
            daemon=True,
        )
        player.start()
        cable.start()
        cable.join(HANG_GUARD_S * 4)
        player.join(HANG_GUARD_S)
        assert not player.is_alive(), f"play stalled after {play.steps} steps with the cable flapping"
        assert play.error is None, repr(play.error)
        assert not cable.is_alive()
        assert len(plugs) == FLAPS, f"play stopped answering after {len(plugs)} replugs"
        assert plugs[-1] < play.steps, "the last replug happened while the game was played"

        assert settled(board)
        want = current_looks(board, positions, device.leds, config.lights.brightness)
        assert any(any(look) for look in want)
        # The controller came back blank after the last replug: showing the frame means it was sent whole.
        assert device.wait_for(lambda c: [c.look(i) for i in range(device.leds)] == want, 30.0), (
            f"the controller never showed the current frame; link: {board.backend.describe()}"
        )
        kinds = [kind for kind, _size in device.received if kind != proto.PING]
        last_hello = len(kinds) - 1 - kinds[::-1].index(proto.HELLO)
        assert kinds[last_hello + 1] == proto.FRAME, "the first packet after the last handshake is the full frame"
        status: Any = board.backend.status()
        assert status.connected and status.drops >= 1 and status.connects >= 2
        print(
            f"{play.steps} steps, {FLAPS} unplugs; the link saw {status.drops} drops and {status.connects} connects; "
            f"slowest step {play.slowest_step_s * 1000:.1f} ms"
        )

        with Store.open(tmp_path / "companion.db") as check:
            assert check.integrity_check() == "ok"
            latest = max(g.id for g in check.list_games())
            resumed = Session.resume(check, latest)
            assert resumed.state == ExpectedGames().state(play.game, resumed.cursor) == play.session.state
    finally:
        store.close()
        board.close()
        device.unplug()
