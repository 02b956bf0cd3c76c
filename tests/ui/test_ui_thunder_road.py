"""Thunder Road in the real app, by touch under Xvfb: a two-player race from Home's picker (New game), two rounds
played on the play screen (a car damaged twice and inoperable, the lead tile left twice and the fifth tile
announced as the final tile, a Repair, shots), in English and in French; the same race in French killed with
SIGKILL mid-game and resumed from Home at exactly the last acknowledged action.

The script is `companion/games/thunder_road/plan.py`'s, on the first seed whose dice let it repair the car."""

from __future__ import annotations

import hashlib
import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from companion.games.thunder_road.loader import default_definitions
from companion.games.thunder_road.plan import seed_for_plan, steps
from companion.games.thunder_road.rules import RULES
from companion.games.thunder_road.state import RaceState
from companion.locale import speaking
from companion.paths import ROOT

sys.path.insert(0, str(Path(__file__).resolve().parent))
from runs import _LAUNCH, HERE, _environment, scenario_notes

SCENARIO = r"""
import hashlib
import json
import os


def race_digest(state):
    from companion.games.thunder_road.rules import RULES

    return hashlib.sha256(json.dumps(RULES.encode_state(state), sort_keys=True).encode()).hexdigest()


def done_actions(app):
    return len([entry for entry in app.controller.snapshot.history if not entry.is_undone])


def race_by_touch(pilot, out, args, notes):
    from companion.games.thunder_road.ui.autoplay import RacePlayer
    from companion.ui.touch_player import TouchReport

    app = pilot.app
    player = RacePlayer(pilot, out, TouchReport(), shoot=lambda name: "reveal" not in name)
    player.reveals = []
    progress_path = os.environ.get("RACE_PROGRESS")
    progress = open(progress_path, "a", encoding="utf-8") if progress_path else None

    def ack():
        if progress is not None:
            progress.write(f"ack {done_actions(app)} {race_digest(app.controller.snapshot.state)}\n")
            progress.flush()

    yield from player.start(2, int(os.environ["RACE_SEED"]))
    notes["first_lines"] = [line for line in app.pack.table_lines(app.controller.snapshot.state)]
    yield from player.play(after_each=ack)
    snapshot = app.controller.snapshot
    notes["labels"] = [entry.label for entry in snapshot.history if not entry.is_undone]
    notes["reveals"] = player.reveals
    notes["last_lines"] = list(app.pack.table_lines(snapshot.state))
    notes["digest"] = race_digest(snapshot.state)
    notes["layout_checked"] = len(player.report.screens)


def race_editor(pilot, out, args, notes):
    from companion.games.thunder_road.ui.autoplay import RacePlayer
    from companion.ui.touch_player import TouchReport, type_text

    app = pilot.app
    player = RacePlayer(pilot, out, TouchReport())
    yield from player.pick_game("thunder_road")
    yield from player.tap("card_editor")
    notes["rows"] = sorted(pilot.keys("edit:"))
    yield from player.tap("edit:die:road")
    yield from type_text(pilot, "field:value", "2,4")
    yield from player.tap("editor:save")
    yield pilot.until(lambda: pilot.has("edit:die:road"), "the saved faces")
    notes["road_row"] = pilot.find("edit:die:road").text
    yield from player.tap("back")
    yield from player.start(2, 5)
    notes["lines"] = list(app.pack.table_lines(app.controller.snapshot.state))


def race_resume(pilot, out, args, notes):
    app = pilot.app
    yield pilot.until(lambda: bool(pilot.keys("resume:")), "the saved game on Home")
    pilot.tap(pilot.keys("resume:")[0])
    yield pilot.until(lambda: app.controller.snapshot is not None and pilot.screen_name() == "table", "the race")
    yield pilot.settle()
    pilot.check_layout("resumed")
    notes["cursor"] = done_actions(app)
    notes["labels"] = [entry.label for entry in app.controller.snapshot.history if not entry.is_undone]
    notes["lines"] = list(app.pack.table_lines(app.controller.snapshot.state))
    notes["digest"] = race_digest(app.controller.snapshot.state)
"""


def digest(state: RaceState) -> str:
    return hashlib.sha256(json.dumps(RULES.encode_state(state), sort_keys=True).encode()).hexdigest()


@pytest.fixture(scope="module")
def seed() -> int:
    return seed_for_plan(default_definitions())


def _home(tmp: Path, seed: int, progress: Path | None = None) -> dict[str, str]:
    env = {"COMPANION_CONFIG": str(tmp / "config.toml"), "RACE_SEED": str(seed)}
    for name, sub in (("COMPANION_STATE_DIR", "state"), ("COMPANION_DATA_DIR", "data"), ("KIVY_HOME", "kivy")):
        (tmp / sub).mkdir(exist_ok=True)
        env[name] = str(tmp / sub)
    (tmp / "config.toml").write_text("", encoding="utf-8")
    if progress is not None:
        env["RACE_PROGRESS"] = str(progress)
    return env


