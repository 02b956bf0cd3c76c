"""A broken kit file names the file, the line and the field; the line is the one a person would fix."""

from __future__ import annotations

import pytest
from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.kit.schema import KitError, parse_kit, to_definition
from companion.kit.toml_lines import key_lines
from companion.locale import build, speaking

from .kits import EXAMPLES, SMALL


def line_of(text: str, fragment: str) -> int:
    """The 1-based line where `fragment` first appears in `text`."""
    index = text.index(fragment)
    return text.count("\n", 0, index) + 1


def problems_of(text: str) -> list[tuple[int | None, str, str]]:
    with pytest.raises(KitError) as caught:
        parse_kit(text, "broken.toml")
    return [(p.line, p.field, p.message) for p in caught.value.problems]


# (what to replace, with what, the fragment on the line the error must name, the field named)
BROKEN = [
    ('count = 2\npile = "top"\ntext', 'count = "two"\npile = "top"\ntext', 'count = "two"', "deck[0].card[0].count"),
    ("faces = [1, 2, 3, 4, 5, 6]", "faces = [1, 2, 3.5, 4, 5, 6]", "faces = [1, 2, 3.5", "die[0].faces[2]"),
    ("length = 10", "length = 0", "length = 0", "track[0].length"),
    ('face = "up"', 'face = "sideways"', 'face = "sideways"', "deck[0].face"),
    ('id = "gem"', 'id = "Gem Stone"', 'id = "Gem Stone"', "bag[0].token[1].id"),
    ('name = "small"', 'name = "Small Game"', 'name = "Small Game"', "kit.name"),
    ("players = [1, 4]", "players = [1, 40]", "players = [1, 40]", "kit.players[1]"),
    ("format = 1", "format = 2", "format = 2", "kit.format"),
    ('first = "fixed"', 'first = "fixed"\ncolour = "red"', 'colour = "red"', "turn_order.colour"),
    ("dice = { d6 = 2 }", "dice = { d6 = 2, d20 = 1 }", "dice = { d6 = 2, d20 = 1 }", "dice[1].dice.d20"),
    ('faces = ["star", "wild"', 'faces = ["moon", "wild"', 'faces = ["moon"', "die[1].faces[0]"),
    ('pile = "bottom"\n\n[[deck.card]]', 'pile = "middle"\n\n[[deck.card]]', 'pile = "middle"', "deck[0].card[2].pile"),
    ('set_aside = ["flood"]', 'set_aside = ["flood", "flood", "flood"]', "set_aside = [", "deck[0].set_aside[2]"),
    ("start = 2\nmin = 0\nmax = 5", "start = 9\nmin = 0\nmax = 5", "start = 9", "counter[0].start"),
    ("at = 5", "at = 50", "at = 50", "track[0].space[0].at"),
    ('[lights]\ncounter = "threat"', '[lights]\ncounter = "mana"', 'counter = "mana"', "lights.counter"),
    ('id = "traitor"', 'id = "spy"', 'id = "spy"\nname = { en = "Traitor"', "deck[1].card[1].id"),
    ('title = { en = "Small", fr = "Petit" }', 'title = { en = "Small", fr = "" }', "title = {", "kit.title.fr"),
    (
        'name = { en = "Gold", fr = "Or" }\ncount = 3',
        'name = { en = "Gold" }\ncount = 3',
        'name = { en = "Gold" }',
        "bag[0].token[0].name.fr",
    ),
    ('[[phase.step]]\nid = "act"', '[[phase.step]]\nid = "act"\ndone = true', "done = true", "phase[1].step[0].done"),
    ('first = "fixed"', 'first = "lowest_total"\ndice = "mystery"', 'dice = "mystery"', "turn_order.dice"),
]


@pytest.mark.parametrize(("old", "new", "fragment", "field"), BROKEN, ids=[case[3] for case in BROKEN])
def test_a_broken_file_names_the_line_and_the_field(old: str, new: str, fragment: str, field: str) -> None:
    assert old in SMALL
    text = SMALL.replace(old, new, 1)
    found = problems_of(text)
    assert (line_of(text, fragment), field) in [(line, name) for line, name, _message in found], found


def test_the_message_says_what_is_wrong() -> None:
    text = SMALL.replace("length = 10", "length = 0")
    [(line, field, message)] = problems_of(text)
    assert message == "must be at least 1, got 0"
    text = SMALL.replace('id = "gem"', 'id = "gold"')
    assert any(message == "the id gold is used twice" for _line, _field, message in problems_of(text))


def test_a_missing_field_names_its_table_header() -> None:
    text = SMALL.replace('name = { en = "Doom", fr = "Destin" }\n', "")
    [(line, field, message)] = problems_of(text)
    assert field == "track[1].name"
    assert message == "this field is required"
    assert line == line_of(text, '[[track]]\nid = "doom"')


def test_a_toml_syntax_error_names_its_line() -> None:
    text = SMALL.replace("length = 10", "length = = 10")
    [(line, field, message)] = problems_of(text)
    assert line == line_of(text, "length = = 10")
    assert field == ""
    assert message.startswith("not valid TOML")


def test_errors_read_in_french(french: None) -> None:
    [(_line, _field, message)] = problems_of(SMALL.replace("length = 10", "length = 0"))
    assert message == "doit valoir au moins\u00a01, trouvé\u00a00"


