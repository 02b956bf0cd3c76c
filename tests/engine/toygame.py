"""A tiny game pack for testing the engine: a deck, a die, a slot track and a counter.

Registered under the name "toy". Setup: {"piles": [[card ids], ...], "slots": n, "reshuffle": "discard"|"never"}.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine.chance import Chance, LiveChance
from companion.engine.deck import Deck, Reshuffle
from companion.engine.dice import Die, Face
from companion.engine.errors import IllegalAction
from companion.engine.registry import register
from companion.engine.rng import seed_state
from companion.engine.track import SlotTrack

DIE = Die(
    "toy",
    (Face("1", 1), Face("2", 2), Face("3", 3), Face("4", 4), Face("5", 5), Face("hood", 0, "hood")),
)
SETUP: dict[str, Any] = {
    "piles": [["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"], ["c1", "c2", "c3", "c4"]],
    "slots": 5,
    "reshuffle": "discard",
}
SEED = 20240611


@dataclass(frozen=True)
class ToyState:
    deck: Deck
    track: SlotTrack
    hand: tuple[str, ...]
    counter: int
    last_roll: Face | None
    rng: int = 0


@dataclass(frozen=True)
class Draw:
    pass


@dataclass(frozen=True)
class Roll:
    pass


@dataclass(frozen=True)
class Place:
    card: str
    slot: int


@dataclass(frozen=True)
class Shift:
    pass


@dataclass(frozen=True)
class Discard:
    card: str


ToyAction = Draw | Roll | Place | Shift | Discard


@dataclass(frozen=True)
class Drew:
    card: str


@dataclass(frozen=True)
class Rolled:
    face: Face


@dataclass(frozen=True)
class Overflowed:
    cards: tuple[str, ...]


_ACTIONS: dict[str, type] = {"draw": Draw, "roll": Roll, "place": Place, "shift": Shift, "discard": Discard}


class ToyRules:
    name = "toy"
    state_format = 1

    def initial_state(self, setup: Mapping[str, Any], chance: Chance) -> ToyState:
        deck = Deck.stacked(setup["piles"], chance, Reshuffle(setup.get("reshuffle", "never")))
        first = chance.roll(DIE)
        return ToyState(deck, SlotTrack.empty(int(setup["slots"])), (), first.value, first, rng=0)

    def apply(self, state: ToyState, action: ToyAction, chance: Chance) -> tuple[ToyState, tuple[Any, ...]]:
        match action:
            case Draw():
                card, deck = state.deck.draw(chance)
                if card is None:
                    raise IllegalAction("The deck is empty.")
                return dataclasses.replace(state, deck=deck, hand=state.hand + (card,)), (Drew(card),)
            case Roll():
                face = chance.roll(DIE)
                return dataclasses.replace(state, counter=state.counter + face.value, last_roll=face), (Rolled(face),)
            case Place(card=card, slot=slot):
                if card not in state.hand:
                    raise IllegalAction(f"{card} is not in hand.")
                track = state.track.place(slot, card)
                return dataclasses.replace(state, track=track, hand=_without(state.hand, card)), ()
            case Shift():
                track, overflow = state.track.shift_right()
                deck = state.deck
                for card in overflow:
                    deck = deck.discard(card)
                counter = state.counter - len(overflow)
                events = (Overflowed(overflow),) if overflow else ()
                return dataclasses.replace(state, track=track, deck=deck, counter=counter), events
            case Discard(card=card):
                if card not in state.hand:
                    raise IllegalAction(f"{card} is not in hand.")
                return dataclasses.replace(state, hand=_without(state.hand, card), deck=state.deck.discard(card)), ()
        raise IllegalAction(f"unknown action {action!r}")

    def describe(self, action: ToyAction, state: ToyState) -> str:
        match action:
            case Place(card=card, slot=slot):
                return f"Place {card} in slot {slot}"
            case Discard(card=card):
                return f"Discard {card}"
        return type(action).__name__

    def encode_action(self, action: ToyAction) -> dict[str, Any]:
        data = dataclasses.asdict(action)
        data["type"] = type(action).__name__.lower()
        return data

    def decode_action(self, data: Mapping[str, Any]) -> ToyAction:
        fields = {k: v for k, v in data.items() if k != "type"}
        return _ACTIONS[data["type"]](**fields)

    def encode_state(self, state: ToyState) -> dict[str, Any]:
        return {
            "draw_pile": list(state.deck.draw_pile),
            "discard_pile": list(state.deck.discard_pile),
            "reshuffle": state.deck.reshuffle.value,
            "slots": list(state.track.slots),
            "hand": list(state.hand),
            "counter": state.counter,
            "last_roll": None if state.last_roll is None else dataclasses.asdict(state.last_roll),
            "rng": state.rng,
        }

    def decode_state(self, data: Mapping[str, Any]) -> ToyState:
        roll = data["last_roll"]
        return ToyState(
            deck=Deck(tuple(data["draw_pile"]), tuple(data["discard_pile"]), Reshuffle(data["reshuffle"])),
            track=SlotTrack(tuple(data["slots"])),
            hand=tuple(data["hand"]),
            counter=data["counter"],
            last_roll=None if roll is None else Face(**roll),
            rng=data["rng"],
        )

    def summary(self, state: ToyState) -> dict[str, Any]:
        return {"counter": state.counter, "hand": len(state.hand), "deck": len(state.deck)}


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


RULES = ToyRules()
register(RULES)


def scripted_action(state: ToyState, step: int) -> ToyAction:
    """A deterministic, always legal action for step `step` (1-based) of a long game."""
    empty = [i + 1 for i, card in enumerate(state.track.slots) if card is None]
    match step % 5:
        case 0 if state.deck.can_draw:
            return Draw()
        case 2 if state.hand and empty:
            return Place(state.hand[0], empty[-1])
        case 3:
            return Shift()
        case 4 if state.hand:
            return Discard(state.hand[-1])
    return Roll()


def scripted_states(count: int, setup: Mapping[str, Any] = SETUP, seed: int = SEED) -> list[ToyState]:
    """States after steps 0..count of the scripted game, computed without a session or a store."""
    chance = LiveChance(seed_state(seed))
    states = [dataclasses.replace(RULES.initial_state(setup, chance), rng=chance.rng_after)]
    extend_scripted(states, count)
    return states


def extend_scripted(states: list[ToyState], count: int) -> None:
    """Carries a list from `scripted_states` on until it holds the states after steps 0..count."""
    state = states[-1]
    for step in range(len(states), count + 1):
        chance = LiveChance(state.rng)
        state, _events = RULES.apply(state, scripted_action(state, step), chance)
        state = dataclasses.replace(state, rng=chance.rng_after)
        states.append(state)


def play(session: Any, steps: int, first_step: int | None = None) -> None:
    """Dispatches the scripted actions for `steps` more steps."""
    start = session.cursor + 1 if first_step is None else first_step
    for step in range(start, start + steps):
        session.dispatch(scripted_action(session.state, step))


def make_chance(seed: int = 1, forced: Sequence[int] = ()) -> LiveChance:
    return LiveChance(seed_state(seed), forced)
