"""Thunderbirds in a few lines, for a screen that does not draw the Table (the phones' and TV's spectator page):
whose turn, the Hood on its track, the disaster track slot by slot, and the odds of the rescue under way. Built from
the Table's and the Rescue screen's presenters, so the words are the same as on the Pi."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.thunderbirds.state import PendingRescue
from companion.games.thunderbirds.ui.presenters.rescue import present_rescue
from companion.games.thunderbirds.ui.presenters.table import present_table
from companion.locale import _


def spectator_lines(state: Any, defs: Any, character_name: Callable[[str], str]) -> tuple[str, ...]:
    table = present_table(state, defs, (), character_name, lambda action: "")
    lines = [f"{table.turn} · {table.active} · {table.actions_left}", table.hood_text, table.scheme_button]
    for tile in table.tiles:
        if tile.card is None:
            continue
        where = _("Skull") if tile.is_skull else _("Track {slot}").format(slot=tile.slot)
        details = " · ".join(
            part for part in (tile.region, tile.type_label, tile.difficulty, tile.bonus_summary) if part
        )
        lines.append(f"{where}: {tile.name}" + (f" ({details})" if details else ""))
    lines.append(f"{table.deck_text} · {table.discard_text} · {table.fab_text}")
    if isinstance(state.pending, PendingRescue):
        rescue = present_rescue(state, defs, (), state.pending.disaster, (), (), character_name)
        lines.append(rescue.title)
        lines.extend(line.text for line in rescue.bonus_lines)
        lines.extend(part for part in (rescue.score_line, rescue.advice) if part)
    return tuple(lines)
