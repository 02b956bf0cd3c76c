"""The phones' and TV's pages beside the touchscreen app: what viewers cost the table, and how fast they see a move.

The real app (Xvfb) plays a Warpspawn Thunderbirds game by touch with `[web] enabled`, in phases; before each phase
this process connects that phase's viewers and the app then makes `ACTIONS` actions by touch, each a durable change
every viewer is sent:

- touch to result (`touch_ms_p50_<n>v`, `touch_ms_p99_<n>v`): from the touch that makes an action to the first frame
  drawn after the app received its durable result, with `n` viewers connected;
- commit to browser (`commit_to_browser_ms_p50_8b`, `..._p99_8b`): from the session worker's durable commit (its
  observer's wall clock) to the message's arrival in each of 8 headless Chromium pages (Debian's, Playwright);
  `commit_to_viewer_ms_*_<n>v` the same for `n` plain WebSocket viewers;
- `commit_to_publish_ms_*`: from the commit to the position's hand-over to the server (`PositionBoard.publish`,
  on the session worker);
- `viewers_before_touch_moves`: the most viewers (WebSocket clients: a phone's rendering costs the phone, not the
  Pi) with which the touch's median stays within 20 % + 2 ms of the median with none.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench import count

ACTIONS = count(24, 3)
#: Viewers in each phase: "8b" is 8 Chromium pages, a number that many WebSocket clients.
PHASES = ("0", "8b", "0", "8", "25", "50", "100") if count(1, 0) else ("0", "8b", "8")
ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
_RECORD = """
window.__seen = [];
const Native = window.WebSocket;
window.WebSocket = function (...args) {
  const socket = new Native(...args);
  socket.addEventListener('message', (e) => {
    try { const m = JSON.parse(e.data); if (m.type === 'position') window.__seen.push([m.version, Date.now()]); }
    catch (err) {}
  });
  return socket;
};
"""


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


# --- the app's child --------------------------------------------------------------------------------------


def child(out: str) -> None:
    from companion.ui.launch import prepare_kivy

    prepare_kivy((800, 480), False, None)
    from companion.ui.app import CompanionApp
    from companion.ui.pilot import Pilot

    class Timed(CompanionApp):
        def on_start(self) -> None:
            self.pilot = Pilot(self)
            self.pilot.run(_script(self, Path(out)), self._done)

        def _done(self, error: BaseException | None) -> None:
            if error is not None:
                import traceback

                traceback.print_exception(error)
            self.stop()

    Timed(language="en").run()


def _script(app: Any, out: Path) -> Any:
    from kivy.core.window import Window

    from companion.games.warpspawn_thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    pilot = app.pilot
    yield pilot.until(lambda: app.web is not None, "the web pages", 60)
    # The durable commit of each state (the worker's observer runs right after it), by the state's identity; the
    # board names the version each state was published as.
    committed: dict[int, float] = {}
    commit_times: dict[int, float] = {}
    publish_times: dict[int, float] = {}
    app.controller.on_worker_update(lambda state, _events: committed.__setitem__(id(state), time.time()))
    phase_versions: dict[str, list[int]] = {}
    phase = ["setup"]

    def published(position: Any) -> None:
        commit_times[position.version] = committed.pop(id(position.state), float("nan"))
        publish_times[position.version] = time.time()
        phase_versions.setdefault(phase[0], []).append(position.version)

    app.web.board.listen(published)
    player = AutoPlayer(pilot, None, PlayReport(), check_layout=False)
    yield from player.start(2, 12, 1)
    pending: dict[str, float] = {}
    tap = pilot.tap

    def timed_tap(target: Any) -> Any:
        pending["tap"] = time.perf_counter()
        return tap(target)

    def on_flip(*_: Any) -> None:
        if "before" in pending and "shown" not in pending and app.controller.snapshot.version > pending["before"]:
            pending["shown"] = time.perf_counter()
            pending["touch"] = pending["tap"]  # the touch that made the action (reveals are dismissed after)

    pilot.tap = timed_tap
    Window.bind(on_flip=on_flip)
    phases: dict[str, list[float]] = {}
    for index in range(len(PHASES)):
        (out / f"ready-{index}").write_text("", encoding="utf-8")
        yield pilot.until(lambda i=index: (out / f"viewers-{i}").exists(), "this phase's viewers", 300)
        touches: list[float] = []
        phase[0] = str(index)
        while len(touches) < ACTIONS:
            if app.controller.snapshot.state.outcome is not None:
                break
            pending.clear()
            pending["before"] = app.controller.snapshot.version
            yield from player.play(max_actions=player.report.actions + 1)
            yield pilot.until(lambda: "shown" in pending, "the result drawn")
            touches.append((pending["shown"] - pending["touch"]) * 1000)
        phases[str(index)] = touches
    Window.unbind(on_flip=on_flip)
    (out / "app.json").write_text(
        json.dumps({"touch": phases, "commits": commit_times, "versions": phase_versions, "published": publish_times}),
        encoding="utf-8",
    )
    (out / "done").write_text("", encoding="utf-8")


# --- the viewers ------------------------------------------------------------------------------------------


class SocketViewers:
    """`n` WebSocket viewers on a thread and loop of their own, each noting when each version arrived (wall
    clock); `close` closes them cleanly."""

    def __init__(self, url: str, n: int) -> None:
        self.url, self.n = url, n
        self.seen: list[tuple[int, float]] = []
        self.connected = threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._all()), daemon=True)
        self.thread.start()
        self.connected.wait(60)

    async def _all(self) -> None:
        from websockets.asyncio.client import connect

        self.loop = asyncio.get_running_loop()
        self.stop = asyncio.Event()
        sockets = [await connect(self.url, max_size=2**20) for _ in range(self.n)]
        readers = [asyncio.create_task(self._read(s)) for s in sockets]
        self.connected.set()
        await self.stop.wait()
        for s in sockets:
            await s.close()
        await asyncio.gather(*readers, return_exceptions=True)

    async def _read(self, socket_: Any) -> None:
        async for text in socket_:
            message = json.loads(text)
            if message.get("type") == "position":
                self.seen.append((int(message["version"]), time.time()))

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(30)


def _latencies(seen: list[tuple[int, float]], commits: dict[str, float]) -> list[float]:
    return [
        (when - commits[str(version)]) * 1000
        for version, when in seen
        if commits.get(str(version)) == commits.get(str(version))
    ]


def run() -> dict[str, float]:
    from companion.ui.launch import has_screen

    if has_screen():
        return _measure()
    from companion.ui.xvfb import virtual_screen

    with virtual_screen() as display:
        os.environ["DISPLAY"] = display
        return _measure()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _measure() -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    from bench.bench_ui import _environment

    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="bench-web-") as scratch_dir, sync_playwright() as playwright:
        scratch = Path(scratch_dir)
        env = _environment(scratch)
        port = _free_port()
        Path(env["COMPANION_CONFIG"]).write_text(
            f'[web]\nenabled = true\nhost = "127.0.0.1"\nport = {port}\n', encoding="utf-8"
        )
        out = scratch / "run"
        out.mkdir()
        log = (scratch / "app.log").open("w", encoding="utf-8")
        app = subprocess.Popen(
            [sys.executable, "-m", "bench.bench_web", "child", str(out)],
            env=env,
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
            + ["--disable-background-networking", "--disable-component-update", "--disable-sync"],
        )
        seen_by_phase: dict[int, list[tuple[int, float]]] = {}
        try:
            for index, phase in enumerate(PHASES):
                while not (out / f"ready-{index}").exists():
                    if app.poll() is not None:
                        raise RuntimeError((scratch / "app.log").read_text()[-3000:])
                    time.sleep(0.1)
                if phase.endswith("b"):
                    pages = [browser.new_page() for _ in range(int(phase[:-1]))]
                    for page in pages:
                        page.add_init_script(_RECORD)
                        page.goto(f"http://127.0.0.1:{port}/")
                        page.wait_for_function("window.__seen.length > 0")
                    (out / f"viewers-{index}").write_text("", encoding="utf-8")
                    _wait_for(out, index + 1, app, scratch)
                    seen_by_phase[index] = [
                        (int(v), float(t) / 1000) for page in pages for v, t in page.evaluate("window.__seen")
                    ]
                    for page in pages:
                        page.close()
                else:
                    viewers = SocketViewers(f"ws://127.0.0.1:{port}/ws", int(phase))
                    (out / f"viewers-{index}").write_text("", encoding="utf-8")
                    _wait_for(out, index + 1, app, scratch)
                    seen_by_phase[index] = list(viewers.seen)
                    viewers.close()
            app.wait(120)
        finally:
            browser.close()
            if app.poll() is None:
                app.kill()
        data = json.loads((out / "app.json").read_text(encoding="utf-8"))
    touch_by_count: dict[int, list[float]] = {}
    touch_by_key: dict[str, list[float]] = {}
    for index, phase in enumerate(PHASES):
        viewers = int(phase.rstrip("b"))
        touches = data["touch"][str(index)]
        touch_by_key.setdefault(f"{viewers}{'b' if phase.endswith('b') else 'v'}", []).extend(touches)
        if not phase.endswith("b"):  # the browsers run on this machine: their drawing is not the server's cost
            touch_by_count.setdefault(viewers, []).extend(touches)
    for key, touches in touch_by_key.items():
        figures[f"touch_ms_p50_{key}"] = statistics.median(touches)
        figures[f"touch_ms_p99_{key}"] = percentile(touches, 0.99)
    latencies_by_phase: dict[str, list[float]] = {}
    for index, seen in seen_by_phase.items():
        # Only the versions made during the phase: the position a viewer is sent when it connects is older.
        made = set(data["versions"].get(str(index), ()))
        phase = PHASES[index]
        latencies_by_phase.setdefault(phase, []).extend(_latencies([e for e in seen if e[0] in made], data["commits"]))
    for phase, latencies in latencies_by_phase.items():
        if latencies and phase != "0":
            name = "commit_to_browser" if phase.endswith("b") else "commit_to_viewer"
            suffix = phase if phase.endswith("b") else f"{phase}v"
            figures[f"{name}_ms_p50_{suffix}"] = statistics.median(latencies)
            figures[f"{name}_ms_p99_{suffix}"] = percentile(latencies, 0.99)
    hops = _latencies([(int(v), t) for v, t in data["published"].items()], data["commits"])
    figures["commit_to_publish_ms_p50"] = statistics.median(hops)
    figures["commit_to_publish_ms_p99"] = percentile(hops, 0.99)
    base = statistics.median(touch_by_count.get(0, [0.0]))
    holding = [n for n, touches in sorted(touch_by_count.items()) if statistics.median(touches) <= base * 1.2 + 2]
    figures["viewers_before_touch_moves"] = float(max(holding) if holding else 0)
    return figures


def _wait_for(out: Path, index: int, app: subprocess.Popen[bytes], scratch: Path) -> None:
    """Until the app is ready for phase `index` (or done): the phase before it has been played."""
    while not ((out / f"ready-{index}").exists() or (out / "done").exists()):
        if app.poll() is not None and not (out / "done").exists():
            raise RuntimeError((scratch / "app.log").read_text()[-3000:])
        time.sleep(0.1)


def main(argv: list[str]) -> int:
    if argv and argv[0] == "child":
        child(argv[1])
        return 0
    for key, value in run().items():
        print(f"{key:34} {value:10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
