"""The touchscreen app's responsiveness, start-up and memory, each beside a bare Kivy app run the same way.

- touch to frame: a touch injected through Kivy's input path (the pilot), timed to the next frame: when it is
  drawn (`touch_to_draw_ms_*`: the frame's GL commands are issued, Window.on_flip) and when it is shown
  (`touch_to_frame_ms_*`: the buffer swap has returned). Touches are the ones players make most: open a card,
  close it, the Board, pick a Thunderbird, back, the Scheme, back.
- touch to response: from the same touch to the first frame shown once the app has nothing left to do for it
  (work it put off to a later frame has run, nothing animates, the session worker is idle): the frame that shows
  the card, the screen or the new choice, which is what a player waits for. When the app answers a touch in its
  next frame, this equals touch to frame.
- cold start: from spawning `python` to the first drawn frame, the app beside `kivy.app.App` with one label,
  started the same way in the same run (interleaved, median of nine), and their ratio.
- peak memory: ru_maxrss of each child (the app having dealt a game and visited a few screens, touched through
  the pilot alone; the bare app having drawn a few frames), and the difference.

"The same way" means through `companion.ui.launch.prepare_kivy`, the app's own window configuration (size, no
multisampling...), so the bare app's figures move with it and the differences are the app's own.
Under Xvfb the GL renderer is Mesa's llvmpipe, so swaps are CPU work; on a Pi the GPU does it.
    python -m bench.bench_ui
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import count

STARTS = count(9, 1)  # starts swing by a tenth from one to the next here: the median of nine is steadier
TOUCHES = count(140, 10)
#: Starts of each before the measured ones, to warm the disk cache (the first Python and Kivy start of a run is
#: always slower).
WARM_UP_STARTS = count(1, 0)
ROOT = Path(__file__).resolve().parent.parent


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


# --- the children -----------------------------------------------------------------------------------------


def _first_frame_then(after: Any) -> None:
    """Reports CLOCK_MONOTONIC at the first frame drawn, then runs `after` (or stops)."""
    from kivy.core.window import Window

    def flipped(*_: Any) -> None:
        Window.unbind(on_flip=flipped)
        print(f"first-frame {time.monotonic()}", flush=True)
        after()

    Window.bind(on_flip=flipped)


def child_bare(frames: int) -> None:
    from companion.ui.launch import prepare_kivy

    prepare_kivy((800, 480), False, None)
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.uix.label import Label

    class Bare(App):
        def build(self) -> Any:
            _first_frame_then(lambda: Clock.schedule_once(lambda _dt: self.stop(), frames / 60))
            return Label(text="Thunderbirds companion")

    Bare().run()


def child_app(mode: str, out: str) -> None:
    from companion.ui.launch import prepare_kivy

    prepare_kivy((800, 480), False, None)
    from kivy.clock import Clock

    from companion.ui.app import CompanionApp

    class Timed(CompanionApp):
        def on_start(self) -> None:
            if mode == "start":
                _first_frame_then(lambda: Clock.schedule_once(lambda _dt: self.stop(), 0))
                return
            from companion.ui.pilot import Pilot

            self.pilot = Pilot(self)
            self.pilot.run(_touch_script(self, mode, Path(out)), lambda error: self._done(error))

        def _done(self, error: BaseException | None) -> None:
            if error is not None:
                import traceback

                traceback.print_exception(error)
            self.stop()

    Timed(language="en").run()


def _memory_script(app: Any) -> Any:
    """What players do at a table, touched through the pilot alone: deal a game, then every game screen. The
    scripted player (companion.games.thunderbirds.ui.autoplay) is not used here: it brings the bot, which the app
    never loads."""
    pilot = app.pilot
    app.next_seed = 34
    keys = ["new_game", "players:2", "difficulty:introduction", "start_game"]
    for key in keys:
        yield pilot.button(key)
        pilot.tap(key)
    yield pilot.until(lambda: pilot.screen_name() == "setup_guide", "the set-up guide")
    while pilot.has("guide:next"):
        pilot.tap("guide:next")
        yield pilot.settle(frames=1)
    yield pilot.button("guide:start")
    pilot.tap("guide:start")
    yield pilot.settle(frames=1)
    rescue = next(iter(pilot.keys("open:rescue:")), None)
    keys = [
        "open:board",
        "vehicle:tb2",
        "back",
        "open:scheme",
        "back",
        "tile:1",
        "popup:close",
        "open:history",
        "back",
        "open:menu",
        "open:adjust",
        "section:pieces",
        "back",
    ]
    if rescue:
        keys += [rescue, "rescue:done"]
    keys += ["act:Plan", "reveal:ok", "open:menu", "open:home"]
    touched = []
    for key in keys:
        yield pilot.settle(frames=1)
        if pilot.has(key):
            pilot.tap(key)
            touched.append(key)
    yield pilot.settle(frames=2)
    print(f"memory-done {' '.join(touched)}", flush=True)


def _touch_script(app: Any, mode: str, out: Path) -> Any:
    if mode == "memory":
        yield from _memory_script(app)
        return
    from kivy.core.window import Window

    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    pilot = app.pilot
    player = AutoPlayer(pilot, None, PlayReport(), check_layout=False)
    yield from player.at_table(actions=6)
    drawn: list[float] = []
    shown: list[float] = []
    responses: list[float] = []
    pending: dict[str, float] = {}
    original_flip = Window.flip

    def on_flip(*_: Any) -> None:
        if "touch" in pending and "drawn" not in pending:
            pending["drawn"] = time.perf_counter()

    def timed_flip(*args: Any) -> None:
        original_flip(*args)
        if "drawn" in pending:
            now = time.perf_counter()
            pending.setdefault("shown", now)
            if "response" not in pending and pilot.settled():
                pending["response"] = now

    Window.bind(on_flip=on_flip)
    Window.flip = timed_flip
    cycle = ["tile:1", "popup:close", "open:board", "vehicle:tb2", "vehicle:tb1", "back", "open:scheme", "back"]
    index = 0
    while len(drawn) < TOUCHES:
        key = cycle[index % len(cycle)]
        index += 1
        yield pilot.button(key)
        yield pilot.drawn()
        pending.clear()
        widget = pilot.find(key)
        pending["touch"] = time.perf_counter()
        pilot.tap(widget)
        yield pilot.until(lambda: "response" in pending, "the frame that answers the touch")
        drawn.append((pending["drawn"] - pending["touch"]) * 1000)
        shown.append((pending["shown"] - pending["touch"]) * 1000)
        responses.append((pending["response"] - pending["touch"]) * 1000)
        if os.environ.get("BENCH_UI_VERBOSE"):
            print(f"touch {key} drawn {drawn[-1]:.1f} shown {shown[-1]:.1f} response {responses[-1]:.1f}", flush=True)
    Window.flip = original_flip
    out.write_text(json.dumps({"drawn": drawn, "shown": shown, "response": responses}), encoding="utf-8")


# --- the parent -------------------------------------------------------------------------------------------


def _environment(scratch: Path) -> dict[str, str]:
    env = dict(os.environ)
    for name, sub in (
        ("COMPANION_STATE_DIR", "state"),
        ("COMPANION_CONFIG_DIR", "config"),
        ("COMPANION_DATA_DIR", "data"),
        ("KIVY_HOME", "kivy"),
    ):
        (scratch / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(scratch / sub)
    env["COMPANION_CONFIG"] = str(scratch / "config" / "config.toml")
    env.setdefault("KIVY_NO_CONSOLELOG", "1")
    env.setdefault("KIVY_NO_ARGS", "1")
    return env


def _spawn_measured(args: list[str], env: dict[str, str]) -> tuple[float | None, float, str]:
    """Like `_spawn` but with the child's own peak RSS (wait4 gives per-child usage)."""
    started = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "bench.bench_ui", *args],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    output = process.stdout.read()
    _pid, _status, usage = os.wait4(process.pid, 0)
    process.returncode = 0
    first = None
    for line in output.splitlines():
        if line.startswith("first-frame "):
            first = float(line.split()[1]) - started
    return first, usage.ru_maxrss / 1024, output


