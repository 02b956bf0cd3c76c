"""Every scenario file meets its own expectations, through the scenario command as typed (a subprocess)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games.warpspawn_thunderbirds.scenario import load_scenario, run_scenario

HERE = Path(__file__).resolve().parent / "scenarios"
DOCS = Path(__file__).resolve().parents[3] / "docs" / "warpspawn-thunderbirds.md"
FILES = sorted(HERE.glob("*.toml"))
COMMAND = [sys.executable, "-m", "companion.games.warpspawn_thunderbirds.scenario_cli"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*COMMAND, *args], capture_output=True, text=True, timeout=120)


def test_every_rule_of_the_text_has_a_scenario() -> None:
    names = {path.stem for path in FILES}
    rules = {
        "end-deck-empty-board-cleared",
        "end-winner",
        "countdown",
        "alert-face-1-no-emergency",
        "alert-faces-2-3-one-emergency",
        "alert-faces-4-5-two-emergencies",
        "alert-face-6-three-emergencies",
        "alert-reroll-on-base",
        "alert-reroll-on-emergency",
        "alert-pawn-sent-to-base",
        "organization",
        "response-highest-first",
        "response-ties-reroll",
        "quick-responder",
        "move-straight-lines",
        "move-knight",
        "return-to-base",
        "false-alarm",
        "sos",
        "red-alert",
        "deploy-sub",
        "delay",
        "discard",
        "unused-cards-kept",
        "move-phases-in-order",
        "rescue-any-two-tb",
        "rescue-fab-tb1",
        "rescue-fab-any-tb",
        "rescue-tb4-any-tb",
        "rescue-two-of-tb123",
        "rescue-any-two-pawns",
        "rescue-tb1-any-pawn",
        "rescue-tb2-tb4",
        "rescue-diagonal-and-orthogonal",
        "rescue-only-own-pawns",
        "rescue-tb3-tb5",
        "rescue-tb5-any-tb",
        "rescue-two-of-tb234",
        "rescue-tb2-any-pawn-met",
        "end-tie",
        "end-not-while-emergencies-remain",
        "phases-in-order",
        "alert-face-5",
        "move-not-straight",
        "move-wrong-distance",
        "false-alarm-own-pawn",
        "delay-not-own-card",
        "delay-only-move-cards",
        "sos-shuffles-the-discard",
        "deploy-sub-not-adjacent",
        "quick-responder-not-held",
        "quick-responder-only-in-response",
    }
    assert rules <= names, sorted(rules - names)


def test_the_docs_table_names_every_scenario_and_only_those() -> None:
    """docs/warpspawn-thunderbirds.md lists each rule of the text with its scenarios: every file, none missing."""
    text = DOCS.read_text(encoding="utf-8")
    table = text.split("### Every rule of the text, and its scenario", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`([a-z0-9-]+)`", table))
    files = {path.stem for path in FILES}
    assert named - files == set(), "named in the docs, but no such scenario"
    assert files - named == set(), "a scenario the docs do not list"


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


def test_the_command_runs_every_file_and_exits_0() -> None:
    """All the files in one command, as `docs/scenarios.md` shows it (each file is also run in this process above)."""
    done = run(*map(str, FILES), "--json")
    assert done.returncode == 0, (done.stdout, done.stderr)
    outputs = json.loads(done.stdout)
    assert [output["file"] for output in outputs] == list(map(str, FILES))
    assert all(output["ok"] is True and output["format"] == 1 for output in outputs), done.stdout


def test_an_illegal_action_exits_2_with_its_reason(tmp_path: Path) -> None:
    text = (HERE / "move-wrong-distance.toml").read_text(encoding="utf-8")
    case = tmp_path / "refused.toml"
    case.write_text(text.split("[expect]")[0], encoding="utf-8")
    done = run(str(case))
    assert done.returncode == 2
    assert "exactly 3 squares in a straight line" in done.stdout


def test_the_reason_is_in_french_with_lang_fr(tmp_path: Path) -> None:
    text = (HERE / "move-wrong-distance.toml").read_text(encoding="utf-8")
    case = tmp_path / "refused.toml"
    case.write_text(text.split("[expect]")[0], encoding="utf-8")
    from companion.locale import build

    build.main()
    done = run(str(case), "--lang", "fr")
    assert done.returncode == 2
    assert "Déplacement 3 déplace un pion d'exactement 3\u00a0cases en ligne droite" in done.stdout


def test_a_failed_expectation_exits_1(tmp_path: Path) -> None:
    case = tmp_path / "wrong.toml"
    case.write_text(
        (HERE / "countdown.toml")
        .read_text(encoding="utf-8")
        .replace('"state.phase" = "alert"', '"state.phase" = "move"'),
        encoding="utf-8",
    )
    done = run(str(case))
    assert done.returncode == 1
    assert "FAILED: state.phase = 'alert'" in done.stdout


def test_a_malformed_file_names_the_file_and_the_field(tmp_path: Path) -> None:
    case = tmp_path / "broken.toml"
    case.write_text("format = 1\n[position]\npawns = { red = { tb9 = [1, 2] } }\n", encoding="utf-8")
    done = run(str(case))
    assert done.returncode == 2
    assert (
        done.stderr.strip()
        == f"{case}: field 'position.pawns.red': expected a table of pawns (tb1, tb2, tb3, tb4, tb5, fab)"
    )
    case.write_text('format = 1\n[[action]]\ntype = "Fly"\n', encoding="utf-8")
    done = run(str(case))
    assert done.returncode == 2
    assert f"{case}: field 'action[0]': unknown action type 'Fly'" in done.stderr
    assert "Traceback" not in done.stderr
