"""Cards the companion does not know, where they matter, in both languages, without a window: the set-up guide,
a draw, the Scheme and Rescue screens say what to take from the box and what to enter, offer to enter it, and show
nothing raw (no "?", no None, no card id). Once entered (saved to the overlay), the rules check the card like any
known one. The real app does the same by touch in test_ui_unknown_cards.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from companion import locale
from companion.engine.chance import LiveChance
from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds import events as ev
from companion.games.thunderbirds.legal import legal_actions
from companion.games.thunderbirds.loader import clear_definitions_cache, default_definitions
from companion.games.thunderbirds.overlay import set_card_fields
from companion.games.thunderbirds.setup import initial_state
from companion.games.thunderbirds.simulate import steps
from companion.games.thunderbirds.state import evolve
from companion.games.thunderbirds.ui.presenters.rescue import present_rescue
from companion.games.thunderbirds.ui.presenters.reveal import present_reveal
from companion.games.thunderbirds.ui.presenters.scheme import present_scheme
from companion.games.thunderbirds.ui.presenters.setup_guide import guide_steps
from companion.games.thunderbirds.ui.presenters.table import present_table
from companion.locale import build

#: Seed 22 deals an unknown disaster to the track, turns an unknown scheme face up, and draws another unknown
#: disaster at the bot's sixth step.
SEED = 22
DEALT = "unknown-disaster-3"
SCHEME = "unknown-scheme-1-1"

WORDS = {
    "en": {"take": "disaster cards of your deck are not in the companion's list yet", "enter": "and enter its name"},
    "fr": {
        "take": "cartes Catastrophe de votre pioche ne sont pas encore dans la liste",
        "enter": "et saisissez son nom",
    },
}


def name(character: str) -> str:
    return character.title()


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    build.main()
    locale.set_language(request.param)
    yield request.param
    locale.set_language("en")


def start() -> Any:
    chance = LiveChance(SEED)
    state = initial_state({"players": 2, "difficulty": "introduction"}, chance)
    return evolve(state, rng=chance.rng_after)


def raw(texts: list[str]) -> list[str]:
    """What a player should never read: a lone "?", None, a card's id."""
    defs = default_definitions()
    ids = set(defs.disasters) | set(defs.schemes) | set(defs.events) | set(defs.fabs)
    return [
        text
        for text in texts
        if re.search(r"(^|\s|\()\?($|[\s),.])", text) or "None" in text or any(i in text.split() for i in ids)
    ]


def test_the_set_up_guide_says_what_to_take_and_offers_to_enter_it(language: str) -> None:
    state = start()
    defs = default_definitions()
    assert state.current_scheme.card == SCHEME and DEALT in state.track.slots
    guide = {step.title: step for step in guide_steps(state, defs, name, False)}
    texts = [line.text for step in guide.values() for line in step.lines]
    assert raw(texts) == [], raw(texts)
    track = guide[{"en": "The disaster track", "fr": "La file des catastrophes"}[language]]
    assert any(WORDS[language]["take"] in line.text for line in track.lines), [x.text for x in track.lines]
    assert [b.key for b in track.buttons] == [f"open:complete:{DEALT}"]
    hood = next(step for step in guide.values() if any(b.key == f"open:complete:{SCHEME}" for b in step.buttons))
    face_up = [line.text for line in hood.lines if "Satellite" in line.text or "Espionnage" in line.text]
    assert face_up, "the unknown slot names the level's schemes it is not"


def test_a_drawn_unknown_disaster_says_what_to_take_and_offers_to_enter_it(language: str) -> None:
    defs = default_definitions()
    step = next(
        s
        for s in steps(2, "introduction", SEED, defs)
        if any(isinstance(e, ev.DisasterPlaced) and defs.disasters[e.card].completeness == "unknown" for e in s.events)
    )
    view = present_reveal(step.events, defs, step.after, name)
    assert view is not None
    texts = [view.title] + [line.text for line in view.lines]
    assert raw(texts) == [], texts
    assert not any(w in text for text in texts for w in ("Unknown type", "difficulty none", "Type inconnu"))
    assert any(WORDS[language]["take"] in text for text in texts), texts
    placed = next(e.card for e in step.events if isinstance(e, ev.DisasterPlaced))
    assert view.complete_card == placed


