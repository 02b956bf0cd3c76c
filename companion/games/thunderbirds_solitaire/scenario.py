"""Thunderbirds Solitaire's part of the scenario files (the format and the runner are `companion.engine.scenario`),
documented in docs/thunderbirds-solitaire.md.

A position moves cards, never makes them up: with the companion's deck, the cards named come out of the deck;
with the table's deck, a kind word ("disaster", "civilian", "hood") stands for a physical card the player turned
and gets the next `turned-N` id (chains top to bottom and left to right, then Lady Penelope's escort, then the
card waiting to be placed), as turning it in play would. Forced dice are written as symbols under `roll`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from companion.engine import scenario as format_
from companion.engine.chance import LiveChance
from companion.engine.scenario import PositionFields, Scenario, ScenarioError, ScenarioGame
from companion.games.thunderbirds_solitaire import codec
from companion.games.thunderbirds_solitaire.actions import RollDice
from companion.games.thunderbirds_solitaire.checklist import TURN_STEP_IDS
from companion.games.thunderbirds_solitaire.definitions import KINDS
from companion.games.thunderbirds_solitaire.errors import DataError
from companion.games.thunderbirds_solitaire.loader import default_data_dir, load_files, toml_files
from companion.games.thunderbirds_solitaire.rules import RULES, SolitaireRules
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

__all__ = ["ScenarioError", "apply_position", "load_scenario", "parse_scenario", "run_scenario", "start"]


class SolitaireScenarios(ScenarioGame[GameState]):
    game = "thunderbirds_solitaire"
    title = "Thunderbirds Solitaire"
    codec = codec
    setup_keys = frozenset({"deck", "dealing", "overlay"})
    folder_keys = frozenset({"overlay"})
    position_keys = frozenset(
        {
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
    )
    dice_key = "roll"

    def forced(self, raw: list[Any], action: Any) -> tuple[Any, ...]:
        if not all(isinstance(symbol, str) for symbol in raw):
            raise ValueError('expected a list of symbols, e.g. ["wild", "star"]')
        if raw and not isinstance(action, RollDice):
            raise ValueError("only a RollDice action rolls dice")
        if isinstance(action, RollDice) and len(raw) > len(action.dice):
            raise ValueError(f"{len(raw)} symbols forced for {len(action.dice)} dice")
        return tuple(raw)

    def rolls(self, forced: tuple[Any, ...], action: Any, state: GameState, defs: Any) -> Sequence[int]:
        """A RollDice's forced symbols as face indices of the dice it rolls, in order."""
        if not forced:
            return ()
        assert isinstance(action, RollDice)
        kinds = {die.id: die for die in state.setup.facts.dice}
        faces = []
        for die_id, symbol in zip(action.dice, forced):
            die = kinds.get(die_id)
            if die is None or die.faces is None or symbol not in die.faces:
                raise ValueError(f"the {die_id} die has no {symbol} face")
            faces.append(die.faces.index(symbol))
        return tuple(faces)

    def start(self, scenario: Scenario, chance: LiveChance) -> tuple[GameState, SolitaireRules, None]:
        """The shipped data (with the scenario's overlay, never the player's), dealt as `[setup]` says."""
        overlay = scenario.setup.get("overlay")
        try:
            defs, _report = load_files(toml_files(default_data_dir()), toml_files(Path(overlay)) if overlay else [])
        except DataError as error:
            raise scenario.fail("setup.overlay", error.message) from None
        deck, dealing = str(scenario.setup.get("deck", "basic")), str(scenario.setup.get("dealing", "companion"))
        return initial_state(setup_mapping(defs, deck, dealing), chance), RULES, None

    def apply_position(self, state: GameState, position: Mapping[str, Any], defs: Any, name: str) -> GameState:
        return apply_position(state, position, name)

    def report(self, state: GameState, defs: Any) -> dict[str, Any]:
        return {"outcome": state.outcome, "state": view(state)}


SCENARIOS = SolitaireScenarios()
load_scenario = partial(format_.load, SCENARIOS)
parse_scenario = partial(format_.parse, SCENARIOS)
run_scenario = partial(format_.run, SCENARIOS)


def start(scenario: Scenario) -> GameState:
    """The scenario's game as dealt, before its position (the tests build positions on it)."""
    return format_.start(SCENARIOS, scenario)[0]


# --- the position ---------------------------------------------------------------------------------------------


def apply_position(state: GameState, position: Mapping[str, Any], name: str) -> GameState:
    """`state` changed as `position` says; errors name the file and the field."""

    fields = PositionFields(position, name)
    fail, listed = fields.fail, fields.listed

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

    for card_id in reversed(listed("deck_top")):
        if not companion or card_id not in state.deck:
            raise fail("deck_top", f"{card_id!r} is not in the companion's deck")
        state = evolve(state, deck=(card_id,) + tuple(c for c in state.deck if c != card_id))

    if "chains" in position:
        rows = listed("chains")
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

    symbols = fields.table("symbols")
    known_symbols = {s.id for s in state.setup.facts.symbols}
    for card_id, values in symbols.items():
        if state.card(card_id) is None:
            raise fail(f"symbols.{card_id}", "no such card on the table")
        if not isinstance(values, list) or not all(v in known_symbols for v in values):
            raise fail(f"symbols.{card_id}", f"expected a list of symbols among {', '.join(sorted(known_symbols))}")
        state = _change(state, card_id, _with_symbols(tuple(values)))
    for card_id in listed("influenced"):
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
    stored = listed("stored")
    if stored:
        if not all(s in known_symbols for s in stored):
            raise fail("stored", f"expected symbols among {', '.join(sorted(known_symbols))}")
        state = evolve(state, stored=tuple(stored))
    return state


def _with_symbols(symbols: tuple[str, ...]) -> Callable[[Card], Card]:
    return lambda card: evolve(card, symbols=symbols)


def _change(state: GameState, card_id: str, change: Callable[[Card], Card]) -> GameState:
    chains = tuple(tuple(change(c) if c.id == card_id else c for c in chain) for chain in state.chains)
    turned = change(state.turned) if state.turned is not None and state.turned.id == card_id else state.turned
    escort = change(state.escort) if state.escort is not None and state.escort.id == card_id else state.escort
    return evolve(state, chains=chains, turned=turned, escort=escort)
