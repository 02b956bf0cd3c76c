"""The pack as the registry and the shell see it: its declaration, its set-up, its data status and its words in
both languages; the doc names every scenario file and each one it names exists."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.engine.data.problems import DataError
from companion.engine.errors import IllegalAction
from companion.games.the_thing import INFO
from companion.games.the_thing.loader import read
from companion.locale import speaking
from companion.paths import ROOT

PACK = registry.pack("the_thing")
SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def test_declared_for_four_to_eight_with_secrets_and_a_bag_option() -> None:
    assert registry.info("the_thing") == INFO
    assert INFO.players == (4, 8) and INFO.hides_information and INFO.support == "upkeep"
    assert [choice.value for choice in INFO.option("bag").choices] == ["screen", "physical"]
    assert PACK.setup_for(6, {"bag": "physical"}) == {"players": 6, "bag": "physical"}


@pytest.mark.parametrize("players", [3, 9])
def test_other_player_counts_are_refused_naming_the_rule(players: int) -> None:
    with pytest.raises(IllegalAction, match="4 to 8 players"):
        PACK.rules.initial_state({"players": players}, LiveChance(1))


def test_the_data_says_what_the_players_still_complete_in_both_languages() -> None:
    status = PACK.data_status()
    assert status.total == 4 and status.known == 0 and len(status.missing) == 4
    with speaking("fr"):
        assert "La longueur de la piste Évasion du chien" in PACK.data_status().missing


def test_a_broken_data_file_is_one_problem_naming_file_entry_and_field(tmp_path: Path) -> None:
    for source in (ROOT / "data" / "the_thing").glob("*.toml"):
        (tmp_path / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    cards = tmp_path / "cards.toml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("counts = [1, 1, 2, 2, 2]", "counts = [1, 2]"))
    with pytest.raises(DataError) as broken:
        read([(p, p.name) for p in sorted(tmp_path.glob("*.toml"))], [])
    assert [str(problem) for problem in broken.value.problems] == [
        'cards.toml: entry "firearm": field "counts": expected a list of 5 whole numbers'
    ]
    npcs = tmp_path / "game.toml"
    text = npcs.read_text(encoding="utf-8")
    start = text[text.index("start = ") :].split("\n", 1)[0]
    npcs.write_text(text.replace(start, 'start = "igloo"'), encoding="utf-8")
    with speaking("fr"):  # a French screen names them in French
        with pytest.raises(DataError) as broken:
            read([(p, p.name) for p in sorted(tmp_path.glob("*.toml"))], [])
        found = [str(problem) for problem in broken.value.problems]
    assert "une liste de 5\u00a0nombres entiers" in found[0] and "entrée" in found[0] and "entry" not in found[0]
    assert any("aucun lieu n'a l'id 'igloo'" in problem for problem in found), found


def test_an_overlay_completes_the_dog_track(tmp_path: Path) -> None:
    overlay = tmp_path / "mine.toml"
    overlay.write_text("[dog_track]\nspaces = 9\n", encoding="utf-8")
    shipped = [(p, p.name) for p in sorted((ROOT / "data" / "the_thing").glob("*.toml"))]
    assert read(shipped, [(overlay, str(overlay))]).dog_spaces == 9


def test_home_line_and_help_in_both_languages() -> None:
    state = PACK.rules.initial_state({"players": 5}, LiveChance(1))
    for language, said in (("en", "In progress, round 1"), ("fr", "En cours, manche 1")):
        with speaking(language):
            assert PACK.saved_game_line(PACK.rules.summary(state)).status == said
            assert len(PACK.help()) == 2
    over = PACK.saved_game_line({"players": 5, "turn": 3, "status": "alien"})
    assert over.is_over and over.status.startswith("The Alien side wins")


def test_the_doc_names_every_scenario_file_and_only_those() -> None:
    doc = (ROOT / "docs" / "the-thing.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z0-9-]+)`", doc))
    files = {path.stem for path in SCENARIOS.glob("*.toml")}
    named_files = {
        name
        for name in named
        if name in files
        or re.match(
            r"^(setup|deal|bag|weather|phase|phases|dog|escape|end|ufo|role|eliminate|game|physical)[0-9]*-", name
        )
    }
    assert files - named_files <= {f"setup-{n}-players-decks" for n in (5, 6, 7)}
    assert named_files <= files


def test_check_data_lists_what_is_still_to_complete_and_accepts_an_overlay(tmp_path: Path) -> None:
    def check(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "companion", "check-data", "--game", "the_thing", *args]
        return subprocess.run(command, capture_output=True, text=True, encoding="utf-8", cwd=ROOT, timeout=120)

    done = check("--list", "--overlay", str(tmp_path))
    assert done.returncode == 0 and "- The dog-escape track's length" in done.stdout
    (tmp_path / "box.toml").write_text("[dog_track]\nspaces = 0\n", encoding="utf-8")
    broken = check("--overlay", str(tmp_path))
    assert broken.returncode == 2 and 'entry "dog_track": field "spaces"' in broken.stderr
