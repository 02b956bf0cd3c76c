"""The weights of the bot's evaluation, in one unit: "one card at slot 1 cleared" = 1."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.thunderbirds.state import GameState

#: How pressing a disaster card is, by its slot: the card on slot 7 falls on the skull at the next disaster.
URGENCY: Mapping[int, float] = {1: 1.0, 2: 1.15, 3: 1.35, 4: 1.7, 5: 2.5, 6: 5.0, 7: 12.0}
RESCUE_WEIGHT = 2.0
TOKEN_VALUE = 0.3  # a token gained (rewards, a character's draw)
NEXT_TURN_DISCOUNT = 0.45  # a rescue set up for next turn is worth this much of one made now
BONUS_SHARE = 1.0  # a bonus piece brought into place: this share of the rescue chance it adds to its card
HOOD_STEP_COST = 0.5  # one Hood space, far from the next scheme
LOSS_COST = 60.0  # the game lost
SCHEME_VALUE = 6.0  # foiling the face-up scheme
SCHEME_APPROACH = 1.2  # bringing tokens to the scheme's region, times the share of its tokens brought
SCHEME_PIECE_VALUE = 2.0  # bringing the pieces the face-up scheme needs into place (shared between them)
TRANSFER_COST = 0.02  # breaks ties towards staying in one's own Thunderbird
MOVE_COST = 0.03  # per move, so a useless move never beats ending the turn
DETERMINATION_THRESHOLD = 0.9  # what one more action must be worth to spend a Determination token
NO_DICE_PIECE_SHARE = 1.0  # bringing one of a no-dice card's pieces: this share of the card, split per piece
PICKUP_SHARE = 0.4  # Thunderbird 2 reaching a needed piece it can carry: this share of bringing it in
FAR = 6  # the distance used for pieces out of reach of the Earth network
#: A spare action goes to Plan (a F.A.B. card, the Hood one space on) only when the next unfoiled scheme is at least
#: this many spaces ahead of the Hood (see `Turn._plan_pays`).
PLAN_SCHEME_GAP = 9
JOHN_IN_TB5_VALUE = 0.3  # what John gives up by leaving Thunderbird 5 (ignoring Hood faces, scanning)
# Least useful kinds first: what a scheme's "any token" discard gives up.
DISCARD_ORDER: tuple[str, ...] = ("logistics", "determination", "technology", "intelligence", "teamwork")


def scheme_gap(state: GameState) -> int:
    """How many spaces the Hood is from the next unfoiled scheme on its track (99: none ahead)."""
    hood = state.hood
    gap = 99
    for card in state.hood_cards:
        if card.kind == "scheme" and card.status != "foiled" and 0 < card.space - hood < gap:
            gap = card.space - hood
    return gap


def hood_costs(state: GameState) -> tuple[float, float]:
    """(cost of one Hood space, loss weight): Hood spaces matter more as The Hood nears an unfoiled scheme."""
    gap = scheme_gap(state)
    if gap <= 1:
        return HOOD_STEP_COST * 4, 1.0
    if gap == 2:
        return HOOD_STEP_COST * 3, 0.0
    if gap == 3:
        return HOOD_STEP_COST * 1.8, 0.0
    if gap == 4:
        return HOOD_STEP_COST * 1.3, 0.0
    return HOOD_STEP_COST, 0.0
