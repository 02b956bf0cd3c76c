"""Every scenario file under tests/scenarios/ runs through `companion scenario` and meets its own expectations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games.thunderbirds.scenario import load_scenario, run_scenario
from companion.games.thunderbirds.scenario_cli import main

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.rglob("*.toml"))


def test_the_rulebook_examples_are_all_here() -> None:
    names = {path.stem for path in FILES}
    assert {
        "virgil-moves-two-regions",
        "john-sun-probe-fails",
        "john-sun-probe-teamwork",
        "john-sun-probe-intelligence",
        "disaster-phase-shift",
        "transfer-example",
        "loading-example",
        "veil-of-fear",
        "solo-character-change",
    } <= names


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_meets_its_expectations(path: Path) -> None:
    scenario = load_scenario(path)
    assert scenario.expect or any(step.expect for step in scenario.actions), "a scenario must expect something"
    result = run_scenario(scenario)
    failed = [check for check in result.checks if not check.ok]
    assert not failed, failed
    if "error" not in scenario.expect:
        assert result.error is None, result.error
        assert result.applied == len(scenario.actions)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_cli_prints_json_and_exits_0(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(path), "--json"]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["format"] == 1
    assert output["ok"] is True
    assert {"state", "events", "outcome", "checks"} <= set(output)
