"""The end of a game: won or lost as the player declared it by the rulebook's conditions, and a short summary."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.thunderbirds_solitaire.state import GameState
from companion.locale import domain
from companion.ui.presenters.lines import TextLine

_, ngettext = domain("thunderbirds_solitaire")


@dataclass(frozen=True)
class OverView:
    title: str
    won: bool
    lines: tuple[TextLine, ...]


def present_over(state: GameState, history: Sequence[object]) -> OverView:
    won = state.outcome == "won"
    title = (_("Won at turn {n}") if won else _("Lost at turn {n}")).format(n=state.turn)
    rescued = sum(1 for card in state.rescued if card.kind == "civilian")
    done = sum(1 for entry in history if not getattr(entry, "is_undone", False))
    lines = (
        TextLine(_("You declared the game over by your rulebook's conditions."), "title"),
        TextLine(ngettext("{n} Civilian rescued", "{n} Civilians rescued", rescued).format(n=rescued)),
        TextLine(
            ngettext("{n} card discarded", "{n} cards discarded", len(state.discard)).format(n=len(state.discard))
        ),
        TextLine(ngettext("{n} action recorded", "{n} actions recorded", done).format(n=done)),
        TextLine(_("Undo takes the game back, if the declaration was a mistake."), "dim"),
    )
    return OverView(title, won, lines)
