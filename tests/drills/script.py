"""The scripted play the drills share, for any game: a chain of seeded games, each action a seeded pick among the
legal actions, so a process killed at any moment can resume and carry on with exactly the same script.

The game is a pack of the registry (`Drill(name)`; the drills' processes read its name from DRILL_GAME,
Thunderbirds when unset), played through its contract only: `Pack.setup_for` for the set-up, `Pack.random_action`
for each pick, `Pack.rules` for the rest. Game `g` of the chain is set up from `setup_for(g)` with seed
`seed_for(g)`; its action number `n` is `choose(state, g, n)`, a pick that depends only on the position and the
numbers (never on the module `random`). When a game is over the chain goes on with the next game.
`ExpectedGames` computes, in this process and without any store, the state after every step: what a resumed
game must equal.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
from collections.abc import Callable
from typing import Any

from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.engine.rng import seed_state
from companion.engine.session import Session
from companion.engine.store import Store

SEED_BASE = 71_000


def seed_for(game: int) -> int:
    return SEED_BASE + game


def game_of_seed(seed: int) -> int:
    return seed - SEED_BASE


def drill_game() -> str:
    return os.environ.get("DRILL_GAME") or registry.DEFAULT_GAME


class Drill:
    """The scripted chain of one game."""

    def __init__(self, name: str | None = None) -> None:
        import packs

        self.name = name or drill_game()
        packs.use(self.name)
        self.pack: Any = registry.pack(self.name)
        self.rules: Any = self.pack.rules

    def setup_for(self, game: int) -> dict[str, Any]:
        """Every player count, then every choice of each set-up option in turn, so the drills cover them all."""
        low, high = self.pack.info.players
        span = high - low + 1
        players = low + game % span
        options: dict[str, str] = {}
        for option in self.pack.info.options:
            options[option.key] = option.choices[(game // span) % len(option.choices)].value
            span *= len(option.choices)
        return dict(self.pack.setup_for(players, options))

    def choose(self, state: Any, game: int, seq: int) -> object | None:
        """Action `seq` of game `game`: a seeded pick among the legal actions; None when the game is over."""
        return self.pack.random_action(state, random.Random(f"drill:{game}:{seq}").choice)

    def new_session(self, store: Store, game: int) -> Session:
        return Session.new(store, self.rules, self.setup_for(game), seed_for(game))

    def play_step(self, session: Session, game: int) -> bool:
        """Dispatches the next scripted action of `game`; False (nothing done) when the game is over."""
        action = self.choose(session.state, game, session.cursor + 1)
        if action is None:
            return False
        session.dispatch(action)
        return True

    def advance(self, store: Store, session: Session, game: int) -> tuple[Session, int]:
        """One step of the chain: the next scripted action, or the next game's set-up when this one is over."""
        if self.play_step(session, game):
            return session, game
        return self.new_session(store, game + 1), game + 1


class ExpectedGames:
    """The chain's states computed in this process the way `Session` computes them, without any store."""

    def __init__(self, name: str | None = None) -> None:
        self.drill = Drill(name)
        self._states: dict[int, list[Any]] = {}
        self._over: dict[int, bool] = {}

    def state(self, game: int, seq: int) -> Any:
        states = self._extend(game, lambda states: len(states) > seq)
        if seq >= len(states):
            raise AssertionError(f"game {game} ends after {len(states) - 1} actions; there is no action {seq}")
        return states[seq]

    def length(self, game: int) -> int:
        """How many actions game `game` lasts."""
        return len(self._extend(game, lambda _states: False)) - 1

    def ordinal(self, game: int, seq: int) -> int:
        """The position's rank in the whole chain: each game counts its setup (0) and each of its actions."""
        return sum(self.length(g) + 1 for g in range(game)) + seq

    def _extend(self, game: int, enough: Callable[[list[Any]], bool]) -> list[Any]:
        rules = self.drill.rules
        states = self._states.get(game)
        if states is None:
            setup = json.loads(json.dumps(self.drill.setup_for(game)))
            chance = LiveChance(seed_state(seed_for(game)))
            first = rules.initial_state(setup, chance)
            states = self._states[game] = [dataclasses.replace(first, rng=chance.rng_after)]
            self._over[game] = False
        while not self._over[game] and not enough(states):
            before = states[-1]
            action = self.drill.choose(before, game, len(states))
            if action is None:
                self._over[game] = True
                break
            chance = LiveChance(before.rng)
            after, _events = rules.apply(before, action, chance)
            states.append(dataclasses.replace(after, rng=chance.rng_after))
        return states


# The drills' processes and the Thunderbirds-only drills play the game DRILL_GAME names through these.


def setup_for(game: int) -> dict[str, Any]:
    return Drill().setup_for(game)


def choose(state: Any, game: int, seq: int) -> object | None:
    return Drill().choose(state, game, seq)


def new_session(store: Store, game: int) -> Session:
    return Drill().new_session(store, game)


def play_step(session: Session, game: int) -> bool:
    return Drill().play_step(session, game)


def advance(store: Store, session: Session, game: int) -> tuple[Session, int]:
    return Drill().advance(store, session, game)
