"""One `companion scenario` for every game: the `game` key picks the game in every pack, a file of another game
says which `--game` it needs, an empty file says so, `--lang fr` prints the command's own words in French, and the
engine's runner is the only one."""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import tomlkit

from companion.cli import main
from companion.engine import scenario as engine_scenario
from companion.engine.scenario_cli import game_of
from companion.locale import set_language
from companion.paths import ROOT

TESTS = ROOT / "tests"
#: One shipped scenario file per game that reads them, and the title its messages use.
SHIPPED = {
    "thunderbirds": (TESTS / "scenarios" / "rulebook" / "john-sun-probe-teamwork.toml", "Thunderbirds"),
    "federation": (TESTS / "packs" / "federation" / "scenarios" / "diplomacy-federation-plus-one.toml", "Federation"),
    "warpspawn_thunderbirds": (
        TESTS / "packs" / "warpspawn_thunderbirds" / "scenarios" / "delay.toml",
        "Warpspawn Thunderbirds",
    ),
    "thunderbirds_solitaire": (
        TESTS / "packs" / "thunderbirds_solitaire" / "scenarios" / "lp-escort-fred-example.toml",
        "Thunderbirds Solitaire",
    ),
}
GAMES = sorted(SHIPPED)
#: What every copy of the runner defined, and no pack may define again.
RUNNER_NAMES = {
    "ScenarioError",
    "Scenario",
    "ScriptedAction",
    "Check",
    "ScenarioResult",
    "_check",
    "_lookup",
    "load_scenario",
    "parse_scenario",
    "run_scenario",
}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """`--lang` switches the process's language: every test leaves it English."""
    yield
    set_language("en")


