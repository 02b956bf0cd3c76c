"""A bot that plays legal, sensible races for the drills, the demo and `simulate`: it assigns its biggest die to
an unmoved car, repairs an inoperable car when it can, shoots the opponent's most damaged operable car from
round 2, and now and then a hazard or a shot from the road damages a car or the lead tile is left.

Randomness comes only from `pick` (the caller's seeded choice), so a seeded game replays."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.games.thunder_road import actions as a
from companion.games.thunder_road.definitions import Definitions
from companion.games.thunder_road.legal import legal_actions
from companion.games.thunder_road.state import RaceState

Pick = Callable[[Sequence[Any]], Any]


def choose(state: RaceState, defs: Definitions, pick: Pick) -> Any | None:
    legal = legal_actions(state, defs)
    if not legal:
        return None
    seat = state.turns.current
    kinds: dict[type, list[Any]] = {}
    for action in legal:
        kinds.setdefault(type(action), []).append(action)
    if state.final and a.CrossFinish in kinds and pick(range(6)) == 0:
        mine = [x for x in kinds[a.CrossFinish] if state.car(x.car).seat == seat and state.car(x.car).operable]
        if mine:
            return pick(mine)
    if state.turn.car is None:
        moves = kinds.get(a.Assign) or kinds.get(a.Coast) or []
        if moves:
            return pick(moves)
    else:
        repairs = [x for x in kinds.get(a.Command, []) if x.command == "repair" and not state.car(x.car).operable]
        if repairs and state.turn.command is None:
            return pick(repairs)
        roll = pick(range(12))
        if roll == 0 and a.LeaveLeadTile in kinds:
            return pick(kinds[a.LeaveLeadTile])
        if roll == 1 and a.TakeDamage in kinds:
            return pick(kinds[a.TakeDamage])
        if roll == 2 and a.Collide in kinds:
            return pick(kinds[a.Collide])
        if roll == 3 and a.Reroll in kinds:
            return kinds[a.Reroll][0]
        shots = [x for x in kinds.get(a.Shoot, []) if not x.chopper and state.car(x.target).seat != seat]
        if shots and roll < 9:
            return pick(shots)
        if a.EndTurn in kinds:
            return kinds[a.EndTurn][0]
    return pick(legal)
