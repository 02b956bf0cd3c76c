"""The disaster discard pile, browsable from the Table: what was averted (and what The Hood advanced)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.thunderbirds import names
from companion.games.thunderbirds.ui.presenters.words import rescue_type_label
from companion.locale import _
from companion.ui.presenters.lines import TextLine


@dataclass(frozen=True)
class DiscardsView:
    title: str
    lines: tuple[TextLine, ...]


def present_discards(state: Any, defs: Any) -> DiscardsView:
    pile = state.disasters.discard_pile
    lines = []
    for card_id in reversed(pile):  # the most recent first
        card = defs.disasters.get(card_id)
        if card is None:
            continue
        if card.kind == "hood-advances":
            lines.append(TextLine(names.card(defs, card_id), "dim"))
        else:
            region = names.region(defs, card.region) if card.region else _("Region to enter")
            lines.append(TextLine(f"{names.card(defs, card_id)} · {region} · {rescue_type_label(card.rescue_type)}"))
    if not lines:
        lines.append(TextLine(_("No disaster card has been discarded yet."), "dim"))
    return DiscardsView(_("Discarded disasters ({count})").format(count=len(pile)), tuple(lines))
