"""Thunder Road at speed: bot-played races per second on one core, and `legal_actions` per call.

Goal: a whole simulated race (two players, base game, every seat played by the bot) under 20 ms. Races are played
as `companion simulate --game thunder_road` plays them (`simulate.play_race`: the rules' own `apply`, a
`LiveChance` per step, no session or store), after warm-up races on other seeds; CPU time (`time.process_time`),
the median of `REPEATS` runs. `legal_actions_us_*` times `legal_actions` on every position of other races.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import sys
import time

from bench import count
from companion.engine.chance import LiveChance
from companion.games.thunder_road.bot import choose
from companion.games.thunder_road.legal import legal_actions
from companion.games.thunder_road.loader import default_definitions
from companion.games.thunder_road.referee import apply
from companion.games.thunder_road.simulate import play_race, start

RACES = count(100, 4)
WARM_UP = count(5, 1)
REPEATS = count(5, 1)
SEED = 2024


def _races(players: int) -> dict[str, float]:
    defs = default_definitions()
    for n in range(WARM_UP):
        play_race(players, {}, SEED + 100 + n, defs)
    runs = []
    rounds = 0
    for _ in range(REPEATS):
        started = time.process_time()
        rounds = sum(play_race(players, {}, SEED + n, defs).rounds for n in range(RACES))
        runs.append(time.process_time() - started)
    elapsed = statistics.median(runs)
    return {
        f"races_per_s_{players}p": RACES / elapsed,
        f"race_ms_mean_{players}p": 1000 * elapsed / RACES,
        f"rounds_per_race_{players}p": rounds / RACES,
    }


def _legal() -> dict[str, float]:
    defs = default_definitions()
    spent: list[float] = []
    clock = time.perf_counter_ns
    for seed in range(SEED + 1, SEED + 1 + count(10, 1)):
        state = start(3, {}, seed, defs)
        pick = random.Random(seed).choice
        while not state.is_over:
            began = clock()
            legal_actions(state, defs)
            spent.append((clock() - began) / 1000)
            action = choose(state, defs, pick)
            chance = LiveChance(state.rng)
            state, _events = apply(state, action, chance, defs)
            state = dataclasses.replace(state, rng=chance.rng_after)
    ordered = sorted(spent)
    return {
        "legal_actions_us_median": statistics.median(spent),
        "legal_actions_us_p99": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
    }


def run() -> dict[str, float]:
    figures = _legal()
    for players in (2, 4):
        figures.update(_races(players))
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:<32} {value:12.3f}")
    sys.exit(0)
