"""Warpspawn Thunderbirds at speed: bot-played games per second on one core, and legal-move generation per call.

Goal: a whole simulated game (two players, 12 by 12, every seat played by the bot) in under 20 ms. Games are played
as `companion simulate --game warpspawn_thunderbirds` plays them (`simulate.play_game`: the rules' own `apply`, a
`LiveChance` per step, no session or store), after warm-up games on other seeds. Timed in CPU time
(`time.process_time`, what they cost on one core) over `REPEATS` runs: the median run's figures, and the fastest
run's games per second (the least disturbed). `rules_ms_per_game` replays the same games' actions without the bot:
what the rules alone cost. `legal_actions_us_*` times `legal_actions` on every position of other games, and
`legal_actions_move_us_median` on the move-phase positions only (where the card plays are listed).
"""

from __future__ import annotations

import statistics
import sys
import time

from bench import count
from companion.engine.chance import LiveChance
from companion.games.warpspawn_thunderbirds.legal import legal_actions
from companion.games.warpspawn_thunderbirds.loader import default_definitions
from companion.games.warpspawn_thunderbirds.rules import apply
from companion.games.warpspawn_thunderbirds.simulate import game_seeds, play_game, start, steps
from companion.games.warpspawn_thunderbirds.state import evolve

GAMES = count(100, 4)
WARM_UP_GAMES = count(5, 1)
REPEATS = count(5, 1)
PLAYERS = 2
SIZE = 12
OTHER_SIZES = (10, 20)
SEED = 2024


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _timed_games(size: int, games: int) -> tuple[list[float], int, int]:
    defs = default_definitions()
    seeds = game_seeds(SEED, games)
    for seed in game_seeds(SEED + 100, WARM_UP_GAMES):
        play_game(PLAYERS, size, seed, defs)
    runs = []
    total_steps = total_turns = 0
    for _ in range(REPEATS):
        started = time.process_time()
        total_steps = total_turns = 0
        for seed in seeds:
            result = play_game(PLAYERS, size, seed, defs)
            total_steps += result.steps
            total_turns += result.turns
        runs.append(time.process_time() - started)
    return runs, total_steps, total_turns


def _games() -> dict[str, float]:
    defs = default_definitions()
    runs, total_steps, total_turns = _timed_games(SIZE, GAMES)
    elapsed = statistics.median(runs)
    seeds = game_seeds(SEED, GAMES)
    recorded = [(seed, [step.action for step in steps(PLAYERS, SIZE, seed, defs)]) for seed in seeds]
    rules_runs = []
    for _ in range(REPEATS):
        started = time.process_time()
        for seed, actions in recorded:
            state = start(PLAYERS, SIZE, seed, defs)
            for action in actions:
                chance = LiveChance(state.rng)
                state, _events = apply(state, action, chance, defs)
                state = evolve(state, rng=chance.rng_after)
        rules_runs.append(time.process_time() - started)
    rules_only = statistics.median(rules_runs)
    figures = {
        "games_per_s": GAMES / elapsed,
        "games_per_s_best": GAMES / min(runs),
        "game_ms_mean": 1000 * elapsed / GAMES,
        "steps_per_game_mean": total_steps / GAMES,
        "turns_per_game_mean": total_turns / GAMES,
        "rules_ms_per_game": 1000 * rules_only / GAMES,
        "bot_and_loop_ms_per_game": 1000 * (elapsed - rules_only) / GAMES,
    }
    for size in OTHER_SIZES:
        other_runs, _steps, _turns = _timed_games(size, GAMES // 2)
        figures[f"game_ms_mean_{size}x{size}"] = 1000 * statistics.median(other_runs) / (GAMES // 2)
    return figures


def _legal() -> dict[str, float]:
    defs = default_definitions()
    every: list[float] = []
    moving: list[float] = []
    clock = time.perf_counter_ns
    for seed in game_seeds(SEED + 1, 20):
        for step in steps(PLAYERS, SIZE, seed, defs):
            state = step.before
            started = clock()
            legal_actions(state, defs)
            spent = (clock() - started) / 1000
            every.append(spent)
            if state.phase == "move" and state.pending is None:
                moving.append(spent)
    return {
        "legal_actions_us_median": statistics.median(every),
        "legal_actions_us_p99": _percentile(every, 0.99),
        "legal_actions_move_us_median": statistics.median(moving),
        "legal_actions_move_us_p99": _percentile(moving, 0.99),
    }


def run() -> dict[str, float]:
    figures: dict[str, float] = {}
    figures.update(_legal())
    figures.update(_games())
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:<32} {value:12.3f}")
    sys.exit(0)
