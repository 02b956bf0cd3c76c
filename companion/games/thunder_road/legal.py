"""Every action the rules accept now, for the screens, the bot and the drills: candidates filtered by
`referee.check`, so the refusals are written once.

`LeaveLeadTile` is listed with no car named and 0 to 3 hazards (the players name the tail's cars on the table
screen); corrections (`Eliminate`, `PlaceHazards`, `DiscardHazard`) are listed too. `legal_of` lists one kind
only, for the bot (cheaper than every kind).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from companion.games.thunder_road import actions as a
from companion.games.thunder_road.definitions import Definitions
from companion.games.thunder_road.referee import check, in_play
from companion.games.thunder_road.state import RaceState

Candidates = Callable[[RaceState, Definitions], Iterator[object]]


def _dice(state: RaceState, seat: int) -> Iterator[int]:
    """One unused die per distinct value (which of two equal dice is used does not matter)."""
    seen: set[int] = set()
    for index, value in enumerate(state.dice[seat]):
        if index not in state.used[seat] and value not in seen:
            seen.add(value)
            yield index


def _moves(state: RaceState, defs: Definitions) -> Iterator[object]:
    """A die on each operable car not moved this round; once all have moved, on a coast slot (the rest would be
    refused: they are not offered)."""
    seat = state.turns.current
    if state.turn.car is not None:
        return
    operable = [car for car in state.cars_of(seat) if car.operable]
    unmoved = [car for car in operable if not car.moved]
    for car in unmoved or operable:
        for die in _dice(state, seat):
            yield a.Assign(car.id, die) if unmoved else a.Coast(car.id, die)


def _commands(state: RaceState, defs: Definitions) -> Iterator[object]:
    seat = state.turns.current
    if state.turn.car is None or state.turns.is_spent(seat, "command"):
        return
    for command in defs.commands:
        for die in _dice(state, seat):
            if command == "repair":
                yield from (a.Command(command, die, car.id) for car in state.cars_of(seat))
            else:
                yield a.Command(command, die)


def _shots(state: RaceState, defs: Definitions) -> Iterator[object]:
    if state.turn.car is None or state.turns.round == 1:
        return
    for car in state.cars:
        if car.operable:
            yield a.Shoot(car.id)
            yield a.Shoot(car.id, chopper=True)


def _collisions(state: RaceState, defs: Definitions) -> Iterator[object]:
    if state.turn.car is not None:
        active = state.car(state.turn.car)
        for other in a.VEHICLES:
            yield a.Collide(active.size, other)
    if state.slam is not None:
        yield a.Reroll()


def _end(state: RaceState, defs: Definitions) -> Iterator[object]:
    if state.turn.car is not None:
        yield a.EndTurn()


def _damage(state: RaceState, defs: Definitions) -> Iterator[object]:
    for car in state.cars:
        if car.operable:
            yield a.TakeDamage(car.id)
    if "carnage" in state.expansions:
        for car in state.cars:
            yield a.CatchFire(car.id)


def _road(state: RaceState, defs: Definitions) -> Iterator[object]:
    for hazards in range(4):
        yield a.LeaveLeadTile((), hazards)
    for car in state.cars:
        yield a.CrossFinish(car.id)


def _fx(state: RaceState, defs: Definitions) -> Iterator[object]:
    for fx in defs.dice.values():
        if fx.id != "movement" and fx.expansion in in_play(state):
            yield a.RollFx(fx.id)


def _corrections(state: RaceState, defs: Definitions) -> Iterator[object]:
    for car in state.cars:
        yield a.Eliminate(car.id)
    for tile in range(len(state.road)):
        yield a.PlaceHazards(tile, 1)
        yield a.DiscardHazard(tile)


#: Each kind of action's candidates, in the order the screens list them.
KINDS: dict[str, Candidates] = {
    "moves": _moves,
    "commands": _commands,
    "shots": _shots,
    "collisions": _collisions,
    "end": _end,
    "damage": _damage,
    "road": _road,
    "fx": _fx,
    "corrections": _corrections,
}


def legal_of(state: RaceState, defs: Definitions, kind: str) -> tuple[object, ...]:
    if state.is_over:
        return ()
    return tuple(action for action in KINDS[kind](state, defs) if check(state, action, defs) is None)


def legal_actions(state: RaceState, defs: Definitions) -> tuple[object, ...]:
    if state.is_over:
        return ()
    return tuple(action for kind in KINDS for action in legal_of(state, defs, kind))
