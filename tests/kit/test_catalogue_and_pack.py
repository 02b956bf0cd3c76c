"""The kit games Home will list (the examples and the user's kits, a broken file skipped and reported), the Pack
the shell loads for one, and editing a user's kit keeping its comments."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engine.pack import PackInfo
from companion.kit.catalogue import EXAMPLES_DIR, KitAddError, add_kit, installed_kits, user_kits_dir
from companion.kit.edit import KitEditError, edit_kit, user_copy
from companion.kit.pack import make_pack
from companion.kit.schema import KitError, read_kit
from companion.locale import speaking

from .kits import SMALL, start


def user_kit(name: str, text: str) -> Path:
    folder = user_kits_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_examples_are_listed_with_their_facts() -> None:
    infos, problems = installed_kits()
    assert problems == ()
    by_name = {info.name: info for info in infos}
    assert set(by_name) == {"dice_race", "thunder_road_upkeep"}
    race = by_name["dice_race"]
    assert race.support == "kit" and race.load == "companion.kit.pack:make_pack"
    assert race.source == str(EXAMPLES_DIR / "dice_race.toml")
    assert race.players == (2, 5) and race.hides_information and race.has_chance
    assert not by_name["thunder_road_upkeep"].hides_information


def test_a_broken_user_kit_is_skipped_and_reported_the_others_still_listed() -> None:
    assert Path(os.environ["COMPANION_DATA_DIR"]) in user_kits_dir().parents
    user_kit("small.toml", SMALL)
    broken = user_kit("broken.toml", SMALL.replace('name = "small"', 'name = "other"').replace("max = 5", "max = x"))
    clash = user_kit("twin.toml", SMALL)
    python = user_kit("tb.toml", SMALL.replace('name = "small"', 'name = "thunderbirds"'))
    infos, problems = installed_kits()
    assert {info.name for info in infos} == {"dice_race", "thunder_road_upkeep", "small"}
    found = {problem.file: problem for problem in problems}
    assert set(found) == {str(broken), str(clash), str(python)}
    line = SMALL[: SMALL.index("max = 5")].count("\n") + 1
    assert str(found[str(broken)]) == f"{broken}:{line}: not valid TOML: Unexpected character: 'x'"
    assert str(found[str(clash)]).endswith("kit.name: the name small is already taken by another game")
    assert found[str(python)].line == SMALL[: SMALL.index('name = "small"')].count("\n") + 1


def test_make_pack_and_what_it_tells_the_shell() -> None:
    path = user_kit("small.toml", SMALL)
    [info] = [i for i in installed_kits()[0] if i.name == "small"]
    pack = make_pack(info)
    status = pack.data_status()
    assert (status.known, status.total) == (
        13,
        15,
    )  # 6 cards, 3 dice, 4 token kinds, 2 tracks and not status.is_complete
    assert status.missing == (
        "Events: the card Unread card is not described yet.",
        "The faces of Mystery die are not known yet.",
    )
    setup = pack.setup_for(3, {})
    assert setup["players"] == 3 and setup["kit"]["kit"]["name"] == "small"
    state = start(setup)
    assert pack.screen_for(state) == pack.first_screen() == "table"
    line = pack.saved_game_line(pack.rules.summary(state))
    assert (line.players, line.status, line.is_over) == ("3 players", "Round 1 · Player 1 to play", False)
    over = pack.saved_game_line({"over": True, "round": 3, "players": 1})
    assert over.is_over and (over.players, over.status) == ("1 player", "Game over after round 3")
    assert pack.seats(state) == ("Player 1", "Player 2", "Player 3")
    assert pack.table_screen == "table" and set(pack.screens) == {"adjust", "editor", "table"}
    assert pack.editor_screen == "editor"
    path.write_text(SMALL.replace('name = "small"', 'name = "renamed"'), encoding="utf-8")
    with pytest.raises(Exception, match="now declares the kit renamed"):
        make_pack(info)


def test_make_pack_of_a_file_broken_since_it_was_listed_names_the_line() -> None:
    path = user_kit("small.toml", SMALL)
    [info] = [i for i in installed_kits()[0] if i.name == "small"]
    path.write_text(SMALL.replace("length = 10", "length = 0"), encoding="utf-8")
    line = SMALL[: SMALL.index("length = 10")].count("\n") + 1
    with pytest.raises(Exception, match=f"small.toml:{line}: track\\[0\\].length"):
        make_pack(info)


def test_add_refuses_a_file_already_in_the_folder(tmp_path: Path) -> None:
    user_kit("small.toml", SMALL.replace('name = "small"', 'name = "elsewhere"'))
    source = tmp_path / "small.toml"
    source.write_text(SMALL, encoding="utf-8")
    with pytest.raises(KitAddError, match="already exists"):
        add_kit(source)
    assert 'name = "elsewhere"' in (user_kits_dir() / "small.toml").read_text(encoding="utf-8")


def test_editing_a_user_kit_keeps_its_comments_and_refuses_a_bad_edit() -> None:
    path = user_kit("small.toml", SMALL)
    edit_kit(path, [(("die", 2, "faces"), ["star", 1, 2]), (("die", 2, "confidence"), "high")])
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# A small kit for tests.\n")
    assert read_kit(path).die("mystery").is_known
    before = path.read_bytes()
    with pytest.raises(KitEditError, match="must be at least 1"):
        edit_kit(path, [(("track", 0, "length"), 0)])
    with pytest.raises(KitEditError, match="has no field"):
        edit_kit(path, [(("deck", 9, "face"), "up")])
    assert path.read_bytes() == before


def test_a_shipped_example_is_edited_through_a_user_copy_which_replaces_it() -> None:
    example = EXAMPLES_DIR / "thunder_road_upkeep.toml"
    before = example.read_bytes()
    with pytest.raises(KitEditError, match="shipped with the companion"):
        edit_kit(example, [(("die", 1, "faces"), [1])])
    copy = user_copy(example)
    edit_kit(copy, [(("die", 1, "faces"), [0, 1, 2, 3, 4, 5]), (("die", 1, "confidence"), "high")])
    assert example.read_bytes() == before
    infos, problems = installed_kits()
    assert problems == ()
    [listed] = [info for info in infos if info.name == "thunder_road_upkeep"]
    assert listed.source == str(copy)
    assert make_pack(listed).definition.die("road").is_known
    with pytest.raises(KitAddError):
        user_copy(example)


def test_pack_info_fields_are_what_the_registry_expects() -> None:
    infos, _problems = installed_kits()
    for info in infos:
        assert isinstance(info, PackInfo)
        assert info.options == () and info.title.text("en") and info.title.text("fr") and info.blurb.text("fr")


LISTING = """
import sys
from companion.engine import registry
print(" ".join(info.name for info in registry.available()))
print(" | ".join(str(problem) for problem in registry.problems()))
print("validated" if "pydantic" in sys.modules else "remembered")
"""


def scan() -> list[str]:
    """Home's scan of the installed games, in a process of its own as the app's is: the games, the problems,
    and whether a kit file had to be validated (pydantic imported) or was remembered."""
    done = subprocess.run([sys.executable, "-c", LISTING], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_a_kit_file_seen_valid_is_listed_again_without_validating_it() -> None:
    """Listing the games at each start costs no validation of files already checked (a quarter of a second and
    20 MB); an edited file is checked again and named with its line when broken; a damaged memory is ignored."""
    path = user_kit("small.toml", SMALL)
    games = (
        "dice_race federation small the_thing thunder_road thunder_road_upkeep thunderbirds thunderbirds_solitaire "
        "warpspawn_thunderbirds"
    )
    assert scan() == [games, "", "validated"]
    assert scan() == [games, "", "remembered"]
    path.write_text(SMALL.replace("max = 5", "max = x"), encoding="utf-8")
    line = SMALL[: SMALL.index("max = 5")].count("\n") + 1
    assert scan() == [
        games.replace(" small", ""),
        f"{path}:{line}: not valid TOML: Unexpected character: 'x'",
        "validated",
    ]
    assert scan()[2] == "validated", "a broken file is checked, and named, at every scan"
    path.write_text(SMALL, encoding="utf-8")
    assert scan() == [games, "", "validated"]  # mended: listed again
    memory = Path(os.environ["COMPANION_STATE_DIR"]) / "cache" / "kit-listing.json"
    memory.write_text('{"format": 1, "code": "', encoding="utf-8")
    assert scan() == [games, "", "validated"]
    assert scan() == [games, "", "remembered"]


def test_a_broken_kit_is_named_in_the_language_of_the_moment_and_in_plain_words() -> None:
    """Home scans the games once; its list of broken kits then reads in French after a switch. A file that is not
    UTF-8 or not there says so as the config file does, not in Python's words."""
    broken = user_kit("broken.toml", SMALL.replace('name = "small"', 'name = "other"').replace("length = 10", ""))
    latin = user_kit("latin.toml", SMALL.replace('name = "small"', 'name = "latin"'))
    latin.write_bytes(latin.read_text(encoding="utf-8").encode("latin-1"))
    _infos, problems = installed_kits()
    found = {problem.file: problem for problem in problems}
    assert str(found[str(broken)]).endswith(": track[0].length: this field is required")
    position = SMALL.encode("utf-8").index("É".encode())
    assert str(found[str(latin)]) == f"{latin}: not UTF-8 text (byte {position})"
    with speaking("fr"):
        assert str(found[str(broken)]).endswith(": track[0].length: ce champ est obligatoire")
        assert str(found[str(latin)]) == f"{latin}: pas du texte UTF-8 (octet\u00a0{position})"
    missing = read_kit_problem(latin.with_name("gone.toml"))
    assert missing == f"{latin.with_name('gone.toml')}: there is no such file"


def read_kit_problem(path: Path) -> str:
    with pytest.raises(KitError) as refused:
        read_kit(path)
    return str(refused.value)
