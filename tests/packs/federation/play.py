"""Seeded random play: a player that picks among the listed module actions and the players' corrections, and the
invariants every state must keep."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from companion.engine.chance import LiveChance
from companion.engine.rng import seed_state
from companion.games.federation.definitions import Definitions
from companion.games.federation.legal import correction_examples, legal_actions
from companion.games.federation.rules import RULES
from companion.games.federation.state import ENIGMA_STATUSES, FederationState

DEFS = RULES.definitions
RACES = tuple(DEFS.races)


@dataclass(frozen=True)
class Step:
    before: FederationState
    action: object
    after: FederationState
    events: tuple[object, ...]
    legal: tuple[object, ...]


def setup_for(seed: int) -> dict[str, Any]:
    """A set-up drawn from the seed: 2 to 6 races in a random order, 0 to 20 systems."""
    choose = random.Random(seed)
    races = choose.sample(RACES, choose.randint(2, len(RACES)))
    return {"races": races, "systems": choose.randint(0, 20)}


def start(seed: int) -> FederationState:
    chance = LiveChance(seed_state(seed))
    state = RULES.initial_state(setup_for(seed), chance)
    return dataclasses.replace(state, rng=chance.rng_after)


def play(seed: int, steps: int, corrections_percent: int = 15) -> Iterator[Step]:
    """Up to `steps` actions: mostly the module's listed actions, sometimes a correction (the only actions left
    once a race has won)."""
    choose = random.Random(seed ^ 0x5EED)
    state = start(seed)
    for _ in range(steps):
        legal = legal_actions(state, DEFS)
        corrections = correction_examples(state, DEFS)
        if legal and (not corrections or choose.randrange(100) >= corrections_percent):
            action = choose.choice(legal)
        else:
            action = choose.choice(corrections)
        chance = LiveChance(state.rng)
        after, events = RULES.apply(state, action, chance)
        after = dataclasses.replace(after, rng=chance.rng_after)
        yield Step(state, action, after, events, legal)
        state = after


def check_invariants(state: FederationState, defs: Definitions = DEFS) -> None:
    """Everything refers to what exists, and the record never contradicts the module's rules."""
    assert 2 <= len(state.races) <= len(defs.races) and len(set(state.races)) == len(state.races)
    assert all(race in defs.races for race in state.races)
    ids = [system.id for system in state.systems]
    assert len(set(ids)) == len(ids), ids
    homes = [system.home_of for system in state.systems if system.home_of is not None]
    assert sorted(homes) == sorted(state.races)
    assert all(system.number < state.next_number for system in state.systems)
    for system in state.systems:
        where = f"{system.id}: {system}"
        assert system.owner is None or system.owner in state.races, where
        assert set(system.refused) <= set(state.races), where
        assert not (system.terraformed and system.has_minor_race), where
        if system.home_of is not None:
            assert system.explored and system.resources is None and system.minor_race == "none", where
            assert system.enigma == "none" and not system.minor_destroyed, where
        elif system.explored:
            assert system.resources in defs.resources.row_ids, where
            assert system.minor_race in defs.minor_races.row_ids, where
            assert system.enigma in ENIGMA_STATUSES, where
            assert not system.minor_destroyed or system.minor_race != "none", where
        else:
            assert (system.resources, system.minor_race, system.enigma) == (None, None, None), where
            assert system.owner is None and not (system.colony or system.shipyard or system.terraformed), where
            assert not system.minor_destroyed and not system.refused, where
    pairs = [(e.system, e.race) for e in state.encounters]
    assert len(set(pairs)) == len(pairs)
    for encounter in state.encounters:
        found = state.system(encounter.system)
        assert found is not None and found.has_unresolved_enigma and encounter.race in state.races
        assert all(ship in defs.ships for ship in encounter.ships)
    for system_id, race in state.diplomacy_tried:
        assert state.system(system_id) is not None and race in state.races
    assert dict(state.readings).keys() == defs.readings.keys()
    assert all(choice in defs.readings[key].choice_ids for key, choice in state.readings)
    assert 0 <= state.phase < len(defs.phases) and state.turn >= 1