#: What the race's pop-ups and lines must say, in each language (each a piece of a line).
TOLD = {
    "en": {
        "first": ("Round 1: no shooting;", "First player: the lowest total of the set-up roll (Red "),
        "damage": " draws ",
        "inoperable": "has two damage: inoperable",
        "tile": "Tail tile removed; new lead tile",
        "final_title": "FINAL TILE!",
        "final": "add the finish line",
        "repaired": "operable again",
        "shot": "Shooting die: ",
        "last": "the finish line is at the end of the lead tile.",
    },
    "fr": {
        "first": ("Premier round\u00a0: pas de tir", "Premier joueur\u00a0: le plus faible total de la mise en place"),
        "damage": " pioche ",
        "inoperable": "dysfonctionnelle. Retournez son tableau de bord.",
        "tile": "Tuile de queue retirée",
        "final_title": "TUILE FINALE\u00a0!",
        "final": "ajoutez la ligne d'arrivée au bout",
        "repaired": "redevient fonctionnelle",
        "shot": "Dé de tir",
        "last": "la ligne d'arrivée est au bout de la tuile de tête.",
    },
}


@pytest.fixture(scope="module", params=["en", "fr"])
def raced(xvfb_display: str, tmp_path_factory: pytest.TempPathFactory, seed: int, request: Any) -> dict[str, Any]:
    """The script's race played by touch, once in each language."""
    env = _home(tmp_path_factory.mktemp("race-home"), seed)
    out = tmp_path_factory.mktemp("race")
    notes = scenario_notes(xvfb_display, out, "race_by_touch", SCENARIO, lang=request.param, env=env, timeout=300)
    return {**notes, "lang": request.param}


def test_two_rounds_by_touch_play_the_script_s_race_as_the_rules_do(raced: dict[str, Any], seed: int) -> None:
    played = list(steps(seed, default_definitions()))
    with speaking(raced["lang"]):
        assert raced["labels"] == [RULES.describe(action, before) for before, action, _after, _events in played]
    assert raced["digest"] == digest(played[-1][2])
    told = TOLD[raced["lang"]]
    for first in told["first"]:
        assert any(line.startswith(first) for line in raced["first_lines"]), (first, raced["first_lines"])
    assert raced["layout_checked"] > 10


def test_the_damage_the_inoperable_car_the_tile_change_and_the_final_tile_are_told(raced: dict[str, Any]) -> None:
    lines = [line for _title, found in raced["reveals"] for line in found]
    titles = [title for title, _found in raced["reveals"]]
    told = TOLD[raced["lang"]]
    for key in ("damage", "inoperable", "repaired", "final"):
        assert any(told[key] in line for line in lines), (key, lines)
    assert any(line.startswith(told["tile"]) for line in lines)
    assert told["final_title"] in titles
    assert any(line.startswith(told["shot"]) for line in lines)
    assert any(line.endswith(told["last"]) for line in raced["last_lines"]), raced["last_lines"]


def _acks(progress: Path) -> list[tuple[int, str]]:
    if not progress.exists():
        return []
    rows = [line.split() for line in progress.read_text(encoding="utf-8").splitlines()]
    return [(int(row[1]), row[2]) for row in rows if len(row) == 3 and row[0] == "ack"]


def test_killed_mid_race_in_french_it_resumes_from_home_at_the_last_acknowledged_action(
    xvfb_display: str, tmp_path: Path, seed: int
) -> None:
    progress = tmp_path / "progress.txt"
    env = _home(tmp_path, seed, progress)
    out = tmp_path / "killed"
    out.mkdir()
    launch = _LAUNCH.format(
        here=str(HERE), code=SCENARIO, name="race_by_touch", size="800x480", lang="fr", out=str(out)
    )
    command = [sys.executable, "-c", launch]
    quiet = subprocess.DEVNULL
    with subprocess.Popen(
        command, env=_environment(xvfb_display, **env), cwd=str(ROOT), stdout=quiet, stderr=quiet
    ) as app:
        deadline = time.monotonic() + 240
        while len(_acks(progress)) < 14 and time.monotonic() < deadline and app.poll() is None:
            time.sleep(0.02)
        app.send_signal(signal.SIGKILL)  # the power cut, wherever the race is
    assert len(_acks(progress)) >= 14, "the race did not get far enough before the cut"
    last_seq, last_digest = _acks(progress)[-1]
    resumed = tmp_path / "resumed"
    resumed.mkdir()
    notes = scenario_notes(xvfb_display, resumed, "race_resume", SCENARIO, lang="fr", env=env)
    cursor = notes["cursor"]
    assert cursor in (last_seq, last_seq + 1)  # never behind the screen; at most the action under way
    played = list(steps(seed, default_definitions()))
    assert notes["digest"] == digest(played[cursor - 1][2])
    if cursor == last_seq:
        assert notes["digest"] == last_digest
    assert "Petite voiture (Rouge) se déplace avec un 1" in notes["labels"]  # the race was played in French
    assert any(line.startswith("Route\u00a0: queue ") for line in notes["lines"])


def test_the_players_complete_the_road_die_in_the_editor_and_the_next_race_rolls_it(
    xvfb_display: str, tmp_path: Path
) -> None:
    env = _home(tmp_path, 5)
    out = tmp_path / "editor"
    out.mkdir()
    notes = scenario_notes(xvfb_display, out, "race_editor", SCENARIO, env=env)
    assert {"edit:die:road", "edit:die:stunt", "edit:die:slam", "edit:kind:dent"} <= set(notes["rows"])
    assert notes["road_row"] == "Road die: 2, 4 (yours)"
    assert any(
        line in ("Road die (Red): 2", "Road die (Blue): 2", "Road die (Red): 4", "Road die (Blue): 4")
        for line in notes["lines"]
    ), notes["lines"]
    written = (tmp_path / "data" / "overlay" / "thunder_road" / "completed.toml").read_text(encoding="utf-8")
    assert 'confidence = "players"' in written
