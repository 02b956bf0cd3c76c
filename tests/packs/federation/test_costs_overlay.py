"""The costs the module leaves empty, completed by the players: the file in the user's data directory (never the
shipped files), read by the pack and by `companion --game federation check-data --list` as typed, a broken file
skipped and named with its line and field, the game starting all the same."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from companion.games.federation import INFO, overlay
from companion.games.federation.loader import default_data_dir
from companion.games.federation.pack import make_pack
from companion.games.federation.rules import RULES

from .cli import run

DEFS = RULES.definitions


def shipped_digest() -> str:
    return hashlib.sha256(b"".join(path.read_bytes() for path in sorted(default_data_dir().glob("*.toml")))).hexdigest()


def companion(*args: str) -> object:
    return run("companion", *args)


def test_costs_are_written_in_the_user_s_data_directory_and_read_back() -> None:
    before = shipped_digest()
    path = overlay.write_values({"colony-cost": 3, "terraform-cost": 0})
    assert path == Path(os.environ["COMPANION_DATA_DIR"]) / "overlay" / "federation" / "costs.toml"
    assert overlay.read_values(DEFS) == ({"colony-cost": 3, "terraform-cost": 0}, ())
    pack = make_pack(INFO)
    defs = pack.load()
    slots = {slot.id: slot for slot in defs.slots}
    assert slots["colony-cost"].value == 3 and slots["colony-cost"].mark.source == ("P",)
    assert slots["colony-cost"].mark.confidence == "high" and str(path) in slots["colony-cost"].mark.note
    assert slots["shipyard-cost"].value is None and slots["shipyard-cost"].mark.confidence == "unknown"
    status = pack.data_status()
    assert (status.known, status.total) == (36, 37)
    assert status.missing == ("Cost of a shipyard: unknown, read it from your Warp Empires rules",)
    assert shipped_digest() == before  # the shipped files are never written
    # Every value taken back: the file keeps only its header (it is never deleted), the slots are empty again.
    overlay.write_values({})
    assert path.is_file() and overlay.read_values(DEFS) == ({}, ())
    assert make_pack(INFO).load().slots[0].value is None


def test_a_broken_costs_file_is_skipped_whole_and_names_the_file_the_line_and_the_field() -> None:
    path = overlay.overlay_file()
    path.parent.mkdir(parents=True)
    path.write_text(
        '[[slot]]\nid = "colony-cost"\nvalue = 3\n\n[[slot]]\nid = "shipyard-cost"\nvalue = -2\n\n'
        '[[slot]]\nid = "starbase-cost"\nvalue = 1\n',
        encoding="utf-8",
    )
    values, problems = overlay.read_values(DEFS)
    assert values == {}
    assert [str(problem) for problem in problems] == [
        f"{path}:6: field 'slot.shipyard-cost.value': expected a whole number from 0 to 1000",
        f"{path}:10: field 'slot.starbase-cost.id': unknown slot; the slots are colony-cost, shipyard-cost, "
        "terraform-cost",
    ]
    pack = make_pack(INFO)
    defs = pack.load()  # the game starts all the same, without the file's values
    assert all(slot.value is None for slot in defs.slots)
    assert pack.problems[0].startswith(f"Costs file skipped: {path}:6")
    assert str(path) in pack.problems_notice
    path.write_text("[[slot]\n", encoding="utf-8")
    (problem,) = overlay.read_values(DEFS)[1]
    assert str(problem).startswith(f"{path}: not valid TOML: ") and "line 1" in str(problem)


def test_check_data_as_typed_names_the_empty_slots_then_the_players_costs() -> None:
    listed = companion("check-data", "--game", "federation", "--list")
    assert listed.returncode == 0, listed.stderr
    assert (
        "slot shipyard-cost (unknown, empire.toml): Cost of a shipyard; read it from your Warp Empires rules."
        in listed.stdout
    )
    overlay.write_values({"shipyard-cost": 4})
    listed = companion("check-data", "--game", "federation", "--list")
    assert listed.returncode == 0, listed.stderr
    file = overlay.overlay_file()
    assert f"slot shipyard-cost (yours): Cost of a shipyard = 4, entered by the players, {file}." in listed.stdout
    assert "slot colony-cost (unknown, empire.toml)" in listed.stdout
    french = companion("check-data", "--game", "federation", "--list", "--lang", "fr")
    assert "case shipyard-cost (la vôtre)\u00a0: Coût d'un chantier spatial = 4, saisi par les joueurs" in french.stdout


def test_check_data_as_typed_refuses_a_broken_costs_file_with_its_line() -> None:
    file = overlay.overlay_file()
    file.parent.mkdir(parents=True)
    file.write_text('[[slot]]\nid = "colony-cost"\nvalue = "three"\n', encoding="utf-8")
    checked = companion("check-data", "--game", "federation")
    assert checked.returncode == 2
    assert f"{file}:2: field 'slot.colony-cost.value': expected a whole number from 0 to 1000" in checked.stderr
    assert "The costs file is not valid and was skipped: 1 problem found" in checked.stderr
    assert file.read_text(encoding="utf-8").endswith('"three"\n')  # never rewritten by a check
