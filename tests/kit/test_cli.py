"""`companion kit check|add|list`, called as `main(argv)` and as the command a café owner types (`companion kit`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.kit.cli import main
from companion.paths import ROOT

from .kits import EXAMPLES, SMALL


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "kit", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=os.environ.copy(),
        timeout=120,
    )


def test_check_a_broken_file_prints_one_line_and_exits_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text(SMALL.replace("length = 10", "length = -3").replace('face = "up"', "face = 1"), encoding="utf-8")
    done = run("check", str(broken))
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    line = SMALL[: SMALL.index('face = "up"')].count("\n") + 1
    assert lines == [f"{broken}:{line}: deck[0].face: expected one of 'up' or 'down', got 1"]
    every = run("check", "--all", str(broken))
    assert len(every.stderr.splitlines()) == 2 and "track[0].length: must be at least 1, got -3" in every.stderr
    assert "Traceback" not in done.stderr + every.stderr


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_check_a_valid_file_prints_a_summary(path: Path) -> None:
    done = run("check", str(path))
    assert done.returncode == 0, done.stderr
    [line] = done.stdout.splitlines()
    assert line.startswith(f"{path}: valid kit {path.stem} (")


def test_check_by_main_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str], french: None) -> None:
    broken = tmp_path / "cassé.toml"
    broken.write_text(SMALL.replace("length = 10", "length = 0"), encoding="utf-8")
    assert main(["check", str(broken)]) == 2
    line = SMALL[: SMALL.index("length = 10")].count("\n") + 1
    assert capsys.readouterr().err == f"{broken}:{line}: track[0].length: doit valoir au moins\u00a01, trouvé\u00a00\n"


def test_the_summary_counts_each_kind_of_component(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], french: None
) -> None:
    """One deck, one bag and a single number of players read in the singular; French counts 0 and 1 alike."""
    secrets = SMALL[SMALL.index('[[deck]]\nid = "secrets"') : SMALL.index('[[bag]]\nid = "loot"')]
    roles = SMALL[SMALL.index('[[bag]]\nid = "roles"') : SMALL.index("[[track]]")]
    solo = tmp_path / "solo.toml"
    solo.write_text(SMALL.replace(secrets, "").replace(roles, "").replace("players = [1, 4]", "players = [1, 1]"))
    assert main(["check", str(solo)]) == 0
    assert capsys.readouterr().out == (
        f"{solo}\u00a0: kit small valide (Petit), 1\u00a0joueur\u00a0; "
        "1\u00a0pioche, 3\u00a0sortes de dés, 1\u00a0sac, 2\u00a0pistes, 2\u00a0compteurs, 2\u00a0phases\n"
    )
    done = run("check", str(solo))
    assert done.stdout == (
        f"{solo}: valid kit small (Small), 1 player; 1 deck, 3 kinds of dice, 1 bag, 2 tracks, 2 counters, 2 phases\n"
    )
    small = tmp_path / "small.toml"
    small.write_text(SMALL)
    assert run("check", str(small)).stdout.endswith(
        "1 to 4 players; 2 decks, 3 kinds of dice, 2 bags, 2 tracks, 2 counters, 2 phases\n"
    )


def test_check_a_missing_file(tmp_path: Path) -> None:
    done = run("check", str(tmp_path / "nowhere.toml"))
    assert done.returncode == 2 and done.stderr.startswith(f"{tmp_path / 'nowhere.toml'}: there is no such file")


def test_add_copies_once_and_never_overwrites(tmp_path: Path) -> None:
    stick = tmp_path / "usb"
    stick.mkdir()
    source = stick / "my-game.toml"
    source.write_text(SMALL, encoding="utf-8")
    done = run("add", str(source))
    assert done.returncode == 0, done.stderr
    target = Path(os.environ["COMPANION_DATA_DIR"]) / "kits" / "small.toml"
    assert target.read_bytes() == source.read_bytes()
    listed = run("list")
    assert "small\tSmall\t" in listed.stdout
    again = run("add", str(source))
    assert again.returncode == 2 and "already taken" in again.stderr
    source.write_text(SMALL.replace('name = "small"', 'name = "dice_race"'), encoding="utf-8")
    clash = run("add", str(source))
    assert clash.returncode == 2 and "kit.name: the name dice_race is already taken by another game" in clash.stderr
    assert target.read_text(encoding="utf-8") == SMALL


def test_add_refuses_an_invalid_file_naming_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bad.toml"
    source.write_text(SMALL.replace("players = [1, 4]", "players = [4, 1]"), encoding="utf-8")
    assert main(["add", str(source)]) == 2
    line = SMALL[: SMALL.index("players = [1, 4]")].count("\n") + 1
    assert capsys.readouterr().err.startswith(f"{source}:{line}: kit.players: ")
    assert not (Path(os.environ["COMPANION_DATA_DIR"]) / "kits" / "small.toml").exists()


def check_data(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "check-data", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=os.environ.copy(),
        timeout=120,
    )


def test_check_data_of_a_kit_says_what_the_players_complete_from_their_box() -> None:
    done = check_data("--game", "thunder_road_upkeep")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    example = ROOT / "data" / "kits" / "thunder_road_upkeep.toml"
    assert lines[0].startswith(f"{example}: valid kit thunder_road_upkeep (")
    assert lines[1] == "3 of 9 entries complete"
    todo = lines[lines.index("To complete from your box:") + 1 : lines.index("Inferences to check against your box:")]
    assert todo[:5] == [
        f"- The faces of {die} die are not known yet."
        for die in ("Road", "Shooting", "Collision", "Direction", "Stunt")
    ]
    assert todo[5].startswith("- Damage tokens: the ") and len(todo) == 6
    assert lines[-1] == "- The faces of Movement die are an inference."
    french = check_data("--game", "thunder_road_upkeep", "--lang", "fr")
    assert (
        "3 entrées complètes sur\u00a09" in french.stdout
        and "- Les faces de Dé de route ne sont pas encore connues." in (french.stdout)
    )
    complete = check_data("--game", "dice_race")
    assert complete.returncode == 0 and complete.stdout.splitlines()[1:] == ["13 of 13 entries complete"]


def test_check_data_of_a_kit_whose_file_broke_names_the_file_and_the_line() -> None:
    folder = Path(os.environ["COMPANION_DATA_DIR"]) / "kits"
    folder.mkdir(parents=True)
    kit = folder / "small.toml"
    kit.write_text(SMALL.replace("length = 10", "length = 0"), encoding="utf-8")
    done = check_data("--game", "small")
    line = SMALL[: SMALL.index("length = 10")].count("\n") + 1
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"companion check-data: {kit}:{line}: track[0].length: must be at least 1, got 0\n"


def test_check_all_reports_every_problem_in_one_pass(tmp_path: Path) -> None:
    """Two wrong fields and a reference to a die nobody declared: all three at once, each on its own line, the
    reference at its own line of the file (the wrong fields do not hide it until they are fixed)."""
    broken = tmp_path / "three.toml"
    text = (
        SMALL.replace("length = 10", "length = -3")
        .replace('face = "up"', "face = 1")
        .replace("dice = { d6 = 2 }", "dice = { d8 = 2 }")
    )
    broken.write_text(text, encoding="utf-8")
    every = run("check", "--all", str(broken))
    assert every.returncode == 2
    lines = every.stderr.splitlines()
    reference_line = text[: text.index("dice = { d8 = 2 }")].count("\n") + 1
    assert len(lines) == 3, lines
    assert any(": track[0].length: must be at least 1, got -3" in line for line in lines)
    assert any(": deck[0].face: expected one of 'up' or 'down', got 1" in line for line in lines)
    assert f"{broken}:{reference_line}: dice[1].dice.d8: no die d8 is declared" in lines
    numbers = [int(line.split(":")[1]) for line in lines]
    assert numbers == sorted(numbers)  # top to bottom, as the file is read
    french = run("check", "--all", "--lang", "fr", str(broken))
    assert french.returncode == 2 and len(french.stderr.splitlines()) == 3
    assert f"{broken}:{reference_line}: dice[1].dice.d8: aucun dé d8 n'est déclaré" in french.stderr.splitlines()
