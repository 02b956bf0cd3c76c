"""One `apply` for every action, and `check`, the reason an action is refused (naming its rule) or None.

`apply` refuses through `check` first, so a refused action changes nothing; every die and draw goes through the
`Chance` it is given, so the log replays it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.engine.chance import Chance
from companion.engine.errors import IllegalAction
from companion.engine.turns import end_phase, end_turn, set_out, spend
from companion.games.thunder_road import actions as a
from companion.games.thunder_road import events as ev
from companion.games.thunder_road import words as w
from companion.games.thunder_road.definitions import Definitions
from companion.games.thunder_road.setup import EXPANSION_DATA, roll_movement
from companion.games.thunder_road.state import (
    FINAL_TILE_TWO_PLAYERS,
    MAX_COASTS,
    ROUNDS,
    Car,
    RaceState,
    Slam,
    Turn,
)

Events = list[Any]
COMMAND = "command"


def in_play(state: RaceState) -> set[str]:
    return {"base", *(EXPANSION_DATA[key] for key in state.expansions if key in EXPANSION_DATA)}


# --- the refusals ----------------------------------------------------------------------------------------------


def check(state: RaceState, action: object, defs: Definitions) -> str | None:
    """Why `action` is refused now (its rule named), or None when it is allowed."""
    if state.is_over:
        return w.OVER.text()
    checker = _CHECKS.get(type(action))
    return checker(state, action, defs) if checker is not None else None


def _car(state: RaceState, car_id: str) -> Car | str:
    try:
        return state.car(car_id)
    except KeyError:
        return w.say(w.NO_CAR, car=car_id)


def _name(state: RaceState, car_id: str) -> str:
    return w.car_name(state.colours, car_id)


def _die(state: RaceState, seat: int, die: int) -> str | None:
    dice = state.dice[seat]
    if isinstance(die, bool) or not 0 <= die < len(dice):
        return w.say(w.NO_DIE, die=die + 1)
    if die in state.used[seat]:
        return w.say(w.DIE_USED, die=die + 1, value=dice[die])
    return None


def _own_turn(state: RaceState, car: Car) -> str | None:
    """A fourth move in a round, or another player's turn."""
    left = state.turns.turns_left(ROUNDS, car.seat)
    if left == 0:
        return w.say(w.FOURTH_MOVE, team=w.team(state.colours, car.seat))
    if car.seat != state.turns.current:
        return w.say(w.NOT_YOUR_TURN, team=w.team(state.colours, state.turns.current))
    if state.turn.car is not None:
        return w.ONE_CAR_A_TURN.text()
    return None


def _check_assign(state: RaceState, action: a.Assign | a.Coast, defs: Definitions) -> str | None:
    car = _car(state, action.car)
    if isinstance(car, str):
        return car
    refused = _own_turn(state, car)
    if refused:
        return refused
    if not car.operable:
        return w.say(w.NOT_OPERABLE, car=_name(state, car.id))
    all_moved = all(c.moved for c in state.cars_of(car.seat) if c.operable)
    if isinstance(action, a.Assign) and car.moved:
        return w.say(w.ALREADY_MOVED, car=_name(state, car.id))
    if isinstance(action, a.Coast):
        if not all_moved:
            return w.COAST_NOT_YET.text()
        if car.coasts >= MAX_COASTS:
            return w.say(w.COAST_TWICE, car=_name(state, car.id))
    return _die(state, car.seat, action.die)


def _active(state: RaceState) -> Car | None:
    return state.car(state.turn.car) if state.turn.car else None


def _check_command(state: RaceState, action: a.Command, defs: Definitions) -> str | None:
    seat = state.turns.current
    command = defs.commands.get(action.command)
    if command is None:
        return w.say(w.NO_COMMAND, command=action.command)
    if state.turns.is_spent(seat, COMMAND):
        return w.say(w.SECOND_COMMAND, team=w.team(state.colours, seat))
    if state.turn.car is None:
        return w.ASSIGN_FIRST.text()
    if state.turn.coasting:
        return w.COMMAND_COASTING.text()
    if state.turn.shot:
        return w.COMMAND_LATE.text()
    refused = _die(state, seat, action.die)
    if refused:
        return refused
    value = state.dice[seat][action.die]
    if value not in command.values:
        values = "-".join(str(v) for v in (command.values[0], command.values[-1])) if len(command.values) > 1 else ""
        return w.say(w.COMMAND_VALUE, command=command.name.text(), values=values or command.values[0], value=value)
    if action.command == "repair":
        target = _car(state, action.car)
        if isinstance(target, str) or target.seat != seat or target.eliminated or not target.damage:
            return w.REPAIR_WHICH.text()
    return None


