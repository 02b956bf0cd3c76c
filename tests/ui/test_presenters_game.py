"""The game screens' presenters, without a window: what each shows for real positions of seeded games, and
that every move the game's bot makes can be reached from the buttons the presenters offer."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from companion import locale
from companion.engine.chance import LiveChance
from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds import events as ev
from companion.games.thunderbirds.legal import legal_actions
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.rules import check
from companion.games.thunderbirds.setup import initial_state
from companion.games.thunderbirds.simulate import Step, steps
from companion.games.thunderbirds.state import PendingRescue, PendingReward, evolve
from companion.games.thunderbirds.ui.autoplay import route, upkeep
from companion.games.thunderbirds.ui.presenters.adjust import SECTIONS, present_adjust
from companion.games.thunderbirds.ui.presenters.board import map_name, present_board
from companion.games.thunderbirds.ui.presenters.choosers import present_chooser
from companion.games.thunderbirds.ui.presenters.fabs import present_fabs
from companion.games.thunderbirds.ui.presenters.game_over import present_game_over
from companion.games.thunderbirds.ui.presenters.new_game import NewGameForm, present_new_game
from companion.games.thunderbirds.ui.presenters.rescue import present_rescue, reward_action
from companion.games.thunderbirds.ui.presenters.reveal import present_reveal
from companion.games.thunderbirds.ui.presenters.scheme import present_scheme
from companion.games.thunderbirds.ui.presenters.setup_guide import guide_steps, present_setup_guide
from companion.games.thunderbirds.ui.presenters.table import present_table
from companion.games.thunderbirds.ui.presenters.words import percent
from companion.ui.action_keys import act, action_key
from companion.ui.presenters.history import present_history


def name(character: str) -> str:
    return character.title()


def describe(action: Any) -> str:
    return action_key(action)


@cache
def game(players: int, seed: int) -> tuple[Step, ...]:
    return tuple(steps(players, "introduction", seed, default_definitions()))


def defs() -> Any:
    return default_definitions()


def start(players: int = 2, seed: int = 3, **setup: Any) -> Any:
    chance = LiveChance(seed)
    state = initial_state({"players": players, "difficulty": "introduction", **setup}, chance)
    return evolve(state, rng=chance.rng_after)


# --- every move of a bot-played game can be reached through the presenters' buttons ----------------------


def keys_on(screen_keys: set[str], key: str) -> bool:
    return key in screen_keys


def table_keys(state: Any) -> set[str]:
    view = present_table(state, defs(), legal_actions(state, defs()), name, describe)
    keys = {b.key for b in view.actions} | {"open:board", "open:scheme", "open:menu", "open:history"}
    keys |= {p and f"open:player:{p.character}" for p in view.players}
    if view.end_turn is not None:
        keys.add(view.end_turn.key)
    return keys


def reachable(state: Any, action: Any) -> bool:
    """Walks the route a player takes and checks each button is offered where the previous one leads."""
    legal = legal_actions(state, defs())
    keys = route(action, defs(), frozenset(act(x) for x in legal))
    first, last = keys[0], keys[-1]
    if isinstance(action, (a.UseIntelligence, a.UseTeamwork, a.IgnoreHood, a.FinishRescue)):
        view = present_rescue(state, defs(), legal, None, (), (), name)
        return last in {b.key for b in view.buttons}
    if isinstance(action, a.ChooseReward):
        view = present_rescue(state, defs(), legal, None, (), (), name)
        enabled = {b.key for b in view.reward_choices if b.enabled}
        return f"reward:{action.kinds[0]}" in enabled and reward_action(legal, action.kinds) is not None
    if isinstance(action, a.EndEffect):
        view = present_adjust(state, defs(), "effects", name)
        return last in {b.key for row in view.rows for b in row.buttons}
    if first not in table_keys(state):
        return False
    if first == "open:board":
        vehicle = keys[1].split(":", 1)[1]
        view = present_board(state, defs(), legal, vehicle, name, describe)
        offered = {r.destination_key for r in view.regions} | {o.key for o in view.operations}
        return last in offered
    if first.startswith("open:rescue:"):
        chosen = [k[4:] for k in keys if k.startswith("fab:")]
        view = present_rescue(state, defs(), legal, first.split(":", 2)[2], chosen, (), name)
        return last in {b.key for b in view.buttons}
    if first in ("open:build", "open:exchange", "open:change"):
        view = present_chooser(first.split(":")[1], state, defs(), legal, name)
        return last in {c.key for c in view.choices}
    if first == "open:scheme":
        view = present_scheme(
            state, defs(), legal, describe, [tuple(k.split(":")[1:]) for k in keys if k.startswith("discard:")], name
        )
        offered = {f.key for f in view.foils} | ({view.confirm_key} if view.confirm_key else set())
        return last in offered and all(o.key for o in view.discard_options) is True
    if first.startswith("open:player:"):
        view = present_fabs(state, defs(), legal, describe, name, first.split(":")[2])
        return last in {p.key for player in view.players for card in player.cards for p in card.plays}
    return last == first


@pytest.mark.parametrize(("players", "seed"), [(1, 5), (2, 34), (2, 8), (3, 11), (4, 2), (1, 19)])
def test_every_bot_move_is_reachable_from_the_screens(players: int, seed: int) -> None:
    started: dict[str, int] = {}
    kinds = set()
    for step in game(players, seed):
        # The players' upkeep the autoplay does (ending events after a round) is the simulation's.
        chosen = upkeep(step.before, started)
        assert (chosen == step.action) if step.by == "upkeep" else chosen is None
        assert reachable(step.before, step.action), (step.action, step.before.phase)
        kinds.add(type(step.action).__name__)
    assert {"Move", "Rescue", "FinishRescue", "EndTurn"} <= kinds


# --- the Table ---------------------------------------------------------------------------------------------


def test_table_shows_the_tracks_decks_players_and_legal_actions() -> None:
    state = start(2)
    view = present_table(state, defs(), legal_actions(state, defs()), name, describe)
    assert [t.slot for t in view.tiles] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert view.tiles[-1].is_skull
    assert [t.card is not None for t in view.tiles[:4]] == [True, True, True, False]
    assert len(view.hood) == defs().hood_track.length and view.hood[0].has_hood
    marks = {s.mark for s in view.hood}
    assert {"event", "scheme-current", "scheme"} <= marks
    assert all(s.label for s in view.hood if s.mark != "plain")  # a letter beside every colour
    assert view.deck_text.endswith("44")
    assert [p.is_active for p in view.players] == [True, False]
    assert view.end_turn is not None and view.end_turn.key == "act:EndTurn"
    assert "open:board" in {b.key for b in view.actions}


def test_disaster_tiles_say_which_bonuses_apply_now() -> None:
    state = start(2)
    track = dict(state.track.occupied())
    card_id = track[1]
    card = defs().disasters[card_id]
    view = present_table(state, defs(), (), name, describe)
    tile = view.tiles[0]
    assert tile.name and tile.region
    assert tile.difficulty in (str(card.difficulty), "?", "auto")
    printed = [b for b in tile.bonuses if "+" in b.text]
    assert len(tile.bonuses) >= len(card.bonuses)
    assert tile.bonus_now == sum(b.value for b in tile.bonuses if b.applies)
    assert all(("in place" in b.text) == b.applies for b in printed if " in " in b.text or " if in " in b.text)


def test_table_offers_back_to_the_rescue_while_one_is_under_way() -> None:
    step = next(s for s in game(2, 34) if isinstance(s.before.pending, PendingRescue))
    view = present_table(step.before, defs(), legal_actions(step.before, defs()), name, describe)
    assert [b.key for b in view.actions][:1] == ["open:rescue"]


# --- the Board ---------------------------------------------------------------------------------------------


def test_board_shows_destinations_of_the_selected_thunderbird_only() -> None:
    state = start(2)
    legal = legal_actions(state, defs())
    seat = state.seat_of(state.active_character)
    view = present_board(state, defs(), legal, None, name, describe)
    moves = {x.to for x in legal if isinstance(x, a.Move)}
    assert {r.id for r in view.regions if r.destination_key} == moves
    assert len(view.regions) == 18
    assert len([e for e in view.edges if e.network == "tb3-path"]) == 7
    assert {e.wraps for e in view.edges} == {True, False}
    selected = next(v for v in view.vehicles if v.selected)
    assert selected.id == seat and selected.is_active
    other = next(v for v, _r in state.vehicles if v != seat)
    view = present_board(state, defs(), legal, other, name, describe)
    assert not any(r.destination_key for r in view.regions)
    tracy = next(r for r in view.regions if r.id == "south-pacific")
    assert tracy.vehicles.startswith("TB ") and "■ 1" in tracy.pieces  # the Mole is built there


def test_map_names_never_split_a_word_at_random() -> None:
    assert map_name("Geo-Stationary Orbit") == "Geo-\nStationary Orbit"
    assert map_name("Orbite géostationnaire") == "Orbite géosta-\ntionnaire"
    assert map_name("Europe") == "Europe"


# --- the Rescue screen ---------------------------------------------------------------------------------------


def test_rescue_before_the_roll_shows_bonuses_and_odds() -> None:
    step = next(s for s in game(2, 34) if isinstance(s.action, a.Rescue))
    legal = legal_actions(step.before, defs())
    view = present_rescue(step.before, defs(), legal, step.action.disaster, (), (), name)
    assert view.stage == "before"
    assert view.buttons[0].key == act(a.Rescue(step.action.disaster)) and view.buttons[0].enabled
    texts = [line.text for line in view.odds_lines]
    assert any("or more on two dice" in t for t in texts)
    assert any(t.startswith("Chance without tokens") and "%" in t for t in texts)


def test_rescue_after_the_roll_shows_dice_score_and_token_choices() -> None:
    step = next(s for s in game(2, 34) if isinstance(s.before.pending, PendingRescue))
    state = step.before
    legal = legal_actions(state, defs())
    view = present_rescue(state, defs(), legal, None, (), (), name)
    assert view.stage == "rolled"
    assert len(view.dice) == 2 and all(0 <= d <= 5 for d in view.dice)
    difficulty = defs().disasters[state.pending.disaster].difficulty
    assert view.score_line.startswith(f"Score {state.pending.score}, {difficulty} needed: ")
    assert view.buttons[-1].key == "act:FinishRescue"
    assert view.buttons[-1].role in ("success", "danger")


def test_joker_reward_is_picked_token_by_token() -> None:
    step = next(s for s in game(1, 5) if isinstance(s.before.pending, PendingReward))
    state = step.before
    legal = legal_actions(state, defs())
    view = present_rescue(state, defs(), legal, None, (), step.before and (), name)
    assert view.stage == "reward"
    assert len(view.reward_choices) == 5 and any(c.enabled for c in view.reward_choices)
    kinds = step.action.kinds
    assert reward_action(legal, kinds) == step.action
    assert reward_action(legal, kinds[:-1]) is None or len(kinds) == 1


def test_rescue_result_is_told_after_it_settles() -> None:
    step = next(s for s in game(2, 34) if any(isinstance(e, ev.RescueSucceeded) for e in s.events))
    view = present_rescue(step.after, defs(), legal_actions(step.after, defs()), None, (), step.events, name)
    assert view.result_lines[0].style == "good" and "averted" in view.result_lines[0].text


# --- schemes, players, history, adjust ---------------------------------------------------------------------


def test_scheme_checklist_and_foiling() -> None:
    step = next(s for s in game(2, 34) if isinstance(s.action, a.FoilScheme))
    state = step.before
    legal = legal_actions(state, defs())
    view = present_scheme(state, defs(), legal, describe, [], name)
    assert view.checklist and view.track
    foil_keys = {f.key for f in view.foils} | {view.confirm_key}
    picks = [
        tuple(k.split(":")[1:])
        for k in route(step.action, defs(), frozenset(act(x) for x in legal))
        if k.startswith("discard:")
    ]
    if act(step.action) in {act(x) for x in legal} and not step.action.confirmed:
        assert act(step.action) in foil_keys
    else:
        picked = present_scheme(state, defs(), legal, describe, picks, name)
        assert picked.confirm_key == "foil:confirm" and picked.picked


def test_history_lists_newest_first_and_marks_where_the_game_stands() -> None:
    from companion.engine.session import HistoryEntry

    entries = [HistoryEntry(1, "one", False), HistoryEntry(2, "two", False), HistoryEntry(3, "three", True)]
    view = present_history(entries, can_undo=True, can_redo=True)
    assert [r.seq for r in view.rows] == [3, 2, 1]
    current = [r for r in view.rows if r.is_current]
    assert [r.seq for r in current] == [2]
    assert view.rows[0].button == "Redo to here" and view.rows[2].button == "Back to here"
    assert "undone" in view.position


@pytest.mark.parametrize("section", SECTIONS)
def test_every_adjustment_offered_is_accepted_by_the_rules(section: str) -> None:
    state = start(2, seed=4)
    step = next(s for s in game(2, 34) if s.before.effects or any(c.status == "active" for c in s.before.hood_cards))
    for position in (state, step.before):
        view = present_adjust(position, defs(), section, name)
        assert view.rows
        for row in view.rows:
            for button in row.buttons:
                offered = [button.action] if button.action is not None else [c.action for c in button.choices]
                for action in offered:
                    assert check(position, action, defs()) is None, (action, check(position, action, defs()))


def test_players_screen_lists_every_hand() -> None:
    step = next(s for s in game(2, 34) if any(h.fabs for h in s.before.players))
    view = present_fabs(step.before, defs(), legal_actions(step.before, defs()), describe, name)
    assert len(view.players) == 2
    assert any(card.name for player in view.players for card in player.cards)
    assert all("Technology" in player.tokens for player in view.players)


# --- new game, set-up guide, reveals, game over --------------------------------------------------------------


def test_new_game_form_counts_characters_and_shows_the_hood_track() -> None:
    form = NewGameForm(players=1, choose=True)
    view = present_new_game(form, defs())
    assert not view.can_start and "3" in view.problem
    for character in ("scott", "alan", "john", "gordon"):
        form = form.toggle(character)
    assert form.characters == ("scott", "alan", "john")  # a fourth is refused in solo
    view = present_new_game(form, defs())
    assert view.can_start and form.setup() == {
        "players": 1,
        "difficulty": "introduction",
        "characters": ["scott", "alan", "john"],
    }
    assert [s.label for s in view.track if s.mark == "scheme"] == ["I", "II", "III"]
    heroic = present_new_game(replace(form, difficulty="heroic"), defs())
    assert [s.label for s in heroic.track if s.mark == "scheme"] == ["I", "III", "IV"]
    assert form.with_players(2).characters == ("scott", "alan")


def test_setup_guide_matches_the_decks_just_dealt() -> None:
    state = start(1, seed=9)
    texts = [line.text for step in guide_steps(state, defs(), name, has_lights=False) for line in step.lines]
    for _slot, card in state.track.occupied():
        assert any(defs().disasters[card].names.text() in t for t in texts)
    assert any("Reserve" in t for t in texts)
    with_lights = guide_steps(state, defs(), name, has_lights=True)
    assert len(with_lights) == len(guide_steps(state, defs(), name, has_lights=False)) + 1
    last = present_setup_guide(state, defs(), 99, name, has_lights=False)
    assert last.is_last and last.next_label == "Start playing"


def test_end_of_turn_reveal_names_the_card_and_its_slot() -> None:
    step = next(
        s
        for s in game(2, 34)
        if isinstance(s.action, a.EndTurn) and any(isinstance(e, ev.DisasterPlaced) for e in s.events)
    )
    view = present_reveal(step.events, defs(), step.after, name)
    assert view is not None and view.placed_slot == 1
    assert view.title.startswith("Disaster: ")
    assert present_reveal((), defs(), step.after, name) is None


@pytest.mark.parametrize(("players", "seed", "won"), [(2, 34, True), (2, 7, False)])
def test_game_over_tells_the_result_score_and_summary(players: int, seed: int, won: bool) -> None:
    last = game(players, seed)[-1].after
    view = present_game_over(last, defs(), (), name)
    assert view.won is won
    assert view.score_total.startswith("Score: ") and view.score_lines
    assert any("Turns played" in line.text for line in view.summary)


def test_presenters_speak_french() -> None:
    from companion.locale import build

    build.main()
    locale.set_language("fr")
    try:
        view = present_table(start(2), defs(), (), name, describe)
        assert view.title == "Table" and view.deck_text.replace("\u00a0", " ").startswith("Pioche Catastrophe")
        assert present_history([], False, False).title == "Historique"
    finally:
        locale.set_language("en")


def test_percentages_never_round_a_possible_result_away() -> None:
    from fractions import Fraction

    assert percent(Fraction(1, 1000)) == "<1%"
    assert percent(Fraction(999, 1000)) == ">99%"
    assert percent(Fraction(1, 2)) == "50%"
    assert percent(0) == "0%" and percent(1) == "100%"


def iter_states() -> Iterator[Any]:
    for step in game(2, 34):
        yield step.before
