"""Every scenario file here runs through the pack's `scenario` command and meets its own expectations; together
with test_excerpt_rules.py they prove each rule the excerpt states (its `EXCERPT_RULES` lists rule by rule which
file or test does)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games.thunderbirds_solitaire.scenario import load_scenario, run_scenario
from companion.games.thunderbirds_solitaire.scenario_cli import main

HERE = Path(__file__).resolve().parent / "scenarios"
FILES = sorted(HERE.glob("*.toml"))


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
    else:
        assert result.error_action == len(scenario.actions) - 1, "the refusal is the script's last action"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_cli_prints_json_and_exits_0(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(path), "--json"]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["format"] == 1 and output["ok"] is True


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The scenario command as a person types it (`--game` routing is the shell's: this is its target)."""
    command = [sys.executable, "-m", "companion.games.thunderbirds_solitaire.scenario_cli", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def test_the_command_runs_a_scenario_as_typed() -> None:
    result = run_cli(str(HERE / "lp-escort-fred-example.toml"))
    assert result.returncode == 0, result.stderr
    assert "Lady Penelope escorts Civilian (turned 3)" in result.stdout
    assert "FAILED" not in result.stdout


def test_the_command_speaks_french(tmp_path: Path) -> None:
    from companion.locale import build

    build.main()
    scenario = (HERE / "lp-road-not-to-tracy-island.toml").read_text(encoding="utf-8")
    path = tmp_path / "fr.toml"
    path.write_text(
        'lang = "fr"\n' + scenario.split("[expect]")[0] + '[expect]\nerror = "l\'île des Tracy"\n', encoding="utf-8"
    )
    result = run_cli(str(path), "--json", "--lang", "fr")
    assert result.returncode == 0, result.stdout
    output = json.loads(result.stdout)
    assert output["error"] == "Seule sur sa face Air Lady Penelope peut aller à l'île des Tracy."
    assert output["labels"] == []


def test_an_unexpected_refusal_exits_2_with_its_reason(tmp_path: Path) -> None:
    scenario = (HERE / "lp-road-not-to-tracy-island.toml").read_text(encoding="utf-8")
    path = tmp_path / "refused.toml"
    path.write_text(scenario.split("[expect]")[0] + '[expect]\n"state.turn" = 1\n', encoding="utf-8")
    result = run_cli(str(path))
    assert result.returncode == 2
    assert result.stdout.strip() == "Only on her Air side can Lady Penelope go to Tracy Island."


def test_a_failed_expectation_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "wrong.toml"
    path.write_text(
        'format = 1\n[setup]\ndealing = "table"\n[[action]]\ntype = "TurnCard"\nkind = "civilian"\n'
        '[expect]\n"state.chains.0" = ["turned-1"]\n',
        encoding="utf-8",
    )
    result = run_cli(str(path))
    assert result.returncode == 1
    assert "FAILED: state.chains.0 = [] (expected ['turned-1'])" in result.stdout


def test_a_malformed_file_names_the_file_and_the_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('format = 1\n[[action]]\ntype = "PlaceCard"\nchain = "two"\n', encoding="utf-8")
    result = run_cli(str(path))
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"{path}: field 'action[0]': action PlaceCard: field 'chain': expected a whole number, got 'two'"
    )
    assert "Traceback" not in result.stderr