def _check_shoot(state: RaceState, action: a.Shoot, defs: Definitions) -> str | None:
    if not defs.dice["shooting"].known:
        return w.say(w.UNKNOWN_FACES, die=defs.dice["shooting"].name.text())
    if state.turn.car is None:
        return w.ASSIGN_FIRST.text()
    if state.turns.round == 1:
        return w.NO_SHOOTING_ROUND_1.text()
    if action.chopper:
        if state.turn.command != "airstrike" or state.turn.chopper_shot:
            return w.CHOPPER_NOT_SENT.text()
    else:
        if state.turn.shot:
            return w.SHOT_DONE.text()
        if action.target == state.turn.car:
            return w.NO_SELF_SHOT.text()
    target = _car(state, action.target)
    if isinstance(target, str):
        return target
    if not target.operable:
        return w.say(w.TAKES_NO_DAMAGE, car=_name(state, target.id))
    active = _active(state)
    if active is not None and not active.operable and not action.chopper:
        return w.say(w.NOT_OPERABLE, car=_name(state, active.id))
    return None


def _check_damage(state: RaceState, action: a.TakeDamage, defs: Definitions) -> str | None:
    car = _car(state, action.car)
    if isinstance(car, str):
        return car
    return None if car.operable else w.say(w.TAKES_NO_DAMAGE, car=_name(state, car.id))


def _check_collide(state: RaceState, action: a.Collide, defs: Definitions) -> str | None:
    for kind in (action.mover, action.other):
        if kind not in a.VEHICLES:
            return w.say(w.NO_VEHICLE, kind=kind)
        if kind in ("big-rig", "bike") and "big_rig" not in state.expansions:
            return w.say(w.EXPANSION_OFF, what=w.VEHICLE_NAMES[kind].text())
    return None


SIZE_ORDER = {"bike": 0, "wreck": 1, "small": 1, "medium": 2, "large": 3, "big-rig": 4}


def _check_reroll(state: RaceState, action: a.Reroll, defs: Definitions) -> str | None:
    slam = state.slam
    if slam is None:
        return w.NO_SLAM.text()
    kinds = (slam.active, slam.other)
    if "bike" in kinds:
        return w.REROLL_BIKE.text()
    if "big-rig" in kinds:
        return w.REROLL_BIG_RIG.text()
    if SIZE_ORDER[kinds[0]] == SIZE_ORDER[kinds[1]]:
        return w.REROLL_SAME_SIZE.text()
    if slam.rerolled:
        return w.REROLL_ONCE.text()
    return None


def _check_eliminate(state: RaceState, action: a.Eliminate, defs: Definitions) -> str | None:
    car = _car(state, action.car)
    if isinstance(car, str):
        return car
    return w.say(w.ALREADY_ELIMINATED, car=_name(state, car.id)) if car.eliminated else None


def _check_leave(state: RaceState, action: a.LeaveLeadTile, defs: Definitions) -> str | None:
    if state.final:
        return w.IS_FINAL.text()
    if len(set(action.eliminated)) != len(action.eliminated):
        return w.say(w.NOT_ON_TAIL, car=action.eliminated[0])
    for car_id in action.eliminated:
        refused = _check_eliminate(state, a.Eliminate(car_id), defs)
        if refused:
            return refused
    available = state.hazard_pile + state.hazard_discard + state.hazards_on[0]
    if isinstance(action.hazards, bool) or not 0 <= action.hazards <= available:
        return w.say(w.TOO_MANY_HAZARDS, n=available)
    return None


def _check_finish(state: RaceState, action: a.CrossFinish, defs: Definitions) -> str | None:
    car = _car(state, action.car)
    if isinstance(car, str):
        return car
    if car.eliminated:
        return w.say(w.ALREADY_ELIMINATED, car=_name(state, car.id))
    return None if state.final else w.NOT_FINAL.text()


def _check_fx(state: RaceState, action: a.RollFx, defs: Definitions) -> str | None:
    die = defs.dice.get(action.die)
    if die is None:
        return w.say(w.NO_SUCH_DIE, die=action.die)
    if die.expansion not in in_play(state):
        return w.say(w.DIE_OFF, die=die.name.text())
    return None if die.known else w.say(w.UNKNOWN_FACES, die=die.name.text())


