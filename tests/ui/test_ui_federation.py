"""Federation in the real app, by touch under Xvfb: a game from Home's picker (New game with races tapped in seat
order), a system added and renamed on the on-screen keyboard, a fleet entering and exploring (three dice), its
Enigma, a diplomacy attempt, a build undone and made again, the end of the turn with each race's revenue; the app
killed with SIGKILL mid-game and resumed from Home at exactly the last acknowledged action. Every screen and
pop-up of the pack is checked at each size in both languages by the screen tour (test_ui_screen_tour.py).

The dice are the seed's: `seed_for_the_script` (companion/games/federation/ui/tour.py) finds the first seed whose
rolls give what the script needs by playing the same actions through the rules, and New game starts with it
(`app.next_seed`, as the other UI tests do)."""

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

from companion.engine.chance import LiveChance
from companion.games.federation import actions as act
from companion.games.federation.rules import RULES
from companion.games.federation.state import FederationState
from companion.games.federation.ui.tour import PLAN, after_each, seed_for_the_script
from companion.paths import ROOT

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import artefact_dir


def digest(state: FederationState) -> str:
    return hashlib.sha256(json.dumps(RULES.encode_state(state), sort_keys=True).encode()).hexdigest()


def later_actions(state: FederationState, count: int) -> list[object]:
    """What the acknowledging script does after its plan: Next until the last phase, then End turn, again."""
    actions: list[object] = []
    for _ in range(count):
        action: object = act.NextPhase() if RULES.check(state, act.NextPhase()) is None else act.EndTurn()
        actions.append(action)
        state, _events = RULES.apply(state, action, LiveChance(state.rng))
    return actions


SCENARIOS = r'''
import hashlib
import json
from pathlib import Path

from companion.games.federation.ui.tour import Steps, explore_vulcan, start_federation

def fed_digest(state):
    from companion.games.federation.rules import RULES

    return hashlib.sha256(json.dumps(RULES.encode_state(state), sort_keys=True).encode()).hexdigest()


def done_actions(app):
    return len([entry for entry in app.controller.snapshot.history if not entry.is_undone])


def federation_play(pilot, out, args, notes):
    app = pilot.app
    steps = Steps(pilot, out)
    yield from start_federation(steps, int(args["seed"]), notes=notes)
    notes["setup"] = app.controller.snapshot.state.races
    # Screens are built ahead in idle frames once the list shows: none of them takes the players elsewhere.
    yield from steps.tap("open:revenue")
    yield 2.0
    notes["stayed_on"] = pilot.screen_name()
    notes["built_ahead"] = app.screen_manager.has_screen("system")
    yield from steps.tap("back")
    yield from explore_vulcan(steps)
    state = app.controller.snapshot.state
    notes["vulcan_built"] = state.system("s5").shipyard
    before_undo = done_actions(app)
    yield from steps.tap("undo")
    yield pilot.until(lambda: done_actions(app) == before_undo - 1, "the undo")
    notes["after_undo_shipyard"] = app.controller.snapshot.state.system("s5").shipyard
    notes["after_undo_can_redo"] = app.controller.snapshot.can_redo
    yield from steps.look("undone")
    yield from steps.tap("build:shipyard")
    yield from steps.action("roll:confirm")
    notes["redo_tail_dropped"] = not app.controller.snapshot.can_redo
    yield from steps.tap("back")
    yield from steps.tap("open:revenue")
    yield from steps.look("revenue")
    notes["revenue_lines"] = [w.text for w in pilot.widgets() if w.__class__.__name__ == "FedText" and w.text]
    yield from steps.tap("back")
    yield from steps.action("act:EndTurn")
    yield pilot.until(lambda: pilot.has("reveal:ok"), "the end of turn's pop-up")
    yield from steps.look("end-of-turn")
    popup = next(w for w in pilot.widgets() if w.__class__.__name__ == "AppPopup")
    notes["end_title"] = popup.title
    notes["end_lines"] = [w.text for w in popup.ids.lines.children[::-1]]
    yield from steps.tap("reveal:ok")
    snapshot = app.controller.snapshot
    notes["labels"] = [entry.label for entry in snapshot.history if not entry.is_undone]
    notes["digest"] = fed_digest(snapshot.state)
    notes["last_revenue"] = dict(snapshot.state.last_revenue)
    notes["turn"] = snapshot.state.turn


def federation_ack(pilot, out, args, notes):
    """The same game, writing "ack <actions> <digest>" after each action the screen has shown, then Next and End
    turn on and on (the test kills this process on its way)."""
    app = pilot.app
    steps = Steps(pilot, out, shoot=False)
    progress = Path(args["progress"]).open("a", encoding="utf-8")

    def ack():
        snapshot = app.controller.snapshot
        progress.write(f"ack {done_actions(app)} {fed_digest(snapshot.state)}\n")
        progress.flush()

    yield from start_federation(steps, int(args["seed"]))
    progress.write(f"game {app.controller.snapshot.game_id}\n")
    progress.flush()
    yield from explore_vulcan(steps, on_action=ack)
    yield from steps.tap("back")
    for _ in range(int(args.get("more", "40"))):
        key = "act:NextPhase" if pilot.has("act:NextPhase") else "act:EndTurn"
        yield from steps.action(key)
        ack()
        if pilot.has("reveal:ok"):
            yield from steps.tap("reveal:ok")


def federation_resume(pilot, out, args, notes):
    app = pilot.app
    steps = Steps(pilot, out)
    yield pilot.until(lambda: bool(pilot.keys("resume:")), "the saved game on Home")
    yield from steps.look("home-after-kill")
    key = pilot.keys("resume:")[0]
    yield from steps.tap(key)
    yield pilot.until(lambda: app.controller.snapshot is not None and pilot.screen_name() == "table", "the game")
    yield from steps.look("resumed")
    notes["screen"] = pilot.screen_name()
    notes["cursor"] = done_actions(app)
    notes["digest"] = fed_digest(app.controller.snapshot.state)
'''


