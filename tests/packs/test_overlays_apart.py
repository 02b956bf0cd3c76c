"""An overlay made for one game is never applied to another. Each game reads its players' corrections from a folder
of its own in the user's data (`overlay/<game>/`; a kit, from its own file in the user's kits), so completing a
Thunderbirds disaster card in its editor, a Thunderbirds Solitaire Pod card in its own (both games have a
`pods.toml`) and a kit example's die changes those three games' data as `companion check-data --game NAME`
reports it, and every other installed game's report stays word for word the same. A file of one game dropped by
hand into another game's folder is refused by that game, naming the file: never applied."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from companion.engine import registry
from companion.games.thunderbirds.overlay import set_card_fields
from companion.games.thunderbirds_solitaire import overlay as solitaire_overlay
from companion.kit.catalogue import EXAMPLES_DIR
from companion.kit.edit import edit_kit, user_copy
from companion.paths import ROOT

#: A disaster card the shipped data leaves unknown, as a café completes it from its box.
DISASTER = {
    "names": {"en": "Read from the box", "fr": "Lue dans la boîte"},
    "region": "africa",
    "rescue_type": "land",
    "difficulty": 9,
    "bonuses": [{"pod": "mole", "value": 2}],
    "rewards": ["technology", "joker"],
    "verified": True,
}


def check_data(game: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "check-data", "--game", game],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=os.environ.copy(),
    )


def reports() -> dict[str, str]:
    """Every installed game's `check-data` report, as typed."""
    games = [info.name for info in registry.available() if "check-data" in registry.pack(info.name).commands]
    assert {"thunderbirds", "thunderbirds_solitaire", "dice_race", "federation"} <= set(games)
    return {game: (done := check_data(game)).stdout + done.stderr for game in games}


def test_each_games_overlay_changes_that_game_alone() -> None:
    before = reports()
    set_card_fields("disaster", "unknown-disaster-3", DISASTER)
    solitaire_overlay.set_fields("pod", "pod-01", {"names": {"en": "Mole", "fr": "Taupe"}})
    copy = user_copy(EXAMPLES_DIR / "dice_race.toml")
    edit_kit(copy, [(("die", 0, "confidence"), "low")])
    after = reports()
    changed = sorted(game for game in before if after[game] != before[game])
    assert changed == ["dice_race", "thunderbirds", "thunderbirds_solitaire"]
    assert "The faces of Runner die are an inference." in after["dice_race"]


def test_a_file_of_one_game_in_another_games_folder_is_refused_naming_it() -> None:
    set_card_fields("disaster", "unknown-disaster-3", DISASTER)
    solitaire_overlay.set_fields("pod", "pod-01", {"names": {"en": "Mole", "fr": "Taupe"}})
    overlays = Path(os.environ["COMPANION_DATA_DIR"]) / "overlay"
    shipped_pods = overlays / "thunderbirds_solitaire" / "pods.toml"
    into_thunderbirds = overlays / "thunderbirds" / "pods.toml"  # a name Thunderbirds' own data has too
    into_solitaire = overlays / "thunderbirds_solitaire" / "disasters.toml"
    shutil.copyfile(shipped_pods, into_thunderbirds)
    shutil.copyfile(overlays / "thunderbirds" / "disasters.toml", into_solitaire)
    thunderbirds, solitaire = check_data("thunderbirds"), check_data("thunderbirds_solitaire")
    assert thunderbirds.returncode == solitaire.returncode == 2
    assert thunderbirds.stderr.splitlines()[0] == (
        f'{into_thunderbirds}: field "pod": this table cannot be changed by the overlay'
    )
    assert solitaire.stderr.splitlines()[0].startswith(f'{into_solitaire}: field "disaster": unknown table;')
    assert "Traceback" not in thunderbirds.stderr + solitaire.stderr