def _check_place(state: RaceState, action: a.PlaceHazards, defs: Definitions) -> str | None:
    if isinstance(action.tile, bool) or not 0 <= action.tile < len(state.road):
        return w.NO_TILE.text()
    available = state.hazard_pile + state.hazard_discard
    if isinstance(action.count, bool) or not 1 <= action.count <= available:
        return w.say(w.TOO_MANY_HAZARDS, n=available)
    return None


def _check_discard(state: RaceState, action: a.DiscardHazard, defs: Definitions) -> str | None:
    if isinstance(action.tile, bool) or not 0 <= action.tile < len(state.road):
        return w.NO_TILE.text()
    return None if state.hazards_on[action.tile] else w.NO_HAZARD_THERE.text()


def _check_fire(state: RaceState, action: a.CatchFire, defs: Definitions) -> str | None:
    if "carnage" not in state.expansions:
        return w.FIRE_CARNAGE.text()
    car = _car(state, action.car)
    if isinstance(car, str):
        return car
    if car.eliminated:
        return w.say(w.ALREADY_ELIMINATED, car=_name(state, car.id))
    return w.say(w.ALREADY_BURNING, car=_name(state, car.id)) if car.id in state.burning else None


def _check_end(state: RaceState, action: a.EndTurn, defs: Definitions) -> str | None:
    return None if state.turn.car is not None else w.END_TURN_FIRST.text()


def _always(state: RaceState, action: object, defs: Definitions) -> str | None:
    return None


_CHECKS: dict[type, Callable[[RaceState, Any, Definitions], str | None]] = {
    a.Assign: _check_assign,
    a.Coast: _check_assign,
    a.Command: _check_command,
    a.Shoot: _check_shoot,
    a.TakeDamage: _check_damage,
    a.Collide: _check_collide,
    a.Reroll: _check_reroll,
    a.Eliminate: _check_eliminate,
    a.LeaveLeadTile: _check_leave,
    a.CrossFinish: _check_finish,
    a.RollFx: _check_fx,
    a.PlaceHazards: _check_place,
    a.DiscardHazard: _check_discard,
    a.CatchFire: _check_fire,
    a.EndTurn: _check_end,
}


# --- apply -----------------------------------------------------------------------------------------------------


def roll(chance: Chance, defs: Definitions, die: str) -> str | None:
    """A face id of the die, or None when its faces are not known (it is rolled on the table)."""
    known = defs.dice[die]
    return chance.roll(known.die()).label if known.known else None


def apply(state: RaceState, action: object, chance: Chance, defs: Definitions) -> tuple[RaceState, tuple[Any, ...]]:
    reason = check(state, action, defs)
    if reason is not None:
        raise IllegalAction(reason)
    if not isinstance(action, a.Reroll):
        state = replace(state, slam=None)
    events: Events = []
    state = _HANDLERS[type(action)](state, action, chance, defs, events)
    return state, tuple(events)


def _use(state: RaceState, seat: int, die: int) -> RaceState:
    used = list(state.used)
    used[seat] = tuple(sorted((*used[seat], die)))
    return replace(state, used=tuple(used))


def _assign(
    state: RaceState, action: a.Assign | a.Coast, chance: Chance, defs: Definitions, events: Events
) -> RaceState:
    car = state.car(action.car)
    coasting = isinstance(action, a.Coast)
    car = replace(car, coasts=car.coasts + 1) if coasting else replace(car, moved=True)
    state = _use(state.with_car(car), car.seat, action.die)
    if car.id in state.burning:  # [R Carnage] a burning car rolls the fire die before it moves
        events.append(ev.FireRolled(car.id, roll(chance, defs, "fire")))
    return replace(state, turn=Turn(car=car.id, die=action.die, coasting=coasting))


