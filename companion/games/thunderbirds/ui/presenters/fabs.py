"""Every player's tokens and F.A.B. cards, and the cards that can be played now (also in another player's turn).

F.A.B. cards that add to a rescue are played from the Rescue screen, before the roll.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds import names
from companion.games.thunderbirds.definitions import TOKEN_KINDS
from companion.games.thunderbirds.ui.presenters.words import to_complete_text
from companion.locale import _
from companion.ui.action_keys import act


@dataclass(frozen=True)
class Play:
    key: str
    label: str


@dataclass(frozen=True)
class FabCardView:
    card: str
    name: str
    text: str
    note: str
    plays: tuple[Play, ...]


@dataclass(frozen=True)
class PlayerFabs:
    character: str
    name: str
    tokens: str
    cards: tuple[FabCardView, ...]
    empty: str


@dataclass(frozen=True)
class FabsView:
    title: str
    players: tuple[PlayerFabs, ...]


def present_fabs(
    state: Any,
    defs: Any,
    legal: Sequence[Any],
    describe: Callable[[Any], str],
    character_name: Callable[[str], str],
    first: str | None = None,
) -> FabsView:
    plays = [x for x in legal if isinstance(x, a.PlayFab)]
    rescue_cards = {f for x in legal if isinstance(x, a.Rescue) for f in x.fab_cards}
    hands = sorted(state.players, key=lambda h: (h.character != first, state.players.index(h)))
    players = []
    for hand in hands:
        tokens = ", ".join(f"{names.token(defs, k)} {hand.count(k)}" for k in TOKEN_KINDS)
        cards = []
        for card_id in hand.fabs:
            fab = defs.fabs[card_id]
            card_plays = tuple(
                Play(act(x), describe(x)) for x in plays if x.card == card_id and x.player == hand.character
            )
            if card_id in rescue_cards:
                note = _("Play it from the Rescue screen, before the roll.")
            elif fab.completeness != "complete":
                note = to_complete_text(defs, fab)
                card_plays += (Play(f"open:complete:{card_id}", _("Enter this card")),)
            elif not card_plays:
                note = _("Not playable right now.")
            else:
                note = ""
            cards.append(FabCardView(card_id, names.card(defs, card_id), fab.text.text(), note, card_plays))
        players.append(
            PlayerFabs(
                hand.character,
                character_name(hand.character),
                tokens,
                tuple(cards),
                _("No F.A.B. card.") if not cards else "",
            )
        )
    return FabsView(_("Players: tokens and F.A.B. cards"), tuple(players))
