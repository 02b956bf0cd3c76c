"""Scenario files: a set-up, a position, forced draws and dice, and a script of actions, applied through the same
`apply` as a game, with checks on the result. The format (TOML, `format = 1`) follows the Thunderbirds one and
is documented in docs/thunderbirds-solitaire.md.

A position moves cards, never makes them up: with the companion's deck, the cards named come out of the deck;
with the table's deck, a kind word ("disaster", "civilian", "hood") stands for a physical card the player turned
and gets the next `turned-N` id (chains top to bottom and left to right, then Lady Penelope's escort, then the
card waiting to be placed), as turning it in play would.
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
from companion.games.thunderbirds_solitaire import codec
from companion.games.thunderbirds_solitaire.actions import RollDice
from companion.games.thunderbirds_solitaire.checklist import TURN_STEP_IDS
from companion.games.thunderbirds_solitaire.definitions import KINDS
from companion.games.thunderbirds_solitaire.describe import describe
from companion.games.thunderbirds_solitaire.errors import DataError
from companion.games.thunderbirds_solitaire.loader import default_data_dir, load_files, toml_files
from companion.games.thunderbirds_solitaire.rules import apply
from companion.games.thunderbirds_solitaire.setup import initial_state, setup_mapping
from companion.games.thunderbirds_solitaire.state import (
    CHAIN_CAPACITY,
    CHAINS,
    LOCATIONS,
    Card,
    GameState,
    evolve,
    location,
)
from companion.games.thunderbirds_solitaire.view import view

FORMAT = 1
SECTIONS = {"format", "name", "description", "setup", "position", "action", "expect"}
SETUP_KEYS = {"deck", "dealing", "seed", "overlay"}
POSITION_KEYS = {
    "deck_top",
    "chains",
    "symbols",
    "influenced",
    "lady_penelope",
    "phase",
    "turn",
    "confirmed",
    "stored",
    "turned",
}
ACTION_EXTRAS = {"roll", "expect"}


class ScenarioError(CompanionError):
    """A malformed scenario file; the message names the file and the field."""


@dataclass(frozen=True)
class ScriptedAction:
    action: object
    roll: tuple[str, ...] = ()  # forced symbols for a RollDice's dice, in order
    expect: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Scenario:
    path: str
    name: str
    deck: str
    dealing: str
    seed: int
    overlay: Path | None
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
    events: tuple[tuple[int, object], ...]
    applied: int
    error: str | None
    error_action: int | None
    checks: tuple[Check, ...]
    labels: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "applied": self.applied,
            "error": self.error,
            "error_action": self.error_action,
            "outcome": self.state.outcome,
            "state": view(self.state),
            "events": [{"action": i, **codec.encode_event(e)} for i, e in self.events],
            "labels": list(self.labels),
            "checks": [codec.encode(c) for c in self.checks],
            "ok": self.ok,
        }


# --- reading the file ----------------------------------------------------------------------------------------


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
    overlay = setup.get("overlay")
    if overlay is not None and not isinstance(overlay, str):
        raise fail("setup.overlay", "expected a directory path, relative to the scenario file")
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
        dice = raw.get("roll", [])
        if not isinstance(dice, list) or not all(isinstance(d, str) for d in dice):
            raise fail(f"{where}.roll", 'expected a list of symbols, e.g. ["wild", "star"]')
        if dice and not isinstance(action, RollDice):
            raise fail(f"{where}.roll", "only a RollDice action rolls dice")
        if isinstance(action, RollDice) and len(dice) > len(action.dice):
            raise fail(f"{where}.roll", f"{len(dice)} symbols forced for {len(action.dice)} dice")
        expect = raw.get("expect", {})
        if not isinstance(expect, Mapping):
            raise fail(f"{where}.expect", "expected a table")
        actions.append(ScriptedAction(action, tuple(dice), dict(expect)))
    return Scenario(
        path=name,
        name=str(data.get("name", "")),
        deck=str(setup.get("deck", "basic")),
        dealing=str(setup.get("dealing", "companion")),
        seed=seed,
        overlay=None if overlay is None else (base or Path(".")) / overlay,
        position=position,
        actions=tuple(actions),
        expect=_table(data, "expect", fail),
    )


def _table(data: Mapping[str, Any], key: str, fail: Callable[[str, str], ScenarioError]) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise fail(key, "expected a table")
    return dict(value)


# --- the position ---------------------------------------------------------------------------------------------


def apply_position(state: GameState, position: Mapping[str, Any], name: str) -> GameState:
    """`state` changed as `position` says; errors name the file and the field."""

    def fail(where: str, message: str) -> ScenarioError:
        return ScenarioError(f"{name}: field 'position.{where}': {message}")

    companion = state.setup.dealing == "companion"
    known = {facts.id: facts for facts in state.setup.facts.cards}
    placed: set[str] = set()

    def take(where: str, value: Any) -> tuple[GameState, Card]:
        """A card for the table: out of the companion's deck, or a completed or described physical card."""
        nonlocal state
        if not isinstance(value, str):
            raise fail(where, f"expected a card id or a kind, got {value!r}")
        if value in KINDS:
            if companion:
                raise fail(where, "the companion holds the deck: name its cards by id")
            card = Card(f"turned-{state.next_token}", value)
            state = evolve(state, next_token=state.next_token + 1)
            return state, card
        facts = known.get(value)
        if facts is None or facts.kind is None:
            raise fail(where, f"unknown card {value!r}")
        if value in placed:
            raise fail(where, f"{value!r} is placed twice")
        placed.add(value)
        if companion:
            if value not in state.deck:
                raise fail(where, f"{value!r} is not in the deck")
            state = evolve(state, deck=tuple(c for c in state.deck if c != value))
        return state, Card(value, facts.kind, facts.symbols)

    for card_id in reversed(_list(position, "deck_top", fail)):
        if not companion or card_id not in state.deck:
            raise fail("deck_top", f"{card_id!r} is not in the companion's deck")
        state = evolve(state, deck=(card_id,) + tuple(c for c in state.deck if c != card_id))

    if "chains" in position:
        rows = _list(position, "chains", fail)
        if len(rows) > CHAINS or not all(isinstance(row, list) for row in rows):
            raise fail("chains", "expected up to four lists of cards, the top chain first")
        chains: list[tuple[Card, ...]] = []
        for number, row in enumerate([*rows, *[[]] * (CHAINS - len(rows))], start=1):
            cards = []
            for value in row:
                state, card = take(f"chains.{number}", value)
                cards.append(card)
            if len(cards) > CHAIN_CAPACITY:
                raise fail(f"chains.{number}", "a chain holds a Disaster and three more cards")
            if cards and cards[0].kind != "disaster":
                raise fail(f"chains.{number}", "the leftmost card of a chain is always a Disaster")
            chains.append(tuple(cards))
        state = evolve(state, chains=tuple(chains), phase="turn", turn=1, lady_penelope=location(1), side="road")

    if "lady_penelope" in position:
        lady = position["lady_penelope"]
        if not isinstance(lady, Mapping) or set(lady) - {"at", "side", "escort"}:
            raise fail("lady_penelope", "expected { at = ..., side = ..., escort = ... }")
        at = lady.get("at", state.lady_penelope)
        if at not in LOCATIONS:
            raise fail("lady_penelope.at", f"expected one of {', '.join(LOCATIONS)}")
        side = lady.get("side", state.side)
        if side not in ("road", "air"):
            raise fail("lady_penelope.side", 'expected "road" or "air"')
        state = evolve(state, lady_penelope=at, side=side)
        if "escort" in lady:
            state, card = take("lady_penelope.escort", lady["escort"])
            if card.kind != "civilian":
                raise fail("lady_penelope.escort", "Lady Penelope escorts a Civilian")
            state = evolve(state, escort=card)

    if "turned" in position:
        state, card = take("turned", position["turned"])
        state = evolve(state, turned=card)

    symbols = _table(position, "symbols", lambda key, message: fail("symbols", message))
    known_symbols = {s.id for s in state.setup.facts.symbols}
    for card_id, values in symbols.items():
        if state.card(card_id) is None:
            raise fail(f"symbols.{card_id}", "no such card on the table")
        if not isinstance(values, list) or not all(v in known_symbols for v in values):
            raise fail(f"symbols.{card_id}", f"expected a list of symbols among {', '.join(sorted(known_symbols))}")
        state = _change(state, card_id, _with_symbols(tuple(values)))
    for card_id in _list(position, "influenced", fail):
        found = state.card(card_id)
        if found is None or found.kind != "civilian":
            raise fail("influenced", f"{card_id!r} is not a Civilian on the table")
        state = _change(state, card_id, lambda card: evolve(card, influenced=True))

    if "phase" in position:
        if position["phase"] not in ("turn", "lp-move", "lp-escort"):
            raise fail("phase", 'expected "turn", "lp-move" or "lp-escort"')
        state = evolve(state, phase=position["phase"])
    if "turn" in position:
        if not isinstance(position["turn"], int) or position["turn"] < 1:
            raise fail("turn", "expected a turn number from 1")
        state = evolve(state, turn=position["turn"])
    if "confirmed" in position:
        steps = position["confirmed"]
        steps = list(TURN_STEP_IDS) if steps == "all" else steps
        if not isinstance(steps, list) or not set(steps) <= set(TURN_STEP_IDS):
            raise fail("confirmed", f'expected "all" or a list among {", ".join(TURN_STEP_IDS)}')
        state = evolve(state, confirmed=frozenset(steps))
    stored = _list(position, "stored", fail)
    if stored:
        if not all(s in known_symbols for s in stored):
            raise fail("stored", f"expected symbols among {', '.join(sorted(known_symbols))}")
        state = evolve(state, stored=tuple(stored))
    return state


