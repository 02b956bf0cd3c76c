"""The kit's data editor without a window: what it lists, its forms, and saving them through the pack into the
user's own copy of the kit (a shipped example copied first and never written, comments kept, a bad edit refused
with the file and the field, every file as it was)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from companion.engine import registry
from companion.kit.catalogue import EXAMPLES_DIR, user_kits_dir
from companion.kit.edit import KitEditError
from companion.kit.ui.presenters.editor import (
    FormProblem,
    changes_of,
    draft_for,
    faces_text,
    parse_faces,
    present_editor,
    present_form,
    refusal,
    with_count,
    with_text,
)
from companion.paths import ROOT

ROAD = EXAMPLES_DIR / "thunder_road_upkeep.toml"


@pytest.fixture
def road() -> object:
    yield registry.pack("thunder_road_upkeep")
    registry.forget("thunder_road_upkeep")
    registry.rescan()


def test_the_list_says_what_is_known_of_each_part_and_offers_to_edit_it(road: object) -> None:
    kit = road.definition
    view = present_editor(kit, "dice", str(ROAD))
    assert [tab.key for tab in view.tabs] == ["section:dice", "section:bags"]
    assert view.intro == f"3 of 9 entries complete · saved in {ROAD}"
    texts = [row.text for row in view.rows]
    assert texts[0] == "Movement die: 1, 2, 3, 4, 5, 6 (an inference: check it against your box)"
    assert texts[1] == "Road die: faces not known yet" and view.rows[1].buttons[0].key == "edit:die:1"
    bags = present_editor(kit, "bags", str(ROAD)).rows
    assert [(row.text, row.style) for row in bags][0] == ("Damage tokens", "title")
    assert bags[2].text.endswith("×14 (not known yet)") and bags[2].buttons[0].key == "edit:token:0:1"


def test_a_die_completed_from_the_box_is_saved_in_the_users_copy_keeping_the_comments(road: object) -> None:
    example = ROAD.read_bytes()
    kit = road.definition
    draft = with_text(draft_for(kit, "edit:die:1"), "faces", "1, 2, 3,4 , blank, wild")
    path = road.edit(changes_of(kit, draft))
    assert path == user_kits_dir() / "thunder_road_upkeep.toml"
    assert ROAD.read_bytes() == example, "the shipped example is never written"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Thunder Road: Vendetta (Restoration Games, 2023): the upkeep of the base game as a kit.")
    assert "# [U] The five special dice" in text
    assert tomllib.loads(text)["die"][1]["faces"] == [1, 2, 3, 4, "blank", "wild"]
    assert registry.info("thunder_road_upkeep").source == str(path)  # the copy replaces the example in the list
    assert road.data_status().label() == "4 of 9 entries complete"
    again = present_editor(road.definition, "dice", str(path))
    assert again.rows[1].text == "Road die: 1, 2, 3, 4, Blank, Wild"
    report = subprocess.run(
        [sys.executable, "-m", "companion", "check-data", "--game", "thunder_road_upkeep"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert report.stdout.startswith(f"{path}: valid kit") and "Road die" not in report.stdout


def test_a_bad_edit_is_refused_naming_the_field_and_nothing_is_written(road: object) -> None:
    kit = road.definition
    draft = with_text(draft_for(kit, "edit:die:1"), "faces", "1, 2, skull")
    with pytest.raises(KitEditError) as refused:
        road.edit(changes_of(kit, draft))
    copy = user_kits_dir() / "thunder_road_upkeep.toml"
    assert refusal(refused.value) == "Not saved: die[1].faces[2]: no symbol skull is declared"
    assert not copy.exists(), "the copy made for the edit is taken back"
    assert registry.info("thunder_road_upkeep").source == str(ROAD)
    with pytest.raises(FormProblem, match="Type at least one face."):
        changes_of(kit, with_text(draft, "faces", " , "))


def test_the_token_split_completed_from_the_box(road: object) -> None:
    kit = road.definition
    draft = with_count(with_text(with_text(draft_for(kit, "edit:token:0:1"), "name.en", "Dent"), "name.fr", "Bosse"), 5)
    road.edit(changes_of(kit, draft))
    kit = road.definition
    new = draft_for(kit, "add:token:0")
    assert present_form(kit, new).title == "A new token for Damage tokens" and present_form(kit, new).count == (
        "Tokens in the bag",
        1,
    )
    with pytest.raises(FormProblem, match="Give the name in English and in French."):
        changes_of(kit, with_text(new, "name.en", "Shrapnel"))
    draft = with_count(with_text(with_text(new, "name.en", "Shrapnel"), "name.fr", "Shrapnel"), 3)
    road.edit(changes_of(kit, draft))
    tokens = road.definition.bags[0].tokens
    assert [(t.id, t.name.text("fr"), t.count, t.confidence) for t in tokens[1:]] == [
        ("other", "Bosse", 5, "high"),
        ("shrapnel", "Shrapnel", 3, "high"),
    ]
    text = (user_kits_dir() / "thunder_road_upkeep.toml").read_text(encoding="utf-8")
    assert '[[bag.token]]\nid = "shrapnel"' in text and "# [R] 20 damage tokens, drawn face down" in text


def test_a_card_added_to_a_deck_and_a_card_corrected() -> None:
    pack = registry.pack("dice_race")
    try:
        kit = pack.definition
        draft = draft_for(kit, "add:card:0")
        for key, value in (("name.en", "Flash flood"), ("name.fr", "Crue subite"), ("text.en", "Lose a turn.")):
            draft = with_text(draft, key, value)
        with pytest.raises(FormProblem, match="Give what it says in English and in French."):
            changes_of(kit, draft)
        draft = with_count(with_text(draft, "text.fr", "Passez un tour."), 2)
        pack.edit(changes_of(kit, draft))
        kit = pack.definition
        card = kit.decks[0].cards[-1]
        assert (card.id, card.name.text("fr"), card.count, card.text.text("fr")) == (
            "flash-flood",
            "Crue subite",
            2,
            "Passez un tour.",
        )
        nitro = with_text(draft_for(kit, "edit:card:0:0"), "text.fr", "Avancez de 2 cases.")
        pack.edit(changes_of(kit, nitro))
        fixed = pack.definition.decks[0].cards[0]
        assert (
            fixed.text.text("fr") == "Avancez de 2 cases."
            and fixed.text.text("en") == "Move your marker 2 spaces forward."
        )
        assert "# Boost cards go face down into the drawer's hand." in Path(pack.info.source).read_text("utf-8")
    finally:
        registry.forget("dice_race")
        registry.rescan()


def test_faces_read_back_as_the_file_writes_them() -> None:
    pack = registry.pack("dice_race")
    kit = pack.definition
    written = tomllib.loads((EXAMPLES_DIR / "dice_race.toml").read_text(encoding="utf-8"))["die"]
    for die, raw in zip(kit.dice, written):
        assert parse_faces(faces_text(kit, die)) == raw["faces"]
    assert parse_faces("2 star, Wild, 3 wild") == [{"value": 2, "symbol": "star"}, "wild", {"value": 3, "wild": True}]
