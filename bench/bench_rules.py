"""The Thunderbirds rules at speed: bot-played games per second on one core, the exact odds query, legal_actions.

Goals: 300 or more full games per second (two players, Standard); a rescue odds query well under 1 ms. Games are
played as `companion simulate` plays them (the rules' own `apply`, a `LiveChance` per step, no session or store,
`bot.next_action` choosing, so a plan is followed to its end), after a few warm-up games on other seeds;
the odds are timed on cached tables (the app and the bot ask the same few questions again and again) and once
cold (the first query of a table); legal_actions on every position of those games. `rules_only_games_per_s` replays
the same games' actions without the bot: the ceiling the rules themselves allow.

The games are timed in CPU time (`time.process_time`: what they cost on one core, not what other processes on the
machine take from it) and played `REPEATS` times; the figures are the median run's, and `games_per_s_best` the
fastest run's (the least disturbed, as `timeit` advises). CPU time still swings by a third when other processes
share the cores or the host (caches, frequency): the bot's larger working set feels it more than the rules do. So
a change worth a few percent is judged by instructions instead: run the same games under `valgrind
--tool=cachegrind --cache-sim=no`, with and without the timed part, and divide the difference by the games played.
"""

from __future__ import annotations

import statistics
import sys
import time

from bench import count
from companion.engine.chance import LiveChance
from companion.engine.rng import below, seed_state
from companion.games.thunderbirds import odds as odds_module
from companion.games.thunderbirds.legal import legal_actions
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.odds import odds_for, rescue_odds
from companion.games.thunderbirds.rules import apply
from companion.games.thunderbirds.setup import initial_state
from companion.games.thunderbirds.simulate import game_seeds, play_game, steps
from companion.games.thunderbirds.state import evolve

GAMES = count(60, 2)
WARM_UP_GAMES = count(3, 1)
REPEATS = count(5, 1)
PLAYERS = 2
DIFFICULTY = "standard"
ODDS_QUERIES = count(20000, 200)
SEED = 2024


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _games() -> dict[str, float]:
    defs = default_definitions()
    seeds = game_seeds(SEED, GAMES)
    for seed in game_seeds(SEED + 100, WARM_UP_GAMES):  # warm the caches on other games (odds tables, bot tables)
        play_game(PLAYERS, DIFFICULTY, seed, defs)
    runs = []
    total_steps = total_turns = 0
    for _ in range(REPEATS):
        started = time.process_time()
        total_steps = total_turns = 0
        for seed in seeds:
            _state, result = play_game(PLAYERS, DIFFICULTY, seed, defs)
            total_steps += result.steps
            total_turns += result.turns
        runs.append(time.process_time() - started)
    elapsed = statistics.median(runs)
    # The rules alone: the same games' actions applied again without the bot deciding them.
    recorded = [(seed, [step.action for step in steps(PLAYERS, DIFFICULTY, seed, defs)]) for seed in seeds]
    rules_runs = []
    for _ in range(REPEATS):
        started = time.process_time()
        for seed, actions in recorded:
            chance = LiveChance(seed_state(seed))
            state = evolve(
                initial_state({"players": PLAYERS, "difficulty": DIFFICULTY}, chance, defs), rng=chance.rng_after
            )
            for action in actions:
                chance = LiveChance(state.rng)
                state, _events = apply(state, action, chance, defs)
                if chance.rng_after != state.rng:
                    state = evolve(state, rng=chance.rng_after)
        rules_runs.append(time.process_time() - started)
    rules_only = statistics.median(rules_runs)
    return {
        "games_per_s": GAMES / elapsed,
        "games_per_s_best": GAMES / min(runs),
        "steps_per_s": total_steps / elapsed,
        "game_ms_mean": 1000 * elapsed / GAMES,
        "turns_per_game_mean": total_turns / GAMES,
        "rules_only_games_per_s": GAMES / rules_only,
        "rules_ms_per_game": 1000 * rules_only / GAMES,
        "bot_and_loop_ms_per_game": 1000 * (elapsed - rules_only) / GAMES,
    }


def _odds() -> dict[str, float]:
    odds_module._level.cache_clear()
    odds_module._start.cache_clear()
    odds_module._rescue_odds.cache_clear()
    started = time.perf_counter()
    rescue_odds(9, 3, teamwork=6, intelligence=6, john_ignores=True)
    cold_ms = 1000 * (time.perf_counter() - started)
    started = time.perf_counter()
    odds_module.warm()
    warm_all_ms = 1000 * (time.perf_counter() - started)
    rng = seed_state(SEED)
    queries = []
    for _ in range(ODDS_QUERIES):
        difficulty, rng = below(rng, 6)
        bonus, rng = below(rng, 12)
        teamwork, rng = below(rng, 4)
        intelligence, rng = below(rng, 4)
        john, rng = below(rng, 2)
        queries.append((7 + difficulty, bonus, teamwork, intelligence, bool(john)))
    times = []
    clock = time.perf_counter_ns
    for query in queries:
        started_ns = clock()
        rescue_odds(*query)
        times.append((clock() - started_ns) / 1000)
    advice_times = []
    for query in queries[:5000]:
        difficulty, bonus, teamwork, intelligence, john = query
        started_ns = clock()
        odds_module.best_token_use((2, 0), difficulty, bonus, teamwork, intelligence, john)
        advice_times.append((clock() - started_ns) / 1000)
    return {
        "odds_query_us_median": statistics.median(times),
        "odds_query_us_p99": _percentile(times, 0.99),
        "odds_advice_us_median": statistics.median(advice_times),
        "odds_first_query_cold_ms": cold_ms,
        "odds_all_tables_ms": warm_all_ms,
    }


def _positions() -> dict[str, float]:
    defs = default_definitions()
    legal_times: list[float] = []
    state_odds: list[float] = []
    clock = time.perf_counter_ns
    for seed in game_seeds(SEED + 1, 12):
        for step in steps(PLAYERS, DIFFICULTY, seed, defs):
            state = step.before
            started = clock()
            legal_actions(state, defs)
            legal_times.append((clock() - started) / 1000)
            if state.phase == "actions":
                for _slot, card in state.track.occupied():
                    started = clock()
                    odds_for(state, defs, card)
                    state_odds.append((clock() - started) / 1000)
    return {
        "legal_actions_us_median": statistics.median(legal_times),
        "legal_actions_us_p99": _percentile(legal_times, 0.99),
        "odds_for_state_us_median": statistics.median(state_odds),
        "odds_for_state_us_p99": _percentile(state_odds, 0.99),
    }


def run() -> dict[str, float]:
    figures: dict[str, float] = {}
    figures.update(_odds())
    figures.update(_positions())
    figures.update(_games())
    return figures


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key:<28} {value:12.3f}")
    sys.exit(0)
