"""Hand-built positions for rules tests: the real set-up, then a scenario `[position]` table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from companion.engine.chance import LiveChance
from companion.engine.errors import IllegalAction
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.rules import apply, check
from companion.games.thunderbirds.scenario import apply_position
from companion.games.thunderbirds.setup import initial_state
from companion.games.thunderbirds.state import GameState, evolve


def game(
    characters: Sequence[str] = ("virgil", "scott"),
    position: Mapping[str, Any] | None = None,
    difficulty: str = "introduction",
    seed: int = 1,
    players: int | None = None,
    defs: Definitions | None = None,
) -> GameState:
    """A game set up by the rules, then changed as a scenario's `[position]` table says."""
    defs = defs or default_definitions()
    count = players if players is not None else len(characters)
    chance = LiveChance(seed)
    state = initial_state({"players": count, "difficulty": difficulty, "characters": list(characters)}, chance, defs)
    state = evolve(state, rng=chance.rng_after)
    return apply_position(state, position or {}, defs, "test")


def play(
    state: GameState, action: object, dice: Sequence[int] = (), defs: Definitions | None = None
) -> tuple[GameState, tuple[object, ...]]:
    chance = LiveChance(state.rng, dice)
    after, events = apply(state, action, chance, defs)
    return evolve(after, rng=chance.rng_after), events


def refused(state: GameState, action: object, defs: Definitions | None = None) -> str:
    """The reason `action` is refused; checks that apply raises it too and that check() agrees."""
    with pytest.raises(IllegalAction) as raised:
        apply(state, action, LiveChance(state.rng), defs)
    assert check(state, action, defs) == raised.value.reason
    return raised.value.reason


def kinds(events: Sequence[object]) -> list[str]:
    return [type(e).__name__ for e in events]
