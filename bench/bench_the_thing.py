"""The Thing – Norwegian Outpost at speed: phase 8 (the whole of it, one tap), `legal_actions`, and bot-played
games, as the shell and the drills run them (the rules' own `apply`, a `LiveChance` per step, no session).

Goal: phase 8 well under a frame (16 ms) on a Raspberry Pi; figures are CPU time on one core
(`time.process_time` for the games, `perf_counter_ns` per call), medians over the positions met in seeded games.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import sys
import time
from typing import Any

from bench import count
from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.engine.rng import seed_state
from companion.games.the_thing import actions as a

GAMES = count(40, 2)
STEPS = 300
SEED = 2024


def _game(seed: int, players: int) -> list[Any]:
    pack = registry.pack("the_thing")
    chance = LiveChance(seed_state(seed))
    state = pack.rules.initial_state(pack.setup_for(players, {"bag": "screen"}), chance)
    state = dataclasses.replace(state, rng=chance.rng_after)
    picker = random.Random(seed)
    states = [state]
    for _ in range(STEPS):
        action = pack.random_action(state, picker.choice)
        if action is None:
            break
        chance = LiveChance(state.rng)
        state, _events = pack.rules.apply(state, action, chance)
        state = dataclasses.replace(state, rng=chance.rng_after)
        states.append(state)
    return states


def run() -> dict[str, float]:
    rules = registry.pack("the_thing").rules
    clock = time.perf_counter_ns
    started = time.process_time()
    positions = [state for n in range(GAMES) for state in _game(SEED + n, 4 + n % 5)]
    elapsed = time.process_time() - started
    legal, phase_eight = [], []
    for state in positions:
        begun = clock()
        actions = rules.legal_actions(state)
        legal.append((clock() - begun) / 1000)
        if a.MoveNpcs(-1) in actions:
            begun = clock()
            rules.apply(state, a.MoveNpcs(-1), LiveChance(state.rng))
            phase_eight.append((clock() - begun) / 1000)
    return {
        "steps_per_s": len(positions) / elapsed,
        "legal_actions_us_median": statistics.median(legal),
        "phase_8_us_median": statistics.median(phase_eight),
        "phase_8_us_max": max(phase_eight),
    }


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:<28} {value:12.3f}")
    sys.exit(0)
