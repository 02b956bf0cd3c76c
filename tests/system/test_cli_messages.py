"""Commands as typed, fed a bad file or nothing at all: one line that names the file and the problem, the right exit
code, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import __version__
from companion.paths import ROOT

SCENARIO = ROOT / "tests" / "scenarios" / "rulebook" / "disaster-phase-shift.toml"


def companion(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
    )


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    output = (result.stdout + result.stderr).strip()
    assert "Traceback" not in output and 'File "' not in output, output
    lines = output.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def scenario_with(tmp_path: Path, text: bytes) -> Path:
    path = tmp_path / "my-position.toml"
    path.write_bytes(text)
    return path


@pytest.mark.parametrize("command", ["scenario", "odds"])
def test_a_scenario_whose_data_folder_does_not_exist_is_named_in_one_line(command: str, tmp_path: Path) -> None:
    text = SCENARIO.read_bytes().replace(b"[setup]\n", b'[setup]\ndata = "no-such-folder"\n', 1)
    path = scenario_with(tmp_path, text)
    result = companion(command, str(path))
    assert result.returncode == 2
    line = one_line(result)
    assert line == f"{path}: field 'setup.data': {tmp_path / 'no-such-folder'}: no such folder"


@pytest.mark.parametrize("command", ["scenario", "odds"])
def test_a_scenario_that_is_not_utf8_is_named_in_one_line(command: str, tmp_path: Path) -> None:
    text = SCENARIO.read_bytes().replace(b'name = "', b'name = "caf\xe9 ', 1)  # written as Latin-1
    path = scenario_with(tmp_path, text)
    result = companion(command, str(path))
    assert result.returncode == 2
    line = one_line(result)
    assert line.startswith(f"{path}: not UTF-8 text (byte ") and "UTF-8" in line


def test_check_data_names_the_missing_folder_it_was_given() -> None:
    result = companion("check-data", "--data", "/missing")
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == "/missing: no such folder"
    assert "data/thunderbirds" not in result.stderr


def test_check_data_names_an_empty_folder(tmp_path: Path) -> None:
    result = companion("check-data", "--data", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == f"{tmp_path}: no data files found"


def test_backup_list_says_when_there_is_none() -> None:
    state = Path(os.environ["COMPANION_STATE_DIR"])
    result = subprocess.run(
        [sys.executable, "-m", "companion.backup", "list"], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert result.returncode == 0
    assert result.stdout.strip() == f"No backups yet in {state / 'backups'}."


def test_the_version_is_printed_by_run_too() -> None:
    result = companion("run", "--version")
    assert result.returncode == 0 and result.stdout.strip() == f"companion {__version__}"


def test_the_no_screen_hint_names_a_command_that_works_from_a_fresh_clone() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    result = subprocess.run(
        [sys.executable, "-m", "companion", "run"], env=env, capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    line = one_line(result)
    assert "make demo" in line and ".venv/bin/companion demo --out artifacts/demo" in line
    # Both exist as named: the Makefile's target, and the command in the virtual environment make creates.
    dry_run = subprocess.run(["make", "-n", "demo"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert dry_run.returncode == 0 and "companion demo --out artifacts/demo" in dry_run.stdout
    assert (Path(sys.prefix) / "bin" / "companion").exists()


@pytest.mark.parametrize("command", [["check-data", "--list"], ["games"], ["--help"]])
def test_output_read_only_in_part_ends_quietly(command: list[str]) -> None:
    """`companion check-data --list | head -1`: the reader goes away before the command has written everything. The
    pipe's reading end is closed before the command starts, so its first write meets the closed pipe every time."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "companion", *command],
            stdin=subprocess.DEVNULL,
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            cwd=ROOT,
        )
    finally:
        os.close(write_end)
    assert result.stderr == ""
    assert result.returncode == 1


def test_help_opens_with_what_the_companion_is_and_game_commands_name_game() -> None:
    """`companion --help` starts with what the command is for, not where its modules live; a game's command
    (`simulate`, `odds`, ...) lists `--game` among its options, which the shell takes before the game's own."""
    first = companion("--help").stdout.splitlines()[0]
    assert "module" not in first and first.startswith("The table companion")
    for command in ("simulate", "odds", "scenario", "check-data"):
        shown = companion(command, "--help")
        assert shown.returncode == 0, shown.stderr
        assert "--game NAME" in shown.stdout and "warpspawn_thunderbirds" in shown.stdout, shown.stdout
    other = companion("simulate", "--game", "warpspawn_thunderbirds", "--help").stdout
    assert "--size" in other and "the options above are warpspawn_thunderbirds's" in other


def test_run_without_a_screen_answers_in_the_language_asked() -> None:
    bare = {"DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""}
    french = companion("run", "--lang", "fr", env=bare)
    assert french.returncode == 3
    assert one_line(french).startswith("companion\u00a0: aucun écran trouvé")
    english = companion("run", env=bare)
    assert one_line(english).startswith("companion: no screen found")
