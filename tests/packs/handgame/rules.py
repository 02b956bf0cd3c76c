"""High Card's rules: pure, frozen state, one `apply`, `IllegalAction` naming the rule."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.engine.chance import Chance
from companion.engine.codec import Codec
from companion.engine.errors import IllegalAction

SEATS = ("Red", "Blue", "Green", "Yellow")
DECK = tuple(f"c{value}" for value in range(1, 10)) * 2
HAND = 3


@dataclass(frozen=True)
class HandState:
    players: int
    hands: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    played: tuple[str, ...]
    turn: int
    deck: tuple[str, ...]
    rng: int = 0


@dataclass(frozen=True)
class Play:
    seat: int
    card: str


@dataclass(frozen=True)
class CardPlayed:
    seat: int
    card: str


def value(card: str) -> int:
    return int(card[1:])


def is_terminal(state: HandState) -> bool:
    return not any(state.hands)


CODEC = Codec(state=HandState, actions=(Play,))


class HandRules:
    name = "handgame"
    state_format = 1

    def initial_state(self, setup: Mapping[str, Any], chance: Chance) -> HandState:
        players = int(setup.get("players", 2))
        if not 2 <= players <= 4:
            raise IllegalAction(f"High Card is for 2 to 4 players, not {players}.")
        deck = chance.shuffle(DECK)
        hands = tuple(deck[seat * HAND : (seat + 1) * HAND] for seat in range(players))
        return HandState(players, hands, (0,) * players, (), 0, deck[players * HAND :])

    def legal_actions(self, state: HandState) -> tuple[Play, ...]:
        if is_terminal(state):
            return ()
        seat = state.turn % state.players
        return tuple(Play(seat, card) for card in sorted(set(state.hands[seat])))

    def apply(self, state: HandState, action: Any, chance: Chance) -> tuple[HandState, tuple[Any, ...]]:
        if not isinstance(action, Play):
            raise IllegalAction(f"Unknown action {type(action).__name__}.")
        seat = state.turn % state.players
        if action.seat != seat:
            raise IllegalAction(f"It is {SEATS[seat]}'s turn.")
        hand = list(state.hands[seat])
        if action.card not in hand:
            raise IllegalAction("That card is not in the hand.")
        hand.remove(action.card)
        hands = tuple(tuple(hand) if i == seat else h for i, h in enumerate(state.hands))
        scores = tuple(s + value(action.card) if i == seat else s for i, s in enumerate(state.scores))
        after = replace(state, hands=hands, scores=scores, played=state.played + (action.card,), turn=state.turn + 1)
        return after, (CardPlayed(seat, action.card),)

    def is_terminal(self, state: HandState) -> bool:
        return is_terminal(state)

    def describe(self, action: Any, state: HandState) -> str:
        # Public: the card played is on the table for everyone from now on.
        return f"{SEATS[action.seat]} plays {value(action.card)}"

    def encode_action(self, action: Any) -> dict[str, Any]:
        return CODEC.encode_action(action)

    def decode_action(self, data: Mapping[str, Any]) -> Any:
        return CODEC.decode_action(data)

    def encode_state(self, state: HandState) -> dict[str, Any]:
        return CODEC.encode_state(state)

    def decode_state(self, data: Mapping[str, Any]) -> HandState:
        return CODEC.decode_state(data)

    def summary(self, state: HandState) -> dict[str, Any]:
        over = is_terminal(state)
        best = max(state.scores)
        return {
            "players": state.players,
            "turn": state.turn + 1,
            "status": "over" if over else "playing",
            "scores": list(state.scores),
            "winner": SEATS[state.scores.index(best)] if over else None,
        }


RULES = HandRules()
