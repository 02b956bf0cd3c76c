"""Every kit action on the small test kit: what it changes, what it refuses (changing nothing), and that every
action `legal_actions` lists applies."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from companion.engine.chance import LiveChance, ReplayChance
from companion.engine.errors import IllegalAction
from companion.engine.labels import labels_of
from companion.engine.rng import seed_state
from companion.engine.session import Session
from companion.engine.store import Store
from companion.kit import actions as act
from companion.kit.rules import apply, check, initial_state, legal_actions, setup_mapping
from companion.kit.schema import kit_json, parse_kit
from companion.kit.state import KitState
from companion.locale import build, speaking

from .kits import SEED, SMALL, registered, small_setup, start


@pytest.fixture
def state() -> KitState:
    return start(small_setup(3))


def play(state: KitState, action: object) -> tuple[KitState, tuple[object, ...]]:
    return apply(state, action, LiveChance(state.rng))


def refused(state: KitState, action: object, reason: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        play(state, action)
    assert caught.value.reason == reason
    assert check(state, action) == reason


def test_set_up_builds_piles_in_order_and_sets_cards_aside(state: KitState) -> None:
    events, secrets = state.decks
    assert sorted(events.draw_pile[:4]) == ["calm", "calm", "storm", "storm"]  # the "top" pile stays on top
    assert sorted(events.draw_pile[4:]) == ["flood", "unread"]
    assert events.aside == ("flood",)
    assert len(secrets.unseen) == 1 and len(secrets.draw_pile) == 3
    assert sorted(secrets.draw_pile + secrets.unseen) == ["spy", "spy", "spy", "traitor"]
    assert state.bags[0].contents == ("gem", "gold", "gold", "gold")
    assert state.tracks[0].positions == (("p1", 1), ("p2", 1), ("p3", 1))
    assert state.tracks[1].positions == (("skull", 2),)
    assert state.counters[0].values == (2, 2, 2) and state.counters[1].values == (0,)
    assert (state.round, state.phase, state.current, state.first_player) == (1, 0, 0, 0)


def test_draw_face_up_goes_to_the_table_and_discards(state: KitState) -> None:
    top = state.decks[0].draw_pile[0]
    after, events = play(state, act.Draw("events"))
    assert after.decks[0].table == (top,)
    assert events == (act.CardDrawn("events", top, 0, True),)
    after, _ = play(after, act.Discard("events", top))
    assert after.decks[0].discard_pile == (top,) and after.decks[0].table == ()
    refused(after, act.Discard("events", top), f"Card {top} is not on the table.")


def test_a_deck_that_is_not_reshuffled_runs_out(state: KitState) -> None:
    for _count in range(6):
        state, _ = play(state, act.Draw("events"))
    refused(state, act.Draw("events"), "The Events deck is empty and is not reshuffled.")
    assert act.Draw("events", 0) not in legal_actions(state)
    state, _ = play(state, act.Discard("events", "storm"))
    state, events = play(state, act.Reshuffle("events"))
    assert state.decks[0].draw_pile == ("storm",) and events == (act.DeckReshuffled("events"),)


def test_a_face_down_draw_goes_to_the_hand_and_a_reshuffling_deck_refills(state: KitState) -> None:
    for _count in range(3):
        state, _ = play(state, act.Draw("secrets", 1))
    assert len(state.decks[1].hands[1]) == 3 and state.decks[1].draw_pile == ()
    card = state.decks[1].hands[1][0]
    state, _ = play(state, act.Discard("secrets", card, 1))
    state, events = play(state, act.Draw("secrets", 2))
    assert events == (act.DeckReshuffled("secrets"), act.CardDrawn("secrets", card, 2, False))
    refused(state, act.Draw("secrets", 2), "The Secrets deck and its discard pile are empty.")
    refused(state, act.Draw("secrets", 7), "There is no player 8 in this game.")


def test_move_card_reaches_every_place(state: KitState) -> None:
    for place in ("top", "bottom", "discard", "table", "aside"):
        moved, _ = play(state, act.MoveCard("events", "flood", place))
        assert sorted(moved.decks[0].all_cards()) == sorted(state.decks[0].all_cards())
    moved, _ = play(state, act.MoveCard("events", "calm", "top"))
    assert moved.decks[0].draw_pile[0] == "calm"
    moved, _ = play(state, act.MoveCard("secrets", "traitor", "hand", 2))
    assert moved.decks[1].hands[2] == ("traitor",)
    refused(state, act.MoveCard("secrets", "traitor", "hand"), "Say which player's hand the card goes to.")
    refused(state, act.MoveCard("events", "dragon", "top"), "Card dragon is not in this deck.")


def test_roll_keeps_the_latest_roll_of_each_group(state: KitState) -> None:
    after, events = apply(state, act.Roll("two"), LiveChance(state.rng, forced_rolls=()))
    [rolled] = events
    assert isinstance(rolled, act.DiceRolled) and rolled.dice == ("d6", "odd") and len(rolled.faces) == 2
    after, _ = play(after, act.Roll("pair", 1))
    after, _ = play(after, act.Roll("two", 2))
    assert [(roll.group, roll.seat) for roll in after.rolls] == [("two", 2), ("pair", 1)]
    refused(state, act.Roll("mystery"), "The faces of Mystery die are not known yet: complete them in the data editor.")
    assert act.Roll("mystery", 0) not in legal_actions(state)


def test_bag_draws_with_and_without_return(state: KitState) -> None:
    kept, events = play(state, act.DrawFromBag("loot"))
    [drawn] = events
    assert isinstance(drawn, act.TokenDrawn) and not drawn.put_back
    assert len(kept.bags[0].contents) == 3 and kept.bags[0].out == (kept.bags[0].last,)
    back, _ = play(kept, act.ReturnToBag("loot", drawn.token, 0))
    assert back.bags[0].contents == state.bags[0].contents and back.bags[0].out == ()
    refused(back, act.ReturnToBag("loot", drawn.token, 0), "That token is not out of the bag.")
    peek, events = play(state, act.DrawFromBag("loot", 1, put_back=True))
    assert peek.bags[0].contents == state.bags[0].contents and peek.bags[0].out == ()
    assert peek.bags[0].last is not None and peek.bags[0].last.seat == 1


def test_an_empty_bag_refuses(state: KitState) -> None:
    for _count in range(4):
        state, _ = play(state, act.DrawFromBag("roles", 0))
    refused(state, act.DrawFromBag("roles", 0), "The bag is empty.")
    assert Counter(held.token for held in state.bags[1].out) == Counter(human=3, alien=1)


def test_markers_move_to_and_by_and_land_on_spaces(state: KitState) -> None:
    after, events = play(state, act.MoveMarker("score", "p2", by=4))
    assert after.tracks[0].position("p2") == 5
    assert events == (act.MarkerLanded("score", "p2", 5),)
    after, _ = play(after, act.MoveMarker("score", "p2", by=100))
    assert after.tracks[0].position("p2") == 10  # stops at the end
    refused(after, act.MoveMarker("score", "p2", by=1), "The marker is already at the end of the track.")
    refused(after, act.MoveMarker("score", "p2", to=11), "Space 11 is off the Score track (spaces 1 to 10).")
    refused(after, act.MoveMarker("score", "p2", by=0), "A move of 0 spaces changes nothing.")
    refused(
        after, act.MoveMarker("score", "p2", to=3, by=1), "Move a marker either to a space or by a number of spaces."
    )
    refused(after, act.MoveMarker("doom", "p1", by=1), "There is no marker p1 on this track.")
    back, _ = play(after, act.MoveMarker("doom", "skull", to=0))
    assert back.tracks[1].positions == (("skull", 0),)


def test_a_marker_move_is_labelled_with_its_spaces_in_both_languages(tmp_path: Path) -> None:
    """The history says how many spaces, forward or back, in the plural each language gives the count."""
    build.main()
    rules = registered("small")
    with Store.open(tmp_path / "games.db") as store:
        session = Session.new(store, rules, small_setup(3), 3)
        labels = []
        for by in (3, 1, -1, -2):
            update = session.dispatch(act.MoveMarker("score", "p2", by=by))
            assert update.entry is not None
            labels.append(labels_of(update.entry.stored_label))
    assert labels == [
        {"en": "Player 2 moves 3 spaces forward on Score", "fr": "Joueur\u00a02 avance de 3\u00a0cases sur Score"},
        {"en": "Player 2 moves 1 space forward on Score", "fr": "Joueur\u00a02 avance de 1\u00a0case sur Score"},
        {"en": "Player 2 moves 1 space back on Score", "fr": "Joueur\u00a02 recule de 1\u00a0case sur Score"},
        {"en": "Player 2 moves 2 spaces back on Score", "fr": "Joueur\u00a02 recule de 2\u00a0cases sur Score"},
    ]


def test_a_kit_for_one_number_of_players_says_that_number() -> None:
    build.main()
    solo = setup_mapping(kit_json(parse_kit(SMALL.replace("players = [1, 4]", "players = [1, 1]"), "solo.toml")), 1)
    for language, reason in (("en", "Small is played by 1 player."), ("fr", "Petit se joue à 1\u00a0joueur.")):
        with speaking(language), pytest.raises(IllegalAction) as caught:
            initial_state({**solo, "players": 2}, LiveChance(seed_state(SEED)))
        assert caught.value.reason == reason
    with pytest.raises(IllegalAction) as caught:
        initial_state({**small_setup(3), "players": 5}, LiveChance(seed_state(SEED)))
    assert caught.value.reason == "Small is played by 1 to 4 players."


def test_counters_keep_their_limits(state: KitState) -> None:
    after, _ = play(state, act.ChangeCounter("gold", 1, 3))
    assert after.counters[0].values == (2, 5, 2)
    refused(after, act.ChangeCounter("gold", 1, 1), "Gold cannot go above 5.")
    refused(after, act.SetCounter("gold", 0, -1), "Gold cannot go below 0.")
    refused(after, act.ChangeCounter("gold", None, 1), "Say whose Gold it is.")
    refused(after, act.ChangeCounter("threat", 0, 1), "Threat is shared: it belongs to no player.")
    refused(after, act.ChangeCounter("gold", 0, 0), "A change of 0 changes nothing.")
    shared, _ = play(after, act.SetCounter("threat", None, -2))
    assert shared.counters[1].values == (-2,)


def test_turns_the_marker_and_players_out(state: KitState) -> None:
    after, _ = play(state, act.NextPlayer())
    assert after.current == 1 and after.turns_taken == 1
    after, _ = play(after, act.SetPlayerOut(2))
    after, _ = play(after, act.NextPlayer())
    assert after.current == 0  # seat 2 is skipped
    after, events = play(after, act.PassFirstPlayer())
    assert after.first_player == 1 and events == (act.FirstPlayerPassed(1),)
    refused(after, act.SetFirstPlayer(2), "That player is out of the game.")
    after, _ = play(after, act.SetPlayerOut(1))
    assert after.first_player == 0 and after.out == (1, 2)
    refused(after, act.SetPlayerOut(0), "The last player in the game cannot leave it.")
    refused(after, act.NextPlayer(), "Only one player is still in the game.")
    back, _ = play(after, act.SetPlayerOut(2, out=False))
    assert back.out == (1,)
    moved, _ = play(back, act.SetCurrentPlayer(2))
    assert moved.current == 2


def test_phases_rounds_and_the_checklist(state: KitState) -> None:
    after, _ = play(state, act.CheckStep("threat"))
    after, _ = play(after, act.CheckStep("event"))
    assert after.checked == ("event", "threat")  # in the checklist's order
    refused(after, act.CheckStep("event"), "That step is already marked so.")
    refused(after, act.CheckStep("act"), "The phase Upkeep has no step act.")
    after, events = play(after, act.NextPhase())
    assert (after.round, after.phase, after.checked) == (1, 1, ())
    assert events == (act.PhaseStarted(1, "turns"),)
    after, _ = play(after, act.CheckStep("act"))
    after, _ = play(after, act.NextPlayer())
    assert after.checked == ()  # a phase of turns: each turn has its own checklist
    after, events = play(after, act.NextPhase())
    assert (after.round, after.phase, after.current) == (2, 0, 0)
    after, _ = play(after, act.GoToPhase(3, "turns"))
    after, events = play(after, act.NextPhase())
    assert after.is_over and events == (act.GameEnded(),)
    assert legal_actions(after) == ()
    refused(after, act.Draw("events"), "The game is over.")
    reopened, _ = play(after, act.GoToPhase(3, "upkeep"))
    assert not reopened.is_over
    refused(state, act.GoToPhase(4, "upkeep"), "There is no round 4 in this game.")


def test_the_timer_adds_the_time_the_screen_measured(state: KitState) -> None:
    refused(state, act.PauseTimer(1000), "The timer is not running.")
    running, _ = play(state, act.StartTimer())
    refused(running, act.StartTimer(), "The timer is already running.")
    refused(running, act.PauseTimer(-5), "A timer cannot run for a negative time.")
    paused, _ = play(running, act.PauseTimer(12_500))
    again, _ = play(paused, act.StartTimer())
    again, _ = play(again, act.PauseTimer(500))
    assert (again.timer_ms, again.timer_running) == (13_000, False)
    turned, _ = play(again, act.NextPlayer())
    assert turned.timer_ms == 0  # this kit's timer restarts each turn
    reset, _ = play(again, act.ResetTimer())
    assert reset.timer_ms == 0
    refused(reset, act.ResetTimer(), "The timer is already at zero.")


def test_end_game(state: KitState) -> None:
    after, events = play(replace(state, timer_running=True), act.EndGame())
    assert after.is_over and not after.timer_running and events == (act.GameEnded(),)


def test_a_refused_action_changes_nothing(state: KitState) -> None:
    before = state
    for action in (act.Draw("nope"), act.Roll("nope"), act.MoveMarker("score", "p9", by=1), act.EndGame):
        with pytest.raises(IllegalAction):
            play(state, action)
    assert state == before


def test_every_listed_action_applies_and_replays_from_its_outcomes(state: KitState) -> None:
    seen: set[type] = set()
    for step in range(400):
        listed = legal_actions(state)
        assert listed, step
        for action in listed:
            assert check(state, action) is None, action
        action = listed[(step * 7919) % len(listed)]
        chance = LiveChance(state.rng)
        after, _ = apply(state, action, chance)
        replayed, _ = apply(state, action, ReplayChance(chance.outcomes, chance.rng_after))
        assert replayed == after
        seen.add(type(action))
        state = replace(after, rng=chance.rng_after)
        if state.is_over:
            state, _ = play(state, act.GoToPhase(1, "upkeep"))
    assert len(seen) >= 14, seen
