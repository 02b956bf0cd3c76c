"""Seeded games mixing random legal actions with the bot's choices, for the conformance tests."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from companion.engine.chance import LiveChance
from companion.engine.rng import below, seed_state
from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds import bot
from companion.games.warpspawn_thunderbirds.definitions import Definitions
from companion.games.warpspawn_thunderbirds.legal import legal_actions
from companion.games.warpspawn_thunderbirds.rules import apply
from companion.games.warpspawn_thunderbirds.simulate import start
from companion.games.warpspawn_thunderbirds.state import GameState, evolve


@dataclass(frozen=True)
class Played:
    before: GameState
    legal: tuple[object, ...]
    action: object
    after: GameState
    events: tuple[object, ...]


def play(players: int, size: int, seed: int, bot_percent: int, max_steps: int, defs: Definitions) -> Iterator[Played]:
    """Each step: the bot's choice with probability `bot_percent`%, else a uniformly random legal action (ending a
    move phase less often, so random games still move pawns); the choices come from their own seeded stream."""
    state = start(players, size, seed, defs)
    picker = seed_state(seed ^ 0x5EED)
    memory = bot.Memory()
    for _ in range(max_steps):
        if state.outcome is not None:
            return
        legal = legal_actions(state, defs)
        roll, picker = below(picker, 100)
        if roll < bot_percent:
            action = bot.next_action(state, defs, memory)
        else:
            pool = [a for a in legal if not isinstance(a, act.EndPhase)]
            end, picker = below(picker, 8)
            if not pool or end == 0:
                pool = list(legal)
            index, picker = below(picker, len(pool))
            action = pool[index]
        chance = LiveChance(state.rng)
        after, events = apply(state, action, chance, defs)
        after = evolve(after, rng=chance.rng_after)
        yield Played(state, legal, action, after, events)
        state = after