@pytest.fixture(scope="module")
def seed() -> int:
    return seed_for_the_script()


def test_a_game_by_touch_from_home_s_picker_to_the_end_of_a_turn(
    xvfb_display: str, request: pytest.FixtureRequest, seed: int
) -> None:
    notes = run(xvfb_display, artefact_dir(request), "federation_play", {"seed": str(seed)})["notes"]
    states = after_each(seed, PLAN)
    assert "game:federation" in notes["home_picker"] and "game:warpspawn_thunderbirds" in notes["home_picker"]
    assert notes["setup"] == ["federation", "klingon"]
    assert notes["stayed_on"] == "revenue" and notes["built_ahead"] is True
    assert notes["vulcan_built"] is True
    assert notes["after_undo_shipyard"] is False and notes["after_undo_can_redo"] is True
    assert notes["redo_tail_dropped"] is True
    assert notes["labels"] == [
        "System added to the list: System 5",
        "System 5 renamed Vulcan",
        "Klingons: exploration of Vulcan (Science vessel)",
        "Klingons: the stack in Vulcan faces the Enigma",
        "Federation: diplomacy with the minor race of Vulcan",
        "Shipyard built in Vulcan",
        "End of turn 1: revenue credited",
    ]
    assert notes["digest"] == digest(states[-1])  # exactly the rules' game with the seed's dice
    vulcan = states[-1].system("s5")
    federation = 10 + {"poor": 1, "moderate": 2, "rich": 3}[vulcan.resources or ""]
    federation += {"primitive": 1, "modern": 2, "advanced": 3}[vulcan.minor_race or ""]
    assert notes["last_revenue"] == {"federation": federation, "klingon": 10} and notes["turn"] == 2
    assert notes["end_title"] == "End of turn 1"
    assert f"Revenue of turn 1: Federation {federation}, Klingons 10" in notes["end_lines"]
    assert f"Federation: {federation} a turn" in notes["revenue_lines"]


def read_acks(path: Path) -> list[tuple[int, str]]:
    found = []
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else ():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "ack":
            found.append((int(parts[1]), parts[2]))
    return found