def _list(data: Mapping[str, Any], key: str, fail: Callable[[str, str], ScenarioError]) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise fail(key, "expected a list")
    return value


def _with_symbols(symbols: tuple[str, ...]) -> Callable[[Card], Card]:
    return lambda card: evolve(card, symbols=symbols)


def _change(state: GameState, card_id: str, change: Callable[[Card], Card]) -> GameState:
    chains = tuple(tuple(change(c) if c.id == card_id else c for c in chain) for chain in state.chains)
    turned = change(state.turned) if state.turned is not None and state.turned.id == card_id else state.turned
    escort = change(state.escort) if state.escort is not None and state.escort.id == card_id else state.escort
    return evolve(state, chains=chains, turned=turned, escort=escort)


# --- running ---------------------------------------------------------------------------------------------------


def start(scenario: Scenario) -> GameState:
    """The scenario's game as set up: the shipped data (with the scenario's overlay, never the player's)."""
    try:
        defs, _report = load_files(
            toml_files(default_data_dir()), toml_files(scenario.overlay) if scenario.overlay else []
        )
    except DataError as error:
        raise ScenarioError(f"{scenario.path}: field 'setup.overlay': {error.message}") from None
    try:
        chance = LiveChance(seed_state(scenario.seed))
        state = initial_state(setup_mapping(defs, scenario.deck, scenario.dealing), chance)
    except IllegalAction as error:
        raise ScenarioError(f"{scenario.path}: field 'setup': {error.reason}") from None
    return evolve(state, rng=chance.rng_after)


