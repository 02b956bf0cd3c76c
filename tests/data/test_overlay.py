"""The user overlay: it completes and corrects shipped cards, is validated like them, names its own file in
errors, never stops the app when broken, and is written atomically by the card editor's API."""

from __future__ import annotations

import math
import tomllib
from pathlib import Path
from typing import Any

import pytest
from depth import examples
from hypothesis import example, given, settings
from hypothesis import strategies as st

from companion import paths
from companion.games.thunderbirds.errors import DataError
from companion.games.thunderbirds.loader import (
    clear_definitions_cache,
    default_definitions,
    default_overlay_problems,
    load_definitions,
    load_report,
)
from companion.games.thunderbirds.overlay import (
    clear_card,
    dumps,
    load_definitions_safe,
    overlay_entry,
    replace_card,
    set_card_fields,
)
from tests.data.conftest import SHIPPED, edit, entry

COMPLETED = {
    "names": {"en": "Read from the box", "fr": "Lue dans la boîte"},
    "region": "africa",
    "rescue_type": "land",
    "difficulty": 9,
    "bonuses": [{"pod": "mole", "value": 2}, {"character": "scott", "value": 2, "region": "asia"}],
    "rewards": ["technology", "joker"],
    "verified": True,
}


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_overlay_completes_an_unknown_card(overlay_dir: Path) -> None:
    write(overlay_dir / "disasters.toml", dumps({"disaster": [{"id": "unknown-disaster-1", **COMPLETED}]}))
    defs, report = load_report(SHIPPED, overlay_dir)
    card = defs.disasters["unknown-disaster-1"]
    assert (card.region, card.rescue_type, card.difficulty) == ("africa", "land", 9)
    assert card.names.en == "Read from the box" and card.completeness == "complete"
    assert card.source.verified and card.source.note.startswith("UNKNOWN")  # the shipped note is kept
    status = next(e for e in report.table("disaster") if e.id == "unknown-disaster-1")
    assert status.completeness == "complete" and status.missing == ()
    assert str(overlay_dir / "disasters.toml") in defs.sources


def test_overlay_replaces_only_the_fields_it_gives(overlay_dir: Path) -> None:
    write(overlay_dir / "vehicles.toml", '[[vehicle]]\nid = "tb1"\nseats = 2\nseats_verified = true\n')
    write(overlay_dir / "hood_track.toml", "[hood_track]\nlength = 16\nverified = true\n")
    defs = load_definitions(SHIPPED, overlay_dir)
    assert defs.vehicles["tb1"].seats == 2 and defs.vehicles["tb1"].speed == 3
    assert defs.hood_track.length == 16 and defs.hood_track.event_spaces == (2, 4, 8, 12)


def test_overlay_errors_name_the_overlay_file(overlay_dir: Path) -> None:
    path = write(overlay_dir / "disasters.toml", '[[disaster]]\nid = "sun-probe"\ndifficulty = "eleven"\n')
    with pytest.raises(DataError) as caught:
        load_definitions(SHIPPED, overlay_dir)
    assert [str(p) for p in caught.value.problems] == [
        f'{path}: card "sun-probe": field "difficulty": expected an integer from 2 to 20, got "eleven"'
    ]


def test_each_field_names_the_file_that_set_it(data_dir: Path, overlay_dir: Path) -> None:
    edit(data_dir, "disasters.toml", lambda doc: entry(doc, "disaster", "sun-probe").update(region="atlantis"))
    write(overlay_dir / "disasters.toml", '[[disaster]]\nid = "sun-probe"\nrewards = ["gold"]\n')
    with pytest.raises(DataError) as caught:
        load_definitions(data_dir, overlay_dir)
    assert {(p.file, p.card_id, p.field) for p in caught.value.problems} == {
        ("disasters.toml", "sun-probe", "region"),
        (str(overlay_dir / "disasters.toml"), "sun-probe", "rewards[0]"),
    }


