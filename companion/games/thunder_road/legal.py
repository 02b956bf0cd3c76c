"""Every action the rules accept now, for the screens and the drills: candidates filtered by `referee.check`, so
the refusals are written once.

`LeaveLeadTile` is listed with no car named and 0 to 3 hazards (the players name the tail's cars on the table
screen); corrections (`Eliminate`, `PlaceHazards`, `DiscardHazard`) are listed too.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.games.thunder_road import actions as a
from companion.games.thunder_road.definitions import Definitions
from companion.games.thunder_road.referee import check, in_play
from companion.games.thunder_road.state import RaceState


def _dice(state: RaceState, seat: int) -> Iterator[int]:
    """One unused die per distinct value (which of two equal dice is used does not matter)."""
    seen: set[int] = set()
    for index, value in enumerate(state.dice[seat]):
        if index not in state.used[seat] and value not in seen:
            seen.add(value)
            yield index


def candidates(state: RaceState, defs: Definitions) -> Iterator[object]:
    seat = state.turns.current
    if state.turn.car is None:
        for car in state.cars_of(seat):
            for die in _dice(state, seat):
                yield a.Assign(car.id, die)
                yield a.Coast(car.id, die)
    else:
        for command in defs.commands:
            for die in _dice(state, seat):
                if command == "repair":
                    yield from (a.Command(command, die, car.id) for car in state.cars_of(seat))
                else:
                    yield a.Command(command, die)
        for car in state.cars:
            yield a.Shoot(car.id)
            yield a.Shoot(car.id, chopper=True)
        active = state.car(state.turn.car)
        for other in a.VEHICLES:
            yield a.Collide(active.size, other)
        yield a.EndTurn()
    if state.slam is not None:
        yield a.Reroll()
    for car in state.cars:
        yield a.TakeDamage(car.id)
    for hazards in range(4):
        yield a.LeaveLeadTile((), hazards)
    for car in state.cars:
        yield a.CrossFinish(car.id)
    for fx in defs.dice.values():
        if fx.id != "movement" and fx.expansion in in_play(state):
            yield a.RollFx(fx.id)
    for car in state.cars:
        yield a.Eliminate(car.id)
    for tile in range(len(state.road)):
        yield a.PlaceHazards(tile, 1)
        yield a.DiscardHazard(tile)


def legal_actions(state: RaceState, defs: Definitions) -> tuple[object, ...]:
    if state.is_over:
        return ()
    return tuple(action for action in candidates(state, defs) if check(state, action, defs) is None)
