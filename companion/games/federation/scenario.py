"""Federation's part of the scenario files (the format and the runner are `companion.engine.scenario`).

`[setup]` is the game's own set-up (races, systems, homes, readings) with an optional data folder; `[position]`
changes the dealt systems, encounters and diplomacy; forced dice are faces 1 to 6, consumed in order. The
Federation specifics are in docs/federation.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from companion.engine import scenario as format_
from companion.engine.chance import LiveChance
from companion.engine.scenario import PositionFields, Scenario, ScenarioError, ScenarioGame
from companion.games.federation import codec, names
from companion.games.federation.checklist import current_phase
from companion.games.federation.definitions import Definitions
from companion.games.federation.describe import event_lines
from companion.games.federation.empire import controlled, needed_to_win, race_revenue, winner
from companion.games.federation.loader import load_definitions
from companion.games.federation.rules import RULES, FederationRules
from companion.games.federation.state import ENIGMA_STATUSES, Encounter, FederationState, System, change, evolve

__all__ = ["ScenarioError", "apply_position", "load_scenario", "parse_scenario", "run_scenario", "view"]

SYSTEM_KEYS = {
    "name",
    "explored",
    "resources",
    "minor_race",
    "minor_destroyed",
    "enigma",
    "owner",
    "colony",
    "shipyard",
    "terraformed",
    "refused",
}


class FederationScenarios(ScenarioGame[FederationState]):
    game = "federation"
    title = "Federation"
    codec = codec
    setup_keys = frozenset({"races", "systems", "homes", "readings", "data"})
    position_keys = frozenset({"turn", "phase", "systems", "encounters", "diplomacy_tried"})

    def forced(self, raw: list[Any], action: Any) -> tuple[Any, ...]:
        if any(isinstance(d, bool) or d not in range(1, 7) for d in raw):
            raise ValueError(f"a face is 1 to 6, got {raw!r}")
        return tuple(face - 1 for face in raw)

    def start(self, scenario: Scenario, chance: LiveChance) -> tuple[FederationState, FederationRules, Definitions]:
        return format_.start_with_data(
            scenario, chance, RULES, lambda folder: FederationRules(load_definitions(folder))
        )

    def apply_position(
        self, state: FederationState, position: Mapping[str, Any], defs: Any, name: str
    ) -> FederationState:
        return apply_position(state, position, defs, name)

    def lines(self, events: tuple[Any, ...], state: FederationState, defs: Any) -> tuple[str, ...]:
        return tuple(event_lines(events, state, defs))

    def report(self, state: FederationState, defs: Any) -> dict[str, Any]:
        return {
            "winner": winner(state, defs),
            "needed": needed_to_win(state, defs),
            "controlled": {race: controlled(state, race) for race in state.races},
            "revenue": {race: race_revenue(state, defs, race).total for race in state.races},
            "state": view(state, defs),
        }


SCENARIOS = FederationScenarios()
load_scenario = partial(format_.load, SCENARIOS)
parse_scenario = partial(format_.parse, SCENARIOS)
run_scenario = partial(format_.run, SCENARIOS)


def view(state: FederationState, defs: Definitions) -> dict[str, Any]:
    """The readable state the JSON shows and `[expect]` paths read."""
    return {
        "turn": state.turn,
        "phase": current_phase(state, defs),
        "races": list(state.races),
        "system_order": [s.id for s in state.systems],
        "systems": {
            s.id: {
                "label": names.system_label(s, defs),
                "name": s.name,
                "home_of": s.home_of,
                "explored": s.explored,
                "resources": s.resources,
                "minor_race": s.minor_race,
                "minor_destroyed": s.minor_destroyed,
                "enigma": s.enigma,
                "owner": s.owner,
                "colony": s.colony,
                "shipyard": s.shipyard,
                "terraformed": s.terraformed,
                "refused": list(s.refused),
                "revenue": None if s.owner is None else race_revenue_of(state, defs, s),
            }
            for s in state.systems
        },
        "encounters": [codec.encode(e) for e in state.encounters],
        "diplomacy_tried": [list(pair) for pair in state.diplomacy_tried],
        "readings": dict(state.readings),
        "last_revenue": dict(state.last_revenue),
    }


def race_revenue_of(state: FederationState, defs: Definitions, system: System) -> int:
    for part in race_revenue(state, defs, system.owner or "").systems:
        if part.system == system.id:
            return part.total
    return 0


# --- the position -------------------------------------------------------------------------------------------


def apply_position(
    state: FederationState, position: Mapping[str, Any], defs: Definitions, path: str
) -> FederationState:
    """The dealt game changed as `[position]` says; every value is checked against the data."""

    fail = PositionFields(position, path).fail

    def race(where: str, value: object) -> str:
        if value not in state.races:
            raise fail(where, f"{value!r} is not a race of this scenario's set-up ({', '.join(state.races)})")
        return str(value)

    def system_id(where: str, value: object) -> str:
        if not isinstance(value, str) or state.system(value) is None:
            raise fail(where, f"{value!r} is not a system of this scenario ({', '.join(s.id for s in state.systems)})")
        return value

    if "turn" in position:
        turn = position["turn"]
        if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
            raise fail("turn", f"expected a whole number from 1, got {turn!r}")
        state = evolve(state, turn=turn)
    if "phase" in position:
        phases = [phase.id for phase in defs.phases]
        if position["phase"] not in phases:
            raise fail("phase", f"expected one of {', '.join(phases)}")
        state = evolve(state, phase=phases.index(position["phase"]))
    systems = position.get("systems", {})
    if not isinstance(systems, Mapping):
        raise fail("systems", "expected a table of systems by id")
    for key, fields in systems.items():
        system = state.system(system_id(f"systems.{key}", key))
        assert system is not None
        if not isinstance(fields, Mapping):
            raise fail(f"systems.{key}", "expected a table of fields")
        state = evolve(
            state,
            systems=tuple(_position_system(s, fields, defs, state, fail) if s is system else s for s in state.systems),
        )
    encounters = position.get("encounters", [])
    if not isinstance(encounters, list):
        raise fail("encounters", "expected a list of { system, race, ships }")
    found: list[Encounter] = []
    for i, raw in enumerate(encounters):
        where = f"encounters[{i}]"
        if not isinstance(raw, Mapping) or set(raw) - {"system", "race", "ships"}:
            raise fail(where, "expected { system = ..., race = ..., ships = [...] }")
        target = state.system(system_id(f"{where}.system", raw.get("system")))
        assert target is not None
        if not target.has_unresolved_enigma:
            raise fail(f"{where}.system", f"{target.id} holds no unsolved Enigma")
        ships = raw.get("ships", [])
        if not isinstance(ships, list) or any(ship not in defs.ships for ship in ships):
            raise fail(f"{where}.ships", f"expected ships among {', '.join(defs.ships)}")
        found.append(
            Encounter(target.id, race(f"{where}.race", raw.get("race")), tuple(s for s in defs.ships if s in ships))
        )
    if "encounters" in position:
        state = evolve(state, encounters=tuple(found))
    tried = position.get("diplomacy_tried", [])
    if not isinstance(tried, list):
        raise fail("diplomacy_tried", "expected a list of { system, race }")
    pairs = []
    for i, raw in enumerate(tried):
        where = f"diplomacy_tried[{i}]"
        if not isinstance(raw, Mapping) or set(raw) != {"system", "race"}:
            raise fail(where, "expected { system = ..., race = ... }")
        pairs.append((system_id(f"{where}.system", raw["system"]), race(f"{where}.race", raw["race"])))
    if "diplomacy_tried" in position:
        state = evolve(state, diplomacy_tried=tuple(sorted(set(pairs))))
    return state


def _position_system(
    system: System,
    fields: Mapping[str, Any],
    defs: Definitions,
    state: FederationState,
    fail: Callable[[str, str], ScenarioError],
) -> System:
    where = f"systems.{system.id}"
    unknown = set(fields) - SYSTEM_KEYS
    if unknown:
        raise fail(f"{where}.{sorted(unknown)[0]}", f"unknown key; expected one of {', '.join(sorted(SYSTEM_KEYS))}")
    changes: dict[str, Any] = {}
    choices: dict[str, tuple[str, ...]] = {
        "resources": defs.resources.row_ids,
        "minor_race": defs.minor_races.row_ids,
        "enigma": ENIGMA_STATUSES,
    }
    for key, value in fields.items():
        if key == "name":
            if not isinstance(value, str):
                raise fail(f"{where}.name", "expected text")
        elif key in choices:
            if value not in choices[key]:
                raise fail(f"{where}.{key}", f"expected one of {', '.join(choices[key])}, got {value!r}")
        elif key == "owner":
            if value != "" and value not in state.races:
                raise fail(f"{where}.owner", f'expected a race of this scenario\'s set-up or "", got {value!r}')
            value = value or None
        elif key == "refused":
            if not isinstance(value, list) or any(r not in state.races for r in value):
                raise fail(f"{where}.refused", "expected a list of races of this scenario's set-up")
            value = tuple(r for r in state.races if r in value)
        elif not isinstance(value, bool):
            raise fail(f"{where}.{key}", f"expected true or false, got {value!r}")
        changes[key] = value
    if any(key in changes for key in choices) and "explored" not in changes:
        changes["explored"] = True
    result = change(system, **changes)
    if result.home_of is not None and (
        not result.explored or any(key in changes for key in ("resources", "minor_race", "enigma", "minor_destroyed"))
    ):
        raise fail(where, "a Homesystem is explored and has no resources, minor race or Enigma of its own")
    if result.home_of is None and result.explored and None in (result.resources, result.minor_race, result.enigma):
        raise fail(where, "an explored system needs resources, minor_race and enigma")
    if not result.explored and (
        result.resources
        or result.minor_race
        or result.enigma
        or result.owner
        or result.colony
        or result.shipyard
        or result.terraformed
    ):
        raise fail(where, "an unexplored system has no exploration results, owner or buildings")
    if result.terraformed and result.has_minor_race:
        raise fail(where, "a minor race's planet cannot be terraformed")
    if result.minor_destroyed and result.minor_race in (None, "none"):
        raise fail(f"{where}.minor_destroyed", "there is no minor race to destroy")
    return result
