"""A seeded player for the demo and the UI tests: it plays the game's flow the way a person would, so a game played
by touch shows every part of the table (chains growing, a rescue, Lady Penelope flipping, flying to Tracy Island
with a Civilian) instead of the random player's jumble.

Pure: it reads the state and chooses among `legal_actions` (and builds rolls of several dice the same way a
screen does); its choices come from the `random.Random` it is given, never from the game's own randomness. What
the excerpt leaves to the player (how many cards a turn turns, which dice a rescue rolls, when the game is won) is
decided here by fixed habits, said in `Habits`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from companion.games.thunderbirds_solitaire import actions as act
from companion.games.thunderbirds_solitaire.legal import legal_actions
from companion.games.thunderbirds_solitaire.rescue import printed, wilds
from companion.games.thunderbirds_solitaire.rules import check
from companion.games.thunderbirds_solitaire.state import TRACY_ISLAND, GameState, location


@dataclass(frozen=True)
class Habits:
    """The bot's own answers to what the rulebook decides (not game facts: a demo's choices)."""

    #: Emergency cards turned in each Incoming Call phase, turn by turn (cycled).
    cards_per_turn: tuple[int, ...] = (1, 2)
    #: The kinds the table's deck turns, drawn from this bag (a Disaster more often, as set-up needs four).
    kinds: tuple[str, ...] = ("disaster", "disaster", "civilian", "civilian", "hood")
    #: Dice a rescue rolls or enters.
    dice: int = 3
    #: The game is declared won after this many turns.
    turns: int = 6


@dataclass
class Memory:
    """What the bot remembers of the turn under way (the state does not say how many cards it turned)."""

    turned: dict[int, int] = field(default_factory=dict)
    rescued: set[int] = field(default_factory=set)


def next_action(state: GameState, rng: random.Random, memory: Memory, habits: Habits = Habits()) -> object | None:
    """The bot's next action, or None when the game is over."""
    if state.phase == "over":
        return None
    legal = legal_actions(state)
    if state.phase == "setup":
        if act.DealChains() in legal:
            return act.DealChains()
        return _turn(state, rng, legal, habits)
    if state.turned is not None:
        return _place(state, rng, legal)
    if state.rescue is not None:
        return _rescue_step(state, legal)
    if state.phase in ("lp-move", "lp-escort"):
        return _lady_penelope(state, rng, legal)
    wanted = habits.cards_per_turn[state.turn % len(habits.cards_per_turn)]
    if "incoming-call" not in state.confirmed:
        can_turn = any(isinstance(a, act.TurnCard) for a in legal)
        if can_turn and memory.turned.get(state.turn, 0) < wanted:
            memory.turned[state.turn] = memory.turned.get(state.turn, 0) + 1
            return _turn(state, rng, legal, habits)
        return act.ConfirmStep("incoming-call")
    if "actions" not in state.confirmed:
        if state.turn not in memory.rescued:
            memory.rescued.add(state.turn)
            roll = _roll(state, rng, legal, habits)
            if roll is not None:
                return roll
        return act.ConfirmStep("actions")
    if "win-loss" not in state.confirmed:
        if state.turn >= habits.turns:
            return act.DeclareOutcome("won")
        return act.ConfirmStep("win-loss")
    return act.BeginLadyPenelope()


def _turn(state: GameState, rng: random.Random, legal: tuple[object, ...], habits: Habits) -> object:
    turns = [a for a in legal if isinstance(a, act.TurnCard)]
    if state.setup.dealing == "companion":
        return turns[0]
    named = [a for a in turns if a.card is not None]
    if named and rng.random() < 0.5:
        return rng.choice(named)
    kind = rng.choice(habits.kinds)
    return next(a for a in turns if a.card is None and a.kind == kind)


def _place(state: GameState, rng: random.Random, legal: tuple[object, ...]) -> object:
    places = [a for a in legal if isinstance(a, act.PlaceCard)]
    card = state.turned
    assert card is not None
    here = state.lady_penelope_chain
    if card.kind == "hood" and state.side == "road" and here is not None and act.PlaceCard(here) in places:
        return act.PlaceCard(here)  # her Road side stops it
    if places:
        # The shortest chains first, so the table fills evenly.
        shortest = min(len(state.chain(a.chain)) for a in places)
        return rng.choice([a for a in places if len(state.chain(a.chain)) == shortest])
    return act.DiscardTurned()


def _roll(state: GameState, rng: random.Random, legal: tuple[object, ...], habits: Habits) -> object | None:
    chains = sorted({a.chain for a in legal if isinstance(a, act.RollDice | act.EnterRoll)})
    chains = [n for n in chains if printed(state.chain(n))]
    if not chains:
        return None
    chain = rng.choice(chains)
    facts = state.setup.facts
    total = min(habits.dice, facts.dice_count or habits.dice)
    rollable = [die for die in facts.dice if die.faces]
    if rollable:
        dice = tuple(rng.choice(rollable).id for _n in range(total))
        roll: object = act.RollDice(chain, dice)
    else:
        printed_symbols = [symbol for _card, _slot, symbol in printed(state.chain(chain))]
        pool = printed_symbols + sorted(wilds(state)) + [s.id for s in facts.symbols]
        roll = act.EnterRoll(chain, tuple(rng.choice(pool) for _n in range(total)))
    return roll if check(state, roll) is None else None


def _rescue_step(state: GameState, legal: tuple[object, ...]) -> object:
    allocations = [a for a in legal if isinstance(a, act.AllocateDie)]
    if allocations:
        return allocations[0]
    stores = [a for a in legal if isinstance(a, act.StoreDie)]
    if stores:
        return stores[0]
    return act.EndRescue()


def _lady_penelope(state: GameState, rng: random.Random, legal: tuple[object, ...]) -> object:
    """Escort a Civilian to Tracy Island: take one on the Road, flip to Air, fly home, leave it there, fly back."""
    here = state.lady_penelope
    if state.escort is not None:
        if here == TRACY_ISLAND and act.UnassignCivilian() in legal:
            return act.UnassignCivilian()
        if state.side == "air" and act.MoveLadyPenelope(TRACY_ISLAND) in legal:
            return act.MoveLadyPenelope(TRACY_ISLAND)
        if state.side == "road" and act.FlipLadyPenelope() in legal:
            return act.FlipLadyPenelope()
        return act.EndTurn()
    assigns = [a for a in legal if isinstance(a, act.AssignCivilian)]
    if assigns:
        return assigns[0]
    if state.phase == "lp-move":
        with_civilians = [
            n
            for n, chain in enumerate(state.chains, start=1)
            if any(card.kind == "civilian" and not card.influenced for card in chain)
        ]
        moves = [act.MoveLadyPenelope(location(n)) for n in with_civilians]
        moves = [m for m in moves if m in legal]
        if moves:
            return rng.choice(moves)
        if here == TRACY_ISLAND and state.side == "road" and act.FlipLadyPenelope() in legal:
            return act.FlipLadyPenelope()
    return act.EndTurn()
