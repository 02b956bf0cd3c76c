"""`companion simulate --game thunder_road [--races N] [--seed S] [--json] [--lang en|fr]`: bot-played races.

For each player count (2 to 4) and expansion set (base, Carnage): the race's length in rounds, and how often it
ends over the finish line of the final tile versus by elimination (last survivor). The same arguments print the
same results. Races are played by `play_race`: the rules' own `apply`, a `LiveChance` per step, no session.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine.chance import LiveChance
from companion.engine.pack import Words
from companion.engine.rng import seed_state
from companion.games.thunder_road.bot import choose
from companion.games.thunder_road.definitions import Definitions
from companion.games.thunder_road.referee import apply
from companion.games.thunder_road.setup import initial_state
from companion.games.thunder_road.state import RaceState
from companion.locale import LANGUAGES, set_language
from companion.locale.numbers import decimal, percent

T = frozenset({"en", "fr"})
MAX_STEPS = 2000
EXPANSION_SETS: tuple[tuple[str, dict[str, str]], ...] = (("base", {}), ("carnage", {"carnage": "yes"}))


@dataclass(frozen=True)
class Race:
    rounds: int
    steps: int
    won_by: str | None  # "finish", "survivor", "nobody"; None: not over in MAX_STEPS


def start(players: int, options: dict[str, str], seed: int, defs: Definitions) -> RaceState:
    chance = LiveChance(seed_state(seed))
    state, _events = initial_state({"players": players, **options}, chance, defs)
    return dataclasses.replace(state, rng=chance.rng_after)


def play_race(players: int, options: dict[str, str], seed: int, defs: Definitions) -> Race:
    state = start(players, options, seed, defs)
    pick = random.Random(seed).choice
    steps = 0
    while not state.is_over and steps < MAX_STEPS:
        action = choose(state, defs, pick)
        if action is None:
            break
        chance = LiveChance(state.rng)
        state, _events = apply(state, action, chance, defs)
        state = dataclasses.replace(state, rng=chance.rng_after)
        steps += 1
    return Race(state.turns.round, steps, state.won_by)


def simulate(races: int, seed: int, defs: Definitions) -> list[dict[str, Any]]:
    report = []
    for players in range(2, 5):
        for name, options in EXPANSION_SETS:
            played = [play_race(players, options, seed * 1000 + n, defs) for n in range(races)]
            ended = [race for race in played if race.won_by is not None]
            report.append(
                {
                    "players": players,
                    "expansions": name,
                    "races": races,
                    "rounds_mean": sum(race.rounds for race in played) / races,
                    "steps_mean": sum(race.steps for race in played) / races,
                    "finish_share": sum(race.won_by == "finish" for race in played) / races,
                    "elimination_share": sum(race.won_by in ("survivor", "nobody") for race in played) / races,
                    "unfinished": races - len(ended),
                }
            )
    return report


def render(report: list[dict[str, Any]]) -> str:
    head = Words(
        "players  expansions  rounds  finish line  elimination",
        "joueurs  extensions  rounds  ligne d'arrivée  élimination",
        T,
    ).text()
    lines = [head]
    for row in report:
        lines.append(
            f"{row['players']:>7}  {row['expansions']:<10}  {decimal(row['rounds_mean']):>6}  "
            f"{percent(row['finish_share']):>11}  {percent(row['elimination_share']):>11}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    from companion.games.thunder_road.loader import default_definitions

    args_list = list(sys.argv[1:] if argv is None else argv)
    if "--lang" in args_list[:-1]:
        set_language(args_list[args_list.index("--lang") + 1])  # before the parser: --help in that language
    parser = argparse.ArgumentParser(
        prog="companion simulate --game thunder_road",
        description=Words("Bot-played Thunder Road races.", "Courses de Thunder Road jouées par le robot.", T).text(),
    )
    parser.add_argument(
        "--races",
        type=int,
        default=100,
        help=Words("races per player count and expansion set", "courses par nombre de joueurs et extensions", T).text(),
    )
    parser.add_argument("--seed", type=int, default=0, help=Words("the seed", "la graine", T).text())
    parser.add_argument("--json", action="store_true", help=Words("print JSON", "écrire du JSON", T).text())
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    args = parser.parse_args(args_list)
    set_language(args.lang)
    if args.races < 1:
        print(Words("--races must be at least 1.", "--races doit valoir au moins 1.", T).text(), file=sys.stderr)
        return 2
    report = simulate(args.races, args.seed, default_definitions())
    print(json.dumps(report, indent=2) if args.json else render(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
