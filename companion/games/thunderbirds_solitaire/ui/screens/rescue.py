"""Rescue dice at one chain: the roll (by the companion or entered), the allocation tap by tap, the result."""

from __future__ import annotations

from typing import Any

from companion.games.thunderbirds_solitaire.ui.presenters.rescue import RollDraft, present_rescue, rescue_items
from companion.games.thunderbirds_solitaire.ui.screens.common import fill_items
from companion.ui.screens.base import BaseScreen


class SolitaireRescueScreen(BaseScreen):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.draft = RollDraft()
        self.selected: int | None = None
        self._chain: str | None = None

    def render_key(self) -> None:
        return None  # the roll being put together changes under it: always drawn afresh

    def on_pre_enter(self, *args: Any) -> None:
        chain = self.params.get("chain")
        if chain != self._chain:
            self._chain = chain
            self.draft = RollDraft()
            self.selected = None
        super().on_pre_enter(*args)

    def _chain_number(self) -> int | None:
        try:
            return int(self.params.get("chain") or 0) or None
        except ValueError:
            return None

    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot if app.controller else None
        if snapshot is None:
            return
        shown = app.pack.public_view(snapshot.state)  # the shared screen: the deck's order hidden
        events = snapshot.events if snapshot.kind == "action" else ()
        view = present_rescue(shown, snapshot.legal, self._chain_number(), self.draft, self.selected, events)
        shown = self.manager is not None and self.manager.current == self.name
        if view.stage == "none" and snapshot.kind != "action" and shown:  # an undo took the rescue away
            app.defer(lambda: app.go("table"))
            return
        self._stage = view.stage
        ids = self.ids
        ids.title.text = view.title
        ids.undo.disabled = not snapshot.can_undo
        ids.back.disabled = view.stage == "allocate"  # a rescue under way is ended here, by its own button
        fill_items(ids.entries, rescue_items(view), self._press)

    def visit_name(self) -> str:
        return f"rescue-{getattr(self, '_stage', 'none')}"

    def _press(self, key: str) -> None:
        app = self.app
        snapshot = app.controller.snapshot if app.controller else None
        chain = self._chain_number()
        if key == "rescue:done":
            self.draft = RollDraft()
            app.go("table")
        elif key.startswith("die:"):
            self.selected = int(key.removeprefix("die:"))
            self.refresh()
        elif key in ("rescue:roll", "rescue:enter") and snapshot is not None and chain is not None:
            action = self.draft.roll(chain) if key == "rescue:roll" else self.draft.entry(chain)
            self.selected = None
            if app.pack_ui.send_checked(action):
                self.draft = RollDraft()
        elif self.draft.press(key):
            self.refresh()
        else:
            app.perform(key)

    def back(self) -> None:
        self.app.go("table")
