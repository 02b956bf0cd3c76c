"""The set-up guide: what to print and lay out before a game, with the defaults we chose said as such.

The bases and the starting squares say where they come from: our default (low confidence: the part of the rules
that placed them is missing), the players' correction saved in the data editor, or the choice made in New game.
"""

from __future__ import annotations

from companion.games.warpspawn_thunderbirds import names as nm
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Definitions
from companion.games.warpspawn_thunderbirds.state import Setup
from companion.locale import domain

_, ngettext = domain("warpspawn_thunderbirds")


def setup_lines(setup: Setup, defs: Definitions) -> tuple[str, ...]:
    """The steps of the set-up, in the current language; inferred facts are marked as our choice."""
    size = setup.size
    layout = defs.layouts.get(size)
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
    data_bases = layout is not None and all(layout.bases.get(c) == b for c, b in zip(setup.colours, setup.bases))
    if not data_bases:
        lines.append(_("The bases were chosen in New game."))
    elif layout is not None and layout.confidence.get("bases") == "player":
        lines.append(_("These bases are your own, saved in the data editor."))
    else:
        lines.append(
            _(
                "Our default (low confidence): the part of the rules that places the bases is missing, so the "
                "companion puts them in the corners. Change them in New game or in the data editor if your copy "
                "says otherwise."
            )
        )
    moved = [
        (colour, pawn, square)
        for colour, base, start in zip(setup.colours, setup.bases, setup.starts)
        for pawn, square in zip(PAWNS, start)
        if square != base
    ]
    if not moved:
        lines.append(_("Every pawn starts on its owner's base (our default, low confidence)."))
    else:
        lines.append(_("The other pawns start on their owner's base; these start elsewhere:"))
        lines += [
            _("{player}'s {pawn} starts on {square}.").format(
                player=nm.colour(defs, colour), pawn=nm.pawn(pawn), square=nm.square(square)
            )
            for colour, pawn, square in moved
        ]
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
