"""The prompts at the key moments of a Thunderbirds game, in both languages, without a window: one foil button on
the Scheme screen, the roll read against the card ("Score 9, 7 needed"), a no-dice card explained on its tile,
closed routes named on the Table and drawn on the Board, and the pause before a turn ends with actions left.
The real app shows the same by touch in test_ui_prompts.py."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from companion import locale
from companion.engine.chance import LiveChance
from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds.legal import legal_actions
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.setup import initial_state
from companion.games.thunderbirds.simulate import steps
from companion.games.thunderbirds.state import LastingEffect, evolve
from companion.games.thunderbirds.ui.presenters.board import present_board
from companion.games.thunderbirds.ui.presenters.rescue import score_text
from companion.games.thunderbirds.ui.presenters.scheme import foil_label, present_scheme
from companion.games.thunderbirds.ui.presenters.table import present_table
from companion.locale import build

VOLCANO = "icelandic-volcano-eruption"
CLOSED = (("europe", "north-atlantic"), ("africa", "north-atlantic"), ("africa", "south-atlantic"))


def name(character: str) -> str:
    return character.title()


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    build.main()
    locale.set_language(request.param)
    yield request.param
    locale.set_language("en")


def start(seed: int = 34) -> Any:
    chance = LiveChance(seed)
    state = initial_state({"players": 2, "difficulty": "introduction"}, chance)
    return evolve(state, rng=chance.rng_after)


def table(state: Any) -> Any:
    defs = default_definitions()
    return present_table(state, defs, legal_actions(state, defs), name, str)


def test_a_scheme_the_companion_cannot_check_has_one_foil_button(language: str) -> None:
    """The bot's own foil of seed 34: the rules list a confirmed foil, and the screen used to show it as a second
    green button beside the players' confirmation. Now the confirmation is the only way."""
    defs = default_definitions()
    step = next(s for s in steps(2, "introduction", 34, defs) if isinstance(s.action, a.FoilScheme))
    legal = legal_actions(step.before, defs)
    assert any(isinstance(x, a.FoilScheme) for x in legal)
    view = present_scheme(step.before, defs, legal, str, [], name)
    assert view.foils == ()
    assert view.confirm_key == "foil:confirm" and view.confirm_label
    picked = present_scheme(step.before, defs, legal, str, list(step.action.discards), name)
    assert picked.foils == () and picked.confirm_key == "foil:confirm"


def test_two_ways_to_pay_for_one_foil_read_differently(language: str) -> None:
    defs = default_definitions()
    one = foil_label(defs, a.FoilScheme((("alan", "teamwork"),)), name)
    other = foil_label(defs, a.FoilScheme((("scott", "teamwork"),)), name)
    assert one != other and "Alan" in one and "Scott" in other
    assert foil_label(defs, a.FoilScheme(()), name) not in (one, other)


@pytest.mark.parametrize(("score", "difficulty"), [(9, 7), (7, 7), (5, 7), (6, 7)])
def test_the_score_is_read_against_the_difficulty(language: str, score: int, difficulty: int) -> None:
    text = score_text(score, difficulty)
    expected = {
        ("en", True): f"Score {score}, {difficulty} needed: it succeeds",
        ("fr", True): f"Score\u00a0{score}, {difficulty}\u00a0requis\u00a0: c'est réussi",
        ("en", False): f"Score {score}, {difficulty} needed: {difficulty - score} point"
        + ("s" if difficulty - score > 1 else "")
        + " short",
        ("fr", False): f"Score\u00a0{score}, {difficulty}\u00a0requis\u00a0: il manque {difficulty - score}\u00a0point"
        + ("s" if difficulty - score > 1 else ""),
    }[(language, score >= difficulty)]
    assert text == expected
    assert f"{score} of {difficulty}" not in text and f"{score} sur\u00a0{difficulty}" not in text


def test_a_no_dice_card_says_what_prevents_it_instead_of_auto(language: str) -> None:
    state = start()
    defs = default_definitions()
    tiles = [t for t in table(state).tiles if t.card and defs.disasters[t.card].is_no_dice]
    assert tiles, "seed 34 deals a no-dice card"
    for tile in tiles:
        needs = defs.disasters[tile.card].auto_requirements
        assert tile.difficulty == "" and "auto" not in tile.type_label
        assert len(tile.bonuses) == len(needs)
        assert tile.bonus_summary.startswith(
            f"{sum(r.applies for r in tile.bonuses)}" + {"en": " ", "fr": "\u00a0"}[language]
        )
        assert tile.note.startswith(
            {"en": "No dice: one Rescue action", "fr": "Sans dés\u00a0: une action Sauvetage"}[language]
        )
        for row, need in zip(tile.bonuses, needs):
            assert defs.board.region(need.region).names.text() in row.text


def test_closed_routes_are_named_on_the_table_and_drawn_on_the_board(language: str) -> None:
    defs = default_definitions()
    state = evolve(start(), effects=(LastingEffect(VOLCANO, "event", "block-edges", edges=CLOSED),))
    routes = [f"{defs.board.region(x).names.text()} – {defs.board.region(y).names.text()}" for x, y in CLOSED]
    effect = table(state).effects[0]
    assert all(route in effect for route in routes), effect
    assert {"en": "routes closed: ", "fr": "routes fermées\u00a0: "}[language] in effect
    board = present_board(state, defs, legal_actions(state, defs), None, name, str)
    assert {frozenset(e.ends) for e in board.edges if e.closed} == {frozenset(edge) for edge in CLOSED}
    assert all(route in board.hint for route in routes), board.hint
    open_board = present_board(start(), defs, legal_actions(start(), defs), None, name, str)
    assert not any(e.closed for e in open_board.edges)


def test_end_turn_with_actions_left_asks_first(language: str) -> None:
    state = start()
    who = name(state.active_character)
    question = table(state).end_turn_question
    assert question.startswith(
        {"en": f"{who} still has 3 actions.", "fr": f"Il reste 3\u00a0actions à {who}."}[language]
    )
    one = table(evolve(state, actions_left=1)).end_turn_question
    assert {"en": "still has 1 action. It is lost", "fr": "Il reste 1\u00a0action à"}[language] in one
    assert table(evolve(state, actions_left=0)).end_turn_question == ""
