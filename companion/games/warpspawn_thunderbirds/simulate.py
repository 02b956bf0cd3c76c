"""Bot-played games, summed up by board size: `simulate(games, players, size, seed) -> SimulationReport`.

Games run through the rules' own `apply` with a `LiveChance` per step (no session or store: speed). Game i's seed is
drawn from the report's seed, so the same seed always gives the same report, and any game can be replayed alone
from its own seed (`play_game`). Every seat is played by `bot.next_action`, each with what it may know.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from companion.engine.chance import LiveChance
from companion.engine.rng import next_outputs, seed_state
from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds import bot
from companion.games.warpspawn_thunderbirds import events as ev
from companion.games.warpspawn_thunderbirds.definitions import Definitions
from companion.games.warpspawn_thunderbirds.rules import apply
from companion.games.warpspawn_thunderbirds.setup import initial_state
from companion.games.warpspawn_thunderbirds.state import GameState, evolve

#: A game that has not ended after this many steps is stopped and counted as unfinished (never seen: every
#: emergency leaves the board within six turns of its placing).
MAX_STEPS_PER_GAME = 20000


@dataclass(frozen=True)
class Step:
    """One step of a game: the state before, the action, the state after, the events."""

    before: GameState
    action: object
    after: GameState
    events: tuple[object, ...]


@dataclass(frozen=True)
class GameResult:
    seed: int
    finished: bool
    turns: int
    steps: int
    rescues: tuple[int, ...]  # by seat
    expired: int  # emergencies whose time ran out
    tie: bool
    margin: int  # the winner's rescues minus the runner-up's (0 on a tie)
    deck_out_turn: int  # the turn whose Alert drew the last emergency (0: never)
    left_when_deck_ran_out: int  # emergencies on the board right after the last one was drawn
    quiet_turns: int  # turns whose move phases began with no emergency on the board
    first_mover_rescues: int  # rescues made by the player moving first in their turn
    delays: int
    short_hands: int  # cards an Organization or an SOS could not give (the Responder deck ran out)


@dataclass(frozen=True)
class SimulationReport:
    games: int
    players: int
    size: int
    seed: int
    average_turns: float
    shortest: int
    longest: int
    rescues_per_player: float
    rescues_by_seat: tuple[float, ...]
    rescued_share: float  # of the emergencies that reached the board
    tie_rate: float
    average_margin: float
    first_mover_share: float  # of the rescues
    tail_turns: float  # turns played after the Emergency deck ran out
    left_when_deck_ran_out: float
    quiet_turns: float
    delays: float
    short_games: int  # games in which the Responder deck ran out
    unfinished: int

    def as_dict(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        data["rescues_by_seat"] = list(self.rescues_by_seat)
        return data


def game_seeds(seed: int, games: int) -> tuple[int, ...]:
    """Each game's own seed, drawn from the simulation's seed (game i does not depend on how many are run)."""
    return next_outputs(seed_state(seed), games)[0]


def start(players: int, size: int, seed: int, defs: Definitions) -> GameState:
    """The set-up exactly as `Session.new(store, RULES, {"players": players, "size": size}, seed)` makes it."""
    chance = LiveChance(seed_state(seed))
    return evolve(initial_state({"players": players, "size": size}, chance, defs), rng=chance.rng_after)


def steps(players: int, size: int, seed: int, defs: Definitions, max_steps: int = MAX_STEPS_PER_GAME) -> Iterator[Step]:
    """Every step of one bot-played game, from the set-up to the end (or `max_steps`)."""
    state = start(players, size, seed, defs)
    memory = bot.Memory()
    for _step in range(max_steps):
        if state.outcome is not None:
            return
        action = bot.next_action(state, defs, memory)
        chance = LiveChance(state.rng)
        after, events = apply(state, action, chance, defs)
        after = evolve(after, rng=chance.rng_after)
        yield Step(state, action, after, events)
        state = after


def play_game(players: int, size: int, seed: int, defs: Definitions) -> GameResult:
    """One bot-played game to its end, and what it says about the board size."""
    count = expired = deck_out_turn = left = quiet = first = delays = short = 0
    state = None
    for step in steps(players, size, seed, defs):
        count += 1
        state = step.after
        before = step.before
        if isinstance(step.action, act.RollForOrder) and not step.after.board and step.after.phase == "move":
            quiet += 1
        for event in step.events:
            if isinstance(event, ev.EmergencyExpired):
                expired += 1
            elif isinstance(event, ev.EmergencyDeckEmpty):
                deck_out_turn = before.turn
                left = len(step.after.board)
            elif isinstance(event, ev.Rescued):
                if step.after.order and step.after.seats[step.after.order[0]].colour == event.player:
                    first += 1
            elif isinstance(event, ev.CardDelayed):
                delays += 1
            elif isinstance(event, (ev.HandFilled, ev.CardsDrawn)):
                short += event.short
    assert state is not None
    rescues = tuple(len(seat.rescues) for seat in state.seats)
    ranked = sorted(rescues, reverse=True)
    outcome = state.outcome
    return GameResult(
        seed=seed,
        finished=outcome is not None,
        turns=state.turn,
        steps=count,
        rescues=rescues,
        expired=expired,
        tie=outcome is not None and outcome.is_tie,
        margin=ranked[0] - ranked[1],
        deck_out_turn=deck_out_turn,
        left_when_deck_ran_out=left,
        quiet_turns=quiet,
        first_mover_rescues=first,
        delays=delays,
        short_hands=short,
    )


def simulate(
    games: int,
    players: int,
    size: int,
    seed: int,
    defs: Definitions | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationReport:
    """Plays `games` bot games on a board of `size` and sums them up; `progress(done, total)` after each game."""
    if games < 1:
        raise ValueError("simulate needs at least one game")
    if defs is None:
        from companion.games.warpspawn_thunderbirds.loader import default_definitions

        defs = default_definitions()
    results = []
    for done, game_seed in enumerate(game_seeds(seed, games), start=1):
        results.append(play_game(players, size, game_seed, defs))
        if progress is not None:
            progress(done, games)
    return summarise(results, players, size, seed)


def summarise(results: list[GameResult], players: int, size: int, seed: int) -> SimulationReport:
    games = len(results)
    rescues = sum(sum(r.rescues) for r in results)
    placed = rescues + sum(r.expired for r in results)
    return SimulationReport(
        games=games,
        players=players,
        size=size,
        seed=seed,
        average_turns=sum(r.turns for r in results) / games,
        shortest=min(r.turns for r in results),
        longest=max(r.turns for r in results),
        rescues_per_player=rescues / (games * players),
        rescues_by_seat=tuple(sum(r.rescues[i] for r in results) / games for i in range(players)),
        rescued_share=rescues / placed if placed else 0.0,
        tie_rate=sum(r.tie for r in results) / games,
        average_margin=sum(r.margin for r in results) / games,
        first_mover_share=sum(r.first_mover_rescues for r in results) / rescues if rescues else 0.0,
        tail_turns=sum(r.turns - r.deck_out_turn for r in results if r.deck_out_turn) / games,
        left_when_deck_ran_out=sum(r.left_when_deck_ran_out for r in results) / games,
        quiet_turns=sum(r.quiet_turns for r in results) / games,
        delays=sum(r.delays for r in results) / games,
        short_games=sum(1 for r in results if r.short_hands),
        unfinished=sum(1 for r in results if not r.finished),
    )
