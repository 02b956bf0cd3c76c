"""`companion odds` on scenario files: the rulebook example, before and after the roll, text and JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main as companion
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.odds import odds_for, rescue_odds
from companion.games.thunderbirds.scenario import load_scenario, run_scenario

HERE = Path(__file__).resolve().parent
EXAMPLE = HERE / "sun_probe.toml"
ROLLED = HERE / "sun_probe_rolled.toml"


def test_text_lists_the_rescuable_disaster_with_its_bonus_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert companion(["odds", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "Sun Probe (slot 1)" in out
    assert "Difficulty 11, bonus +7." in out
    assert "+ Transmitter Truck +3" in out
    assert "- Virgil +2" in out
    assert "72.2%" in out  # 2 dice >= 4 without tokens: 26/36
    assert "98.1%" in out  # 53/54 with one Teamwork and one Intelligence
    assert "City of Fire" not in out  # in North America, not where John is


def test_json_carries_exact_fractions(capsys: pytest.CaptureFixture[str]) -> None:
    assert companion(["odds", str(EXAMPLE), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["active"] == "john"
    (entry,) = report["disasters"]
    assert entry["id"] == "sun-probe"
    assert entry["odds"]["bonus"] == 7
    assert entry["odds"]["success_exact"] == "13/18"
    assert entry["odds"]["success_with_tokens_exact"] == "53/54"
    assert report["rescue_under_way"] is None


def test_named_disaster_elsewhere_is_shown_as_if_attempted_here(capsys: pytest.CaptureFixture[str]) -> None:
    assert companion(["odds", str(EXAMPLE), "--disaster", "city-of-fire", "--json"]) == 0
    (entry,) = json.loads(capsys.readouterr().out)["disasters"]
    assert entry["id"] == "city-of-fire"
    assert entry["in_region"] is False
    assert entry["odds"]["success_exact"] == "1/6"  # difficulty 8, nothing in place: 3+5, 4+4, 4+5, 5+3, 5+4, 5+5


def test_unknown_disaster_id_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert companion(["odds", str(EXAMPLE), "--disaster", "no-such-card"]) == 2
    assert "no-such-card" in capsys.readouterr().err


def test_after_the_roll_the_advice_is_to_reroll_the_hood(capsys: pytest.CaptureFixture[str]) -> None:
    assert companion(["odds", str(ROLLED), "--json"]) == 0
    under_way = json.loads(capsys.readouterr().out)["rescue_under_way"]
    assert under_way["dice"] == [2, 0]
    assert under_way["score"] == 9
    assert under_way["advice"] == "reroll"
    assert under_way["die"] == 1
    assert under_way["success_exact"] == "1/1"


def test_state_odds_match_the_plain_api() -> None:
    result = run_scenario(load_scenario(EXAMPLE))
    odds = odds_for(result.state, result.defs, "sun-probe")
    assert odds == rescue_odds(11, 7, teamwork=1, intelligence=1)


def test_missing_file_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert companion(["odds", str(tmp_path / "absent.toml")]) == 2
    assert "absent.toml" in capsys.readouterr().err


def test_no_dice_disaster_is_certain_only_with_its_pieces_in_place() -> None:
    defs = default_definitions()
    no_dice = [c.id for c in defs.disasters.values() if c.is_no_dice]
    assert no_dice
    result = run_scenario(load_scenario(EXAMPLE))
    odds = odds_for(result.state, defs, no_dice[0])
    assert odds is not None and odds.no_dice
    assert odds.success == 0  # the set-up never has the required Thunderbirds together there


def test_lang_gives_the_odds_in_that_language_written_its_way(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.locale import set_language

    try:
        assert companion(["odds", str(EXAMPLE), "--lang", "fr"]) == 0
    finally:
        set_language("en")
    out = capsys.readouterr().out
    assert "72,2\u00a0%" in out and "98,1\u00a0%" in out and "72.2%" not in out
