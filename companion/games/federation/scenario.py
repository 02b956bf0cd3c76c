"""Federation scenario files: a position, forced dice and a script of actions, applied through the game's `apply`.

The same conventions as Thunderbirds' (docs/scenarios.md): TOML, `format = 1`, `[setup]`, `[position]`,
`[[action]]` tables written with the engine's own action names and fields, each with its forced `dice` (faces 1
to 6, consumed in order) and optional `expect`, and a final `[expect]`. The Federation specifics are in
docs/federation.md. A malformed file raises `ScenarioError` naming the file and the field.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engine.chance import LiveChance
from companion.engine.errors import CompanionError, IllegalAction
from companion.engine.rng import seed_state
from companion.games.federation import codec, names
from companion.games.federation.checklist import current_phase
from companion.games.federation.definitions import Definitions
from companion.games.federation.describe import event_lines
from companion.games.federation.empire import controlled, needed_to_win, race_revenue, winner
from companion.games.federation.errors import DataError
from companion.games.federation.loader import load_definitions
from companion.games.federation.rules import RULES, FederationRules
from companion.games.federation.state import ENIGMA_STATUSES, Encounter, FederationState, System, change, evolve

FORMAT = 1
SECTIONS = {"format", "game", "name", "description", "setup", "position", "action", "expect"}
SETUP_KEYS = {"races", "systems", "homes", "readings", "seed", "data"}
POSITION_KEYS = {"turn", "phase", "systems", "encounters", "diplomacy_tried"}
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
ACTION_EXTRAS = {"dice", "expect"}


class ScenarioError(CompanionError):
    """A malformed scenario file; the message names the file and the field."""


@dataclass(frozen=True)
class ScriptedAction:
    action: object
    dice: tuple[int, ...] = ()  # faces shown, 1 to 6
    expect: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Scenario:
    path: str
    name: str
    setup: Mapping[str, Any]
    seed: int
    data_dir: Path | None
    position: Mapping[str, Any]
    actions: tuple[ScriptedAction, ...]
    expect: Mapping[str, Any]


@dataclass(frozen=True)
class Check:
    path: str
    expected: Any
    actual: Any
    ok: bool
    after_action: int | None  # None: at the end


@dataclass(frozen=True)
class ScenarioResult:
    state: FederationState
    events: tuple[tuple[int, object], ...]  # (action index, event)
    applied: int
    error: str | None  # the reason of the illegal action that stopped the script
    error_action: int | None
    checks: tuple[Check, ...]
    defs: Definitions
    labels: tuple[str, ...] = ()  # each applied action as the history shows it
    lines: tuple[tuple[int, str], ...] = ()  # (action index, line): what the dice said, as the pop-ups show it

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)

    def to_json(self) -> dict[str, Any]:
        state, defs = self.state, self.defs
        return {
            "format": FORMAT,
            "applied": self.applied,
            "error": self.error,
            "error_action": self.error_action,
            "winner": winner(state, defs),
            "needed": needed_to_win(state, defs),
            "controlled": {race: controlled(state, race) for race in state.races},
            "revenue": {race: race_revenue(state, defs, race).total for race in state.races},
            "state": view(state, defs),
            "events": [{"action": i, **codec.encode_event(e)} for i, e in self.events],
            "labels": list(self.labels),
            "lines": [line for _index, line in self.lines],
            "checks": [codec.encode(c) for c in self.checks],
            "ok": self.ok,
        }


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


# --- reading the file ---------------------------------------------------------------------------------------


def load_scenario(path: Path) -> Scenario:
    name = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ScenarioError(f"{name}: cannot read the file ({error.strerror or error})") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{name}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"{name}: not valid TOML: {error}") from None
    return parse_scenario(data, name, base=path.parent)


def parse_scenario(data: Mapping[str, Any], name: str = "<scenario>", base: Path | None = None) -> Scenario:
    def fail(where: str, message: str) -> ScenarioError:
        return ScenarioError(f"{name}: field '{where}': {message}")

    unknown = set(data) - SECTIONS
    if unknown:
        raise fail(sorted(unknown)[0], f"unknown section; expected one of {', '.join(sorted(SECTIONS))}")
    if data.get("format") != FORMAT:
        raise fail("format", f"expected format = {FORMAT}, got {data.get('format')!r}")
    if data.get("game", "federation") != "federation":  # `companion scenario FILE` picks the game by this field
        raise fail("game", f'this is a Federation scenario: expected game = "federation", got {data["game"]!r}')
    setup = _table(data, "setup", fail)
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise fail(f"setup.{sorted(unknown)[0]}", f"unknown key; expected one of {', '.join(sorted(SETUP_KEYS))}")
    seed = setup.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail("setup.seed", f"expected a whole number, got {seed!r}")
    data_dir = None
    if "data" in setup:
        if not isinstance(setup["data"], str):
            raise fail("setup.data", "expected a directory path")
        data_dir = (base or Path(".")) / setup["data"]
    position = _table(data, "position", fail)
    unknown = set(position) - POSITION_KEYS
    if unknown:
        raise fail(f"position.{sorted(unknown)[0]}", f"unknown key; expected one of {', '.join(sorted(POSITION_KEYS))}")
    raw_actions = data.get("action", [])
    if not isinstance(raw_actions, list):
        raise fail("action", "expected [[action]] tables")
    actions = []
    for i, raw in enumerate(raw_actions):
        where = f"action[{i}]"
        if not isinstance(raw, Mapping):
            raise fail(where, "expected a table")
        try:
            action = codec.decode_action({k: v for k, v in raw.items() if k not in ACTION_EXTRAS})
        except ValueError as error:
            raise fail(where, str(error)) from None
        dice = raw.get("dice", [])
        if not isinstance(dice, list) or any(isinstance(d, bool) or d not in range(1, 7) for d in dice):
            raise fail(f"{where}.dice", f"a face is 1 to 6, got {dice!r}")
        expect = raw.get("expect", {})
        if not isinstance(expect, Mapping):
            raise fail(f"{where}.expect", "expected a table")
        actions.append(ScriptedAction(action, tuple(dice), dict(expect)))
    expect = _table(data, "expect", fail)
    title = data.get("name", "")
    if not isinstance(title, str):
        raise fail("name", "expected text")
    setup_data = {k: v for k, v in setup.items() if k not in ("seed", "data")}
    return Scenario(name, title, setup_data, seed, data_dir, position, tuple(actions), expect)


def _table(data: Mapping[str, Any], key: str, fail: Callable[[str, str], ScenarioError]) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise fail(key, "expected a table")
    return dict(value)


# --- the position -------------------------------------------------------------------------------------------


def apply_position(
    state: FederationState, position: Mapping[str, Any], defs: Definitions, path: str
) -> FederationState:
    """The dealt game changed as `[position]` says; every value is checked against the data."""

    def fail(where: str, message: str) -> ScenarioError:
        return ScenarioError(f"{path}: field 'position.{where}': {message}")

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


# --- running ------------------------------------------------------------------------------------------------


def run_scenario(scenario: Scenario) -> ScenarioResult:
    rules = RULES
    if scenario.data_dir is not None:
        try:
            rules = FederationRules(load_definitions(scenario.data_dir))
        except DataError as broken:
            problems = "; ".join(str(problem) for problem in broken.problems)
            raise ScenarioError(f"{scenario.path}: field 'setup.data': {problems}") from None
    defs = rules.definitions
    chance = LiveChance(seed_state(scenario.seed))
    try:
        state = rules.initial_state(scenario.setup, chance)
    except IllegalAction as bad_setup:
        raise ScenarioError(f"{scenario.path}: field 'setup': {bad_setup.reason}") from None
    state = evolve(state, rng=chance.rng_after)
    state = apply_position(state, scenario.position, defs, scenario.path)
    events: list[tuple[int, object]] = []
    checks: list[Check] = []
    labels: list[str] = []
    lines: list[tuple[int, str]] = []
    error: str | None = None
    error_action: int | None = None
    applied = 0
    for i, scripted in enumerate(scenario.actions):
        chance = LiveChance(state.rng, [face - 1 for face in scripted.dice])
        label = rules.describe(scripted.action, state)
        try:
            state, happened = rules.apply(state, scripted.action, chance)
        except IllegalAction as refused:
            error, error_action = refused.reason, i
            break
        state = evolve(state, rng=chance.rng_after)
        events.extend((i, event) for event in happened)
        labels.append(label)
        lines.extend((i, line) for line in event_lines(happened, state, defs))
        applied += 1
        if chance.forced_left:
            left = [index + 1 for index in chance.forced_left]
            checks.append(Check(f"action[{i}].dice", "every forced die rolled", f"not rolled: {left}", False, i))
        if scripted.expect:
            partial = ScenarioResult(state, tuple(events), applied, None, None, (), defs, tuple(labels), tuple(lines))
            checks.extend(_check(partial.to_json(), scripted.expect, i))
    result = ScenarioResult(state, tuple(events), applied, error, error_action, (), defs, tuple(labels), tuple(lines))
    checks.extend(_check(result.to_json(), scenario.expect, None))
    return ScenarioResult(
        state, tuple(events), applied, error, error_action, tuple(checks), defs, tuple(labels), tuple(lines)
    )


def _check(output: Mapping[str, Any], expect: Mapping[str, Any], after: int | None) -> list[Check]:
    checks = []
    for path, expected in expect.items():
        if path == "error":
            actual = output.get("error")
            ok = isinstance(actual, str) and isinstance(expected, str) and expected in actual
        elif path == "events_include":
            actual = [e["type"] for e in output["events"] if after is None or e["action"] == after]
            ok = isinstance(expected, list) and all(name in actual for name in expected)
        elif path == "events_exclude":
            actual = [e["type"] for e in output["events"] if after is None or e["action"] == after]
            ok = isinstance(expected, list) and not any(name in actual for name in expected)
        else:
            actual = _lookup(output, path)
            ok = actual == _plain(expected)
        checks.append(Check(path, expected, actual, ok, after))
    return checks


def _lookup(data: Any, path: str) -> Any:
    for part in path.split("."):
        if isinstance(data, Mapping):
            data = data.get(part)
        elif isinstance(data, list) and part.lstrip("-").isdigit() and -len(data) <= int(part) < len(data):
            data = data[int(part)]
        else:
            return None
    return data


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
