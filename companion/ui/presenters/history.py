"""The History screen: every action of the game with its label, where the game stands now, and a way back (or
forward again) to any of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.locale import _, ngettext


@dataclass(frozen=True)
class HistoryRow:
    seq: int
    label: str
    is_current: bool
    is_undone: bool
    key: str
    button: str


@dataclass(frozen=True)
class HistoryView:
    title: str
    position: str
    rows: tuple[HistoryRow, ...]
    undo_label: str
    redo_label: str
    can_undo: bool
    can_redo: bool
    start_label: str


def present_history(entries: Sequence[Any], can_undo: bool, can_redo: bool) -> HistoryView:
    done = [e for e in entries if not e.is_undone]
    cursor = done[-1].seq if done else 0
    rows = [
        HistoryRow(
            seq=e.seq,
            label=e.label,
            is_current=e.seq == cursor,
            is_undone=e.is_undone,
            key=f"history:{e.seq}",
            button=_("Now") if e.seq == cursor else (_("Redo to here") if e.is_undone else _("Back to here")),
        )
        for e in reversed(entries)  # newest first: what players look for
    ]
    undone = sum(1 for e in entries if e.is_undone)
    if undone:
        position = ngettext(
            "{count} action undone: redo it, or play on to drop it.",
            "{count} actions undone: redo them, or play on to drop them.",
            undone,
        ).format(count=undone)
    else:
        position = ngettext("{count} action so far.", "{count} actions so far.", len(entries)).format(
            count=len(entries)
        )
    return HistoryView(
        title=_("History"),
        position=position,
        rows=tuple(rows),
        undo_label=_("Undo"),
        redo_label=_("Redo"),
        can_undo=can_undo,
        can_redo=can_redo,
        start_label=_("Back to the start of the game"),
    )