SPY = '[[deck.card]]\nid = "spy"\nname = { en = "Spy", fr = "Espion" }\ncount = 3\n\n'
ONE_SEAT = 'players = [1, 4]\nseat_names = [{ en = "North", fr = "Nord" }]'
TWO_SEATS = 'players = [1, 4]\nseat_names = [{ en = "North", fr = "Nord" }, { en = "South", fr = "Sud" }]'
# (the kit, the field named, the message in English, in French): one and many of each counted thing.
COUNTED = [
    (
        SMALL.replace("players = [1, 4]", ONE_SEAT),
        "kit.seat_names",
        "names 1 seat but up to 4 play",
        "nomme 1\u00a0place",
    ),
    (
        SMALL.replace("players = [1, 4]", TWO_SEATS),
        "kit.seat_names",
        "names 2 seats but up to 4 play",
        "nomme 2\u00a0places",
    ),
    (
        SMALL.replace(SPY, "").replace("set_aside_random = 1", "set_aside_random = 2"),
        "deck[1].set_aside_random",
        "only 1 card is left to set aside",
        "il ne reste que 1\u00a0carte à mettre de côté",
    ),
    (
        SMALL.replace("set_aside_random = 1", "set_aside_random = 9"),
        "deck[1].set_aside_random",
        "only 4 cards are left to set aside",
        "il ne reste que 4\u00a0cartes à mettre de côté",
    ),
    (
        SMALL.replace("dice = { d6 = 2 }", "dice = {}"),
        "dice[1].dice",
        "needs at least 1 item",
        "il faut au moins 1\u00a0élément",
    ),
    (
        SMALL.replace("players = [1, 4]", "players = [1]"),
        "kit.players",
        "needs at least 2 items",
        "il faut au moins 2\u00a0éléments",
    ),
    (
        SMALL.replace("players = [1, 4]", "players = [1, 2, 3]"),
        "kit.players",
        "takes at most 2 items",
        "au plus 2\u00a0éléments",
    ),
]


@pytest.mark.parametrize(("text", "field", "english", "french_start"), COUNTED, ids=[c[2] for c in COUNTED])
def test_a_count_in_a_message_takes_its_plural_in_both_languages(
    text: str, field: str, english: str, french_start: str
) -> None:
    build.main()
    with speaking("en"):
        assert (field, english) in [(name, message) for _line, name, message in problems_of(text)]
    with speaking("fr"):
        messages = [message for _line, name, message in problems_of(text) if name == field]
        assert any(message.startswith(french_start) for message in messages), messages


def test_the_line_scan_follows_strings_inline_tables_and_multiline_arrays() -> None:
    text = '''\
[a]
s = """ [not] a = "header"
x = 1 """
t = 'it''s = not a key'
arr = [
  { v = 1 },  # a comment [with brackets]
  { v = "]" },
]

[[b.c]]
k = 1
[[b.c]]
k = 2
"dotted.key".inner = 3
'''
    lines = key_lines(text)
    assert lines[("a", "s")] == 2
    assert ("x",) not in lines and ("a", "x") not in lines
    assert lines[("a", "t")] == 4
    assert lines[("a", "arr", 0)] == 6
    assert lines[("a", "arr", 1, "v")] == 7
    assert lines[("b", "c", 0, "k")] == 11
    assert lines[("b", "c", 1)] == 12
    assert lines[("b", "c", 1, "dotted.key", "inner")] == 14


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.stem for path in EXAMPLES])
def test_the_examples_are_valid(path: object) -> None:
    from pathlib import Path

    assert isinstance(path, Path)
    kit = to_definition(parse_kit(path.read_text(encoding="utf-8"), str(path)))
    assert kit.name == path.stem


@settings(max_examples=examples(150), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_damaged_line_is_either_valid_or_named(data: st.DataObject) -> None:
    """One line of a valid kit replaced by another of its lines, cut short, or emptied: the kit is valid or
    the error names a line of the file, and nothing else is raised."""
    lines = SMALL.splitlines()
    index = data.draw(st.integers(0, len(lines) - 1))
    how = data.draw(st.sampled_from(("swap", "cut", "empty")))
    if how == "swap":
        lines[index] = lines[data.draw(st.integers(0, len(lines) - 1))]
    elif how == "cut":
        lines[index] = lines[index][: data.draw(st.integers(0, max(len(lines[index]) - 1, 0)))]
    else:
        lines[index] = ""
    text = "\n".join(lines) + "\n"
    try:
        parse_kit(text, "damaged.toml")
    except KitError as error:
        for problem in error.problems:
            assert problem.file == "damaged.toml"
            assert problem.line is not None and 1 <= problem.line <= len(lines), problem
            assert str(problem).startswith(f"damaged.toml:{problem.line}: ")


def test_the_example_in_the_docs_is_a_valid_kit() -> None:
    from companion.paths import ROOT

    doc = (ROOT / "docs" / "kit.md").read_text(encoding="utf-8")
    block = doc.split("### An example", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
    kit = to_definition(parse_kit(block, "docs/kit.md"))
    assert kit.name == "tiny_race" and kit.turn_order.first == "highest_total"
