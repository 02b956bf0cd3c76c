"""Seeded random play for the conformance tests: each step picks among the legal actions, the player's own moves
and a few free-form ones the lists cannot hold (rolls of several dice, cards turned with their symbols, symbols
told), keeping only those the rules accept. Choices come from the engine's PRNG, seeded per game."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.engine.chance import LiveChance
from companion.engine.rng import below, seed_state
from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire.definitions import Definitions
from companion.games.thunderbirds_solitaire.legal import legal_actions, manual_actions
from companion.games.thunderbirds_solitaire.loader import default_data_dir, load_files, toml_files
from companion.games.thunderbirds_solitaire.rules import apply, check
from companion.games.thunderbirds_solitaire.setup import initial_state, setup_mapping
from companion.games.thunderbirds_solitaire.state import CHAINS, GameState, evolve

FIXTURE = Path(__file__).resolve().parent / "fixture-overlay"


def definitions(data: str) -> Definitions:
    """ "shipped": the data as shipped (every card unknown); "fixture": the test overlay completing a deck."""
    overlay = toml_files(FIXTURE) if data == "fixture" else []
    return load_files(toml_files(default_data_dir()), overlay)[0]


@dataclass(frozen=True)
class Played:
    before: GameState
    action: object
    after: GameState
    events: tuple[object, ...]
    legal: tuple[object, ...]


def setup_of(defs: Definitions, deck: str, dealing: str) -> dict[str, Any]:
    return setup_mapping(defs, deck, dealing)


def start(setup: dict[str, Any], seed: int) -> GameState:
    chance = LiveChance(seed_state(seed))
    state = initial_state(setup, chance)
    return evolve(state, rng=chance.rng_after)


class Picker:
    """The player's own PRNG (never the game's), so choosing does not change what the game draws."""

    def __init__(self, seed: int) -> None:
        self.state = seed_state(seed ^ 0x5EED)

    def below(self, n: int) -> int:
        value, self.state = below(self.state, n)
        return value

    def pick(self, items: list[Any]) -> Any:
        return items[self.below(len(items))]


def free_form(state: GameState, picker: Picker) -> list[object]:
    """Actions with free arguments: several dice, symbols told for a card."""
    facts = state.setup.facts
    symbols = [s.id for s in facts.symbols]
    out: list[object] = []
    if state.phase == "turn" and state.turned is None and state.rescue is None:
        chain = 1 + picker.below(CHAINS)
        dice = [d.id for d in facts.dice if d.faces]
        if dice:
            out.append(act.RollDice(chain, tuple(picker.pick(dice) for _ in range(1 + picker.below(4)))))
        out.append(act.EnterRoll(chain, tuple(picker.pick(symbols) for _ in range(1 + picker.below(4)))))
        if state.setup.dealing == "table":
            kind = picker.pick(["disaster", "civilian", "hood"])
            told = tuple(picker.pick(symbols) for _ in range(picker.below(3)))
            out.append(act.TurnCard(kind, None, told))
    cards = [card for chain in state.chains for card in chain if card.symbols is None]
    if cards and state.rescue is None:
        told = tuple(picker.pick(symbols) for _ in range(1 + picker.below(3)))
        out.append(act.SetSymbols(picker.pick(cards).id, told))
    return out


def choose(state: GameState, picker: Picker, legal: tuple[object, ...]) -> object | None:
    """Mostly the game's flow, sometimes a move of the player's own; a declared outcome only rarely."""
    flow = [a for a in legal if not isinstance(a, act.DeclareOutcome)]
    roll = picker.below(100)
    if roll < 12:
        extra = [a for a in free_form(state, picker) if check(state, a) is None]
        if extra:
            return picker.pick(extra)
    if roll < 20:
        manual = list(manual_actions(state))
        if manual:
            return picker.pick(manual)
    if roll == 99 and picker.below(4) == 0:
        declared = act.DeclareOutcome(picker.pick(["won", "lost"]))
        if check(state, declared) is None:
            return declared
    if flow:
        # Lady Penelope's phase and the checklist are always listed: favour the rest so turns fill up.
        busy = [a for a in flow if not isinstance(a, act.ConfirmStep | act.BeginLadyPenelope | act.EndTurn)]
        if busy and picker.below(3):
            return picker.pick(busy)
        return picker.pick(flow)
    return None


def play(setup: dict[str, Any], seed: int, steps: int) -> Iterator[Played]:
    state = start(setup, seed)
    picker = Picker(seed)
    for _number in range(steps):
        legal = legal_actions(state)
        action = choose(state, picker, legal)
        if action is None:
            return
        chance = LiveChance(state.rng)
        after, events = apply(state, action, chance)
        after = evolve(after, rng=chance.rng_after)
        yield Played(state, action, after, events, legal)
        state = after
