"""The Solitaire commands as a player types them, through the CLI's routing by `--game`: `companion check-data
--game thunderbirds_solitaire --list` names every unknown slot (the player's overlay counted), `--rules` says what
is checked and what is the player's, `companion games` lists the game with how complete its data is."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from companion.games.thunderbirds_solitaire.check_data import missing_lines
from companion.games.thunderbirds_solitaire.help import checked_rules, our_readings, players_rules
from companion.games.thunderbirds_solitaire.loader import default_data_dir, load_files, report, toml_files
from companion.paths import ROOT

FIXTURE = Path(__file__).resolve().parent / "fixture-overlay"


def companion(*args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COMPANION_DATA_DIR=str(data_dir))
    return subprocess.run(
        [sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=120, env=env, cwd=ROOT
    )


def test_check_data_list_through_the_cli_names_every_unknown_slot(tmp_path: Path) -> None:
    result = companion("check-data", "--game", "thunderbirds_solitaire", "--list", data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    shown = result.stdout.splitlines()
    definitions, found = load_files(toml_files(default_data_dir()), [])
    unknown = found.unknown
    assert len(unknown) > 30
    for slot in unknown:
        if slot.table in ("card", "pod", "pilot", "thunderbird", "symbol", "die"):
            assert any(f" {slot.id}: " in line for line in shown), slot
    assert "Emergency deck: the number of basic cards is unknown: count them and enter it in the editor." in shown
    assert "Dice: 0 of 21 described: add each kind of die (its name, how many, its faces)." in shown
    assert set(missing_lines(definitions, report(definitions))) <= set(shown)
    assert "Thunderbird card tb2: partial; missing: ability; inferred, to check: name" in shown


def test_check_data_counts_what_the_player_completed_in_the_overlay(tmp_path: Path) -> None:
    shutil.copytree(FIXTURE, tmp_path / "overlay" / "thunderbirds_solitaire")
    result = companion("check-data", "--game", "thunderbirds_solitaire", "--list", "--lang", "fr", data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (
        "Le compagnon peut distribuer le paquet de base\u00a0: oui\u00a0; le paquet avancé\u00a0: oui." in result.stdout
    )
    assert "advanced-01" not in result.stdout  # completed by the overlay


def test_check_data_rules_says_what_is_checked_and_what_is_yours(tmp_path: Path) -> None:
    result = companion("check-data", "--game", "thunderbirds_solitaire", "--rules", data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    for rule in (*checked_rules(), *players_rules()):
        assert f"  - {rule}" in result.stdout


def test_the_docs_list_the_same_rules_as_the_app() -> None:
    """docs/thunderbirds-solitaire.md says, word for word, what the app's page and `--rules` say is checked, what
    is our reading and what is the player's."""
    text = (ROOT / "docs" / "thunderbirds-solitaire.md").read_text(encoding="utf-8")
    bullets = [" ".join(item.split()) for item in text.split("\n- ")[1:]]
    for heading, rules in (
        ("**Checked by the companion (the rules excerpt):**", checked_rules()),
        ("**Our readings where the excerpt is silent (applied, and said to be ours):**", our_readings()),
        ("**Yours, with the rulebook (a checklist step or a move you make):**", players_rules()),
    ):
        assert heading in text
        for rule in rules:
            assert any(item.startswith(rule) for item in bullets), rule


def test_companion_games_lists_the_game_and_how_complete_its_data_is(tmp_path: Path) -> None:
    result = companion("games", data_dir=tmp_path)
    line = next(line for line in result.stdout.splitlines() if line.startswith("thunderbirds_solitaire "))
    assert "Thunderbirds Solitaire Game" in line and "upkeep" in line
    assert line.rstrip().endswith("3 of 49 entries complete")
