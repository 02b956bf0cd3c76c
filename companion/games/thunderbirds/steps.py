"""Small checks and state changes shared by the action handlers."""

from __future__ import annotations

from companion.games.thunderbirds import names
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.state import (
    TOKEN_INDEX,
    GameState,
    Hand,
    PendingRescue,
    PendingReward,
    Tokens,
    evolve,
)
from companion.locale import domain

_, ngettext = domain("thunderbirds")

ACTIONS_PER_TURN = 3


def phase_reason(state: GameState, wanted: str = "actions") -> str | None:
    """Why the game is not in the `wanted` phase (None when it is)."""
    if state.outcome is None:  # the common cases, without building the phase's name
        pending = state.pending
        if pending is None:
            if wanted == "actions":
                return None
        elif (wanted == "rescue" and isinstance(pending, PendingRescue)) or (
            wanted == "reward" and isinstance(pending, PendingReward)
        ):
            return None
    phase = state.phase
    if phase == wanted:
        return None
    if phase == "over":
        return _("The game is over.")
    if phase == "rescue":
        return _("Finish the rescue under way first.")
    if phase == "reward":
        return _("Choose the reward tokens first.")
    return _("No rescue is under way.")


def action_reason(state: GameState) -> str | None:
    """Why the active player cannot take an action now."""
    reason = phase_reason(state)
    if reason is None and state.actions_left <= 0:
        reason = _("No actions left this turn: end the turn, or use a Determination token for one more.")
    return reason


def spend_action(state: GameState) -> GameState:
    return evolve(state, actions_left=state.actions_left - 1, fresh_turn=False)


def with_hand(state: GameState, index: int, hand: Hand) -> GameState:
    return evolve(state, players=state.players[:index] + (hand,) + state.players[index + 1 :])


def give_tokens(state: GameState, index: int, kind: str, count: int = 1) -> GameState:
    """Moves `count` tokens of `kind` from the supply to a hand (the caller checked the supply).

    One state copy for both the hand and the supply: rewards and token spending come through here often."""
    players, supply = moved_tokens(state.players, state.supply, index, kind, count)
    return evolve(state, players=players, supply=supply)


def moved_tokens(
    players: tuple[Hand, ...], supply: Tokens, index: int, kind: str, count: int
) -> tuple[tuple[Hand, ...], Tokens]:
    """The hands and the supply after `count` tokens of `kind` go from the supply to hand `index`, for steps
    that change more of the state and make one copy of it."""
    i = TOKEN_INDEX[kind]
    hand = players[index]
    tokens = list(hand.tokens)
    tokens[i] += count
    hands = list(players)
    hands[index] = Hand(hand.character, tuple(tokens), hand.fabs)
    stock = list(supply)
    stock[i] -= count
    return tuple(hands), tuple(stock)


def return_tokens(state: GameState, index: int, kind: str, count: int = 1) -> GameState:
    """Moves `count` tokens of `kind` from a hand back to the supply (the caller checked the hand)."""
    return give_tokens(state, index, kind, -count)


def supply_count(state: GameState, kind: str) -> int:
    return state.supply[TOKEN_INDEX[kind]]


def token_reason(defs: Definitions, kind: str) -> str | None:
    if kind not in defs.tokens:
        return _("There is no token kind called {kind}.").format(kind=kind)
    return None


def lacks_token(state: GameState, defs: Definitions, index: int, kind: str) -> str | None:
    """Why the hand cannot spend a token of `kind` (None when it can)."""
    reason = token_reason(defs, kind)
    if reason is None and state.players[index].count(kind) <= 0:
        reason = _("{player} has no {token} token.").format(
            player=names.character(defs, state.players[index].character), token=names.token(defs, kind)
        )
    return reason


def fab_holder(state: GameState, card: str) -> int | None:
    for i, hand in enumerate(state.players):
        if card in hand.fabs:
            return i
    return None


def remove_fab(state: GameState, index: int, card: str) -> GameState:
    """Takes a F.A.B. card from a hand to the F.A.B. discard pile."""
    hand = state.players[index]
    fabs = list(hand.fabs)
    fabs.remove(card)
    state = with_hand(state, index, Hand(hand.character, hand.tokens, tuple(fabs)))
    return evolve(state, fab_deck=state.fab_deck.discard(card))
