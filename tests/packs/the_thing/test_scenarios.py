"""Every scenario file meets its own expectations, run as `companion scenario --game the_thing` runs it (the
engine's runner with the pack's part); one run goes through the command itself. Each rule the companion applies
has its file (docs/the-thing.md names them)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from companion.engine import scenario as format_
from companion.games.the_thing.scenario import SCENARIOS
from companion.paths import ROOT

HERE = Path(__file__).resolve().parent / "scenarios"
FILES = sorted(HERE.glob("*.toml"))

#: One file per rule: set-up by player count, the deal, the bag, the phases, phase 8, the dog, escapes, UFO, ends.
REQUIRED = {
    *(f"setup-{n}-players-decks" for n in (4, 5, 6, 7, 8)),
    "setup-deal-one-alien",
    "deal-before-anything",
    "deal-all-back-in-bag",
    "physical-bag-no-deal",
    "bag-draw-human-secret",
    "bag-draw-alien-returned",
    "bag-draw-blocks-play",
    "weather-roll-once",
    "phases-checklist",
    "phase8-npcs-move",
    "phase8-cabin-open-step-2",
    "phase8-cabin-open-step-4",
    "phase8-leader-hand-over",
    "dog-escape",
    "dog-sniper-slows",
    "escape-humans-win-and-play-goes-on",
    "escape-human-with-alien",
    "escape-alien-alone-helicopter",
    "escape-alien-alone-snowmobile-ufo",
    "escape-rescue-with-alien",
    "end-rescue-left-empty",
    "end-only-aliens-left",
    "ufo-strength-none-revealed",
    "ufo-strength-after-revealed",
    "ufo-two-sequence-cards-a-round",
    "ufo-last-card-takes-off",
    "ufo-no-tokens-humans-win",
    "ufo-no-humans-left",
}


def test_every_rule_has_its_scenario() -> None:
    assert len(FILES) >= 30
    assert REQUIRED <= {path.stem for path in FILES}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_scenario_meets_its_expectations(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data.get("expect") or any(action.get("expect") for action in data.get("action", [])), "expects nothing"
    result = format_.run(SCENARIOS, format_.load(SCENARIOS, path))
    failed = [check for check in result.checks if not check.ok]
    assert result.ok and not failed, failed
    if "error" in data.get("expect", {}):
        assert result.error is not None and result.error_action == len(data["action"]) - 1
    else:
        assert result.error is None and result.applied == len(data.get("action", []))


def test_the_command_runs_a_file_in_french_too() -> None:
    path = HERE / "phase8-cabin-open-step-4.toml"
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [sys.executable, "-m", "companion", "scenario", "--game", "the_thing", str(path), "--json", "--lang", "fr"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    output = json.loads(done.stdout)
    assert output["ok"] is True and output["state"]["leader_token"] == "pantry"
    assert "Cabane ouverte\u00a0: chaque PNJ de la Cabane se déplace" in output["lines"]