def test_the_scheme_screen_asks_for_the_card_before_anything_else(language: str) -> None:
    state = start()
    defs = default_definitions()
    view = present_scheme(state, defs, legal_actions(state, defs), str, [], name)
    assert view.complete_key == f"open:complete:{SCHEME}"
    assert WORDS[language]["enter"] in view.complete_hint and "7" in view.complete_hint
    assert view.foils == ()
    assert raw([view.heading, view.status, view.complete_hint, *(i.text for i in view.checklist)]) == []


def test_the_rescue_screen_offers_to_enter_an_unknown_card_first(language: str) -> None:
    state = start()
    defs = default_definitions()
    view = present_rescue(state, defs, legal_actions(state, defs), DEALT, (), (), name)
    assert view.buttons[0].key == f"open:complete:{DEALT}" and view.buttons[0].role == "primary"
    assert raw([view.title, view.card_line, *(line.text for line in view.odds_lines)]) == []
    tile = next(t for t in present_table(state, defs, legal_actions(state, defs), name, str).tiles if t.card == DEALT)
    assert tile.difficulty == "" and WORDS[language]["take"] in tile.note


def test_once_entered_the_rules_check_the_card_like_any_other() -> None:
    """The players enter the dealt disaster and the face-up scheme (as the card editor saves them): the disaster
    is rolled for (no confirmation any more) and the scheme is foiled only when the rules see it met."""
    state = start()
    set_card_fields(
        "disaster",
        DEALT,
        {
            "names": {"en": "Read from our box", "fr": "Lue dans notre boîte"},
            "region": "africa",
            "rescue_type": "land",
            "difficulty": 9,
            "bonuses": [{"pod": "mole", "value": 2}],
            "rewards": ["joker"],
        },
    )
    set_card_fields(
        "scheme",
        SCHEME,
        {
            "names": {"en": "Our scheme", "fr": "Notre plan"},
            "regions": ["europe"],
            "tokens": [{"kind": "technology", "count": 1, "region": "europe"}],
            "pieces": [{"vehicle": "fab1", "region": "europe"}],
        },
    )
    try:
        clear_definitions_cache()
        defs = default_definitions()
        assert defs.disasters[DEALT].completeness == "complete" and defs.schemes[SCHEME].completeness == "complete"
        legal = legal_actions(state, defs)
        assert not any(isinstance(x, a.ConfirmRescue) and x.disaster == DEALT for x in legal)
        assert not any(isinstance(x, a.FoilScheme) for x in legal), "no technology token held in Europe yet"
        scheme = present_scheme(state, defs, legal, str, [], name)
        assert scheme.complete_key == "" and scheme.confirm_key == ""
        assert [item.done for item in scheme.checklist] == [True, False]  # FAB 1 starts in Europe
        rescue = present_rescue(state, defs, legal, DEALT, (), (), name)
        assert rescue.card_line.endswith("9") and all(not b.key.startswith("open:complete") for b in rescue.buttons)
    finally:
        clear_definitions_cache()  # the overlay lives in this test's own data folder; the next test reads its own


def test_an_unknown_scheme_is_no_green_foil_on_turn_one(language: str) -> None:
    """The rules allow the players to confirm an unknown scheme from the first turn; the Table no longer offers
    that as a green Foil button, but as the card to enter (or check at the table)."""
    state = start()
    defs = default_definitions()
    legal = legal_actions(state, defs)
    assert any(isinstance(x, a.FoilScheme) and x.confirmed for x in legal)
    table = present_table(state, defs, legal, name, str)
    (button,) = [b for b in table.actions if b.key == "open:scheme"]
    assert button.role == "normal"
    assert {"en": "Scheme: enter the card", "fr": "Plan\u00a0: saisir la carte"}[language] in button.label
    view = present_scheme(state, defs, legal, str, [], name)
    assert view.complete_key and view.foils == () and view.confirm_key == "foil:confirm"
