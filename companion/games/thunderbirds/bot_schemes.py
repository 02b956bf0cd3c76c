"""Foiling the face-up scheme: whether the team can do it now under the model, and which tokens to give up."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds.bot_model import DEFAULT_MODEL, TokenNeed, UnknownCardModel
from companion.games.thunderbirds.bot_tables import Facts, current_scheme, facts, places
from companion.games.thunderbirds.bot_weights import DISCARD_ORDER
from companion.games.thunderbirds.definitions import TOKEN_KINDS, Definitions
from companion.games.thunderbirds.movement import piece_region
from companion.games.thunderbirds.operations import check_foil_scheme, scheme_needs_confirmation
from companion.games.thunderbirds.state import GameState, HoodCard


def foil_action(state: GameState, defs: Definitions, model: UnknownCardModel = DEFAULT_MODEL) -> object | None:
    """`FoilScheme` for the face-up scheme if the team can foil it now under the model, else None."""
    if state.pending is not None or state.outcome is not None:
        return None
    current = current_scheme(state)
    if current is None:
        return None
    return foil_now(state, defs, facts(defs, model), current)


def foil_now(state: GameState, defs: Definitions, known: Facts, current: HoodCard) -> object | None:
    """`foil_action` in the actions phase with the face-up scheme `current` already found."""
    scheme = known.schemes[current.card]
    needed = scheme.tokens_needed
    players = state.players
    last = _LAST_TEAM_TOKENS[0]
    if last is not None and last[0] is players:
        team_tokens = last[1]
    else:
        team_tokens = 0  # a loop: a comprehension builds a function object at every run
        for hand in players:
            team_tokens += sum(hand.tokens)
        _LAST_TEAM_TOKENS[0] = (players, team_tokens)
    if team_tokens < needed:
        return None  # not enough tokens on the whole team: the common case, answered first
    character_at = places(state.vehicles, state.seats)[1]
    token_regions = scheme.token_regions
    held = 0  # every token a need can take, from characters where one of its regions is
    for hand in players:
        if character_at.get(hand.character) in token_regions:
            held += sum(hand.tokens)
    if held < needed:
        return None
    where = {}  # loops here: a comprehension builds a function object at every run
    for hand in players:
        where[hand.character] = character_at.get(hand.character)
    for kind, piece, region in scheme.pieces:
        if piece_region(state, defs, kind, piece) != region:
            return None
    discards = assign_needs(state, scheme.tokens, where)
    if discards is None:
        return None
    card = defs.schemes[current.card]
    action = act.FoilScheme(discards, scheme_needs_confirmation(card))
    return action if check_foil_scheme(state, action, defs) is None else None


#: The team's token count for the hands last asked about (states share unchanged tuples).
_LAST_TEAM_TOKENS: list[tuple[tuple[object, ...], int] | None] = [None]


def _any_kind_last(need: TokenNeed) -> bool:
    """The sort key that puts the needs of a named kind first."""
    return need.kind is None


def assign_needs(
    state: GameState, needs: Sequence[TokenNeed], where: Mapping[str, str | None]
) -> tuple[tuple[str, str], ...] | None:
    """Which tokens to discard (player, kind) so every need is met by characters in its regions; greedy, named
    kinds first, giving up the least useful kinds for "any kind"."""
    left = {}  # loops here: a comprehension builds a function object at every run
    for hand in state.players:
        left[hand.character] = list(hand.tokens)
    discards: list[tuple[str, str]] = []
    for need in sorted(needs, key=_any_kind_last):
        givers = []
        for c in left:
            if where.get(c) in need.regions:
                givers.append(c)
        for _ in range(need.count):
            picked = pick_token(left, givers, need.kind)
            if picked is None:
                return None
            discards.append(picked)
    return tuple(sorted(discards))


def pick_token(left: dict[str, list[int]], givers: Sequence[str], kind: str | None) -> tuple[str, str] | None:
    kinds = (kind,) if kind is not None else DISCARD_ORDER
    for wanted in kinds:
        i = TOKEN_KINDS.index(wanted)
        for character in givers:
            if left[character][i] > 0:
                left[character][i] -= 1
                return character, wanted
    return None
