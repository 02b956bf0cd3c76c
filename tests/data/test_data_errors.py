"""Every kind of broken data gives a problem that names the file, the card and the field, and all are reported."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.games.thunderbirds.errors import DataError, Problem
from companion.games.thunderbirds.loader import load_definitions
from tests.data.conftest import edit, entry

Doc = dict[str, Any]


def problems_of(data_dir: Path, overlay_dir: Path) -> tuple[Problem, ...]:
    with pytest.raises(DataError) as caught:
        load_definitions(data_dir, overlay_dir)
    return caught.value.problems


def find(problems: tuple[Problem, ...], file: str, card_id: str, field: str) -> Problem:
    matches = [p for p in problems if (p.file, p.card_id, p.field) == (file, card_id, field)]
    assert matches, f"no problem for {file}/{card_id}/{field} in:\n" + "\n".join(map(str, problems))
    return matches[0]


def set_field(table: str, entry_id: str, name: str, value: Any) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        entry(doc, table, entry_id)[name] = value

    return change


def drop_field(table: str, entry_id: str, name: str) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        del entry(doc, table, entry_id)[name]

    return change


def set_nested(table: str, entry_id: str, name: str, index: int, key: str, value: Any) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        entry(doc, table, entry_id)[name][index][key] = value

    return change


def set_single(table: str, name: str, value: Any) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        doc[table][name] = value

    return change


def drop_edges(*pairs: tuple[str, str]) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        for key in ("earth_edges", "tb3_path_edges"):
            doc["board"][key] = [e for e in doc["board"][key] if tuple(e) not in pairs and tuple(e[::-1]) not in pairs]

    return change


# (case, file to break, change, expected file, card id, field, words the message must contain)
CASES: list[tuple[str, str, Callable[[Doc], None], str, str, str, str]] = [
    (
        "unknown field",
        "disasters.toml",
        set_field("disaster", "sun-probe", "dificulty", 11),
        "disasters.toml",
        "sun-probe",
        "dificulty",
        "unknown field",
    ),
    (
        "missing field",
        "disasters.toml",
        drop_field("disaster", "sun-probe", "verified"),
        "disasters.toml",
        "sun-probe",
        "verified",
        "missing",
    ),
    (
        "wrong type: text for a number",
        "disasters.toml",
        set_field("disaster", "sun-probe", "difficulty", "eleven"),
        "disasters.toml",
        "sun-probe",
        "difficulty",
        'expected an integer from 2 to 20, got "eleven"',
    ),
    (
        "wrong type: text for a flag",
        "events.toml",
        set_field("event", "rocket-malfunction", "verified", "yes"),
        "events.toml",
        "rocket-malfunction",
        "verified",
        "expected true or false",
    ),
    (
        "wrong type: names",
        "fab.toml",
        set_field("fab", "jeffs-orders", "names", "Jeff's Orders"),
        "fab.toml",
        "jeffs-orders",
        "names",
        "expected a table",
    ),
    (
        "wrong type: list",
        "schemes.toml",
        set_field("scheme", "voile-de-peur", "regions", "north-atlantic"),
        "schemes.toml",
        "voile-de-peur",
        "regions",
        "expected a list",
    ),
    (
        "wrong choice",
        "disasters.toml",
        set_field("disaster", "sun-probe", "rescue_type", "fire"),
        "disasters.toml",
        "sun-probe",
        "rescue_type",
        "air, sea, land, space",
    ),
    ("bad id", "pods.toml", set_field("pod", "domo", "id", "Domo Pod"), "pods.toml", "pod[6]", "id", "kebab-case"),
    (
        "id ending in a newline",
        "pods.toml",
        set_field("pod", "domo", "id", "domo\n"),
        "pods.toml",
        "pod[6]",
        "id",
        "kebab-case",
    ),
    (
        "dangling region",
        "disasters.toml",
        set_field("disaster", "sun-probe", "region", "atlantis"),
        "disasters.toml",
        "sun-probe",
        "region",
        'no region has the id "atlantis"',
    ),
    (
        "dangling vehicle",
        "disasters.toml",
        set_nested("disaster", "towering-ocean", "bonuses", 0, "vehicle", "tb7"),
        "disasters.toml",
        "towering-ocean",
        "bonuses[0].vehicle",
        '"tb7"',
    ),
    (
        "dangling pod",
        "schemes.toml",
        set_nested("scheme", "voile-de-peur", "pieces", 1, "pod", "drill"),
        "schemes.toml",
        "voile-de-peur",
        "pieces[1].pod",
        '"drill"',
    ),
    (
        "dangling character",
        "disasters.toml",
        set_nested("disaster", "ricochet", "bonuses", 1, "character", "brains"),
        "disasters.toml",
        "ricochet",
        "bonuses[1].character",
        '"brains"',
    ),
    (
        "dangling token kind",
        "disasters.toml",
        set_field("disaster", "ricochet", "rewards", ["courage"]),
        "disasters.toml",
        "ricochet",
        "rewards[0]",
        '"courage"',
    ),
    (
        "dangling start vehicle",
        "characters.toml",
        set_field("character", "alan", "start_vehicle", "tb9"),
        "characters.toml",
        "alan",
        "start_vehicle",
        '"tb9"',
    ),
    (
        "dangling ability token",
        "characters.toml",
        set_nested("character", "alan", "ability", 0, "token", "luck"),
        "characters.toml",
        "alan",
        "ability[0].token",
        '"luck"',
    ),
    (
        "dangling event vehicle",
        "events.toml",
        set_nested("event", "attack-of-the-zombites", "effects", 0, "vehicle", "tb6"),
        "events.toml",
        "attack-of-the-zombites",
        "effects[0].vehicle",
        '"tb6"',
    ),
    (
        "blocked edge not on the board",
        "events.toml",
        set_nested("event", "icelandic-volcano-eruption", "effects", 0, "edges", [["europe", "australia"]]),
        "events.toml",
        "icelandic-volcano-eruption",
        "effects[0].edges[0]",
        "not an edge",
    ),
    (
        "negative speed",
        "vehicles.toml",
        set_field("vehicle", "tb1", "speed", -1),
        "vehicles.toml",
        "tb1",
        "speed",
        "from 0 to 10, got -1",
    ),
    (
        "no seats",
        "vehicles.toml",
        set_field("vehicle", "tb2", "seats", 0),
        "vehicles.toml",
        "tb2",
        "seats",
        "from 1 to 10, got 0",
    ),
    (
        "too many riders",
        "characters.toml",
        set_field("character", "virgil", "start_vehicle", "tb4"),
        "vehicles.toml",
        "tb4",
        "seats",
        "2 characters start in it",
    ),
    (
        "difficulty out of range",
        "disasters.toml",
        set_field("disaster", "city-of-fire", "difficulty", 25),
        "disasters.toml",
        "city-of-fire",
        "difficulty",
        "from 2 to 20, got 25",
    ),
    (
        "no-dice card with a difficulty",
        "disasters.toml",
        set_field("disaster", "la-montee-d-assouan", "difficulty", 8),
        "disasters.toml",
        "la-montee-d-assouan",
        "difficulty",
        "no-dice",
    ),
    (
        "scheme level out of range",
        "schemes.toml",
        set_field("scheme", "voile-de-peur", "level", 5),
        "schemes.toml",
        "voile-de-peur",
        "level",
        "from 1 to 4, got 5",
    ),
    (
        "token requirement outside the card's regions",
        "schemes.toml",
        set_nested("scheme", "voile-de-peur", "tokens", 0, "region", "asia"),
        "schemes.toml",
        "voile-de-peur",
        "tokens[0].region",
        "not one of the card's regions",
    ),
    (
        "hood track space out of range",
        "hood_track.toml",
        set_single("hood_track", "event_spaces", [2, 4, 8, 20]),
        "hood_track.toml",
        "hood-track",
        "event_spaces[3]",
        "from 1 to 14, got 20",
    ),
    (
        "hood track spaces overlapping",
        "hood_track.toml",
        set_single("hood_track", "scheme_spaces", [4, 10, 14]),
        "hood_track.toml",
        "hood-track",
        "scheme_spaces",
        "space 4 holds both",
    ),
    (
        "hood track spaces out of order",
        "hood_track.toml",
        set_single("hood_track", "scheme_spaces", [10, 6, 14]),
        "hood_track.toml",
        "hood-track",
        "scheme_spaces[1]",
        "increasing",
    ),
    (
        "difficulty events and track disagree",
        "difficulties.toml",
        set_field("difficulty", "heroic", "events", 5),
        "difficulties.toml",
        "heroic",
        "events",
        "4 event spaces",
    ),
    (
        "completeness claims too much",
        "disasters.toml",
        set_field("disaster", "unknown-disaster-2", "completeness", "complete"),
        "disasters.toml",
        "unknown-disaster-2",
        "completeness",
        "region",
    ),
    (
        "unknown ability kind",
        "characters.toml",
        set_nested("character", "john", "ability", 0, "kind", "teleport"),
        "characters.toml",
        "john",
        "ability[0].kind",
        '"teleport"',
    ),
    (
        "board edge to a missing region",
        "board.toml",
        lambda doc: doc["board"]["earth_edges"].append(["europe", "greenland"]),
        "board.toml",
        "board",
        "earth_edges[22]",
        '"greenland"',
    ),
    (
        "Earth graph not connected",
        "board.toml",
        drop_edges(("asia", "indian-ocean"), ("africa", "indian-ocean"), ("indian-ocean", "australia")),
        "board.toml",
        "board",
        "earth_edges",
        "indian-ocean cannot be reached",
    ),
    (
        "TB3 path not connecting Tracy Island",
        "board.toml",
        drop_edges(("mars", "asteroid-belt")),
        "board.toml",
        "board",
        "tb3_path_edges",
        "asteroid-belt",
    ),
    (
        "Earth edge into space",
        "board.toml",
        lambda doc: doc["board"]["earth_edges"].append(["europe", "the-moon"]),
        "board.toml",
        "board",
        "earth_edges",
        "the-moon is a space region",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_each_error_names_file_card_and_field(
    case: tuple[str, str, Callable[[Doc], None], str, str, str, str], data_dir: Path, overlay_dir: Path
) -> None:
    _name, file_name, change, file, card_id, field, words = case
    edit(data_dir, file_name, change)
    problem = find(problems_of(data_dir, overlay_dir), file, card_id, field)
    assert words in problem.message
    text = str(problem)
    assert text.startswith(f"{file}: ")
    assert f'"{card_id}"' in text and f'"{field}"' in text


def test_the_message_reads_like_the_example(data_dir: Path, overlay_dir: Path) -> None:
    edit(data_dir, "disasters.toml", set_field("disaster", "sun-probe", "difficulty", "eleven"))
    texts = [str(p) for p in problems_of(data_dir, overlay_dir)]
    assert texts == [
        'disasters.toml: card "sun-probe": field "difficulty": expected an integer from 2 to 20, got "eleven"'
    ]


def test_toml_syntax_error_names_file_and_line(data_dir: Path, overlay_dir: Path) -> None:
    path = data_dir / "events.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines.insert(4, "this is = = not toml")
    path.write_text("\n".join(lines), encoding="utf-8")
    problem = find(problems_of(data_dir, overlay_dir), "events.toml", "", "")
    assert "invalid TOML" in problem.message and "line 5" in problem.message


def test_duplicate_id_in_one_file(data_dir: Path, overlay_dir: Path) -> None:
    def duplicate(doc: Doc) -> None:
        doc["event"].append(dict(entry(doc, "event", "master-of-disguise")))

    edit(data_dir, "events.toml", duplicate)
    problem = find(problems_of(data_dir, overlay_dir), "events.toml", "master-of-disguise", "id")
    assert "duplicate id (also in events.toml)" in problem.message


def test_duplicate_id_across_files(data_dir: Path, overlay_dir: Path) -> None:
    (data_dir / "more_fab.toml").write_text(
        '[[fab]]\nid = "jeffs-orders"\nnames = { en = "Jeff\'s Orders" }\nverified = false\nnote = "copy"\n',
        encoding="utf-8",
    )
    problem = find(problems_of(data_dir, overlay_dir), "more_fab.toml", "jeffs-orders", "id")
    assert "also in fab.toml" in problem.message


def test_unknown_table(data_dir: Path, overlay_dir: Path) -> None:
    (data_dir / "extra.toml").write_text('[[villain]]\nid = "the-hood"\n', encoding="utf-8")
    problem = find(problems_of(data_dir, overlay_dir), "extra.toml", "", "villain")
    assert "unknown table" in problem.message


@pytest.mark.parametrize(
    ("file_name", "change", "words"),
    [
        ("disasters.toml", lambda doc: doc["disaster"].pop(0), "expected 39 disaster cards and 8"),
        ("disasters.toml", lambda doc: doc["disaster"].pop(), "found 39 and 7"),
        ("events.toml", lambda doc: doc["event"].pop(), "expected 12 event entries, found 11"),
        ("fab.toml", lambda doc: doc["fab"].pop(), "expected 18 fab entries, found 17"),
        ("schemes.toml", lambda doc: doc["scheme"].pop(), "expected 20 scheme cards, found 19"),
        (
            "schemes.toml",
            lambda doc: [s.update(level=3) for s in doc["scheme"] if s["level"] == 4],
            "no scheme card has level 4",
        ),
        ("tokens.toml", set_field("token", "logistics", "count", 5), "expected 30 tokens in all, found 29"),
        ("pods.toml", lambda doc: doc["pod"].pop(), "expected 10 pod entries, found 9"),
    ],
)
def test_wrong_counts_name_the_file(
    file_name: str, change: Callable[[Doc], None], words: str, data_dir: Path, overlay_dir: Path
) -> None:
    edit(data_dir, file_name, change)
    problems = problems_of(data_dir, overlay_dir)
    assert any(p.file == file_name and words in p.message for p in problems), "\n".join(map(str, problems))


def test_all_problems_are_reported_together(data_dir: Path, overlay_dir: Path) -> None:
    edit(data_dir, "vehicles.toml", set_field("vehicle", "tb3", "speed", "fast"))
    edit(data_dir, "fab.toml", set_field("fab", "experimental-fuel", "timing", "whenever"))
    edit(data_dir, "pods.toml", set_field("pod", "mole", "starts_built", 1))
    problems = problems_of(data_dir, overlay_dir)
    assert {(p.file, p.card_id, p.field) for p in problems} == {
        ("vehicles.toml", "tb3", "speed"),
        ("fab.toml", "experimental-fuel", "timing"),
        ("pods.toml", "mole", "starts_built"),
    }


def test_the_error_is_a_value_error_with_every_problem_in_its_text(data_dir: Path, overlay_dir: Path) -> None:
    edit(data_dir, "vehicles.toml", set_field("vehicle", "tb3", "speed", "fast"))
    with pytest.raises(ValueError, match=r'vehicles.toml: card "tb3": field "speed"'):
        load_definitions(data_dir, overlay_dir)
