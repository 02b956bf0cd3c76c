"""Bot-played games for win rates: `simulate(games, players, difficulty, seed) -> SimulationReport`.

Games run through the rules' own `apply` with a `LiveChance` per step (no session, no store: speed). Game i's seed
is drawn from the report's seed, so the same seed always gives the same report, and any single game can be
replayed alone from its own seed (`play_game`).

Some cards are not known (see the facts file), so some rules cannot be checked. The simulation assumes what
`ASSUMPTIONS` says (printed with every report): the bot's `UnknownCardModel` for unknown schemes, disasters,
F.A.B. cards and abilities; and here, for events, which the players would otherwise handle with adjustments:
an event with unknown effects has none and is ended at once; a lasting effect whose end is not known lasts one
round (it ends when the turn of the player who saw it start comes round again).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from math import sqrt
from typing import Any

from companion.engine.chance import LiveChance
from companion.engine.errors import IllegalAction
from companion.engine.rng import next_outputs, seed_state
from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds import bot
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.rules import apply
from companion.games.thunderbirds.scoring import score
from companion.games.thunderbirds.setup import initial_state
from companion.games.thunderbirds.state import GameState, PendingRescue, PendingReward, evolve
from companion.locale import domain

_, ngettext = domain("thunderbirds")

#: A game that has not ended after this many steps is stopped and counted as "unfinished" (never seen).
MAX_STEPS_PER_GAME = 5000
#: z for a two-sided 95% interval.
Z95 = 1.959963984540054
DEFEAT_REASONS = ("skull", "scheme-reached", "deck-exhausted", "unfinished")


@dataclass(frozen=True)
class Step:
    """One step of a simulated game: the state before, the action, who chose it, the state after, the events."""

    before: GameState
    action: object
    by: str  # "bot", or "upkeep" for the simulation's assumptions about events
    after: GameState
    events: tuple[object, ...]


@dataclass(frozen=True)
class GameResult:
    seed: int
    result: str  # "won", "lost" or "unfinished"
    reason: str  # the outcome's reason ("schemes-foiled", "skull", ...) or "unfinished"
    score: int
    turns: int
    steps: int
    hood: int
    schemes_foiled: int
    bot_errors: int  # bot choices the rules refused (replaced by a safe choice); 0 in a sound bot


@dataclass(frozen=True)
class SimulationReport:
    games: int
    players: int
    difficulty: str
    seed: int
    wins: int
    win_rate: float
    interval: tuple[float, float]  # Wilson 95% interval of the win rate
    defeats: tuple[tuple[str, int], ...]  # (reason, games), most frequent first
    average_score: float
    average_turns: float
    average_steps: float
    bot_errors: int
    assumptions: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "players": self.players,
            "difficulty": self.difficulty,
            "seed": self.seed,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "interval_95": list(self.interval),
            "defeats": dict(self.defeats),
            "average_score": self.average_score,
            "average_turns": self.average_turns,
            "average_steps": self.average_steps,
            "bot_errors": self.bot_errors,
            "assumptions": list(self.assumptions),
        }


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval: sound near 0% and 100% and for few games, unlike the normal approximation."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def game_seeds(seed: int, games: int) -> tuple[int, ...]:
    """Each game's own seed, drawn from the simulation's seed (so game i does not depend on how many are run)."""
    return next_outputs(seed_state(seed), games)[0]


def assumptions(model: bot.UnknownCardModel = bot.DEFAULT_MODEL) -> tuple[str, ...]:
    """What the simulation assumes for cards the app does not know, in the current language."""
    return model.describe() + (
        _("An event whose effects are unknown has none: the simulation ends it at once."),
        _(
            "A lasting effect whose end is not known (a speed limit, a rescue penalty, blocked routes) lasts one "
            "round: it ends when the turn of the player who saw it start comes round again."
        ),
        _("Characters are dealt at random; in solo play the bot keeps its three characters (no character change)."),
    )


# --- one game --------------------------------------------------------------------------------------------------


def steps(
    players: int,
    difficulty: str,
    seed: int,
    defs: Definitions,
    model: bot.UnknownCardModel = bot.DEFAULT_MODEL,
    max_steps: int = MAX_STEPS_PER_GAME,
) -> Iterator[Step]:
    """Every step of one bot-played game, from the set-up to the end (or `max_steps`)."""
    start = _set_up(players, difficulty, seed, defs)
    for before, action, by, after, events in _play(start, defs, model, max_steps):
        yield Step(before, action, by, after, events)


def _set_up(players: int, difficulty: str, seed: int, defs: Definitions) -> GameState:
    chance = LiveChance(seed_state(seed))
    state = initial_state({"players": players, "difficulty": difficulty}, chance, defs)
    return evolve(state, rng=chance.rng_after)


def _play(
    state: GameState, defs: Definitions, model: bot.UnknownCardModel, max_steps: int
) -> Iterator[tuple[GameState, object, str, GameState, tuple[object, ...]]]:
    """The game loop behind `steps` and `play_game`: (before, action, by, after, events) per step."""
    upkeep = _Upkeep()
    choices, turn = 0, state.turn
    next_action = bot.next_action
    for _step in range(max_steps):
        if state.outcome is not None:
            return
        action = upkeep.action(state) if state.pending is None else None  # nothing to end while a choice is pending
        if action is not None:
            by = "upkeep"
        else:
            if state.turn != turn:
                choices, turn = 0, state.turn
            action, by = next_action(state, defs, choices, True, model), "bot"
            choices += 1
        chance = LiveChance(state.rng)
        try:
            after, events = apply(state, action, chance, defs)
        except IllegalAction:
            if by != "bot":
                raise
            action, by = _safe_choice(state, defs), "bot-error"
            chance = LiveChance(state.rng)
            after, events = apply(state, action, chance, defs)
        if chance.rng_after != after.rng:
            after = evolve(after, rng=chance.rng_after)
        yield state, action, by, after, events
        state = after


class _Upkeep:
    """The simulation's assumptions about events, as the players' own `EndEffect` adjustments: a lasting effect
    ends after a round, an event with nothing lasting is ended at once."""

    def __init__(self) -> None:
        self.started: dict[str, int] = {}
        self._cards: object = None  # the Hood cards last seen with no event to end (states share unchanged tuples)

    def action(self, state: GameState) -> object | None:
        if state.pending is not None or state.outcome is not None:
            return None
        effects = state.effects
        if effects:
            round_length = len(state.players)
            for effect in effects:
                if effect.source == "adjust":
                    continue
                begun = self.started.setdefault(effect.card, state.turn)
                if state.turn >= begun + round_length:
                    self.started.pop(effect.card, None)
                    return act.EndEffect(effect.card)
        elif state.hood_cards is self._cards:
            return None
        lasting = set()  # a loop: a comprehension builds a function object at every run
        for effect in effects:
            lasting.add(effect.card)
        for card in state.hood_cards:
            if card.kind == "event" and card.status == "active" and card.card not in lasting:
                return act.EndEffect(card.card)
        if not effects:
            self._cards = state.hood_cards
        return None


def _upkeep(state: GameState, defs: Definitions, started: dict[str, int]) -> object | None:
    """`_Upkeep.action` with the start turns of lasting effects kept in `started`."""
    upkeep = _Upkeep()
    upkeep.started = started
    return upkeep.action(state)


def _safe_choice(state: GameState, defs: Definitions) -> object:
    if isinstance(state.pending, PendingRescue):
        return act.FinishRescue()
    if isinstance(state.pending, PendingReward):
        from companion.games.thunderbirds.legal import legal_actions

        return next(a for a in legal_actions(state, defs) if isinstance(a, act.ChooseReward))
    return act.EndTurn()


def play_game(
    players: int,
    difficulty: str,
    seed: int,
    defs: Definitions,
    model: bot.UnknownCardModel = bot.DEFAULT_MODEL,
    max_steps: int = MAX_STEPS_PER_GAME,
) -> tuple[GameState, GameResult]:
    """One bot-played game to its end and its result (what `companion simulate` and the benchmark time)."""
    state = _set_up(players, difficulty, seed, defs)
    count = errors = 0
    for _before, _action, by, after, _events in _play(state, defs, model, max_steps):
        count += 1
        errors += by == "bot-error"
        state = after
    outcome = state.outcome
    final = score(state, defs)
    return state, GameResult(
        seed=seed,
        result="unfinished" if outcome is None else outcome.result,
        reason="unfinished" if outcome is None else outcome.reason,
        score=0 if final is None else final.total,
        turns=state.turn,
        steps=count,
        hood=state.hood,
        schemes_foiled=state.schemes_foiled,
        bot_errors=errors,
    )


# --- many games --------------------------------------------------------------------------------------------------


def simulate(
    games: int,
    players: int,
    difficulty: str,
    seed: int,
    defs: Definitions | None = None,
    progress: Callable[[int, int], None] | None = None,
    model: bot.UnknownCardModel = bot.DEFAULT_MODEL,
) -> SimulationReport:
    """Plays `games` bot games and sums them up; `progress(done, total)` is called after each game."""
    if games < 1:
        raise ValueError("simulate needs at least one game")
    if defs is None:
        from companion.games.thunderbirds.loader import default_definitions

        defs = default_definitions()
    results = []
    for done, game_seed in enumerate(game_seeds(seed, games), start=1):
        results.append(play_game(players, difficulty, game_seed, defs, model)[1])
        if progress is not None:
            progress(done, games)
    return summarise(results, players, difficulty, seed, model)


def summarise(
    results: list[GameResult],
    players: int,
    difficulty: str,
    seed: int,
    model: bot.UnknownCardModel = bot.DEFAULT_MODEL,
) -> SimulationReport:
    games = len(results)
    wins = sum(1 for r in results if r.result == "won")
    defeats = Counter(r.reason for r in results if r.result != "won")
    return SimulationReport(
        games=games,
        players=players,
        difficulty=difficulty,
        seed=seed,
        wins=wins,
        win_rate=wins / games,
        interval=wilson_interval(wins, games),
        defeats=tuple(sorted(defeats.items(), key=lambda item: (-item[1], item[0]))),
        average_score=sum(r.score for r in results) / games,
        average_turns=sum(r.turns for r in results) / games,
        average_steps=sum(r.steps for r in results) / games,
        bot_errors=sum(r.bot_errors for r in results),
        assumptions=assumptions(model),
    )