@pytest.mark.parametrize(
    ("text", "card_id", "field", "words"),
    [
        ('[[disaster]]\nid = "not-a-card"\ndifficulty = 9\n', "not-a-card", "id", "no shipped disaster"),
        ('[[region]]\nid = "europe"\nnames = { en = "Eurasia" }\n', "", "region", "cannot be changed"),
        ('[[fab]]\nid = "jeffs-orders"\ncolour = "red"\n', "jeffs-orders", "colour", "unknown field"),
    ],
)
def test_overlay_refusals(overlay_dir: Path, text: str, card_id: str, field: str, words: str) -> None:
    path = write(overlay_dir / "mine.toml", text)
    with pytest.raises(DataError) as caught:
        load_definitions(SHIPPED, overlay_dir)
    problem = next(p for p in caught.value.problems if p.field == field)
    assert (problem.file, problem.card_id) == (str(path), card_id) and words in problem.message


def test_a_broken_overlay_is_skipped_and_reported(overlay_dir: Path) -> None:
    write(overlay_dir / "events.toml", '[[event]]\nid = "master-of-disguise"\ntext = { en = "Read it" }\n')
    bad_syntax = write(overlay_dir / "fab.toml", "[[fab]\nid = \n")
    bad_value = write(overlay_dir / "vehicles.toml", '[[vehicle]]\nid = "tb2"\nspeed = -4\n')
    defs, problems = load_definitions_safe(SHIPPED, overlay_dir)
    assert defs.events["master-of-disguise"].text.en == "Read it"  # the good file is applied
    assert defs.vehicles["tb2"].speed == 2  # the bad one is not
    assert {p.file for p in problems} == {str(bad_syntax), str(bad_value)}
    assert any("invalid TOML" in p.message for p in problems)
    assert str(bad_value) not in defs.sources and str(overlay_dir / "events.toml") in defs.sources


def test_default_definitions_survive_a_broken_overlay() -> None:
    overlay = paths.user_data_dir() / "overlay" / "thunderbirds"
    overlay.mkdir(parents=True)
    write(overlay / "disasters.toml", "not toml at all [")
    clear_definitions_cache()
    try:
        assert len(default_definitions().disasters) == 47
        (problem,) = default_overlay_problems()
        assert problem.file == str(overlay / "disasters.toml") and "invalid TOML" in problem.message
    finally:
        clear_definitions_cache()


def test_set_card_fields_writes_validates_and_returns_the_previous_entry(overlay_dir: Path) -> None:
    first = set_card_fields("disaster", "unknown-disaster-3", {"region": "asia"}, overlay_dir, SHIPPED)
    assert first == {}
    second = set_card_fields("disaster", "unknown-disaster-3", COMPLETED, overlay_dir, SHIPPED)
    assert second == {"region": "asia"}
    assert overlay_entry("disaster", "unknown-disaster-3", overlay_dir) == COMPLETED
    assert load_definitions(SHIPPED, overlay_dir).disasters["unknown-disaster-3"].completeness == "complete"
    assert [p.name for p in overlay_dir.iterdir()] == ["disasters.toml"]  # no temporary file left behind
    replace_card("disaster", "unknown-disaster-3", second, overlay_dir, SHIPPED)  # the editor's undo
    assert overlay_entry("disaster", "unknown-disaster-3", overlay_dir) == {"region": "asia"}


def test_an_invalid_edit_is_refused_and_changes_nothing(overlay_dir: Path) -> None:
    set_card_fields("vehicle", "tb1", {"seats": 2}, overlay_dir, SHIPPED)
    before = (overlay_dir / "vehicles.toml").read_bytes()
    with pytest.raises(DataError) as caught:
        set_card_fields("vehicle", "tb1", {"speed": -1}, overlay_dir, SHIPPED)
    assert [(p.file, p.card_id, p.field) for p in caught.value.problems] == [
        (str(overlay_dir / "vehicles.toml"), "tb1", "speed")
    ]
    assert (overlay_dir / "vehicles.toml").read_bytes() == before
    assert sorted(p.name for p in overlay_dir.iterdir()) == ["vehicles.toml"]