def launch(
    display: str, out: Path, name: str, args: dict[str, str], size: str = "800x480", lang: str = "en"
) -> subprocess.Popen[str]:
    """Starts a scenario of this file in the real app (tests/ui/driver.py) without waiting for it."""
    argv = ["driver.py", "--scenario", name, "--out", str(out), "--size", size, "--lang", lang]
    for key, value in args.items():
        argv += ["--arg", f"{key}={value}"]
    code = (
        "import sys\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})\n"
        "import scenarios\n"
        f"exec({SCENARIOS!r}, scenarios.__dict__)\n"
        "import driver\n"
        f"sys.argv = {argv!r}\n"
        "sys.exit(driver.main())\n"
    )
    environment = dict(os.environ, DISPLAY=display)
    environment.pop("WAYLAND_DISPLAY", None)
    log = (out / "driver.log").open("w", encoding="utf-8")
    return subprocess.Popen(
        [sys.executable, "-c", code], env=environment, stdout=log, stderr=subprocess.STDOUT, cwd=str(ROOT)
    )


def run(
    display: str, out: Path, name: str, args: dict[str, str] | None = None, size: str = "800x480", lang: str = "en"
) -> dict[str, Any]:
    """Runs a scenario to its end; its report (notes and layout problems), or the test fails with its error."""
    process = launch(display, out, name, args or {}, size, lang)
    try:
        process.wait(420)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
    report_file = out / "report.json"
    log = (out / "driver.log").read_text(encoding="utf-8")
    if not report_file.exists():
        pytest.fail(f"no report (exit {process.returncode}): {log[-3000:]}")
    report: dict[str, Any] = json.loads(report_file.read_text(encoding="utf-8"))
    assert report["ok"], (report["error"] or "") + log[-2000:]
    return report


@pytest.mark.parametrize("kill_after", [4, 9])
def test_killed_mid_game_it_resumes_from_home_at_the_last_acknowledged_action(
    xvfb_display: str, request: pytest.FixtureRequest, tmp_path: Path, seed: int, kill_after: int
) -> None:
    progress = tmp_path / "progress.txt"
    out = artefact_dir(request, "killed")
    process = launch(xvfb_display, out, "federation_ack", {"seed": str(seed), "progress": str(progress)})
    try:
        deadline = time.monotonic() + 240
        while len(read_acks(progress)) < kill_after and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.02)
        assert len(read_acks(progress)) >= kill_after, (out / "driver.log").read_text(encoding="utf-8")[-3000:]
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
    last_seq, last_digest = read_acks(progress)[-1]
    notes = run(xvfb_display, artefact_dir(request, "resumed"), "federation_resume")["notes"]
    cursor = notes["cursor"]
    # Never behind what the screen had shown; at most the one action under way when the power went.
    assert cursor in (last_seq, last_seq + 1)
    plan = PLAN[:-1]  # the acknowledging script goes on with Next and End turn after the build
    actions = [*plan, *later_actions(after_each(seed, plan)[-1], 40)]
    assert notes["digest"] == digest(after_each(seed, tuple(actions[:cursor]))[-1])
    if cursor == last_seq:
        assert notes["digest"] == last_digest
    assert notes["screen"] == "table"


def test_the_demo_plays_federation_by_touch_and_leaves_screenshots(tmp_path: Path, xvfb_program: str) -> None:
    """`companion demo --game federation` as typed, without a display: its own virtual screen, a seeded game by
    touch, numbered screenshots and a summary; nothing else in the folder is touched, no saved game is added."""
    out = ROOT / "artifacts" / "ui" / "demo-federation"
    out.mkdir(parents=True, exist_ok=True)
    mine = out / "notes-of-mine.txt"
    mine.write_text("kept", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    command = [sys.executable, "-m", "companion", "demo", "--game", "federation", "--out", str(out)]
    completed = subprocess.run(
        [*command, "--turns", "2", "--lang", "fr"],
        env=env,
        capture_output=True,
        text=True,
        timeout=400,
        cwd=ROOT,
    )
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    summary = (out / "summary.md").read_text(encoding="utf-8")
    shots = sorted(p.name for p in out.glob("*.png"))
    assert len(shots) >= 20 and shots[0] == "0001-home.png" and shots[-1].endswith("-history.png")
    assert "- Layout problems: 0" in summary and "- Turn reached: 3" in summary
    assert any(name.endswith("-roll-enigma-federation.png") for name in shots)
    assert mine.read_text(encoding="utf-8") == "kept"
    assert not (Path(os.environ["COMPANION_STATE_DIR"]) / "companion.db").exists()
