"""The engine's data toolkit as every pack uses it: one codec, one `check-data` over every game with `--list` and
`--lang`, the overlay written keeping what a person wrote, and the words `check-data` prints read as they mean."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import pytest

from companion.engine import registry
from companion.engine.codec import Codec, decode_dataclass, decode_tagged, encode, encode_tagged
from companion.engine.data.problems import CardProblem, DataError, Problem
from companion.locale import speaking
from companion.paths import ROOT


class Side(Enum):
    FRONT = "front"
    BACK = "back"


@dataclass(frozen=True)
class Card:
    id: str
    side: Side
    marks: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Table:
    cards: tuple[Card, ...]
    held: Card | None
    round: int = 1


@dataclass(frozen=True)
class Flip:
    card: str


def test_the_engine_codec_round_trips_enums_sets_and_optional_records_and_names_the_field_at_fault() -> None:
    table = Table((Card("a", Side.BACK, frozenset({"z", "y"})),), Card("b", Side.FRONT), 3)
    data = encode(table)
    assert data["cards"][0] == {"id": "a", "side": "back", "marks": ["y", "z"]}
    assert Codec(state=Table, actions=(Flip,)).decode_state(data) == table
    with pytest.raises(ValueError, match=r"^state: field 'cards': field 'side': unexpected value 'sideways'$"):
        decode_dataclass(Table, {**data, "cards": [{"id": "a", "side": "sideways"}]}, "state")
    assert decode_tagged(encode_tagged(Flip("a")), {"Flip": Flip}) == Flip("a")
    with pytest.raises(ValueError, match="unknown action type 'Fly'"):
        decode_tagged({"type": "Fly"}, {"Flip": Flip})


@pytest.mark.parametrize(
    "module", ["federation", "thunder_road", "thunderbirds", "thunderbirds_solitaire", "warpspawn_thunderbirds"]
)
def test_every_pack_decodes_through_the_engine_codec(module: str) -> None:
    codec = __import__(f"companion.games.{module}.codec", fromlist=["CODEC"])
    assert isinstance(codec.CODEC, Codec)
    assert codec.decode_state.__func__ is Codec.decode_state  # the engine's, bound to the pack's types


def test_a_problem_names_the_file_line_entry_and_field_in_either_language() -> None:
    problem = Problem("pods.toml", "pod-01", "names", "missing", 7)
    assert str(problem) == 'pods.toml:7: entry "pod-01": field "names": missing'
    card = CardProblem("disasters.toml", "sun-probe", "difficulty", "too high")
    assert str(card) == 'disasters.toml: card "sun-probe": field "difficulty": too high' and card.card_id == "sun-probe"
    with speaking("fr"):
        assert str(card) == "disasters.toml\u00a0: carte « sun-probe »\u00a0: champ « difficulty »\u00a0: too high"
    assert str(DataError([problem, card])).count("\n") == 1


def test_thunderbirds_loader_no_longer_imports_its_overlay() -> None:
    tree = ast.parse((ROOT / "companion/games/thunderbirds/loader.py").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "companion.games.thunderbirds.overlay" not in imported


def check_data(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "check-data", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=os.environ.copy(),
        timeout=120,
    )


def games_with_check_data() -> list[str]:
    return [info.name for info in registry.available() if "check-data" in registry.pack(info.name).commands]


def test_check_data_takes_list_and_lang_for_every_game() -> None:
    """`companion check-data [--game NAME] [--list] [--lang fr]`, the same command whatever the game: Thunderbirds
    had no `--lang` and a kit no `--list`."""
    from companion.locale.build import main as build

    build()
    games = games_with_check_data()
    assert {"thunderbirds", "federation", "thunder_road_upkeep", "warpspawn_thunderbirds"} <= set(games)
    for game in games:
        done = check_data("--game", game, "--list", "--lang", "fr")
        assert done.returncode in (0, 1), (game, done.stderr)
        assert "usage:" not in done.stderr and "Traceback" not in done.stderr, game
        helped = check_data("--game", game, "--help", "--lang", "fr")
        assert helped.returncode == 0 and "la langue du rapport" in helped.stdout, game
    english = check_data("--list")  # Thunderbirds when no game is named
    french = check_data("--list", "--lang", "fr")
    assert english.returncode == french.returncode == 0
    assert english.stdout.splitlines()[0].startswith("table ") and "regions " in english.stdout
    assert french.stdout.splitlines()[0].startswith("table ") and "régions " in french.stdout


def test_warpspawn_list_says_what_each_inferred_fact_assumes() -> None:
    """`delayable (low)` on every card read as if every card were delayable: each line now says whether Delay can
    cancel that card, and a first line says what (low) means."""
    english = check_data("--game", "warpspawn_thunderbirds", "--list").stdout.splitlines()
    assert "  false-alarm: delayable (low): Delay cannot cancel this card" in english
    assert "  move-1: delayable (low): Delay can cancel this card" in english
    assert english[1] == ("Each fact below is our inference (low) or not known (unknown); check it against your box:")
    french = check_data("--game", "warpspawn_thunderbirds", "--list", "--lang", "fr").stdout.splitlines()
    assert "  false-alarm\u00a0: delayable (faible)\u00a0: Contretemps ne peut pas annuler cette carte" in french


def test_thunder_road_names_its_undescribed_tokens_in_a_sentence() -> None:
    """The token's name is a sentence of its own: it comes last, quoted, never inside the kit's sentence."""
    english = check_data("--game", "thunder_road_upkeep").stdout.splitlines()
    assert (
        "- Damage tokens: the 14 tokens still to describe from your box are listed as “Dent, shrapnel, swerve or"
        " roll: which one is not counted yet (take the matching token)”."
    ) in english
    french = check_data("--game", "thunder_road_upkeep", "--lang", "fr").stdout.splitlines()
    damage = next(line for line in french if line.startswith("- Pions Dégât"))
    assert damage.startswith(
        "- Pions Dégât\u00a0: les 14\u00a0jetons encore à décrire d'après votre boîte sont appelés «\u00a0Bosse,"
    )
    assert damage.endswith("(prenez le pion correspondant)\u00a0».")


def test_solitaire_editor_keeps_the_comments_of_a_file_a_person_wrote(tmp_path: Path) -> None:
    from companion.games.thunderbirds_solitaire import overlay

    folder = tmp_path / "overlay"
    folder.mkdir()
    written = folder / "pods.toml"
    written.write_text('# Our pods, read from the box on Sunday.\n\n[[pod]]\nid = "pod-02"  # the drill\n', "utf-8")
    overlay.set_fields("pod", "pod-01", {"names": {"en": "Mole", "fr": "Taupe"}}, folder)
    text = written.read_text(encoding="utf-8")
    assert text.startswith("# Our pods, read from the box on Sunday.\n") and 'id = "pod-02"  # the drill' in text
    assert overlay.overlay_entry("pod", "pod-01", folder)["names"] == {"en": "Mole", "fr": "Taupe"}
