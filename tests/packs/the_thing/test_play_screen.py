"""The play screen of The Thing (the shell's plain screen, `present_play`): actions of one kind (who draws from the
bag, who drives a vehicle, which UFO encounter...) share one button that opens a chooser, so phase 4 for eight
players shows a handful of buttons, not the 77 legal actions; and every public legal action is still offered
exactly once, by a button or in one chooser, at every step of seeded games up to the UFO's battle."""

from __future__ import annotations

import dataclasses

import pytest

from companion.engine.chance import LiveChance
from companion.engine.rng import seed_state
from companion.games.the_thing import actions as a
from companion.locale import speaking
from companion.ui.action_keys import act
from companion.ui.presenters.plain import PlayView, present_play, secret_actions
from tests.packs.the_thing.test_conformance import PACK, play


def offered(view: PlayView) -> list[str]:
    """Every action key a finger reaches: the buttons of their own, then each chooser's."""
    own = [button.key for button in view.actions if button.key.startswith("act:")]
    return own + [choice.key for group in view.groups for choice in group.choices]


def phase_4(players: int) -> object:
    chance = LiveChance(seed_state(3))
    state = PACK.rules.initial_state(PACK.setup_for(players, {"bag": "physical"}), chance)
    while state.turns.phase != 3:  # 4. Character actions
        action = next(x for x in PACK.legal_actions(state) if isinstance(x, a.RollWeather | a.EndPhase))
        state, _events = PACK.rules.apply(state, action, chance)
    return dataclasses.replace(state, rng=chance.rng_after)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_phase_4_for_eight_shows_a_button_per_kind_and_a_chooser_per_vehicle(language: str) -> None:
    state = phase_4(8)
    legal = PACK.legal_actions(state)
    with speaking(language):
        view = present_play(PACK, state, legal)
    assert len(legal) == 77 and len(view.actions) == 8
    assert sorted(offered(view)) == sorted(act(action) for action in legal)
    labels = {button.key: button.label for button in view.actions}
    escape = {
        "en": "Escape with snowmobile 1: the driver boards…",
        "fr": "Évasion avec l'Autoneige 1\u00a0: le pilote monte…",
    }[language]
    group = view.group(view.opener("act:Board:snowmobile-1:7:alien") or "")
    assert group is not None and labels[group.key] == escape
    assert len(group.choices) == 16  # eight seats, each as a human or as an Alien
    assert view.opener("act:EndPhase") is None and labels["act:EndPhase"].startswith(
        {"en": "End", "fr": "Fin"}[language]
    )


def test_a_crew_boarding_offers_the_others_then_the_departure() -> None:
    state = phase_4(5)
    state, _events = PACK.rules.apply(state, a.Board("base-helicopter", 0, "human"), LiveChance(state.rng))
    view = present_play(PACK, state, PACK.legal_actions(state))
    assert [button.label for button in view.actions] == [
        "Who else boards the base helicopter…",
        "The base helicopter leaves",
        "The crew gets off: nobody leaves",
    ]
    assert [choice.label for choice in view.groups[0].choices][:2] == [
        "Green boards the base helicopter (Human)",
        "Green boards the base helicopter (Alien)",
    ]


@pytest.mark.parametrize(("players", "bag", "seed", "ufo"), [(5, "screen", 1, False), (6, "physical", 4, True)])
def test_every_public_action_is_offered_exactly_once_at_every_step(
    players: int, bag: str, seed: int, ufo: bool
) -> None:
    reached = set()
    for state, _action, _events in play(players, bag, seed, ufo, steps=160):
        legal = PACK.legal_actions(state)
        view = present_play(PACK, state, legal)
        keys = offered(view)
        public = [act(action) for action in legal if act(action) not in secret_actions(PACK, state)]
        assert sorted(keys) == sorted(public)  # each once: no action in two choosers, none lost
        for group in view.groups:
            assert len(group.choices) >= 2 and all(view.opener(c.key) == group.key for c in group.choices)
        reached |= {group.title.split(":")[0] for group in view.groups}
    if ufo:
        assert any(title.startswith("UFO location") for title in reached)
