"""Seeded games mixing random legal actions with the bot's choices, for the conformance tests."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from companion.engine.chance import LiveChance
from companion.engine.rng import below, seed_state
from companion.games.thunderbirds import bot
from companion.games.thunderbirds.actions import FoilScheme
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.legal import legal_actions
from companion.games.thunderbirds.rules import apply
from companion.games.thunderbirds.setup import initial_state
from companion.games.thunderbirds.state import GameState, evolve


@dataclass(frozen=True)
class Played:
    before: GameState
    legal: tuple[object, ...]
    action: object
    after: GameState


def setup_of(players: int, difficulty: str) -> dict[str, object]:
    return {"players": players, "difficulty": difficulty}


def start(players: int, difficulty: str, seed: int, defs: Definitions) -> GameState:
    """The set-up exactly as `Session.new(store, RULES, setup_of(...), seed)` makes it."""
    chance = LiveChance(seed_state(seed))
    return evolve(initial_state(setup_of(players, difficulty), chance, defs), rng=chance.rng_after)


def play(
    players: int, difficulty: str, seed: int, bot_percent: int, max_steps: int, defs: Definitions
) -> Iterator[Played]:
    """Each step: the bot's choice with probability `bot_percent`%, else a uniformly random legal action (free
    foils of unknown schemes left out); the choices come from their own seeded stream, never from the game's."""
    state = start(players, difficulty, seed, defs)
    picker = seed_state(seed ^ 0x5EED)
    choices, turn = 0, state.turn
    for _ in range(max_steps):
        if state.outcome is not None:
            return
        if state.turn != turn:
            choices, turn = 0, state.turn
        legal = legal_actions(state, defs)
        roll, picker = below(picker, 100)
        if roll < bot_percent:
            action = bot.next_action(state, defs, choices)
        else:
            # Foiling an unknown scheme for free (no discards, "confirmed") would end most random games early.
            pool = [a for a in legal if not (isinstance(a, FoilScheme) and not a.discards)] or list(legal)
            index, picker = below(picker, len(pool))
            action = pool[index]
        choices += 1
        chance = LiveChance(state.rng)
        after, _events = apply(state, action, chance, defs)
        after = evolve(after, rng=chance.rng_after)
        yield Played(state, legal, action, after)
        state = after
