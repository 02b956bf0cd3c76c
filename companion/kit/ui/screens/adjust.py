"""Adjust for a kit game: the manual corrections by section (see `presenters/adjust.py`); each one an ordinary,
undoable action, checked by the rules when it arrives."""

from __future__ import annotations

from functools import partial
from typing import Any

from companion.kit.ui.presenters.adjust import move_choices, present_adjust
from companion.kit.ui.presenters.rows import RowButton
from companion.kit.ui.screens.rows import KitRow, fill_rows, fill_tabs
from companion.locale import domain
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.popups import PopupButton, show_popup

_, ngettext = domain("kit")

__all__ = ["KitAdjustScreen", "KitRow"]  # KitRow is the list's viewclass: importing this module registers it


class KitAdjustScreen(BaseScreen):
    section = "players"

    def render_key(self) -> object:
        return (super().render_key(), self.section)

    def visit_name(self) -> str:
        return f"adjust-{self.section}"

    def refresh(self) -> None:
        context = self.context
        snapshot = context.snapshot
        if snapshot is None:
            return
        view = present_adjust(context.pack, snapshot.state, self.section)
        self.section = view.section
        ids = self.ids
        ids.title.text = view.title
        ids.intro.text = view.intro
        ids.undo.disabled = not snapshot.can_undo
        fill_tabs(ids.sections, view.tabs, self.show_section)
        fill_rows(ids.rows, self, view.rows)

    def show_section(self, section: str) -> None:
        self.section = section
        self.refresh()
        self._shown_key = self.render_key()
        self.ids.rows.to_top()

    def press(self, spec: RowButton) -> None:
        context = self.context
        if spec.action is not None:
            context.send(spec.action)
            return
        if spec.key.startswith("move:"):
            _prefix, deck, card = spec.key.split(":", 2)
            snapshot = context.snapshot
            if snapshot is None:
                return
            choices: Any = [
                PopupButton(choice.key, choice.label, partial(context.send, choice.action))
                for choice in move_choices(snapshot.state, deck, card)
            ]
            show_popup(
                _("Move a copy to…"), [], [PopupButton("popup:cancel", _("Cancel"))], kind="chooser", choices=choices
            )
