"""Warpspawn Thunderbirds in the real app, driven only by touch under Xvfb.

- From Home's game picker (Warpspawn Thunderbirds and Federation both on it) through New game and the set-up guide
  to the grid, then seeded bot moves made by touch until the first rescue: every hand shown only after the
  hand-over step's cover and "Show", and covered again (once looked at without playing: "Hide" asked once more);
  the shared screen never showing a hand; an undo by touch; the game on screen equal to the rules' own play of that
  seed.
- The app killed (SIGKILL) mid-turn, started again, the game resumed from Home by touch at exactly the last
  acknowledged action.
- A 20 × 20 board on the 800 × 480 screen: squares at least 9 mm when zoomed, a move made by panning to its squares,
  the whole board a tap away (where a tap zooms in, and plays nothing).
- Every screen and pop-up of the game at each size in both languages: the screen tour's (test_ui_screen_tour.py).

Screenshots and the app's log stay in artifacts/ui/<test>/.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from companion.games.warpspawn_thunderbirds.lights import lights
from companion.games.warpspawn_thunderbirds.loader import default_definitions
from companion.games.warpspawn_thunderbirds.rules import RULES
from companion.games.warpspawn_thunderbirds.simulate import steps
from companion.games.warpspawn_thunderbirds.views import public_view
from companion.paths import ROOT

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import ARTIFACTS, _app_environment

DEFS = default_definitions()
SEED = 22  # the first rescue at action 57, after a Quick Responder and a Delay claimed behind the cover

# The scenarios run inside the app (tests/ui/driver.py); `digest` is the same fingerprint as the test's.
SCENARIOS = r'''
import hashlib
import json


def warp_digest(state):
    from companion.games.warpspawn_thunderbirds.rules import RULES

    return hashlib.sha256(json.dumps(RULES.encode_state(state), sort_keys=True).encode()).hexdigest()


def hand_lines(app, state):
    """Every line of every hand (what only the hand-over step may show), by seat."""
    found = {}
    for seat in range(len(state.seats)):
        secret = app.pack.secret_view(state, seat)
        found[seat] = [line for line in secret.lines if line != "No cards in hand."]
    return found


def warp_game(pilot, out, args, notes):
    """Home -> New game -> set-up guide -> grid, then bot moves by touch until the first rescue, and an undo."""
    from companion.games.warpspawn_thunderbirds import bot
    from companion.games.warpspawn_thunderbirds import events as ev
    from companion.games.warpspawn_thunderbirds.setup import definitions_for
    from companion.games.warpspawn_thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    app = pilot.app
    stages = []

    def on_step(stage, app):
        snapshot = app.controller.snapshot
        screen = app.screen_manager.get_screen("handover")
        seat = int(screen.params.get("seat", 0))
        hand = hand_lines(app, snapshot.state)[seat]
        stages.append({"stage": stage, "seat": seat, "hand": hand, "texts": pilot.texts()})

    report = PlayReport()
    player = AutoPlayer(pilot, out, report, on_step=on_step)
    yield pilot.until(lambda: pilot.has("game:warpspawn_thunderbirds"), "the game picker")
    notes["picker"] = sorted(pilot.keys("game:"))
    yield from player.start(int(args.get("players", "2")), int(args.get("board", "12")), int(args["seed"]))
    notes["guide_seen"] = "setup-guide" in report.screens
    leaks = []
    rescued = None
    while rescued is None and report.actions < int(args.get("max_actions", "400")):
        yield from player.to_grid()
        state = app.controller.snapshot.state
        if "looked" not in notes and state.phase == "response":
            notes["looked"] = yield from look_and_hide(pilot, player, 1)
            yield from player.to_grid()
        shared = set(pilot.texts())
        for seat, lines in hand_lines(app, state).items():
            leaks += [line for line in lines if line in shared]
        action = bot.next_action(state, definitions_for(state.setup), player.memory)
        events = yield from player.perform(action)
        rescued = next((e for e in events if isinstance(e, ev.Rescued)), None)
    notes["leaks"] = leaks
    notes["stages"] = stages
    notes["actions"] = report.actions
    notes["labels"] = report.labels
    notes["rescued"] = None if rescued is None else [rescued.player, rescued.emergency]
    snapshot = app.controller.snapshot
    notes["digest"] = warp_digest(snapshot.state)
    notes["history"] = [h.label for h in snapshot.history]
    yield from player.dismiss_reveals()
    yield from player.visit("grid-after-rescue")
    version = snapshot.version
    yield from player.tap("undo")
    yield pilot.until(lambda: app.controller.snapshot.version != version, "the undo")
    undone = app.controller.snapshot
    notes["undone_cursor"] = len([h for h in undone.history if not h.is_undone])
    notes["undone_digest"] = warp_digest(undone.state)
    notes["screen"] = pilot.screen_name()
    mirror = app.lights.mirror
    notes["mirror"] = sorted(n for n, light in mirror.latest.items() if not light.is_dark) if mirror else None
    yield from player.visit("grid-after-undo")


def look_and_hide(pilot, player, seat):
    """A player looks at the hand without playing: the cover, Show, Hide asked once more (Keep showing, then Hide),
    the cover again, back to the grid; nothing is played."""
    app = pilot.app
    version = app.controller.snapshot.version
    hand = hand_lines(app, app.controller.snapshot.state)[seat]
    seen = {}
    yield from player.tap(f"open:handover:{seat}")
    seen["cover"] = pilot.texts()
    yield from player.tap("secret:show")
    seen["shown"] = pilot.texts()
    yield from player.tap("secret:hide")
    seen["asked"] = pilot.texts()
    yield from player.tap("secret:keep")
    seen["kept"] = pilot.texts()
    yield from player.tap("secret:hide")
    yield from player.tap("secret:hide:confirm")
    seen["hidden"] = pilot.texts()
    yield from player.tap("secret:done")
    yield pilot.until(lambda: pilot.screen_name() == "grid", "the grid after looking")
    return {
        "hand": hand,
        "texts": seen,
        "grid": pilot.texts(),
        "same_version": app.controller.snapshot.version == version,
    }


def warp_play_and_ack(pilot, out, args, notes):
    """Plays a seeded game by touch, writing "ack <seq> <digest>" after each action the screen has shown (the test
    kills this process at some point)."""
    from pathlib import Path

    from companion.games.warpspawn_thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    report = PlayReport()
    player = AutoPlayer(pilot, None, report, check_layout=False)
    yield from player.start(2, 12, int(args["seed"]))
    controller = pilot.app.controller
    with Path(args["progress"]).open("a", encoding="utf-8") as handle:
        handle.write(f"game {controller.snapshot.game_id}\n")
        handle.flush()
        for _ in range(int(args.get("actions", "80"))):
            yield from player.play(max_actions=report.actions + 1)
            snapshot = controller.snapshot
            done = len([h for h in snapshot.history if not h.is_undone])
            handle.write(f"ack {done} {snapshot.state.phase} {warp_digest(snapshot.state)}\n")
            handle.flush()


def warp_resume_check(pilot, out, args, notes):
    """After the crash: the saved game resumed from Home by touch; where it stands."""
    from companion.games.warpspawn_thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    player = AutoPlayer(pilot, out, PlayReport())
    yield pilot.until(lambda: bool(pilot.keys("resume:")), "a saved game on Home")
    yield from player.visit("home")
    keys = pilot.keys("resume:")
    notes["saved_games"] = keys
    yield from player.tap(keys[0])
    yield pilot.until(lambda: pilot.app.controller.snapshot is not None and pilot.screen_name() == "grid", "the grid")
    snapshot = pilot.app.controller.snapshot
    notes["screen"] = pilot.screen_name()
    notes["cursor"] = len([h for h in snapshot.history if not h.is_undone])
    notes["digest"] = warp_digest(snapshot.state)
    yield from player.visit()


def warp_big_board(pilot, out, args, notes):
    """20 x 20 on the small screen: 9 mm squares when zoomed, moves made by panning, the whole board a tap away."""
    from companion.games.warpspawn_thunderbirds import actions as a
    from companion.games.warpspawn_thunderbirds.ui.autoplay import AutoPlayer, PlayReport
    from companion.ui.pilot import SyntheticTouch

    app = pilot.app
    report = PlayReport()
    player = AutoPlayer(pilot, out, report)
    yield from player.start(2, 20, int(args["seed"]))
    moves = []
    while report.actions < 200 and len(moves) < 3:
        count = len(report.labels)
        yield from player.play(max_actions=report.actions + 1)
        grid = player.grid()
        if len(report.labels) > count and " from " in report.labels[-1]:
            moves.append({"label": report.labels[-1], "cell": grid.cell, "span": grid.span})
    notes["moves"] = moves
    notes["target"] = app.target
    yield from player.to_grid()
    grid = player.grid()
    notes["zoom_span"] = grid.zoom_span()
    yield from player.tap("grid:zoom")
    notes["whole_cell"] = grid.cell
    notes["whole_zoomed"] = grid.zoomed
    yield from player.visit("grid-whole-board")
    version = app.controller.snapshot.version
    x, y = grid.square_center((17, 15))
    touch = SyntheticTouch(x, y)
    touch.down()
    touch.up()
    yield pilot.settle()
    notes["after_tap_zoomed"] = grid.zoomed
    notes["after_tap_visible"] = grid.is_visible((17, 15))
    notes["after_tap_version_same"] = app.controller.snapshot.version == version
    yield from player.visit("grid-zoomed-at-17-15")
'''

_LAUNCH = r"""
import sys
sys.path.insert(0, {here!r})
import scenarios
exec({code!r}, scenarios.__dict__)
import driver
sys.argv = ["driver.py", "--scenario", {name!r}, "--size", {size!r}, "--lang", {lang!r}, "--out", {out!r}, *{extra!r}]
sys.exit(driver.main())
"""


def command(
    name: str, out: Path, size: str = "800x480", lang: str = "en", args: dict[str, str] | None = None
) -> list[str]:
    extra = [item for key, value in (args or {}).items() for item in ("--arg", f"{key}={value}")]
    code = _LAUNCH.format(
        here=str(Path(__file__).resolve().parent),
        code=SCENARIOS,
        name=name,
        size=size,
        lang=lang,
        out=str(out),
        extra=extra,
    )
    return [sys.executable, "-c", code]


def artefacts(name: str) -> Path:
    path = ARTIFACTS / name
    path.mkdir(parents=True, exist_ok=True)
    for old in path.glob("*.png"):
        old.unlink()
    return path


def run(
    xvfb_display: str, tmp_path: Path, name: str, out: Path, size: str = "800x480", lang: str = "en", **args: str
) -> dict[str, Any]:
    environment = _app_environment(xvfb_display, tmp_path, f"{name}-{size}-{lang}")
    completed = subprocess.run(
        command(name, out, size, lang, args), env=environment, capture_output=True, text=True, timeout=600, cwd=ROOT
    )
    (out / "driver.log").write_text(completed.stdout + completed.stderr, encoding="utf-8")
    report_file = out / "report.json"
    assert report_file.exists(), completed.stderr[-3000:]
    report = json.loads(report_file.read_text(encoding="utf-8"))
    assert report["ok"], (report["error"] or "") + completed.stderr[-2000:]
    # Home is the shell's (its game picker lists every installed game and kit, checked by the shell's tests): the
    # screens checked here are this game's.
    problems = [f"{label}: {p}" for label, found in report["layout"].items() for p in found if label[5:] != "home"]
    assert problems == [], problems
    notes: dict[str, Any] = report["notes"]
    return notes


def digest(state: Any) -> str:
    return hashlib.sha256(json.dumps(RULES.encode_state(state), sort_keys=True).encode()).hexdigest()


@pytest.fixture(scope="module")
def played() -> list[Any]:
    return list(steps(2, 12, SEED, DEFS))


def test_a_game_by_touch_to_a_rescue_with_private_hands_and_an_undo(
    xvfb_display: str, tmp_path: Path, played: list[Any]
) -> None:
    notes = run(xvfb_display, tmp_path, "warp_game", artefacts("warpspawn-game"), seed=str(SEED))
    assert notes["picker"] == sorted(notes["picker"]) and {"game:warpspawn_thunderbirds", "game:federation"} <= set(
        notes["picker"]
    )
    assert notes["guide_seen"]
    actions = notes["actions"]
    assert notes["rescued"] is not None
    # The game on screen is the rules' own play of the seed, action for action.
    assert notes["digest"] == digest(played[actions - 1].after)
    assert [e for e in played[actions - 1].events if type(e).__name__ == "Rescued"]
    assert notes["history"][-1] == notes["labels"][-1]
    # The undo by touch took back exactly the rescuing action.
    assert notes["undone_cursor"] == actions - 1 and notes["undone_digest"] == digest(played[actions - 1].before)
    assert notes["screen"] == "grid"
    # The lights (here the on-screen mirror) show the position the undo left, from its public view.
    assert notes["mirror"] == sorted(lights(public_view(played[actions - 1].before), DEFS))
    # Hands: shown after the cover and "Show" only, covered again at once; never on the shared screen.
    assert notes["leaks"] == []
    stages = notes["stages"]
    assert [s["stage"] for s in stages[:3]] == ["cover", "shown", "hidden"] and len(stages) % 3 == 0
    for cover, shown, hidden in zip(stages[0::3], stages[1::3], stages[2::3]):
        hand = cover["hand"]
        assert hand and set(hand) <= set(shown["texts"]), "the owner sees the hand after Show"
        assert not set(hand) & set(cover["texts"]), "nothing of the hand on the cover"
        assert not set(shown["hand"]) & set(hidden["texts"]) and not set(hand) & set(hidden["texts"])
        assert any(text.startswith("Give the screen to ") for text in cover["texts"])
    # Looking without playing: the hand only after Show, "Hide" asked once more, covered again; nothing played.
    looked = notes["looked"]
    hand, seen = looked["hand"], looked["texts"]
    assert hand and looked["same_version"]
    assert "Give the screen to Blue" in seen["cover"] and not set(hand) & set(seen["cover"])
    assert set(hand) <= set(seen["shown"]) and set(hand) <= set(seen["kept"])
    assert "Hide it now?" in seen["asked"]
    assert not set(hand) & set(seen["hidden"]) and not set(hand) & set(looked["grid"])
    # The reactions were claimed behind the cover (the shared screen only ever said someone may play them).
    assert any("plays Quick Responder" in label for label in notes["labels"])
    assert any("plays Delay" in label for label in notes["labels"])
    # The history names a card only once it is played face up.
    discards = [label for label in notes["labels"] if "discards" in label]
    assert all(label.endswith("discards a card") for label in discards)


def read_acks(path: Path) -> list[tuple[int, str, str]]:
    found = []
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else ():
        parts = line.split()
        if len(parts) == 4 and parts[0] == "ack":
            found.append((int(parts[1]), parts[2], parts[3]))
    return found


def test_sigkill_mid_turn_resumes_exactly_from_home(xvfb_display: str, tmp_path: Path, played: list[Any]) -> None:
    progress = tmp_path / "progress.txt"
    out = artefacts("warpspawn-sigkill")
    environment = _app_environment(xvfb_display, tmp_path, "warp-sigkill")
    log = (out / "driver.log").open("w", encoding="utf-8")
    process = subprocess.Popen(
        command("warp_play_and_ack", out, args={"seed": str(SEED), "progress": str(progress), "actions": "120"}),
        env=environment,
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=ROOT,
    )
    try:
        # Killed during a move phase past the first turn's upkeep: mid-turn, with hands dealt and pawns moved.
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and process.poll() is None:
            acks = read_acks(progress)
            if len(acks) >= 14 and acks[-1][1] == "move":
                break
            time.sleep(0.02)
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
    acks = read_acks(progress)
    assert len(acks) >= 14, "the game did not get far enough"
    last_seq, phase, last_digest = acks[-1]
    resumed = run(xvfb_display, tmp_path, "warp_resume_check", artefacts("warpspawn-resume"))
    cursor = resumed["cursor"]
    assert cursor in (last_seq, last_seq + 1), "never behind what was shown; at most the action under way"
    assert resumed["digest"] == digest(played[cursor - 1].after)
    if cursor == last_seq:
        assert resumed["digest"] == last_digest
    assert resumed["screen"] == "grid" and phase == "move"


def test_a_20_by_20_board_on_the_small_screen(xvfb_display: str, tmp_path: Path) -> None:
    notes = run(xvfb_display, tmp_path, "warp_big_board", artefacts("warpspawn-20x20"), seed="9")
    target = notes["target"]
    assert notes["moves"], "moves were made on the grid"
    for move in notes["moves"]:
        assert move["cell"] >= target - 0.5 and move["span"] < 20, move  # 9 mm squares, a part of the board shown
    assert notes["zoom_span"] * target <= 480
    assert notes["whole_zoomed"] is False and notes["whole_cell"] < target  # the whole board: a map, not a keypad
    assert notes["after_tap_zoomed"] and notes["after_tap_visible"] and notes["after_tap_version_same"]


def test_the_demo_plays_a_whole_seeded_game_by_touch_with_screenshots(tmp_path: Path, xvfb_program: str) -> None:
    """`companion demo --game warpspawn_thunderbirds` as typed, without a display: it starts its own virtual screen,
    plays the seeded game to its end by touch, and leaves numbered screenshots and a summary beside what was
    already in the folder."""
    out = artefacts("warpspawn-demo")
    (out / "notes.png").write_bytes(b"a file the demo did not write")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "demo",
            "--game",
            "warpspawn_thunderbirds",
            "--out",
            str(out),
            "--seed",
            "5",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        cwd=ROOT,
    )
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    summary = (out / "summary.md").read_text(encoding="utf-8")
    shots = sorted(p.name for p in out.glob("0*.png"))
    assert len(shots) >= 15 and shots[0].startswith("0001-home")
    assert any("handover-shown" in name for name in shots) and any("grid-move-card" in name for name in shots)
    assert [f"{i}. {name}" in summary for i, name in enumerate(shots, start=1)] == [True] * len(shots)
    assert "- Result: won by " in summary and "- Layout problems: 0" in summary
    final = list(steps(2, 12, 5, DEFS))[-1].after
    assert f"- Turns: {final.turn}," in summary
    assert (out / "notes.png").read_bytes() == b"a file the demo did not write"
    assert not (Path(os.environ["COMPANION_STATE_DIR"]) / "companion.db").exists()