def _forced(state: GameState, scripted: ScriptedAction, path: str, index: int) -> tuple[int, ...]:
    """A RollDice's forced symbols as face indices of the dice it rolls, in order."""
    action = scripted.action
    if not scripted.roll:
        return ()
    assert isinstance(action, RollDice)
    kinds = {die.id: die for die in state.setup.facts.dice}
    faces = []
    for die_id, symbol in zip(action.dice, scripted.roll):
        die = kinds.get(die_id)
        if die is None or die.faces is None or symbol not in die.faces:
            raise ScenarioError(f"{path}: field 'action[{index}].roll': the {die_id} die has no {symbol} face")
        faces.append(die.faces.index(symbol))
    return tuple(faces)


def run_scenario(scenario: Scenario) -> ScenarioResult:
    state = apply_position(start(scenario), scenario.position, scenario.path)
    events: list[tuple[int, object]] = []
    checks: list[Check] = []
    labels: list[str] = []
    error: str | None = None
    error_action: int | None = None
    applied = 0
    for i, scripted in enumerate(scenario.actions):
        chance = LiveChance(state.rng, _forced(state, scripted, scenario.path, i))
        label = describe(scripted.action, state)
        try:
            state, happened = apply(state, scripted.action, chance)
        except IllegalAction as refused:
            error, error_action = refused.reason, i
            break
        state = evolve(state, rng=chance.rng_after)
        events.extend((i, e) for e in happened)
        labels.append(label)
        applied += 1
        if scripted.expect:
            partial = ScenarioResult(state, tuple(events), applied, None, None, ())
            checks.extend(_check(partial.to_json(), scripted.expect, i))
    result = ScenarioResult(state, tuple(events), applied, error, error_action, (), tuple(labels))
    checks.extend(_check(result.to_json(), scenario.expect, None))
    return ScenarioResult(state, tuple(events), applied, error, error_action, tuple(checks), tuple(labels))


def _check(output: Mapping[str, Any], expect: Mapping[str, Any], after: int | None) -> list[Check]:
    checks = []
    for path, expected in expect.items():
        if path == "error":
            actual = output.get("error")
            ok = isinstance(actual, str) and isinstance(expected, str) and expected in actual
        elif path == "events_include":
            actual = [e["type"] for e in output["events"] if after is None or e["action"] == after]
            ok = all(name in actual for name in expected)
        elif path == "events_exclude":
            actual = [e["type"] for e in output["events"] if after is None or e["action"] == after]
            ok = not any(name in actual for name in expected)
        else:
            actual = _lookup(output, path)
            ok = actual == expected
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