def run() -> dict[str, float]:
    from companion.ui.launch import has_screen

    if has_screen():
        return _measure()
    from companion.ui.xvfb import virtual_screen

    with virtual_screen() as display:
        os.environ["DISPLAY"] = display
        return _measure()


def _measure() -> dict[str, float]:
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="bench-ui-") as scratch_dir:
        scratch = Path(scratch_dir)
        env = _environment(scratch)
        for _ in range(WARM_UP_STARTS):
            _spawn_measured(["child-bare", "1"], env)
            _spawn_measured(["child-app", "start", ""], env)
        app_starts, bare_starts = [], []
        for _ in range(STARTS):
            first, _rss, output = _spawn_measured(["child-bare", "1"], env)
            assert first is not None, output[-2000:]
            bare_starts.append(first * 1000)
            first, _rss, output = _spawn_measured(["child-app", "start", ""], env)
            assert first is not None, output[-2000:]
            app_starts.append(first * 1000)
        figures["cold_start_app_ms"] = statistics.median(app_starts)
        figures["cold_start_bare_kivy_ms"] = statistics.median(bare_starts)
        figures["cold_start_ratio"] = figures["cold_start_app_ms"] / figures["cold_start_bare_kivy_ms"]

        _first, app_rss, output = _spawn_measured(["child-app", "memory", ""], env)
        assert "memory-done" in output, output[-3000:]
        _first, bare_rss, _ = _spawn_measured(["child-bare", "120"], env)
        figures["peak_rss_app_mb"] = app_rss
        figures["peak_rss_bare_kivy_mb"] = bare_rss
        figures["peak_rss_over_bare_mb"] = app_rss - bare_rss

        touches = scratch / "touches.json"
        _first, _rss, output = _spawn_measured(["child-app", "touch", str(touches)], env)
        assert touches.exists(), output[-3000:]
        data = json.loads(touches.read_text(encoding="utf-8"))
        figures["touch_to_draw_ms_median"] = statistics.median(data["drawn"])
        figures["touch_to_draw_ms_p99"] = percentile(data["drawn"], 0.99)
        figures["touch_to_frame_ms_median"] = statistics.median(data["shown"])
        figures["touch_to_frame_ms_p99"] = percentile(data["shown"], 0.99)
        figures["touch_to_response_ms_median"] = statistics.median(data["response"])
        figures["touch_to_response_ms_p99"] = percentile(data["response"], 0.99)
        figures["touches"] = float(len(data["shown"]))
    return figures


def main(argv: list[str]) -> int:
    if argv and argv[0] == "child-bare":
        child_bare(int(argv[1]))
        return 0
    if argv and argv[0] == "child-app":
        child_app(argv[1], argv[2] if len(argv) > 2 else "")
        return 0
    for key, value in run().items():
        print(f"{key:28} {value:10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
