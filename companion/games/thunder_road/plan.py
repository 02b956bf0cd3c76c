"""The scripted two-round race the demo and the UI tests play by touch: round 1 without shooting (a car takes two
damage and goes inoperable, the lead tile is left twice so the fifth tile is the final tile, announced), round 2
with a Repair (6) of that car and shots. `next_action` gives each step from the state; `seed_for_plan` finds the
first seed whose dice let the script do all of it (a 6 left for the Repair in round 2)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from companion.engine.chance import LiveChance
from companion.engine.rng import seed_state
from companion.games.thunder_road import actions as a
from companion.games.thunder_road.definitions import Definitions
from companion.games.thunder_road.legal import legal_of
from companion.games.thunder_road.referee import apply, roll_road
from companion.games.thunder_road.setup import initial_state
from companion.games.thunder_road.state import RaceState

ROUNDS = 2
SETUP: dict[str, Any] = {"players": 2}


def _assign(state: RaceState, defs: Definitions) -> object | None:
    seat = state.turns.current
    moves = [x for x in legal_of(state, defs, "moves") if isinstance(x, (a.Assign, a.Coast))]
    keep_six = [x for x in moves if state.dice[seat][x.die] != 6]
    assigns = [x for x in keep_six or moves if isinstance(x, a.Assign)]
    chosen = assigns or keep_six or moves
    return chosen[0] if chosen else None


def next_action(state: RaceState, defs: Definitions) -> object | None:
    """The script's next step, or None once its two rounds are played (or the race is over)."""
    if state.is_over or state.turns.round > ROUNDS:
        return None
    if state.turn.car is None:
        return _assign(state, defs)
    seat, other = state.turns.current, 1 - state.turns.current
    taken = state.turns.taken
    if state.turns.round == 1:
        target = state.car(f"{other}-small")
        if taken == 0 and target.operable and not state.turn.shot:
            return a.TakeDamage(target.id)
        if taken in (1, 2) and not state.final and state.laid < 3 + taken:
            return a.LeaveLeadTile((), 1)
    else:
        broken = [c for c in state.cars_of(seat) if not c.operable and not c.eliminated]
        if broken and state.turn.command is None:
            for command in legal_of(state, defs, "commands"):
                if isinstance(command, a.Command) and command.command == "repair" and command.car == broken[0].id:
                    return command
        if not state.turn.shot:
            targets = [x for x in legal_of(state, defs, "shots") if isinstance(x, a.Shoot) and not x.chopper]
            mine = [x for x in targets if state.car(x.target).seat == other]
            if mine:
                return mine[0]
    return a.EndTurn()


def steps(seed: int, defs: Definitions) -> Iterator[tuple[RaceState, object, RaceState, tuple[Any, ...]]]:
    chance = LiveChance(seed_state(seed))
    state, _events = initial_state(SETUP, chance, defs)
    state = roll_road(state, chance, defs, [])  # as the rules' `start` does after set-up
    state = dataclasses.replace(state, rng=chance.rng_after)
    for _ in range(200):
        action = next_action(state, defs)
        if action is None:
            return
        chance = LiveChance(state.rng)
        after, events = apply(state, action, chance, defs)
        after = dataclasses.replace(after, rng=chance.rng_after)
        yield state, action, after, events
        state = after


def covers_everything(seed: int, defs: Definitions) -> bool:
    kinds = [type(action) for _before, action, _after, _events in steps(seed, defs)]
    repaired = any(
        isinstance(action, a.Command) and action.command == "repair" for _b, action, _a, _e in steps(seed, defs)
    )
    return repaired and a.Shoot in kinds and kinds.count(a.LeaveLeadTile) == 2


def seed_for_plan(defs: Definitions, start: int = 1) -> int:
    for seed in range(start, start + 500):
        if covers_everything(seed, defs):
            return seed
    raise ValueError("no seed lets the scripted race repair a car")
