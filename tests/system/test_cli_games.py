"""The `companion` command as typed: --version, `companion games`, and --game for the game commands (a game that
is not installed, or that does not provide the command, says so in one line and exits 2)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from companion import __version__
from companion.paths import ROOT


def companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=120, cwd=ROOT
    )


def installed_games() -> set[str]:
    """What the registry lists in a process of its own: this one may hold the test packs the drills register."""
    listing = "from companion.engine import registry; print(*(info.name for info in registry.available()))"
    result = subprocess.run([sys.executable, "-c", listing], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return set(result.stdout.split())


def test_version_prints_the_version_and_starts_nothing() -> None:
    result = companion("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"companion {__version__}"


def test_games_lists_thunderbirds_with_its_kind_players_and_data() -> None:
    result = companion("games")
    assert result.returncode == 0, result.stderr
    header, *rows = result.stdout.splitlines()
    assert header.split() == ["name", "title", "kind", "players", "data"]
    (thunderbirds,) = [row for row in rows if row.startswith("thunderbirds ")]
    assert thunderbirds.split()[:4] == ["thunderbirds", "Thunderbirds", "rules", "1-4"]
    assert "entries complete" in thunderbirds


def test_games_lists_every_pack_and_kit_with_its_kind_and_how_complete_its_data_is() -> None:
    result = companion("games")
    assert result.returncode == 0, result.stderr
    rows = {row.split()[0]: row for row in result.stdout.splitlines()[1:]}
    assert set(rows) == installed_games()
    assert {"federation", "thunderbirds_solitaire", "warpspawn_thunderbirds", "dice_race"} <= set(rows)
    assert rows["dice_race"].split()[-7:] == ["kit", "2-5", "13", "of", "13", "entries", "complete"]
    assert rows["thunder_road_upkeep"].split()[-7:] == ["kit", "2-4", "3", "of", "9", "entries", "complete"]
    assert rows["thunderbirds_solitaire"].split()[-7:-5] == ["upkeep", "1"]


def test_a_game_that_is_not_installed_is_named_in_one_line() -> None:
    for command in ("simulate", "check-data", "odds", "demo"):
        result = companion(command, "--game", "chess")
        assert result.returncode == 2
        assert result.stderr.strip() == f"companion {command}: There is no game called chess."
    result = companion("hw-test", "--game", "chess")
    assert result.returncode == 2 and result.stdout.strip().endswith("There is no game called chess.")


def test_a_scenario_file_names_its_game(tmp_path: Path) -> None:
    scenario = tmp_path / "chess.toml"
    scenario.write_text('format = 1\ngame = "chess"\n', encoding="utf-8")
    result = companion("scenario", str(scenario))
    assert result.returncode == 2 and result.stderr.strip() == "companion scenario: There is no game called chess."


def test_a_scenario_without_a_game_field_is_thunderbirds_and_game_thunderbirds_is_too(tmp_path: Path) -> None:
    source = ROOT / "tests" / "scenarios" / "rulebook" / "john-sun-probe-teamwork.toml"
    plain = companion("scenario", str(source))
    named = tmp_path / "named.toml"
    named.write_text('game = "thunderbirds"\n' + source.read_text(encoding="utf-8"), encoding="utf-8")
    explicit = companion("scenario", str(named))
    flagged = companion("scenario", "--game", "thunderbirds", str(source))
    assert plain.returncode == explicit.returncode == flagged.returncode
    assert plain.stdout == explicit.stdout == flagged.stdout and plain.stdout


def test_games_speaks_the_language_asked_for_and_refuses_anything_else() -> None:
    french = companion("games", "--lang", "fr")
    assert french.returncode == 0, french.stderr
    rows = {row.split()[0]: row for row in french.stdout.splitlines()[1:]}
    assert "Thunderbirds en solitaire" in rows["thunderbirds_solitaire"]
    assert "entrées complètes sur" in rows["thunderbirds"]
    assert "entries complete" not in french.stdout
    wrong = companion("games", "--lang", "de")
    assert wrong.returncode == 2 and "invalid choice: 'de'" in wrong.stderr
