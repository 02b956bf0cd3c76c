"""Thunder Road's part of the scenario files (the format and the runner are `companion.engine.scenario`).

`[setup]`: `players`, `start_tile`, `colour_1`..`colour_4`, the expansions (`carnage = "yes"`...) and `data` (a data
folder). `[position]` changes the dealt race: `round`, `current`, `first`, `acted` (turns taken by each seat this
round), `commands` (seats whose command is spent), `dice` (each seat's movement dice), `used`, `cars` (by id:
`damage`, `eliminated`, `moved`, `coasts`), `damage_pile` (the top tokens, in order), `laid`, `final`, `hazards_on`.
Forced `dice` are face indices from 0, in the order the action rolls them. See docs/thunder-road.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from companion.engine import scenario as format_
from companion.engine.chance import LiveChance
from companion.engine.codec import encode
from companion.engine.scenario import PositionFields, Scenario, ScenarioGame
from companion.games.thunder_road import codec
from companion.games.thunder_road.definitions import Definitions
from companion.games.thunder_road.describe import event_lines, win_line
from companion.games.thunder_road.loader import load_definitions
from companion.games.thunder_road.rules import RULES, ThunderRoadRules
from companion.games.thunder_road.state import RaceState, Turn

SETUP_KEYS = frozenset(
    {
        "players",
        "start_tile",
        "colour_1",
        "colour_2",
        "colour_3",
        "colour_4",
        "big_rig",
        "carnage",
        "fast_furious",
        "extra_ammo",
        "deutsche_qualitat",
        "data",
    }
)
POSITION_KEYS = frozenset(
    {
        "round",
        "current",
        "first",
        "acted",
        "commands",
        "dice",
        "used",
        "cars",
        "damage_pile",
        "laid",
        "final",
        "hazards_on",
    }
)
CAR_KEYS = frozenset({"damage", "eliminated", "moved", "coasts"})


class ThunderRoadScenarios(ScenarioGame[RaceState]):
    game = "thunder_road"
    title = "Thunder Road"
    codec = codec
    setup_keys = SETUP_KEYS
    position_keys = POSITION_KEYS

    def forced(self, raw: list[Any], action: Any) -> tuple[Any, ...]:
        if any(isinstance(d, bool) or not isinstance(d, int) or d < 0 for d in raw):
            raise ValueError(f"a forced face is its index from 0, got {raw!r}")
        return tuple(raw)

    def start(self, scenario: Scenario, chance: LiveChance) -> tuple[RaceState, ThunderRoadRules, Definitions]:
        return format_.start_with_data(
            scenario, chance, RULES, lambda folder: ThunderRoadRules(load_definitions(folder))
        )

    def apply_position(self, state: RaceState, position: Mapping[str, Any], defs: Any, name: str) -> RaceState:
        return apply_position(state, PositionFields(position, name))

    def lines(self, events: tuple[Any, ...], state: RaceState, defs: Any) -> tuple[str, ...]:
        return tuple(event_lines(events, state, defs))

    def outcome_line(self, state: RaceState, defs: Any) -> str | None:
        return win_line(state, state.winner, state.won_by or "nobody") if state.winner is not None else None

    def legal(self, state: RaceState, defs: Any) -> list[dict[str, Any]] | None:
        return [codec.encode_action(x) for x in ThunderRoadRules(defs).legal_actions(state)]

    def report(self, state: RaceState, defs: Any) -> dict[str, Any]:
        return {"winner": state.winner, "won_by": state.won_by, "state": view(state)}


def _ints(fields: PositionFields, key: str, value: Any, size: int | None = None) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise fields.fail(key, "expected a list of whole numbers")
    if size is not None and len(value) != size:
        raise fields.fail(key, f"expected {size} numbers")
    return tuple(value)


def apply_position(state: RaceState, fields: PositionFields) -> RaceState:
    p = fields.position
    turns = state.turns
    try:
        changes: dict[str, Any] = {}
        for key in ("round", "current", "first"):
            if key in p:
                changes[key] = p[key]
        if "acted" in p:
            changes["acted"] = _ints(fields, "acted", p["acted"], state.players)
        if "commands" in p:
            seats = _ints(fields, "commands", p["commands"])
            changes["spent"] = tuple((seat, "command") for seat in seats)
        turns = replace(turns, **changes)
    except (TypeError, ValueError) as error:
        raise fields.fail("round", str(error)) from None
    state = replace(state, turns=turns, turn=Turn())
    if "dice" in p:
        dice = p["dice"]
        if not isinstance(dice, list) or len(dice) != state.players:
            raise fields.fail("dice", "expected a list of dice for each player")
        state = replace(state, dice=tuple(_ints(fields, f"dice[{i}]", d) for i, d in enumerate(dice)))
    if "used" in p:
        used = p["used"]
        if not isinstance(used, list) or len(used) != state.players:
            raise fields.fail("used", "expected a list of die indices for each player")
        state = replace(state, used=tuple(_ints(fields, f"used[{i}]", u) for i, u in enumerate(used)))
    cars = fields.table("cars")
    for car_id, changes in cars.items():
        try:
            car = state.car(car_id)
        except KeyError:
            raise fields.fail(f"cars.{car_id}", "unknown car; cars are <seat>-<size>, e.g. 0-small") from None
        if not isinstance(changes, Mapping) or not set(changes) <= CAR_KEYS:
            raise fields.fail(f"cars.{car_id}", f"expected a table of {', '.join(sorted(CAR_KEYS))}")
        if "damage" in changes:
            tokens = changes["damage"]
            if not isinstance(tokens, list) or not all(t in state.damage_pile for t in tokens):
                raise fields.fail(f"cars.{car_id}.damage", "expected token ids from the damage pile")
            state = replace(state, damage_pile=tuple(t for t in state.damage_pile if t not in tokens))
            car = replace(car, damage=tuple(tokens))
        car = replace(car, **{k: changes[k] for k in ("eliminated", "moved", "coasts") if k in changes})
        state = state.with_car(car)
    if "damage_pile" in p:
        top = fields.listed("damage_pile")
        if not all(t in state.damage_pile for t in top):
            raise fields.fail("damage_pile", "expected token ids still in the pile")
        state = replace(state, damage_pile=tuple(top) + tuple(t for t in state.damage_pile if t not in top))
    if "laid" in p:
        state = replace(state, laid=int(p["laid"]))
    if "final" in p:
        state = replace(state, final=bool(p["final"]))
    if "hazards_on" in p:
        on = _ints(fields, "hazards_on", p["hazards_on"], 3)
        state = replace(state, hazards_on=on, hazard_pile=state.hazard_pile - sum(on) + sum(state.hazards_on))
    return state


def view(state: RaceState) -> dict[str, Any]:
    """The readable race the JSON shows and `[expect]` paths read."""
    return {
        "round": state.turns.round,
        "current": state.turns.current,
        "first": state.turns.first,
        "acted": list(state.turns.acted),
        "out": list(state.turns.out),
        "commands_spent": [seat for seat, what in state.turns.spent if what == "command"],
        "dice": [list(d) for d in state.dice],
        "used": [list(u) for u in state.used],
        "turn": encode(state.turn),
        "cars": {
            car.id: {
                "damage": list(car.damage),
                "operable": car.operable,
                "eliminated": car.eliminated,
                "moved": car.moved,
                "coasts": car.coasts,
            }
            for car in state.cars
        },
        "damage_pile": len(state.damage_pile),
        "damage_top": state.damage_pile[0] if state.damage_pile else None,
        "road": list(state.road),
        "stack": len(state.stack),
        "laid": state.laid,
        "final": state.final,
        "road_die": state.road_die,
        "hazard_pile": state.hazard_pile,
        "hazards_on": list(state.hazards_on),
        "hazard_discard": state.hazard_discard,
        "slam": encode(state.slam) if state.slam else None,
        "winner": state.winner,
        "won_by": state.won_by,
        "burning": list(state.burning),
    }


SCENARIOS = ThunderRoadScenarios()
load_scenario = partial(format_.load, SCENARIOS)
parse_scenario = partial(format_.parse, SCENARIOS)
run_scenario = partial(format_.run, SCENARIOS)
