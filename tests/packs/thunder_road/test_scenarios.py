"""Every Thunder Road scenario file runs through `companion scenario --game thunder_road`, as typed, and meets its
own expectations; each rule and each refusal the companion checks has its file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

from companion.paths import ROOT

HERE = Path(__file__).resolve().parent / "scenarios"
FILES = sorted(HERE.glob("*.toml"))

#: One file per rule the companion checks, each refusal included.
REQUIRED = {
    "first-player-lowest-total",
    "three-moves-turn-passes-left",
    "fourth-move-refused",
    "not-your-turn-refused",
    "one-car-a-turn-refused",
    "car-moved-once-a-round-refused",
    "coast-before-all-moved-refused",
    "coast-once-all-moved",
    "coast-twice-a-round-refused",
    "second-command-refused",
    "command-value-refused",
    "no-command-while-coasting-refused",
    "no-shooting-in-round-1-refused",
    "shot-hits-draws-damage",
    "shot-misses-by-size",
    "second-damage-inoperable",
    "repair-makes-operable-again",
    "eliminated-car-tokens-back",
    "last-survivor-wins",
    "three-players-out-final-tile",
    "two-players-fifth-tile-final",
    "leave-lead-tile-shifts-road",
    "leave-final-tile-refused",
    "first-over-the-finish-wins",
    "slam-reroll-larger-vehicle",
    "slam-reroll-twice-refused",
    "slam-reroll-same-size-refused",
    "slam-reroll-bike-refused",
    "slam-reroll-big-rig-refused",
    "round-ends-road-die-passes-left",
    "fx-unknown-faces-refused",
}


def _run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    command = [sys.executable, "-m", "companion", "scenario", "--game", "thunder_road", *map(str, args)]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, encoding="utf-8", check=False)


def test_every_checked_rule_and_refusal_has_its_scenario() -> None:
    assert REQUIRED <= {path.stem for path in FILES}
    assert len(FILES) >= 30


def test_the_scenario_command_meets_every_file_s_expectations() -> None:
    done = _run(*FILES, "--json")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    results = json.loads(done.stdout)
    assert len(results) == len(FILES)
    for result in results:
        path = Path(result["file"])
        scenario = tomllib.loads(path.read_text(encoding="utf-8"))
        failed = [check for check in result["checks"] if not check["ok"]]
        assert result["ok"] is True and not failed, (path.name, failed)
        assert result["checks"], f"{path.name} expects nothing"
        if "error" not in scenario.get("expect", {}):
            assert result["error"] is None, (path.name, result["error"])
            assert result["applied"] == len(scenario.get("action", [])), path.name


def test_a_refusal_reads_in_french_and_names_its_rule() -> None:
    done = _run(HERE / "fourth-move-refused.toml", "--lang", "fr")
    assert "Chaque joueur effectue trois tours par round (règle\u00a0: Tours et rounds)" in done.stdout
