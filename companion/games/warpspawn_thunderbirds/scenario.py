"""Scenario files: a position, forced dice and a script of actions, applied through the same `apply` as a game.

The same tool and conventions as the Thunderbirds scenarios (docs/scenarios.md): TOML, `format = 1`, `[setup]`,
`[position]`, `[[action]]` with `dice` and `expect`, and `[expect]`. The format of this pack is documented in
docs/warpspawn-thunderbirds.md. A position only ever moves cards (never creates them), so every card stays
accounted for.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engine.chance import LiveChance
from companion.engine.deck import Deck
from companion.engine.errors import CompanionError, IllegalAction
from companion.engine.rng import seed_state
from companion.games.warpspawn_thunderbirds import codec
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Definitions, Square
from companion.games.warpspawn_thunderbirds.describe import describe
from companion.games.warpspawn_thunderbirds.legal import legal_actions
from companion.games.warpspawn_thunderbirds.rules import apply
from companion.games.warpspawn_thunderbirds.setup import definitions_for, initial_state, parse_setup
from companion.games.warpspawn_thunderbirds.state import PHASES, Emergency, GameState, Seat, evolve, hand_with

FORMAT = 1
SECTIONS = {"format", "name", "description", "setup", "position", "action", "expect"}
SETUP_KEYS = {"players", "size", "colours", "bases", "starts", "seed", "data"}
POSITION_KEYS = {
    "phase",
    "turn",
    "order",
    "mover",
    "pawns",
    "hands",
    "emergencies",
    "emergency_deck_top",
    "emergency_deck_size",
    "rescues",
    "responder_top",
    "responder_discard",
    "quick",
    "delay_seen",
}
ACTION_EXTRAS = {"dice", "expect"}
SPECIAL_CHECKS = {"error", "events_include", "legal_includes", "legal_excludes"}


class ScenarioError(CompanionError):
    """A malformed scenario file; the message names the file and the field."""


@dataclass(frozen=True)
class ScriptedAction:
    action: object
    dice: tuple[int, ...] = ()
    expect: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Scenario:
    path: str
    name: str
    setup: Mapping[str, Any]
    seed: int
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
    state: GameState
    events: tuple[tuple[int, object], ...]  # (action index, event)
    applied: int
    error: str | None
    error_action: int | None
    checks: tuple[Check, ...]
    defs: Definitions
    labels: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def to_json(self) -> dict[str, Any]:
        outcome = self.state.outcome
        return {
            "format": FORMAT,
            "applied": self.applied,
            "error": self.error,
            "error_action": self.error_action,
            "outcome": None
            if outcome is None
            else {"winners": list(outcome.winners), "scores": list(outcome.scores), "tie": outcome.is_tie},
            "state": view(self.state),
            "events": [{"action": i, **codec.encode_event(e)} for i, e in self.events],
            "legal": [codec.encode_action(a) for a in legal_actions(self.state, self.defs)],
            "labels": list(self.labels),
            "checks": [codec.encode(c) for c in self.checks],
            "ok": self.ok,
        }


# --- reading the file ------------------------------------------------------------------------------------------


def load_scenario(path: Path) -> Scenario:
    name = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ScenarioError(f"{name}: cannot read the file ({error.strerror or error})") from None
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
    setup = _table(data, "setup", fail)
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise fail(f"setup.{sorted(unknown)[0]}", f"unknown key; expected one of {', '.join(sorted(SETUP_KEYS))}")
    seed = setup.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail("setup.seed", f"expected a whole number, got {seed!r}")
    setup_data: dict[str, Any] = {k: v for k, v in setup.items() if k not in ("seed", "data")}
    if "data" in setup:
        if not isinstance(setup["data"], str):
            raise fail("setup.data", "expected a directory path")
        setup_data["data_dir"] = str((base or Path(".")) / setup["data"])
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
        if not isinstance(dice, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in dice
        ):
            raise fail(f"{where}.dice", f"expected a list of faces (1 or more), got {dice!r}")
        expect = raw.get("expect", {})
        if not isinstance(expect, Mapping):
            raise fail(f"{where}.expect", "expected a table")
        actions.append(ScriptedAction(action, tuple(v - 1 for v in dice), dict(expect)))
    expect = _table(data, "expect", fail)
    for key in ("legal_includes", "legal_excludes"):
        for section in [expect] + [a.expect for a in actions]:
            for item in section.get(key, []):
                try:
                    codec.decode_action(item)
                except ValueError as error:
                    raise fail(f"expect.{key}", str(error)) from None
    return Scenario(name, str(data.get("name", "")), setup_data, seed, position, tuple(actions), expect)


def _table(data: Mapping[str, Any], key: str, fail: Callable[[str, str], ScenarioError]) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise fail(key, "expected a table")
    return dict(value)


# --- the position ----------------------------------------------------------------------------------------------


def apply_position(state: GameState, position: Mapping[str, Any], defs: Definitions, name: str) -> GameState:
    """`state` changed as `position` says; errors name the file and the field."""

    def fail(where: str, message: str) -> ScenarioError:
        return ScenarioError(f"{name}: field 'position.{where}': {message}")

    def seat_of(where: str, colour: Any) -> int:
        index = state.seat_index(colour) if isinstance(colour, str) else None
        if index is None:
            raise fail(where, f"no player plays {colour!r}")
        return index

    def square(where: str, value: Any) -> Square:
        size = state.size
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= size for v in value)
        ):
            return (value[0], value[1])
        raise fail(where, f"expected [column, row] from 1 to {size}, got {value!r}")

    def table(key: str) -> Mapping[str, Any]:
        value = position.get(key, {})
        if not isinstance(value, Mapping):
            raise fail(key, "expected a table")
        return value

    def listed(key: str) -> list[Any]:
        value = position.get(key, [])
        if not isinstance(value, list):
            raise fail(key, "expected a list")
        return value

    seats = list(state.seats)
    for colour, pawns in table("pawns").items():
        index = seat_of(f"pawns.{colour}", colour)
        if not isinstance(pawns, Mapping) or not set(pawns) <= set(PAWNS):
            raise fail(f"pawns.{colour}", f"expected a table of pawns ({', '.join(PAWNS)})")
        old = seats[index]
        moved = tuple(square(f"pawns.{colour}.{p}", pawns[p]) if p in pawns else at for p, at in zip(PAWNS, old.pawns))
        seats[index] = Seat(old.colour, moved, old.hand, old.rescues)

    responder = state.responder
    for colour, cards in table("hands").items():
        index = seat_of(f"hands.{colour}", colour)
        if not isinstance(cards, list):
            raise fail(f"hands.{colour}", "expected a list of Responder cards")
        old = seats[index]
        responder = responder.put_on_bottom(old.hand)
        for card in cards:
            if card not in defs.responder:
                raise fail(f"hands.{colour}", f"unknown Responder card {card!r}")
            if card not in responder.draw_pile:
                raise fail(f"hands.{colour}", f"no {card!r} left in the Responder deck")
            responder = responder.remove(card)
        seats[index] = Seat(old.colour, old.pawns, hand_with((), tuple(cards)), old.rescues)
    for card in listed("responder_discard"):
        if card not in responder.draw_pile:
            raise fail("responder_discard", f"no {card!r} left in the Responder deck")
        responder = responder.remove(card).discard(card)
    for card in reversed(listed("responder_top")):
        if card not in responder.draw_pile:
            raise fail("responder_top", f"no {card!r} left in the Responder deck")
        responder = responder.remove(card).put_on_top((card,))

    emergencies = state.emergencies
    board = list(state.board)
    if "emergencies" in position:
        emergencies = emergencies.put_on_bottom(tuple(e.card for e in board))
        board = []
        for i, item in enumerate(listed("emergencies")):
            where = f"emergencies[{i}]"
            if not isinstance(item, Mapping) or not {"card", "square"} <= set(item):
                raise fail(where, "expected { card = ..., square = [column, row], counters = n }")
            card = item["card"]
            if card not in emergencies.draw_pile:
                raise fail(f"{where}.card", f"{card!r} is not an emergency left in the deck")
            at = square(f"{where}.square", item["square"])
            if at in state.setup.bases or any(e.square == at for e in board):
                raise fail(f"{where}.square", "a base or another emergency is there")
            counters = item.get("counters", defs.numbers.time_counter_die)
            if not isinstance(counters, int) or not 1 <= counters <= defs.numbers.time_counter_die:
                raise fail(f"{where}.counters", f"expected 1 to {defs.numbers.time_counter_die}")
            placed = item.get("placed_turn", state.turn)
            emergencies = emergencies.remove(card)
            board.append(Emergency(card, at, counters, placed))
    for seat in seats:
        for pawn, at in zip(PAWNS, seat.pawns):
            if any(e.square == at for e in board):
                raise fail("emergencies", f"{seat.colour}'s {pawn} stands on an emergency's square {list(at)}")
    for colour, cards in table("rescues").items():
        index = seat_of(f"rescues.{colour}", colour)
        if not isinstance(cards, list):
            raise fail(f"rescues.{colour}", "expected a list of emergencies")
        for card in cards:
            if card not in emergencies.draw_pile:
                raise fail(f"rescues.{colour}", f"{card!r} is not an emergency left in the deck")
            emergencies = emergencies.remove(card)
        old = seats[index]
        seats[index] = Seat(old.colour, old.pawns, old.hand, old.rescues + tuple(cards))
    for card in reversed(listed("emergency_deck_top")):
        if card not in emergencies.draw_pile:
            raise fail("emergency_deck_top", f"{card!r} is not an emergency left in the deck")
        emergencies = emergencies.remove(card).put_on_top((card,))
    if "emergency_deck_size" in position:
        size = position["emergency_deck_size"]
        if not isinstance(size, int) or not 0 <= size <= len(emergencies.draw_pile):
            raise fail("emergency_deck_size", f"expected 0 to {len(emergencies.draw_pile)}")
        pile = emergencies.draw_pile
        emergencies = Deck(pile[:size], emergencies.discard_pile + pile[size:], emergencies.reshuffle)
    state = evolve(state, seats=tuple(seats), responder=responder, emergencies=emergencies, board=tuple(board))

    if "phase" in position:
        if position["phase"] not in PHASES or position["phase"] == "over":
            raise fail("phase", f"expected one of {', '.join(PHASES[:-1])}")
        state = evolve(state, phase=position["phase"])
    if "turn" in position:
        if not isinstance(position["turn"], int) or position["turn"] < 1:
            raise fail("turn", "expected a turn number from 1")
        state = evolve(state, turn=position["turn"])
    if "order" in position:
        order = tuple(seat_of("order", c) for c in listed("order"))
        if sorted(order) != list(range(len(state.seats))):
            raise fail("order", "expected every colour in play once")
        state = evolve(state, order=order)
    if "mover" in position:
        index = seat_of("mover", position["mover"])
        if index not in state.order:
            raise fail("mover", "give the move order (position.order) too")
        state = evolve(state, mover=state.order.index(index))
    if state.phase == "move" and not state.order:
        state = evolve(state, order=tuple(range(len(state.seats))), mover=0)
    if "quick" in position:
        state = evolve(state, quick=seat_of("quick", position["quick"]))
    if "delay_seen" in position:
        if not isinstance(position["delay_seen"], bool):
            raise fail("delay_seen", "expected true or false")
        state = evolve(state, delay_seen=position["delay_seen"])
    return state


# --- running ---------------------------------------------------------------------------------------------------


def run_scenario(scenario: Scenario) -> ScenarioResult:
    try:
        setup = parse_setup(scenario.setup)
        defs = definitions_for(setup)
        chance = LiveChance(seed_state(scenario.seed))
        state = initial_state(scenario.setup, chance, defs)
    except IllegalAction as refused:
        raise ScenarioError(f"{scenario.path}: field 'setup': {refused.reason}") from None
    state = evolve(state, rng=chance.rng_after)
    state = apply_position(state, scenario.position, defs, scenario.path)
    events: list[tuple[int, object]] = []
    checks: list[Check] = []
    labels: list[str] = []
    error: str | None = None
    error_action: int | None = None
    applied = 0
    for i, scripted in enumerate(scenario.actions):
        chance = LiveChance(state.rng, scripted.dice)
        label = describe(scripted.action, state, defs)
        try:
            state, happened = apply(state, scripted.action, chance, defs)
        except IllegalAction as stopped:
            error, error_action = stopped.reason, i
            break
        state = evolve(state, rng=chance.rng_after)
        events.extend((i, e) for e in happened)
        labels.append(label)
        applied += 1
        if scripted.expect:
            partial = ScenarioResult(state, tuple(events), applied, None, None, (), defs, tuple(labels))
            checks.extend(_check(partial.to_json(), scripted.expect, i))
    result = ScenarioResult(state, tuple(events), applied, error, error_action, (), defs, tuple(labels))
    checks.extend(_check(result.to_json(), scenario.expect, None))
    return ScenarioResult(state, tuple(events), applied, error, error_action, tuple(checks), defs, tuple(labels))


def _check(output: Mapping[str, Any], expect: Mapping[str, Any], after: int | None) -> list[Check]:
    checks = []
    for path, expected in expect.items():
        if path == "error":
            actual = output.get("error")
            ok = isinstance(actual, str) and isinstance(expected, str) and expected in actual
        elif path == "events_include":
            actual = [e["type"] for e in output["events"] if after is None or e["action"] == after]
            ok = all(name in actual for name in expected)
        elif path in ("legal_includes", "legal_excludes"):
            wanted = [codec.encode_action(codec.decode_action(item)) for item in expected]
            actual = [a for a in wanted if a in output["legal"]]
            ok = actual == wanted if path == "legal_includes" else actual == []
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
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


# --- the readable view (what the JSON shows and `[expect]` paths read) -----------------------------------------


def view(state: GameState) -> dict[str, Any]:
    """Everything, hands included: a scenario is a rules check, not a screen."""
    pending = state.pending
    return {
        "phase": state.phase,
        "turn": state.turn,
        "size": state.size,
        "order": [state.seats[i].colour for i in state.order],
        "moving": None if state.moving_seat is None else state.seats[state.moving_seat].colour,
        "bases": {seat.colour: list(state.setup.bases[i]) for i, seat in enumerate(state.seats)},
        "pawns": {seat.colour: {p: list(at) for p, at in zip(PAWNS, seat.pawns)} for seat in state.seats},
        "hands": {seat.colour: list(seat.hand) for seat in state.seats},
        "hand_sizes": {seat.colour: len(seat.hand) for seat in state.seats},
        "rescues": {seat.colour: list(seat.rescues) for seat in state.seats},
        "scores": {seat.colour: len(seat.rescues) for seat in state.seats},
        "emergencies": {e.card: {"square": list(e.square), "counters": e.counters} for e in state.board},
        "board_size": len(state.board),
        "emergency_deck_size": len(state.emergencies.draw_pile),
        "emergency_deck_top": state.emergencies.draw_pile[0] if state.emergencies.draw_pile else None,
        "emergency_discard": list(state.emergencies.discard_pile),
        "responder_deck_size": len(state.responder.draw_pile),
        "responder_discard": list(state.responder.discard_pile),
        "quick": None if state.quick is None else state.seats[state.quick].colour,
        "rolls": {seat.colour: list(state.rolls[i]) for i, seat in enumerate(state.seats)} if state.rolls else {},
        "delay_seen": state.delay_seen,
        "pending": None
        if pending is None
        else {
            "player": state.seats[pending.seat].colour,
            "card": pending.card,
            "pawn": pending.pawn,
            "to": None if pending.to is None else list(pending.to),
            "owner": pending.owner,
        },
    }
