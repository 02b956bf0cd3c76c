"""Set-up for 1 to 4 players and every difficulty, as the rulebook lays it out."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.engine.chance import LiveChance
from companion.engine.errors import IllegalAction
from companion.games.thunderbirds.definitions import TOKEN_KINDS, Definitions
from companion.games.thunderbirds.setup import initial_state
from companion.games.thunderbirds.state import GameState

DIFFICULTIES = ("introduction", "standard", "heroic", "legendary")
LEVELS = {"introduction": [1, 2, 3], "standard": [1, 2, 4], "heroic": [1, 3, 4], "legendary": [2, 3, 4]}


def new(players: int, difficulty: str = "introduction", seed: int = 0, **extra: object) -> GameState:
    return initial_state({"players": players, "difficulty": difficulty, **extra}, LiveChance(seed))


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_hood_track_has_four_events_and_the_levels_schemes(players: int, difficulty: str, defs: Definitions) -> None:
    state = new(players, difficulty, seed=players * 7)
    events = [c for c in state.hood_cards if c.kind == "event"]
    schemes = [c for c in state.hood_cards if c.kind == "scheme"]
    assert [c.space for c in events] == list(defs.hood_track.event_spaces)
    assert [c.space for c in schemes] == list(defs.hood_track.scheme_spaces)
    assert len({c.card for c in events}) == 4 and all(c.status == "face-down" for c in events)
    assert [defs.schemes[c.card].level for c in schemes] == LEVELS[difficulty]
    assert [c.status for c in schemes] == ["face-up", "face-down", "face-down"]
    assert state.hood == 0 and state.outcome is None


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_hands_and_reserve(players: int, defs: Definitions) -> None:
    state = new(players, seed=players)
    hands = 3 if players == 1 else players
    assert len(state.players) == hands
    characters = [h.character for h in state.players]
    assert len(set(characters)) == hands and set(characters) <= set(defs.characters)
    assert state.setup.solo is (players == 1)
    assert state.setup.characters == tuple(characters)
    if players == 1:
        assert sorted(state.reserve + tuple(characters)) == sorted(defs.characters)
    else:
        assert state.reserve == ()
    assert state.active == 0 and state.actions_left == 3 and state.turn == 1


def test_characters_are_dealt_at_random() -> None:
    dealt = {tuple(h.character for h in new(2, seed=seed).players) for seed in range(30)}
    assert len(dealt) > 5


def test_chosen_characters_are_kept_in_seat_order() -> None:
    state = new(3, characters=["gordon", "john", "scott"])
    assert [h.character for h in state.players] == ["gordon", "john", "scott"]


def test_disaster_deck_is_built_in_four_piles_with_two_hood_cards_each(defs: Definitions) -> None:
    for seed in range(20):
        state = new(2, seed=seed)
        assert len(state.track.occupied()) == 3
        assert [slot for slot, _ in state.track.occupied()] == [1, 2, 3]
        pile = state.disasters.draw_pile
        assert len(pile) == 44 and state.disasters.discard_pile == ()
        hood = {c.id for c in defs.disasters.values() if c.kind == "hood-advances"}
        for start in range(0, 44, 11):
            chunk = pile[start : start + 11]
            assert sum(1 for card in chunk if card in hood) == 2
        on_track = {card for _, card in state.track.occupied()}
        assert not on_track & hood
        assert on_track.isdisjoint(pile) and len(set(pile)) == 44


def test_hood_cards_move_within_their_pile_between_games(defs: Definitions) -> None:
    hood = {c.id for c in defs.disasters.values() if c.kind == "hood-advances"}
    positions = Counter()
    for seed in range(60):
        pile = new(2, seed=seed).disasters.draw_pile
        positions.update(i for i, card in enumerate(pile) if card in hood)
    assert len(positions) > 20  # shuffled into their piles, not at fixed places


def test_pieces_start_where_the_rulebook_puts_them(defs: Definitions) -> None:
    state = new(2, characters=["scott", "virgil"])
    vehicles = dict(state.vehicles)
    assert vehicles == {
        "tb1": "south-pacific",
        "tb2": "south-pacific",
        "tb3": "south-pacific",
        "tb4": "south-pacific",
        "tb5": "geo-stationary-orbit",
        "fab1": "europe",
    }
    assert dict(state.seats) == {
        "scott": "tb1",
        "virgil": "tb2",
        "alan": "tb3",
        "gordon": "tb4",
        "john": "tb5",
        "lady-penelope": "fab1",
    }
    assert dict(state.pods) == {"mole": "south-pacific"}
    assert state.cargo == ()
    assert state.supply == (6,) * len(TOKEN_KINDS)
    assert len(state.fab_deck) == 18


def test_thunderbird_3_starts_in_orbit_when_john_is_played() -> None:
    assert dict(new(2, characters=["john", "virgil"]).vehicles)["tb3"] == "geo-stationary-orbit"
    assert dict(new(1, characters=["alan", "john", "gordon"]).vehicles)["tb3"] == "geo-stationary-orbit"


def test_same_seed_same_game_other_seed_other_game() -> None:
    assert new(3, seed=5) == new(3, seed=5)
    assert new(3, seed=5).disasters != new(3, seed=6).disasters


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"players": 0}, "1 to 4 players"),
        ({"players": 5}, "1 to 4 players"),
        ({"players": 2, "difficulty": "nightmare"}, "Unknown difficulty"),
        ({"players": 2, "characters": ["scott"]}, "2 characters are needed"),
        ({"players": 1, "characters": ["scott", "alan"]}, "3 characters are needed"),
        ({"players": 2, "characters": ["scott", "scott"]}, "only once"),
        ({"players": 2, "characters": ["scott", "brains"]}, "no character called brains"),
    ],
)
def test_impossible_setups_are_refused(setup: dict[str, object], words: str) -> None:
    with pytest.raises(IllegalAction, match=words):
        initial_state(setup, LiveChance(0))