def _command(state: RaceState, action: a.Command, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    seat = state.turns.current
    state = _use(state, seat, action.die)
    state = replace(state, turns=spend(state.turns, COMMAND, seat), turn=replace(state.turn, command=action.command))
    if action.command == "repair":
        car = state.car(action.car)
        token, was_operable = car.damage[-1], car.operable
        car = replace(car, damage=car.damage[:-1])
        at = chance.below(len(state.damage_pile) + 1)  # [R] back face down anywhere in the pile
        pile = state.damage_pile[:at] + (token,) + state.damage_pile[at:]
        state = replace(state.with_car(car), damage_pile=pile)
        events.append(ev.CarRepaired(car.id, token, operable_again=not was_operable))
    return state


def _shoot(state: RaceState, action: a.Shoot, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    shooting = defs.dice["shooting"]
    face = shooting.face(chance.roll(shooting.die()).label)
    target = state.car(action.target)
    hit = target.size in face.hits
    shooter = "chopper" if action.chopper else (state.turn.car or "")
    events.append(ev.ShotFired(shooter, target.id, face.id, hit, action.chopper))
    turn = replace(state.turn, chopper_shot=True) if action.chopper else replace(state.turn, shot=True)
    state = replace(state, turn=turn)
    return _draw(state, target.id, chance, defs, events) if hit else state


def _take_damage(
    state: RaceState, action: a.TakeDamage, chance: Chance, defs: Definitions, events: Events
) -> RaceState:
    return _draw(state, action.car, chance, defs, events)


def _draw(state: RaceState, car_id: str, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    """The top damage token onto the car; its effect's dice rolled; two damage: inoperable [R page 9]."""
    car = state.car(car_id)
    if not car.operable:
        return state
    if not state.damage_pile:
        events.append(ev.PileEmpty(car.id))
        return state
    token, pile = state.damage_pile[0], state.damage_pile[1:]
    kind = defs.kind_of(token)
    rolls = tuple((die, roll(chance, defs, die)) for die in (kind.rolls if kind else ()))
    car = replace(car, damage=(*car.damage, token))
    events.append(ev.DamageDrawn(car.id, token, rolls))
    state = replace(state.with_car(car), damage_pile=pile)
    if kind is not None and kind.id == "on-fire" and car.id not in state.burning:
        state = _set_fire(state, car.id, events)
    if not car.operable:
        events.append(ev.CarInoperable(car.id))
    return _after_losses(state, chance, defs, events)


def _collide(state: RaceState, action: a.Collide, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    slam, direction = roll(chance, defs, "slam"), roll(chance, defs, "direction")
    events.append(ev.SlamRolled(action.mover, action.other, slam, direction))
    return replace(state, slam=Slam(action.mover, action.other, slam, direction))


def _reroll(state: RaceState, action: a.Reroll, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    old = state.slam
    assert old is not None  # checked
    slam, direction = roll(chance, defs, "slam"), roll(chance, defs, "direction")
    events.append(ev.SlamRolled(old.active, old.other, slam, direction, rerolled=True))
    return replace(state, slam=Slam(old.active, old.other, slam, direction, rerolled=True))


def _eliminate_car(state: RaceState, car_id: str, chance: Chance, events: Events) -> RaceState:
    """[R] an eliminated car's damage tokens are shuffled back into the pile."""
    car = state.car(car_id)
    pile = state.damage_pile
    for token in car.damage:
        at = chance.below(len(pile) + 1)
        pile = pile[:at] + (token,) + pile[at:]
    events.append(ev.CarEliminated(car.id, len(car.damage)))
    burning = tuple(c for c in state.burning if c != car.id)
    return replace(state.with_car(replace(car, eliminated=True, damage=())), damage_pile=pile, burning=burning)


def _eliminate(state: RaceState, action: a.Eliminate, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    state = _eliminate_car(state, action.car, chance, events)
    return _after_losses(state, chance, defs, events)


def _take_hazards(state: RaceState, count: int) -> tuple[RaceState, int]:
    """`count` face-down hazards from the pile, the discard shuffled back in when it runs short [R step 7]."""
    pile, discard = state.hazard_pile, state.hazard_discard
    if pile < count:
        pile, discard = pile + discard, 0
    taken = min(count, pile)
    return replace(state, hazard_pile=pile - taken, hazard_discard=discard), taken


def _leave(state: RaceState, action: a.LeaveLeadTile, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    """[R] Leaving the board by the front: the tail's cars eliminated, its hazards discarded, the tile back on the
    stack, the next tile drawn as the lead with its hazards, then the final tile checked."""
    for car_id in action.eliminated:
        state = _eliminate_car(state, car_id, chance, events)
    tail, middle, lead = state.road
    state = replace(state, hazard_discard=state.hazard_discard + state.hazards_on[0])
    stack = (tail, *state.stack)
    new, stack = stack[-1], stack[:-1]
    state, placed = _take_hazards(replace(state, stack=stack), action.hazards)
    state = replace(
        state,
        road=(middle, lead, new),
        hazards_on=(state.hazards_on[1], state.hazards_on[2], placed),
        laid=state.laid + 1,
    )
    events.append(ev.TileLaid(new, state.laid, placed, tail))
    if state.players == 2 and len(state.turns.playing) == 2 and state.laid >= FINAL_TILE_TWO_PLAYERS:
        state = _final(state, events)
    return _after_losses(state, chance, defs, events)


def _final(state: RaceState, events: Events) -> RaceState:
    if state.final:
        return state
    events.append(ev.FinalTile(state.road[-1], state.laid, len(state.turns.playing)))
    return replace(state, final=True)


def _after_losses(state: RaceState, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    """[R Elimination] a player with no operable car is out; the last one in wins; with 3+ players the lead tile
    becomes the final tile as soon as one is out."""
    playing = state.turns.playing
    out = [seat for seat in playing if not state.has_operable(seat)]
    if not out:
        return state
    remaining = [seat for seat in playing if seat not in out]
    for seat in out:
        events.append(ev.PlayerOut(seat))
    if len(remaining) <= 1:
        winner = remaining[0] if remaining else -1
        events.append(ev.RaceWon(winner, "survivor" if remaining else "nobody"))
        turns = state.turns
        for seat in out[:-1] if not remaining else out:
            turns = set_out(turns, seat)
        return replace(state, turns=turns, winner=winner, won_by="survivor" if remaining else "nobody")
    turns = state.turns
    current = turns.current
    for seat in out:
        turns = set_out(turns, seat)
    state = replace(state, turns=turns)
    if state.players >= 3:
        state = _final(state, events)
    if current in out:
        state = replace(state, turn=Turn())
        if state.turns.is_phase_done(ROUNDS):
            state = _new_round(state, chance, defs, events)
    return state


def _finish(state: RaceState, action: a.CrossFinish, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    seat = state.car(action.car).seat
    events.append(ev.RaceWon(seat, "finish"))
    return replace(state, winner=seat, won_by="finish")


def _fx(state: RaceState, action: a.RollFx, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    events.append(ev.FxRolled(action.die, roll(chance, defs, action.die)))
    return state


def _place(state: RaceState, action: a.PlaceHazards, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    state, placed = _take_hazards(state, action.count)
    on = list(state.hazards_on)
    on[action.tile] += placed
    return replace(state, hazards_on=tuple(on))


def _discard(state: RaceState, action: a.DiscardHazard, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    on = list(state.hazards_on)
    on[action.tile] -= 1
    return replace(state, hazards_on=tuple(on), hazard_discard=state.hazard_discard + 1)


def _set_fire(state: RaceState, car_id: str, events: Events) -> RaceState:
    events.append(ev.CaughtFire(car_id))
    return replace(state, burning=(*state.burning, car_id))


def _catch_fire(state: RaceState, action: a.CatchFire, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    return _set_fire(state, action.car, events)


def _end_turn(state: RaceState, action: a.EndTurn, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    state = replace(state, turns=end_turn(state.turns, ROUNDS), turn=Turn())
    if state.turns.is_phase_done(ROUNDS):
        state = _new_round(state, chance, defs, events)
    return state


def _new_round(state: RaceState, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    """[R End of the round] the road die passes left; everyone rolls the movement dice; the first player rolls
    the road die."""
    turns, _passed = end_phase(state.turns, ROUNDS)  # the marker passes left: told as RoundStarted
    dice = tuple(roll_movement(chance, defs) if seat in turns.playing else () for seat in range(state.players))
    cars = tuple(replace(car, moved=False, coasts=0) for car in state.cars)
    state = replace(state, turns=turns, dice=dice, used=((),) * state.players, cars=cars, turn=Turn())
    events.append(ev.RoundStarted(turns.round, turns.first))
    events.append(ev.MovementRolled(turns.round, dice))
    return roll_road(state, chance, defs, events)


def roll_road(state: RaceState, chance: Chance, defs: Definitions, events: Events) -> RaceState:
    face = roll(chance, defs, "road")
    events.append(ev.RoadDieRolled(state.turns.first, face))
    return replace(state, road_die=face)


_HANDLERS: dict[type, Callable[[RaceState, Any, Chance, Definitions, Events], RaceState]] = {
    a.Assign: _assign,
    a.Coast: _assign,
    a.Command: _command,
    a.Shoot: _shoot,
    a.TakeDamage: _take_damage,
    a.Collide: _collide,
    a.Reroll: _reroll,
    a.Eliminate: _eliminate,
    a.LeaveLeadTile: _leave,
    a.CrossFinish: _finish,
    a.RollFx: _fx,
    a.PlaceHazards: _place,
    a.DiscardHazard: _discard,
    a.CatchFire: _catch_fire,
    a.EndTurn: _end_turn,
}
