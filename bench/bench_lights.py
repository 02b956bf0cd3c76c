"""The board lights: time to compute a frame, bytes on the serial wire, and how fast an action reaches it.

Goals: a frame in under 1 ms; a one-LED change in under 16 bytes; an action on the wire in under 20 ms at
115200 baud (the time from `LightsController.update` until the last byte is written, plus the time those bytes
take on a 115200-baud line). Typical updates come from a seeded game played by the real rules; the serial link
runs over a pty pair to the host-run controller firmware.
"""

from __future__ import annotations

import logging
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench import count
from companion.config import load_config
from companion.devices import protocol as proto
from companion.devices.controller import LightsController
from companion.devices.serial_link import LinkTiming, SerialBackend
from companion.engine.chance import LiveChance
from companion.games.thunderbirds.legal import legal_actions
from companion.games.thunderbirds.lights.frame import frame
from companion.games.thunderbirds.lights.layout import Layout
from companion.games.thunderbirds.lights.thunderbirds_view import board_view, moments
from companion.games.thunderbirds.lights.view import HoodMoved
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.rules import apply
from companion.games.thunderbirds.setup import initial_state
from companion.games.thunderbirds.state import GameState, evolve
from companion.paths import ROOT

sys.path.insert(0, str(ROOT / "hardware" / "firmware"))
import hostrun
import lightctl

FRAMES = count(20_000, 200)
ACTIONS = count(300, 20)
BAUD = 115200
BITS_PER_BYTE = 10  # 8N1: a start bit, 8 data bits, a stop bit
QUIET = LinkTiming(heartbeat=3600.0, silence=7200.0, handshake=2.0, backoff_first=0.01, backoff_max=0.05, poll=0.005)


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _wire_ms(count: int) -> float:
    return count * BITS_PER_BYTE / BAUD * 1000


def _game_states(seed: int = 7) -> list[tuple[GameState, tuple[object, ...]]]:
    """A game played by seeded random legal moves (restarted when it ends): each state and its events."""
    defs = default_definitions()
    chooser = random.Random(seed)
    out: list[tuple[GameState, tuple[object, ...]]] = []
    game = 0
    while len(out) < ACTIONS:
        chance = LiveChance(seed + game)
        state = initial_state(
            {"players": 3, "difficulty": "standard", "characters": ["scott", "virgil", "john"]}, chance, defs
        )
        state = evolve(state, rng=chance.rng_after)
        out.append((state, ()))
        while state.outcome is None and len(out) < ACTIONS:
            action = chooser.choice(legal_actions(state, defs))
            chance = LiveChance(state.rng)
            state, events = apply(state, action, chance, defs)
            state = evolve(state, rng=chance.rng_after)
            out.append((state, events))
        game += 1
    return out


def _frame_times(plays: list[tuple[GameState, tuple[object, ...]]]) -> dict[str, float]:
    from companion.games.thunderbirds.lights.animations import Animation

    defs = default_definitions()
    layout = Layout.complete(defs.hood_track.length, rgb=True)
    views = [board_view(state, defs) for state, _ in plays]
    chase = [Animation(HoodMoved(2, 5), 0.0)]
    times: list[float] = []
    for i in range(FRAMES):
        view = views[i % len(views)]
        started = time.perf_counter()
        frame(view, layout, 0.2, chase if i % 2 else ())
        times.append((time.perf_counter() - started) * 1e6)
    return {"frame_us_p50": statistics.median(times), "frame_us_p99": _percentile(times, 0.99)}


class _Controller:
    """The host-run firmware on a pty, at a stable symlink."""

    def __init__(self, link: Path, leds: int) -> None:
        self.link, self.leds = link, leds
        self.fds: tuple[int, int] | None = None
        self.stop = threading.Event()
        self.frames_seen = threading.Event()

    def plug(self) -> None:
        master, slave, path = hostrun.open_pty()
        self.fds = (master, slave)
        self.stop = threading.Event()
        self.controller = lightctl.LedController(self.leds, "bench pico")
        temporary = self.link.with_name(self.link.name + ".new")
        os.symlink(path, temporary)
        os.replace(temporary, self.link)
        self.thread = threading.Thread(target=hostrun.serve, args=(master, self.controller, self.stop), daemon=True)
        self.thread.start()

    def unplug(self) -> None:
        self.stop.set()
        self.thread.join(5)
        assert self.fds is not None
        for fd in self.fds:
            os.close(fd)
        self.fds = None


