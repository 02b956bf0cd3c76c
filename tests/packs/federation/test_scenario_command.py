"""The scenario command's exit codes and messages: a malformed file names the file and the field; an illegal action
prints its one-line reason (in French with --lang fr); a failed expectation exits 1; forced dice left unrolled fail."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games.federation.scenario import ScenarioError, load_scenario, run_scenario

from .cli import SCENARIO, run

GOOD = """
format = 1
[setup]
races = ["klingon", "federation"]
systems = 3
"""
EXPLORED = GOOD + '[position.systems.s1]\nresources = "rich"\nminor_race = "modern"\nenigma = "none"\n'


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "case.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("format = 2\n", "field 'format': expected format = 1"),
        ("format = 1\n[setup]\nraces = ['klingon', 'borg']\ncolour = 'red'\n", "field 'setup.colour': unknown key"),
        (GOOD + "[position]\nweather = 1\n", "field 'position.weather': unknown key"),
        (GOOD + "[position.systems.s9]\nowner = 'klingon'\n", "field 'position.systems.s9': 's9' is not a system"),
        (
            GOOD + "[position.systems.s1]\nresources = 'golden'\n",
            "field 'position.systems.s1.resources': expected one of",
        ),
        (
            GOOD + "[position.systems.s1]\nresources = 'rich'\n",
            "an explored system needs resources, minor_race and enigma",
        ),
        (GOOD + "[position.systems.s1]\nowner = 'borg'\n", "field 'position.systems.s1.owner'"),
        (GOOD + "[position.systems.s1]\nowner = 'klingon'\n", "an unexplored system has no exploration results, owner"),
        (GOOD + "[position]\nphase = 'lunch'\n", "field 'position.phase': expected one of draw, move"),
        (GOOD + "[position]\nencounters = [{ system = 's1', race = 'klingon' }]\n", "s1 holds no unsolved Enigma"),
        (GOOD + "[[action]]\ntype = 'Warp'\n", "field 'action[0]': unknown action type 'Warp'"),
        (GOOD + "[[action]]\ntype = 'EnterSystem'\nsystem = 's1'\n", "action EnterSystem: missing field 'race'"),
        (GOOD + "[[action]]\ntype = 'EnterSystem'\nsystem = 1\nrace = 'borg'\n", "field 'system': expected text"),
        (GOOD + "[[action]]\ntype = 'EndTurn'\ndice = [7]\n", "field 'action[0].dice': a face is 1 to 6"),
        ("format = 1\n[setup]\nraces = ['klingon']\n", "field 'setup': Federation is played by 2 to 6 players"),
        ("format = 1\n[setup]\nraces = ['klingon', 'klingon']\n", "Each race is played once: Klingons"),
        ("format = 1\nsetup = [\n", "not valid TOML"),
    ],
)
def test_a_malformed_file_names_the_file_and_the_field(tmp_path: Path, text: str, words: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as raised:
        run_scenario(load_scenario(path))
    assert str(path) in raised.value.message and words in raised.value.message


def test_the_command_prints_one_line_naming_the_file_and_exits_2(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD + "[position.systems.s1]\nresources = 'golden'\n")
    done = run(SCENARIO, path, "--json")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and str(path) in done.stderr and "position.systems.s1.resources" in done.stderr


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    done = run(SCENARIO, tmp_path / "nowhere.toml")
    assert done.returncode == 2
    assert "nowhere.toml: cannot read the file" in done.stderr and "Traceback" not in done.stderr


def test_an_illegal_action_prints_its_reason_and_exits_2(tmp_path: Path) -> None:
    path = write(tmp_path, EXPLORED + "[[action]]\ntype = 'SetOwner'\nsystem = 's1'\nrace = 'federation'\n")
    done = run(SCENARIO, path, "--json")
    assert done.returncode == 2
    assert done.stdout == (
        "Federation: cannot conquer minor races, only win them by diplomacy; System 1 has one (modern race).\n"
    )


def test_the_reason_in_french(tmp_path: Path) -> None:
    from companion.locale.build import main as build

    build()
    path = write(tmp_path, EXPLORED + "[[action]]\ntype = 'SetOwner'\nsystem = 's1'\nrace = 'federation'\n")
    done = run(SCENARIO, path, "--lang", "fr")
    assert done.returncode == 2
    assert done.stdout == (
        "Fédération\u00a0: ne peut conquérir les races mineures, seulement les gagner par la diplomatie\u00a0; "
        "Système\u00a01 en a une (race moderne).\n"
    )


def test_a_failed_expectation_exits_1_and_says_which(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        EXPLORED + "[[action]]\ntype = 'SetOwner'\nsystem = 's1'\nrace = 'klingon'\n[expect]\n'revenue.klingon' = 99\n",
    )
    done = run(SCENARIO, path)
    assert done.returncode == 1
    assert "FAILED: revenue.klingon = 15 (expected 99)" in done.stdout
    assert "1. System 1: controlled by Klingons" in done.stdout


def test_forced_dice_left_unrolled_fail_the_scenario(tmp_path: Path) -> None:
    path = write(
        tmp_path, GOOD + "[[action]]\ntype = 'EnterSystem'\nsystem = 's1'\nrace = 'klingon'\ndice = [1, 2, 3, 4]\n"
    )
    done = run(SCENARIO, path, "--json")
    assert done.returncode == 1
    failed = [check for check in json.loads(done.stdout)["checks"] if not check["ok"]]
    assert [check["path"] for check in failed] == ["action[0].dice"]
    assert failed[0]["actual"] == "not rolled: [4]"


def test_the_json_shows_the_state_the_revenue_and_the_events(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        GOOD + "[[action]]\ntype = 'EnterSystem'\nsystem = 's2'\nrace = 'klingon'\nships = ['command-ship']\n"
        "dice = [6, 4, 5]\n[expect]\n'state.systems.s2.minor_race' = 'primitive'\n",
    )
    done = run(SCENARIO, path, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    output = json.loads(done.stdout)
    assert output["state"]["systems"]["s2"]["resources"] == "rich"
    assert output["state"]["systems"]["s2"]["enigma"] == "present"
    assert output["state"]["encounters"] == [{"system": "s2", "race": "klingon", "ships": ["command-ship"]}]
    assert output["revenue"] == {"klingon": 10, "federation": 10}
    assert output["controlled"] == {"klingon": 1, "federation": 1}
    assert output["needed"] == 4  # 2 Homesystems + 3 systems: over 60 % of 5 is 4
    assert [event["type"] for event in output["events"]] == ["Explored", "EnigmaAwaits"]
    assert output["events"][0]["dice"] == [6, 4, 5]
    assert output["labels"] == ["Klingons: exploration of System 2 (Command ship)"]


def test_companion_scenario_as_typed_picks_federation_by_the_game_field_or_the_option(tmp_path: Path) -> None:
    """`companion scenario FILE` reads the file's `game` field; `--game federation` names it too."""
    shipped = Path(__file__).parent / "scenarios" / "diplomacy-federation-plus-one.toml"
    named = write(tmp_path, 'game = "federation"\n' + shipped.read_text(encoding="utf-8"))
    by_field = run("companion", "scenario", named)
    assert by_field.returncode == 0, by_field.stdout + by_field.stderr
    assert "ok: state.systems.s1.owner = 'federation'" in by_field.stdout
    by_option = run("companion", "scenario", "--game", "federation", shipped)
    assert by_option.returncode == 0 and by_option.stdout == by_field.stdout
    other = write(tmp_path, 'game = "thunderbirds_solitaire"\n' + shipped.read_text(encoding="utf-8"))
    refused = run(SCENARIO, other)
    assert refused.returncode == 2
    assert "field 'game': this is a Federation scenario: expected game = \"federation\"" in refused.stderr
