"""Every scenario file runs through the scenario command, as typed, and meets its own expectations; every table
and every modifier of the module has its scenario."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from .cli import SCENARIO, run

HERE = Path(__file__).resolve().parent / "scenarios"
FILES = sorted(HERE.glob("*.toml"))

#: One scenario per table, per modifier, per refusal of the module's rules and per reading (with its alternative).
REQUIRED = {
    # the three exploration tables
    "exploration-resources",
    "exploration-minor-race",
    "exploration-enigma",
    # the Enigma roll, its modifiers and its consequences table
    "enigma-solved-on-5",
    "enigma-command-ship",
    "enigma-science-vessel",
    "enigma-bonus-counts-once",
    "enigma-no-bonus-without-ships",
    "enigma-consequence-destroyed",
    "enigma-consequence-retreat",
    "enigma-consequence-six",
    "enigma-blocks-diplomacy",
    "enigma-blocks-conquest",
    # our readings of the Enigma, and their alternatives
    "enigma-six-solves-by-our-reading",
    "enigma-six-reading-consequences",
    "enigma-six-reading-nothing",
    "enigma-consequence-six-reading-enigma",
    # diplomacy and its race modifiers
    "diplomacy-joins-on-6",
    "diplomacy-fails-then-next-turn",
    "diplomacy-never-on-1-2",
    "diplomacy-federation-plus-one",
    "diplomacy-ferengi-plus-one",
    "diplomacy-other-races-no-modifier",
    "diplomacy-never-reads-the-die",
    "diplomacy-never-reading-total",
    "federation-cannot-conquer",
    "klingons-conquer-minor-race",
    # revenue and its modifiers
    "revenue-homesystem",
    "revenue-resources-and-minor-race",
    "revenue-colony-needed",
    "revenue-minor-race-destroyed-needs-colony",
    "revenue-terraformed",
    "revenue-cardassians",
    "revenue-borg",
    "revenue-ferengi",
    # building
    "building-one-of-each",
    "building-no-terraform-on-minor-race",
    "building-homesystem-reading",
    "building-homesystem-allowed",
    "building-needs-control",
    "building-anywhere-reading",
    # victory, the turn, the players' list of systems
    "victory-over-60-percent",
    "victory-corrected-away",
    "end-turn-waits-for-the-enigma",
    "end-turn-after-cancel",
    "phases-checklist",
    "systems-list",
    "homesystem-stays",
    "corrections-record-and-forget",
}


def test_every_table_modifier_and_reading_has_its_scenario() -> None:
    assert REQUIRED <= {path.stem for path in FILES}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_scenario_command_meets_the_file_s_expectations(path: Path) -> None:
    scenario = tomllib.loads(path.read_text(encoding="utf-8"))
    assert scenario.get("expect") or any(a.get("expect") for a in scenario.get("action", [])), "expects nothing"
    done = run(SCENARIO, path, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    output = json.loads(done.stdout)
    failed = [check for check in output["checks"] if not check["ok"]]
    assert output["ok"] is True and not failed, failed
    assert len(output["checks"]) >= 1
    if "error" not in scenario.get("expect", {}):
        assert output["error"] is None
        assert output["applied"] == len(scenario.get("action", []))
