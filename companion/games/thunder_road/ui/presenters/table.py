"""The race's table screen, Kivy-free: the position in lines (whose turn, the moves, the dice, the cars, the road,
the odds) beside the legal actions of one section at a time: the turn, the cars, the road, the FX dice."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.engine.pack import Words
from companion.games.thunder_road import actions as a
from companion.ui.action_keys import act
from companion.ui.presenters.lines import ButtonView, TextLine

T = frozenset({"en", "fr"})
#: The sections in tab order, with their names and the actions each holds.
SECTIONS: tuple[tuple[str, Words, tuple[type, ...]], ...] = (
    ("turn", Words("Turn", "Tour", T), (a.Assign, a.Coast, a.Command, a.Shoot, a.EndTurn)),
    ("cars", Words("Damage", "Dégâts", T), (a.TakeDamage, a.CatchFire, a.Collide, a.Reroll, a.Eliminate)),
    ("road", Words("Road", "Route", T), (a.LeaveLeadTile, a.CrossFinish, a.PlaceHazards, a.DiscardHazard)),
    ("dice", Words("FX dice", "Dés spéciaux", T), (a.RollFx,)),
)


def section_of(action: object) -> str:
    return next((key for key, _name, kinds in SECTIONS if isinstance(action, kinds)), "turn")


@dataclass(frozen=True)
class TableView:
    title: str
    lines: tuple[TextLine, ...]
    tabs: tuple[ButtonView, ...]
    buttons: tuple[ButtonView, ...]
    section: str


def present_table(pack: Any, state: Any, legal: Sequence[object], section: str) -> TableView:
    view = pack.public_view(state)
    keys = [key for key, _name, _kinds in SECTIONS]
    section = section if section in keys else "turn"
    lines = pack.table_lines(view)
    shown = tuple(TextLine(line, "title" if index == 0 else "normal") for index, line in enumerate(lines))
    tabs = tuple(
        ButtonView(f"section:{key}", name.text(), role="primary" if key == section else "normal")
        for key, name, _kinds in SECTIONS
    )
    buttons = tuple(
        ButtonView(
            act(action), pack.describe(action, state), role="primary" if isinstance(action, a.EndTurn) else "normal"
        )
        for action in legal
        if section_of(action) == section
    )
    return TableView(pack.info.title.text(), shown, tabs, buttons, section)
