"""The scripted Thunderbirds play the drills share: a chain of seeded games, each action a seeded pick among the
legal actions, so a process killed at any moment can resume and carry on with exactly the same script.

Game `g` of the chain is set up from `setup_for(g)` with seed `seed_for(g)`; its action number `n` is
`choose(state, g, n)`, a pick that depends only on the position and the numbers (never on the module `random`).
When a game is over the chain goes on with the next game. `ExpectedGames` computes, in this process and without
any store, the state after every step: what a resumed game must equal.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

from companion.engine.chance import LiveChance
from companion.engine.rng import seed_state
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.thunderbirds.rules import RULES, legal_actions
from companion.games.thunderbirds.state import GameState

SEED_BASE = 71_000
DIFFICULTIES = ("introduction", "standard", "heroic", "legendary")


def seed_for(game: int) -> int:
    return SEED_BASE + game


def game_of_seed(seed: int) -> int:
    return seed - SEED_BASE


def setup_for(game: int) -> dict[str, Any]:
    """Every player count and difficulty in turn, so the drills cover solo and team play."""
    return {"players": 1 + game % 4, "difficulty": DIFFICULTIES[(game // 4) % len(DIFFICULTIES)]}


def choose(state: GameState, game: int, seq: int) -> object | None:
    """Action `seq` of game `game`: a seeded pick among the legal actions; None when the game is over."""
    legal = legal_actions(state)
    if not legal:
        return None
    return random.Random(f"drill:{game}:{seq}").choice(legal)


def new_session(store: Store, game: int) -> Session:
    return Session.new(store, RULES, setup_for(game), seed_for(game))


def play_step(session: Session, game: int) -> bool:
    """Dispatches the next scripted action of `game`; False (nothing done) when the game is over."""
    action = choose(session.state, game, session.cursor + 1)
    if action is None:
        return False
    session.dispatch(action)
    return True


class ExpectedGames:
    """The chain's states computed in this process the way `Session` computes them, without any store."""

    def __init__(self) -> None:
        self._states: dict[int, list[GameState]] = {}
        self._over: dict[int, bool] = {}

    def state(self, game: int, seq: int) -> GameState:
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

    def _extend(self, game: int, enough: Callable[[list[GameState]], bool]) -> list[GameState]:
        states = self._states.get(game)
        if states is None:
            setup = json.loads(json.dumps(setup_for(game)))
            chance = LiveChance(seed_state(seed_for(game)))
            first = RULES.initial_state(setup, chance)
            states = self._states[game] = [dataclasses.replace(first, rng=chance.rng_after)]
            self._over[game] = False
        while not self._over[game] and not enough(states):
            before = states[-1]
            action = choose(before, game, len(states))
            if action is None:
                self._over[game] = True
                break
            chance = LiveChance(before.rng)
            after, _events = RULES.apply(before, action, chance)
            states.append(dataclasses.replace(after, rng=chance.rng_after))
        return states


def advance(store: Store, session: Session, game: int) -> tuple[Session, int]:
    """One step of the chain: the next scripted action, or the next game's set-up when this one is over."""
    if play_step(session, game):
        return session, game
    return new_session(store, game + 1), game + 1