def with_game(tmp_path: Path, game: str, source: Path) -> Path:
    path = tmp_path / f"{game}.toml"
    path.write_text(f'game = "{game}"\n' + source.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def companion(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main(["scenario", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("game", GAMES)
def test_the_game_key_picks_the_game_in_every_pack_with_or_without_the_option(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, _title = SHIPPED[game]
    named = with_game(tmp_path, game, source)
    by_key = companion(capsys, named)
    assert by_key[0] == 0, by_key
    assert "FAILED" not in by_key[1] and by_key[2] == ""
    both = companion(capsys, "--game", game, named)
    assert both == by_key
    by_option = companion(capsys, "--game", game, source)
    assert by_option == by_key


@pytest.mark.parametrize("game", [game for game in GAMES if game != "thunderbirds"])
def test_a_file_of_another_game_says_which_game_option_it_needs(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    source, title = SHIPPED[game]
    code, out, err = companion(capsys, source)
    assert code == 2 and out == ""
    assert err == f"{source}: this file reads as a {title} scenario: run it with --game {game}\n"


def test_a_file_run_with_the_wrong_game_option_keeps_its_error_and_names_the_right_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    source, _title = SHIPPED["federation"]
    code, out, err = companion(capsys, "--game", "thunderbirds", source)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"{source}: field 'setup.races': unknown key; expected one of ")
    assert err.endswith("; this file reads as a Federation scenario: run it with --game federation\n")


def test_help_speaks_the_language_asked_for_and_names_the_game_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["scenario", "--lang", "fr", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "--game" in out and "un fichier de scénario (TOML)" in out


def test_a_file_and_an_option_that_disagree_are_refused_naming_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    named = with_game(tmp_path, "warpspawn_thunderbirds", SHIPPED["warpspawn_thunderbirds"][0])
    code, out, err = companion(capsys, "--game", "federation", named)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "field 'game': this is a Federation scenario" in err
    assert "run it with --game warpspawn_thunderbirds, or without --game" in err


@pytest.mark.parametrize("option", [(), ("--game", "federation"), ("--game", "thunderbirds_solitaire")])
def test_an_empty_file_says_it_is_empty_and_how_a_scenario_starts(
    option: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.toml"
    empty.write_text("# nothing yet\n", encoding="utf-8")
    code, out, err = companion(capsys, *option, empty)
    assert code == 2 and out == ""
    assert err == f"{empty}: the file is empty; a scenario starts with the line format = 1 (see docs/scenarios.md)\n"
    assert "None" not in err


def test_a_file_without_a_format_line_says_it_is_missing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "no-format.toml"
    path.write_text('name = "a position"\n', encoding="utf-8")
    code, _out, err = companion(capsys, path)
    assert code == 2
    assert err == f"{path}: field 'format': missing; a scenario starts with the line format = 1\n"


def failing(tmp_path: Path, game: str) -> Path:
    """The game's shipped file with one more final expectation, which fails."""
    source, _title = SHIPPED[game]
    document = tomlkit.parse(source.read_text(encoding="utf-8"))
    document["game"] = game
    expect = document.setdefault("expect", tomlkit.table())
    expect["state.no_such_thing"] = 1
    path = tmp_path / f"failing-{game}.toml"
    path.write_text(tomlkit.dumps(document), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", GAMES)
def test_the_command_words_are_french_under_lang_fr(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.locale.build import main as build

    build()
    code, out, _err = companion(capsys, "--lang", "fr", failing(tmp_path, game))
    assert code == 1
    assert "ÉCHEC\u00a0: state.no_such_thing = None (attendu\u00a01)" in out
    assert "ok\u00a0: " in out
    assert "FAILED" not in out and "ok: " not in out and "expected" not in out


def test_federation_refused_and_ok_are_french_under_lang_fr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.locale.build import main as build

    build()
    path = tmp_path / "refused.toml"
    path.write_text(
        'format = 1\ngame = "federation"\nlang = "fr"\n[setup]\nraces = ["klingon", "federation"]\nsystems = 3\n'
        '[position.systems.s1]\nresources = "rich"\nminor_race = "modern"\nenigma = "none"\n'
        '[[action]]\ntype = "SetOwner"\nsystem = "s1"\nrace = "federation"\n[expect]\nerror = "Fédération"\n',
        encoding="utf-8",
    )
    code, out, _err = companion(capsys, path, "--lang", "fr")
    assert code == 0
    assert "refusée (action\u00a01)\u00a0: Fédération\u00a0: ne peut conquérir" in out
    assert "ok\u00a0: error = " in out
    assert "refused" not in out


def test_a_file_is_checked_in_its_own_language_whatever_the_output_s(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A shipped file expects English labels: under --lang fr it still passes, its history and checks printed in
    French; the same file saying `lang = "fr"` fails, its English labels being no French game's."""
    from companion.locale.build import main as build

    build()
    shipped = ROOT / "tests/packs/the_thing/scenarios/escape-crew-boards-and-leaves.toml"
    code, out, _err = companion(capsys, shipped, "--lang", "fr")
    assert code == 0, out
    assert "ok\u00a0: labels.2 = 'Snowmobile 2 leaves' (attendu\u00a0'Snowmobile 2 leaves')" in out
    assert "3. L'Autoneige 2 part" in out  # the history in French
    french = tmp_path / "french.toml"
    french.write_text('lang = "fr"\n' + shipped.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _err = companion(capsys, french)
    assert code == 1 and "FAILED: labels.2 = \"L'Autoneige 2 part\" (expected 'Snowmobile 2 leaves')" in out


def test_several_files_of_several_games_run_in_one_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [with_game(tmp_path, game, SHIPPED[game][0]) for game in ("thunderbirds", "federation")]
    typed = subprocess.run(
        [sys.executable, "-m", "companion", "scenario", "--json", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert typed.returncode == 0, typed.stderr
    both = json.loads(typed.stdout)
    assert [entry["file"] for entry in both] == [str(path) for path in files]
    assert all(entry["ok"] for entry in both)
    for path, entry in zip(files, both):
        code, out, _err = companion(capsys, "--json", path)
        assert code == 0 and json.loads(out) == {k: v for k, v in entry.items() if k != "file"}


def test_the_worst_exit_code_of_several_files_is_the_command_s(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = with_game(tmp_path, "federation", SHIPPED["federation"][0])
    bad = failing(tmp_path, "warpspawn_thunderbirds")
    code, out, _err = companion(capsys, good, bad)
    assert code == 1
    assert f"== {good}" in out and f"== {bad}" in out
    assert out.count("FAILED: ") == 1


def pack_modules() -> Iterator[Path]:
    yield from sorted((ROOT / "companion" / "games").glob("*/*.py"))
    yield from sorted((ROOT / "companion" / "kit").rglob("*.py"))


def test_the_engine_module_is_the_only_scenario_runner() -> None:
    """No pack or kit module defines the runner's names again; each pack's names are the engine's."""
    defined = []
    for path in pack_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name in RUNNER_NAMES:
                defined.append(f"{path.relative_to(ROOT)}: {node.name}")
            if isinstance(node, ast.FunctionDef) and node.name in {"main", "_print_text"} and "scenario" in path.name:
                defined.append(f"{path.relative_to(ROOT)}: {node.name}")
    assert defined == []
    for game in GAMES:
        module = importlib.import_module(f"companion.games.{game}.scenario")
        assert module.ScenarioError is engine_scenario.ScenarioError
        assert module.run_scenario.func is engine_scenario.run
        assert module.parse_scenario.func is engine_scenario.parse
        assert module.load_scenario.func is engine_scenario.load


def test_every_pack_names_its_scenario_part_through_the_pack_contract() -> None:
    from companion.engine import registry

    for game in GAMES:
        hooks = game_of(registry.pack(game))
        assert hooks is not None and hooks.game == game
        assert hooks.title == SHIPPED[game][1]
