"""The pack's own invariants over seeded play by its bot (the registry's drills add replay, save/load, undo/redo
and the power cut): every NPC, Location card, vehicle, infection token and take-off token accounted for at each
step, whatever the player count and bag option; and the log's events never carry a token drawn."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.engine.rng import seed_state
from companion.games.the_thing import actions as a
from companion.games.the_thing import events as ev
from companion.games.the_thing.codec import encode_event
from companion.games.the_thing.definitions import CABIN, VEHICLES
from companion.games.the_thing.state import ALIEN, HUMAN, ThingState

PACK = registry.pack("the_thing")
DEFS = PACK.rules.definitions
PLACES = {place.id for place in DEFS.places}


def play(
    players: int, bag: str, seed: int, ufo: bool, steps: int = 300
) -> Iterator[tuple[ThingState, Any, tuple[Any, ...]]]:
    """(state after, action, events) for each step; with `ufo`, an Alien boards a snowmobile alone and leaves at
    the first phase 4."""
    chance = LiveChance(seed_state(seed))
    state = PACK.rules.initial_state(PACK.setup_for(players, {"bag": bag}), chance)
    state = dataclasses.replace(state, rng=chance.rng_after)
    picker = random.Random(seed)
    for _ in range(steps):
        action = PACK.random_action(state, picker.choice)
        if action is None:
            return
        if ufo and state.ufo is None and state.crew == ((0, ALIEN),):
            action = a.Depart()
        elif ufo and state.ufo is None and a.Board("snowmobile-1", 0, ALIEN) in PACK.legal_actions(state):
            action = a.Board("snowmobile-1", 0, ALIEN)
        chance = LiveChance(state.rng)
        state, events = PACK.rules.apply(state, action, chance)
        state = dataclasses.replace(state, rng=chance.rng_after)
        yield state, action, events


def check(state: ThingState, events: tuple[Any, ...]) -> None:
    assert len(state.npcs) == DEFS.npcs and set(state.npcs) <= PLACES
    assert state.leader_token in PLACES and state.leader_token != CABIN
    if state.deal:
        assert len(state.deal) == state.players and state.deal.count(ALIEN) == 1
    assert (state.draw_seat >= 0) == (state.draw_token in (HUMAN, ALIEN))
    if state.bag_mode == "physical":
        assert not state.deal and not state.draw_token
    assert len(set(state.vehicles_used)) == len(state.vehicles_used) and set(state.vehicles_used) <= set(VEHICLES)
    assert set(state.escaped) <= set(state.out) and 0 <= state.turns.first < state.players
    aboard = [seat for seat, _role in state.crew]
    assert len(set(aboard)) == len(aboard) and not set(aboard) & set(state.out)
    if state.dog_spaces:
        assert state.dog <= state.dog_spaces - 1 + state.sniper
    if state.turned and len(state.turned) <= len(state.places):
        assert len(set(state.turned)) == len(state.turned), "a card turned twice before the deck ran out"
    if state.ufo is not None:
        ufo = state.ufo
        on_table = [v for v in ufo.board if v] + list(ufo.reserve)
        held = ufo.alien_tokens + ufo.human_tokens + ufo.spent
        assert len(on_table) + held == len(DEFS.token_values)
        assert not Counter(on_table) - Counter(DEFS.token_values)
        assert 0 <= ufo.activated <= len(DEFS.sequence) and ufo.this_round <= DEFS.per_round
    for event in events:
        if isinstance(event, ev.BagDrawn | ev.TokenReturned | ev.TokenSeen):
            assert set(encode_event(event)) == {"type", "seat"}


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
@pytest.mark.parametrize("bag", ["screen", "physical"])
def test_everything_is_accounted_for_at_every_step(players: int, bag: str) -> None:
    seen: set[str] = set()
    for seed in (1, 2, 3):
        for ufo in (False, True):
            for state, action, events in play(players, bag, seed, ufo):
                check(state, events)
                seen.add(type(action).__name__)
    assert {"MoveNpcs", "RollWeather", "DrawFromBag", "UfoEncounter", "ActivateSequence"} <= seen
