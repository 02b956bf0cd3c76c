"""Kit files on a USB stick (a real folder, found as export finds sticks, through a mounts file): listed and
checked, a broken one named with its file on the stick and its line; added into the user's kits folder, a name
already taken replaced only when asked, the old file kept beside it; never a file deleted or overwritten."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import registry
from companion.exports import removable_drives
from companion.kit.catalogue import EXAMPLES_DIR, KitAddError, KitNameTaken, add_kit, installed_kits, user_kits_dir
from companion.kit.usb import survey

from .kits import SMALL

DICE_RACE = EXAMPLES_DIR / "dice_race.toml"


@pytest.fixture
def stick(tmp_path: Path) -> Path:
    """A folder standing in for a stick: listed as a mounted vfat drive under the test's own media folder."""
    folder = tmp_path / "media" / "usb0"
    (folder / "games").mkdir(parents=True)
    (folder / ".Trash-1000").mkdir()
    return folder


def drives(stick: Path) -> list[Path]:
    mounts = f"/dev/sda1 {stick} vfat rw,nosuid 0 0\n"
    return removable_drives(mounts, (str(stick.parent) + "/",))


def test_the_kit_files_on_a_stick_are_listed_checked_and_named(stick: Path) -> None:
    (stick / "small.toml").write_text(SMALL, encoding="utf-8")
    (stick / "games" / "race.toml").write_text(DICE_RACE.read_text(encoding="utf-8"), encoding="utf-8")
    (stick / "games" / "broken.toml").write_text(
        SMALL.replace("players = [1, 4]", 'players = [1, "four"]'), encoding="utf-8"
    )
    (stick / ".Trash-1000" / "old.toml").write_text(SMALL, encoding="utf-8")
    (stick / "notes.txt").write_text("not a game", encoding="utf-8")
    found = survey(drives(stick))
    assert [(kit.path.name, kit.name, kit.is_valid) for kit in found] == [
        ("race.toml", "dice_race", True),
        ("small.toml", "small", True),
        ("broken.toml", "", False),
    ]
    race, small, broken = found
    assert race.replaces == DICE_RACE and small.replaces is None
    line = SMALL.splitlines().index("players = [1, 4]") + 1
    assert broken.problem == f'games/broken.toml:{line}: kit.players[1]: expected a whole number, got "four"'


def test_a_kit_is_added_once_and_a_name_taken_is_replaced_only_when_asked(stick: Path) -> None:
    source = stick / "small.toml"
    source.write_text(SMALL, encoding="utf-8")
    target = add_kit(source)
    assert target == user_kits_dir() / "small.toml" and target.read_text(encoding="utf-8") == SMALL
    changed = SMALL.replace('title = { en = "Small"', 'title = { en = "Smaller"')
    source.write_text(changed, encoding="utf-8")
    with pytest.raises(KitNameTaken) as taken:
        add_kit(source)
    assert taken.value.can_replace and taken.value.existing == target
    assert target.read_text(encoding="utf-8") == SMALL  # nothing changed
    assert add_kit(source, replace=True) == target
    assert target.read_text(encoding="utf-8") == changed
    [kept] = [path for path in user_kits_dir().iterdir() if path.name.startswith("small.toml.replaced-")]
    assert kept.read_text(encoding="utf-8") == SMALL  # the old one beside it, out of the list
    assert [info.name for info in installed_kits()[0]].count("small") == 1
    assert source.read_text(encoding="utf-8") == changed  # the stick is only read


def test_a_shipped_example_is_replaced_by_a_users_copy_and_a_pack_name_never(stick: Path) -> None:
    source = stick / "race.toml"
    text = DICE_RACE.read_text(encoding="utf-8").replace("Push Your Luck Dice Race", "Our Dice Race")
    source.write_text(text, encoding="utf-8")
    with pytest.raises(KitNameTaken) as taken:
        add_kit(source)
    assert taken.value.existing == DICE_RACE
    copy = add_kit(source, replace=True)
    assert copy == user_kits_dir() / "dice_race.toml" and DICE_RACE.exists()
    [info] = [info for info in installed_kits()[0] if info.name == "dice_race"]
    assert info.source == str(copy) and info.title.text("en") == "Our Dice Race"
    python = stick / "tb.toml"
    python.write_text(SMALL.replace('name = "small"', 'name = "thunderbirds"'), encoding="utf-8")
    with pytest.raises(KitNameTaken) as refused:
        add_kit(python, replace=True)
    assert not refused.value.can_replace
    assert not (user_kits_dir() / "thunderbirds.toml").exists()
    registry.rescan()


def test_a_file_of_that_name_left_in_the_folder_is_never_overwritten(stick: Path) -> None:
    folder = user_kits_dir()
    folder.mkdir(parents=True)
    (folder / "small.toml").write_text("# somebody's notes, not a kit\n", encoding="utf-8")
    source = stick / "small.toml"
    source.write_text(SMALL, encoding="utf-8")
    for replace in (False, True):
        with pytest.raises(KitAddError, match="already exists"):
            add_kit(source, replace=replace)
    assert (folder / "small.toml").read_text(encoding="utf-8") == "# somebody's notes, not a kit\n"
