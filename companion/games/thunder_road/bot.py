"""A bot that plays legal, sensible races for the drills, the demo and `simulate`: it assigns a die to an unmoved
car, repairs an inoperable car when it can, shoots an opponent's car from round 2, and now and then a hazard
damages a car, a collision is rolled or the lead tile is left; once the final tile is laid, its cars may cross.

It lists only the kinds of action it considers (`legal_of`), and every one it returns is legal. Randomness comes
only from `pick` (the caller's seeded choice), so a seeded race replays."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.games.thunder_road import actions as a
from companion.games.thunder_road.definitions import Definitions
from companion.games.thunder_road.legal import legal_actions, legal_of
from companion.games.thunder_road.state import RaceState

Pick = Callable[[Sequence[Any]], Any]


def choose(state: RaceState, defs: Definitions, pick: Pick) -> Any | None:
    if state.is_over:
        return None
    seat = state.turns.current
    if state.final and pick(range(6)) == 0:
        mine = [
            x
            for x in legal_of(state, defs, "road")
            if isinstance(x, a.CrossFinish) and state.car(x.car).seat == seat and state.car(x.car).operable
        ]
        if mine:
            return pick(mine)
    if state.turn.car is None:
        moves = legal_of(state, defs, "moves")
        assigns = [x for x in moves if isinstance(x, a.Assign)]
        if assigns or moves:
            return pick(assigns or moves)
    else:
        if state.turn.command is None and any(not c.operable and not c.eliminated for c in state.cars_of(seat)):
            repairs = [
                x
                for x in legal_of(state, defs, "commands")
                if isinstance(x, a.Command) and x.command == "repair" and not state.car(x.car).operable
            ]
            if repairs:
                return pick(repairs)
        roll = pick(range(16))
        kind = {0: "road", 1: "damage", 2: "collisions"}.get(roll)
        if kind is not None:
            options = [x for x in legal_of(state, defs, kind) if not isinstance(x, a.CrossFinish)]
            if options:
                return pick(options)
        if state.slam is not None and roll == 3:
            return a.Reroll() if a.Reroll() in legal_of(state, defs, "collisions") else a.EndTurn()
        if roll < 10 and not state.turn.shot:
            shots = [
                x
                for x in legal_of(state, defs, "shots")
                if isinstance(x, a.Shoot) and not x.chopper and state.car(x.target).seat != seat
            ]
            if shots:
                return pick(shots)
        if a.EndTurn() in legal_of(state, defs, "end"):
            return a.EndTurn()
    legal = legal_actions(state, defs)
    return pick(legal) if legal else None