def test_an_edit_is_not_blocked_by_another_broken_overlay_file(overlay_dir: Path) -> None:
    write(overlay_dir / "events.toml", "broken = [")
    set_card_fields("fab", "jeffs-orders", {"timing": "any-time"}, overlay_dir, SHIPPED)
    assert overlay_entry("fab", "jeffs-orders", overlay_dir) == {"timing": "any-time"}


def test_none_drops_a_field_and_clear_card_removes_the_card(overlay_dir: Path) -> None:
    set_card_fields("character", "scott", {"rescue_bonus": 3, "rescue_bonus_verified": True}, overlay_dir, SHIPPED)
    set_card_fields("character", "virgil", {"colour": "green"}, overlay_dir, SHIPPED)
    set_card_fields("character", "scott", {"rescue_bonus_verified": None}, overlay_dir, SHIPPED)
    assert overlay_entry("character", "scott", overlay_dir) == {"rescue_bonus": 3}
    assert clear_card("character", "scott", overlay_dir) == {"rescue_bonus": 3}
    assert overlay_entry("character", "scott", overlay_dir) == {}
    assert load_definitions(SHIPPED, overlay_dir).characters["scott"].rescue_bonus == 2
    assert clear_card("character", "virgil", overlay_dir) == {"colour": "green"}
    assert not (overlay_dir / "characters.toml").exists()
    assert clear_card("character", "virgil", overlay_dir) == {}


def test_hood_track_is_one_entry(overlay_dir: Path) -> None:
    set_card_fields("hood-track", "hood-track", {"length": 17, "scheme_spaces": [6, 10, 16]}, overlay_dir, SHIPPED)
    assert load_definitions(SHIPPED, overlay_dir).hood_track.scheme_spaces == (6, 10, 16)
    with pytest.raises(DataError):
        set_card_fields("hood-track", "other", {"length": 17}, overlay_dir, SHIPPED)


def test_unknown_kind_and_id_changes_are_refused(overlay_dir: Path) -> None:
    with pytest.raises(DataError, match="unknown kind"):
        set_card_fields("region", "europe", {"domain": "space"}, overlay_dir, SHIPPED)
    with pytest.raises(DataError, match="cannot be changed"):
        set_card_fields("fab", "jeffs-orders", {"id": "jeff"}, overlay_dir, SHIPPED)
    with pytest.raises(DataError, match="no shipped fab"):
        set_card_fields("fab", "jeffs-order", {"timing": "any-time"}, overlay_dir, SHIPPED)
    assert list(overlay_dir.iterdir()) == []


def test_the_editor_writes_to_the_user_data_directory_by_default() -> None:
    set_card_fields("event", "kyrano-kyrano", {"text": {"en": "As printed"}})
    target = paths.user_data_dir() / "overlay" / "thunderbirds" / "events.toml"
    assert tomllib.loads(target.read_text(encoding="utf-8")) == {
        "event": [{"id": "kyrano-kyrano", "text": {"en": "As printed"}}]
    }
    assert default_definitions().events["kyrano-kyrano"].text.en == "As printed"  # the cache was cleared


scalars = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False),
    st.text(),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(), inner, max_size=4)),
    max_leaves=12,
)
documents = st.fixed_dictionaries(
    {},
    optional={
        "disaster": st.lists(st.dictionaries(st.text(min_size=1), values, max_size=5), min_size=1, max_size=3),
        "hood_track": st.dictionaries(st.text(), values, max_size=4),
    },
)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


@settings(max_examples=examples(100), deadline=None)
@given(documents)
@example({"hood_track": {"0\n": []}, "disaster": [{"id\n": "x"}]})  # a key ending in a newline is quoted
def test_the_toml_writer_round_trips(doc: dict[str, Any]) -> None:
    assert _same(tomllib.loads(dumps(doc)), doc)
