"""The kit's screens without a window: every section of both examples in both languages; nothing a seat hides on
the shared screen (the hand-over step offers it); every move of seeded games reachable from the buttons shown;
every button's action accepted by the rules; the timer measured by the screen, never by the rules."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.kit import actions as act
from companion.kit.rules import check
from companion.kit.state import KitState
from companion.kit.ui.presenters.adjust import move_choices, present_adjust
from companion.kit.ui.presenters.table import TimerClock, present_table, sections_of
from companion.ui.action_keys import act as key_of

from .kits import start

EXAMPLES = ("dice_race", "thunder_road_upkeep")


def played(pack: Any, state: KitState, action: object) -> KitState:
    chance = LiveChance(state.rng)
    after, _events = pack.rules.apply(state, action, chance)
    return dataclasses.replace(after, rng=chance.rng_after)


def positions(name: str, players: int, seed: int, steps: int = 80) -> Iterator[KitState]:
    """A seeded game of random listed actions (the end of the game left out), position by position."""
    pack = registry.pack(name)
    state = start(pack.setup_for(players, {}), seed)
    pick = random.Random(seed)
    for _step in range(steps):
        yield state
        legal = [a for a in pack.legal_actions(state) if not isinstance(a, act.EndGame)]
        state = played(pack, state, pick.choice(legal))


def every_button(pack: Any, state: KitState) -> list[Any]:
    legal = pack.legal_actions(state)
    found = []
    for section in sections_of(state.kit):
        view = present_table(pack, state, legal, section)
        found += [button for row in view.rows for button in row.buttons]
        if view.timer is not None:
            found += list(view.timer.buttons)
    return found


def shown_texts(pack: Any, state: KitState) -> str:
    legal = pack.legal_actions(state)
    texts = []
    for section in sections_of(state.kit):
        view = present_table(pack, state, legal, section)
        texts += [view.title] + [row.text for row in view.rows] + [b.label for row in view.rows for b in row.buttons]
    return "\n".join(texts)


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_section_shows_in_both_languages(name: str, language: str, request: pytest.FixtureRequest) -> None:
    if language == "fr":
        request.getfixturevalue("french")
    pack = registry.pack(name)
    for state in positions(name, 3, 5, 40):
        for section in sections_of(state.kit):
            view = present_table(pack, state, pack.legal_actions(state), section)
            assert view.section == section and view.rows and view.title
            assert [tab.key for tab in view.tabs] == [f"section:{s}" for s in sections_of(state.kit)]
            for row in view.rows:
                assert row.text.strip() and 1 <= row.lines <= 4
                if language == "fr":
                    assert " :" not in row.text and " ?" not in row.text, row.text  # no-break spaces only
    tabs = [tab.label for tab in present_table(pack, state, (), "turn").tabs]
    assert tabs[0] == ("Tour" if language == "fr" else "Turn")


def test_the_dice_race_table_says_what_a_table_needs() -> None:
    pack = registry.pack("dice_race")
    state = start(pack.setup_for(2, {}), 3)
    red_first = state.current == 0
    state = played(pack, state, act.Roll("run", state.current))
    dice = present_table(pack, state, pack.legal_actions(state), "dice")
    texts = [row.text for row in dice.rows]
    assert texts[0] == "Run dice: 3 × Runner die"
    assert "Runner die: 1, 2, 3, Star, Skull, Wild" in texts
    rolled = next(t for t in texts if " rolled " in t)
    assert rolled.startswith("Red rolled " if red_first else "Blue rolled ")
    assert any("chance of" in t and "%" in t for t in texts)  # the exact odds beside the roll
    turn = present_table(pack, state, pack.legal_actions(state), "turn")
    assert turn.title.startswith("Round 1 · Weather · ")
    texts = [row.text for row in turn.rows]
    assert "Phase 1 of 3: Weather" in texts and "○ Draw a weather token" in texts
    assert any(t.startswith("The first player draws from the weather bag") for t in texts)
    assert turn.timer is not None and turn.timer.text == "Turn timer 0:00 of 1:00 (paused)"
    assert [b.key for b in turn.timer.buttons] == ["act:StartTimer", "timer:reset"]
    tracks = present_table(pack, state, pack.legal_actions(state), "tracks")
    spaces = [row for row in tracks.rows if row.buttons and row.buttons[0].key.startswith("act:MoveMarker:race:")]
    assert len([r for r in spaces if ":-:" not in r.buttons[0].key]) == 30  # 31 spaces, one of them "Here"
    pit = next(row for row in tracks.rows if row.text.startswith("10 · Pit stop"))
    assert pit.text == "10 · Pit stop: Landing here by banking: draw a Boost card." and pit.lines == 1


def test_a_face_down_card_and_a_secret_draw_stay_off_the_shared_screen() -> None:
    pack = registry.pack("dice_race")
    state = start(pack.setup_for(3, {}), 9)
    seat = state.current
    state = played(pack, state, act.Draw("boost", seat))
    state = played(pack, state, act.DrawFromBag("chips", seat))
    [card] = state.decks[0].hands[seat]
    [held] = state.bags[0].out
    card_name = state.kit.decks[0].card(card).name.text()
    token_name = state.kit.bags[0].token(held.token).name.text()
    shown = shown_texts(pack, state)
    assert card_name not in shown and token_name not in shown
    keys = {button.key for button in every_button(pack, state)}
    discard, give_back = key_of(act.Discard("boost", card, seat)), key_of(act.ReturnToBag("chips", held.token, seat))
    assert discard in {key_of(a) for a in pack.legal_actions(state)}
    assert discard not in keys and give_back not in keys
    assert f"open:handover:{seat}" in keys  # "Look": the hand-over step
    secret = pack.secret_view(state, seat)
    assert secret is not None
    assert {key_of(action) for _label, action in secret.choices} == {discard, give_back}
    assert any(card_name in label for label, _action in secret.choices)


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_move_of_seeded_games_is_reachable_from_the_buttons(name: str) -> None:
    pack = registry.pack(name)
    for seed in (1, 2, 3):
        for state in positions(name, 2 + seed % 2, seed):
            buttons = every_button(pack, state)
            keys = {button.key for button in buttons}
            keys |= {"act:EndGame"} if "end:ask" in keys else set()
            if "timer:pause" in keys:
                keys.add(key_of(act.PauseTimer(0)))
            for seat in range(state.players):
                secret = pack.secret_view(state, seat)
                keys |= {key_of(a) for _label, a in secret.choices} if secret else set()
            missing = {key_of(a) for a in pack.legal_actions(state)} - keys
            assert missing == set(), missing
            for button in buttons:
                if button.action is not None and button.enabled:
                    assert check(state, button.action) is None


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_correction_offered_under_adjust_is_accepted(name: str) -> None:
    pack = registry.pack(name)
    for state in positions(name, 3, 4, 30):
        for section in ("players", "round", "counters", "cards"):
            view = present_adjust(pack, state, section)
            for row in view.rows:
                for button in row.buttons:
                    if button.action is not None:
                        if button.enabled:  # (going to the phase already shown is accepted, but not offered)
                            assert check(state, button.action) is None, button.key
                        assert isinstance(button.action, act.MANUAL)
                    elif button.key.startswith("move:"):
                        _prefix, deck, card = button.key.split(":")
                        for choice in move_choices(state, deck, card):
                            assert check(state, choice.action) is None


def test_the_timer_is_measured_by_the_screen_and_restarts_with_each_turn() -> None:
    pack = registry.pack("dice_race")
    state = start(pack.setup_for(2, {}), 1)
    clock = TimerClock()
    clock.observe(1, state, 100.0)
    assert clock.shown_ms(state, 130.0) == 0  # not running: the state's time
    state = played(pack, state, act.StartTimer())
    clock.observe(1, state, 100.0)
    assert clock.shown_ms(state, 112.5) == 12_500 and clock.ran_ms(112.5) == 12_500
    clock.observe(1, state, 110.0)  # the same run seen again: still measured from its start
    assert clock.ran_ms(115.0) == 15_000
    state = played(pack, state, act.NextPlayer())  # the timer resets each turn and keeps running
    clock.observe(1, state, 120.0)
    assert clock.shown_ms(state, 121.0) == 1_000
    state = played(pack, state, act.PauseTimer(clock.ran_ms(150.0)))
    clock.observe(1, state, 150.0)
    assert state.timer_ms == 30_000 and clock.shown_ms(state, 500.0) == 30_000
    view = present_table(pack, state, pack.legal_actions(state), "turn", timer_shown_ms=61_000)
    assert view.timer is not None and view.timer.style == "bad"
    assert view.timer.text == "Turn timer 1:01 of 1:00: time is up (paused)"


def test_french_reads_as_french(french: None) -> None:
    pack = registry.pack("dice_race")
    state = start(pack.setup_for(2, {}), 3)
    view = present_table(pack, state, pack.legal_actions(state), "turn")
    assert view.title.startswith("Manche\u00a01 · Météo · à ")
    assert view.title.endswith(" de jouer")
    assert "Phase 1 sur\u00a03\u00a0: Météo" in [row.text for row in view.rows]
    assert view.timer is not None and view.timer.text == "Minuteur du tour 0:00 sur\u00a01:00 (en pause)"
