"""The scenario format's errors and the command's exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games.thunderbirds.scenario import ScenarioError, load_scenario, run_scenario
from companion.games.thunderbirds.scenario_cli import main

GOOD = """
format = 1
[setup]
players = 2
difficulty = "introduction"
characters = ["gordon", "scott"]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("format = 2\n", "field 'format': expected format = 1"),
        ("format = 1\n[setup]\nplayers = 2\ncolour = 'red'\n", "field 'setup.colour': unknown key"),
        (GOOD + "[position]\nweather = 1\n", "field 'position.weather': unknown key"),
        (GOOD + "[position]\nvehicles = { tb9 = 'asia' }\n", "field 'position.vehicles.tb9': unknown vehicle"),
        (GOOD + "[position]\nvehicles = { tb1 = 'atlantis' }\n", "field 'position.vehicles.tb1': unknown region"),
        (GOOD + "[position]\ntokens = { gordon = { teamwork = 7 } }\n", "field 'position.tokens.gordon.teamwork'"),
        (GOOD + "[position]\ntokens = { john = { teamwork = 1 } }\n", "'john' is not played"),
        (GOOD + "[position]\ntrack = { 9 = 'sun-probe' }\n", "field 'position.track.9': a slot is 1 to 7"),
        (GOOD + "[position]\ntrack = { 1 = 'sun-probe', 2 = 'sun-probe' }\n", "placed twice"),
        (GOOD + "[[action]]\ntype = 'Fly'\n", "field 'action[0]': unknown action type 'Fly'"),
        (GOOD + "[[action]]\ntype = 'Move'\nvehicle = 'tb4'\n", "field 'action[0]': action Move: missing field 'to'"),
        (GOOD + "[[action]]\ntype = 'Move'\nvehicle = 4\nto = 'asia'\n", "field 'vehicle': expected text"),
        (GOOD + "[[action]]\ntype = 'Plan'\ndice = [7]\n", "field 'action[0].dice': a face is 1 to 5"),
        ("format = 1\n[setup]\nplayers = 9\n", "field 'setup': Thunderbirds is played by 1 to 4 players"),
        ("format = 1\nsetup = [\n", "not valid TOML"),
    ],
)
def test_malformed_files_name_the_file_and_the_field(
    tmp_path: Path, text: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as raised:
        run_scenario(load_scenario(path))
    assert str(path) in raised.value.message and words in raised.value.message
    assert main([str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_an_illegal_action_prints_its_one_line_reason_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path,
        GOOD + "[position]\nvehicles = { tb4 = 'north-america' }\n"
        "[[action]]\ntype = 'Move'\nvehicle = 'tb4'\nto = 'europe'\n",
    )
    assert main([str(path), "--json"]) == 2
    assert capsys.readouterr().out == "Thunderbird 4 moves 1 region per action; Europe is 2 away\n"


def test_the_reason_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.locale import set_language
    from companion.locale.build import main as build

    build()
    path = write(
        tmp_path,
        GOOD + "[position]\nvehicles = { tb4 = 'north-america' }\n"
        "[[action]]\ntype = 'Move'\nvehicle = 'tb4'\nto = 'europe'\n",
    )
    try:
        assert main([str(path), "--lang", "fr"]) == 2
    finally:
        set_language("en")
    assert (
        capsys.readouterr().out
        == "Thunderbird 4 se déplace d'une région par action\u00a0; Europe est à 2\u00a0régions\n"
    )


def test_a_failed_expectation_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, GOOD + "[[action]]\ntype = 'Plan'\n[expect]\n\"state.hood\" = 5\n")
    assert main([str(path), "--json"]) == 1
    output = json.loads(capsys.readouterr().out)
    assert output["ok"] is False
    assert output["checks"] == [{"path": "state.hood", "expected": 5, "actual": 1, "ok": False, "after_action": None}]


def test_json_output_has_state_events_outcome(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(
        tmp_path,
        GOOD + "[position]\ntrack = { 7 = 'city-of-fire' }\ndeck_top = ['ricochet']\n[[action]]\ntype = 'EndTurn'\n",
    )
    assert main([str(path), "--json"]) == 0
    output = json.loads(capsys.readouterr().out)
    assert output["outcome"] == {"result": "lost", "reason": "skull", "card": "city-of-fire"}
    assert output["score"] == 0
    assert [e["type"] for e in output["events"]][-1] == "GameLost"
    assert output["state"]["skull"] == "city-of-fire"
    assert output["labels"] == ["Gordon ends the turn: disaster phase"]


def test_text_output_lists_the_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(
        tmp_path,
        GOOD + "[position]\nvehicles = { tb4 = 'africa' }\n[[action]]\ntype = 'Move'\nvehicle = 'tb4'\nto = 'europe'\n",
    )
    assert main([str(path)]) == 0
    assert "1. Gordon moves Thunderbird 4 to Europe" in capsys.readouterr().out


def test_a_data_override_directory_is_relative_to_the_file(tmp_path: Path) -> None:
    import shutil

    from companion.paths import DATA_DIR

    shutil.copytree(DATA_DIR / "thunderbirds", tmp_path / "data")
    vehicles = tmp_path / "data" / "vehicles.toml"
    text = vehicles.read_text(encoding="utf-8")
    start = text.index('id = "tb4"')
    vehicles.write_text(text[:start] + text[start:].replace("speed = 1", "speed = 2", 1), encoding="utf-8")
    path = write(
        tmp_path,
        GOOD.replace('characters = ["gordon", "scott"]', 'characters = ["gordon", "scott"]\ndata = "data"')
        + "[position]\nvehicles = { tb4 = 'north-america' }\n"
        "[[action]]\ntype = 'Move'\nvehicle = 'tb4'\nto = 'europe'\n",
    )
    result = run_scenario(load_scenario(path))
    assert result.error is None and result.state.vehicle_region("tb4") == "europe"
