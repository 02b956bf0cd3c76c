"""What players read for ids: colours, pawns, cards and squares, in the current language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.games.warpspawn_thunderbirds.definitions import Definitions, Solution, Square
from companion.locale import domain

if TYPE_CHECKING:
    from companion.games.warpspawn_thunderbirds.views import PublicSeat

_, ngettext = domain("warpspawn_thunderbirds")

#: Pawns read the same in both languages (their printed names).
PAWN_NAMES: dict[str, str] = {"tb1": "TB1", "tb2": "TB2", "tb3": "TB3", "tb4": "TB4", "tb5": "TB5", "fab": "FAB"}


def colour(defs: Definitions, colour_id: str | None) -> str:
    if colour_id is None or colour_id not in defs.colours:
        return str(colour_id)
    return defs.colours[colour_id].names.text()


def pawn(pawn_id: str | None) -> str:
    return PAWN_NAMES.get(pawn_id or "", str(pawn_id))


def card(defs: Definitions, card_id: str | None) -> str:
    """A Responder card kind or an emergency, by id."""
    if card_id is not None and card_id in defs.responder:
        return defs.responder[card_id].names.text()
    if card_id is not None and card_id in defs.emergencies:
        return defs.emergencies[card_id].names.text()
    return str(card_id)


def square(at: Square | None) -> str:
    """(column, row), as printed along the grid's edges."""
    if at is None:
        return "?"
    return _("({col}, {row})").format(col=at[0], row=at[1])


def solution(sol: Solution | None) -> str:
    """A solution in words: "TB1 + FAB", "any two Thunderbirds", "two of TB1, TB2, TB3"..."""
    if sol is None:
        return _("unknown: read the card")
    every_tb = frozenset(("tb1", "tb2", "tb3", "tb4", "tb5"))
    every_pawn = every_tb | {"fab"}

    def one(slot: frozenset[str]) -> str:
        if slot == every_pawn:
            return _("any pawn")
        if slot == every_tb:
            return _("any TB")
        return _(" or ").join(pawn(p) for p in sorted(slot))

    if sol.first == sol.second:
        if sol.first == every_pawn:
            return _("any two pawns")
        if sol.first == every_tb:
            return _("any two TBs")
        return _("two of {pawns}").format(pawns=", ".join(pawn(p) for p in sorted(sol.first)))
    return _("{first} + {second}").format(first=one(sol.first), second=one(sol.second))


def seat_score(defs: Definitions, seat: PublicSeat) -> str:
    """A player's rescues and hand, for the table and Home's line of the game."""
    return ngettext(
        "{player}: {count} rescue, {cards} in hand",
        "{player}: {count} rescues, {cards} in hand",
        len(seat.rescues),
    ).format(
        player=colour(defs, seat.colour),
        count=len(seat.rescues),
        cards=ngettext("{count} card", "{count} cards", seat.hand_size).format(count=seat.hand_size),
    )
