"""The set-up guide: what to print and lay out before a game, with the defaults we chose said as such."""

from __future__ import annotations

from companion.games.warpspawn_thunderbirds import names as nm
from companion.games.warpspawn_thunderbirds.definitions import Definitions
from companion.games.warpspawn_thunderbirds.state import Setup
from companion.locale import _


def setup_lines(setup: Setup, defs: Definitions) -> tuple[str, ...]:
    """The steps of the set-up, in the current language; inferred facts are marked as our choice."""
    size = setup.size
    lines = [
        _(
            "Print a grid of {size} by {size} squares. Number the columns 1 to {size} along the top edge, left to "
            "right, and the rows 1 to {size} down the left edge: a square is (column, row)."
        ).format(size=size),
        _(
            "Each player takes six pawns in their colour, marked TB1, TB2, TB3, TB4, TB5 and FAB: the screen shows "
            "pawns by colour and number."
        ),
    ]
    for colour, base in zip(setup.colours, setup.bases):
        lines.append(_("{player}'s base: {square}.").format(player=nm.colour(defs, colour), square=nm.square(base)))
    lines.append(
        _(
            "Our default (low confidence): the part of the rules that places the bases is missing, so the companion "
            "puts them in the corners. Change them in New game or in the data editor if your copy says otherwise."
        )
    )
    if all(start == (base,) * len(start) for start, base in zip(setup.starts, setup.bases)):
        lines.append(_("Every pawn starts on its owner's base (our default, low confidence)."))
    else:
        lines.append(_("The pawns start on the squares chosen in New game."))
    if size != 12:
        lines.append(
            _(
                "Coordinates: the companion rolls 1D{size} for each (the rules roll 1D12 on their 12 by 12 board)."
            ).format(size=size)
        )
    lines.append(
        _(
            "The companion keeps the Emergency and Responder decks, rolls the dice and checks every move: nothing "
            "else to print. Hands are secret: pass the screen to their owner when the companion asks."
        )
    )
    return tuple(lines)