def _serial_figures(plays: list[tuple[GameState, tuple[object, ...]]], folder: Path) -> dict[str, float]:
    defs = default_definitions()
    config_file = folder / "config.toml"
    link = folder / "usb-pico"
    config_file.write_text(f'[lights]\nbackend = "serial"\nport = "{link}"\n', encoding="utf-8")
    light_map = load_config(config_file, environ={}).lights.map
    assert light_map is not None
    positions = {name: int(p) for name, p in light_map.leds.items()}
    device = _Controller(link, max(positions.values()) + 1)
    device.plug()
    backend = SerialBackend(positions, port=str(link), timing=QUIET)
    now = [0.0]
    lights = LightsController(light_map.layout(), backend, clock=lambda: now[0])
    try:
        assert backend.wait_connected(10)
        lights.update(board_view(plays[0][0], defs))
        assert backend.flush(10)
        blank = bytes(5)
        full_frame = len(proto.encode(proto.FRAME, 0, proto.frame_payload([blank] * light_map.chain_length)))

        update_bytes: list[int] = []
        action_bytes: list[int] = []
        latencies: list[float] = []
        for state, events in plays[1:]:
            before = backend.status().bytes_sent
            started = time.perf_counter()
            lights.update(board_view(state, defs), moments(events))
            assert backend.flush(10)
            latencies.append((time.perf_counter() - started) * 1000)
            sent = backend.status().bytes_sent - before
            update_bytes.append(sent)
            while lights.is_moving():  # the animation, ticked at 50 Hz of simulated time
                now[0] += 0.02
                lights.tick()
                assert backend.flush(10)
            action_bytes.append(backend.status().bytes_sent - before)
            now[0] += 1.0
        changed = [b for b in update_bytes if b]

        reconnects: list[float] = []
        for _ in range(5):
            device.unplug()
            assert backend.wait_for_status(lambda s: not s.connected, 10)
            connects = backend.status().connects
            started = time.perf_counter()
            device.plug()
            assert backend.wait_for_status(lambda s, before=connects: s.connects > before, 10)
            assert backend.flush(10)
            reconnects.append((time.perf_counter() - started) * 1000)

        one_led = len(proto.encode(proto.CHANGES, 0, proto.changes_payload([(0, bytes(5))])))
        p99_bytes = _percentile([float(b) for b in changed], 0.99)
        return {
            "one_led_change_bytes": float(one_led),
            "full_frame_bytes": float(full_frame),
            "update_bytes_mean": statistics.mean(changed),
            "update_bytes_p99": p99_bytes,
            "action_with_animation_bytes_mean": statistics.mean(action_bytes),
            "action_to_last_byte_written_ms_p50": statistics.median(latencies),
            "action_to_last_byte_written_ms_p99": _percentile(latencies, 0.99),
            "wire_ms_at_115200_p99_update": _wire_ms(int(p99_bytes)),
            "action_on_wire_ms_at_115200_p99": _percentile(latencies, 0.99) + _wire_ms(int(p99_bytes)),
            "full_frame_wire_ms_at_115200": _wire_ms(full_frame),
            "reconnect_ms_median": statistics.median(reconnects),
        }
    finally:
        lights.close()
        device.unplug()


def run() -> dict[str, float]:
    plays = _game_states()
    figures = _frame_times(plays)
    link_log = logging.getLogger("companion.devices")
    level = link_log.level
    link_log.setLevel(logging.ERROR)  # the reconnect figures unplug on purpose: no warnings for those
    try:
        with tempfile.TemporaryDirectory(prefix="bench-lights-") as folder:
            figures.update(_serial_figures(plays, Path(folder)))
    finally:
        link_log.setLevel(level)
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:40s} {value:10.3f}")
