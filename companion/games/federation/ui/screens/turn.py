"""The turn's checklist: Warp Empires' phases (the players', on the table) and the module's, Next and End turn."""

from __future__ import annotations

from companion.games.federation.ui.presenters.turn import present_turn
from companion.games.federation.ui.screens.common import FedScreen, ListFiller
from companion.ui.presenters.lines import TextLine


class FedTurnScreen(FedScreen):
    _filler: ListFiller | None = None

    def refresh(self) -> None:
        snapshot = self.snapshot
        if snapshot is None or not self.app.pack.is_loaded:
            return
        view = present_turn(snapshot.state, self.defs, snapshot.legal)
        ids = self.ids
        ids.title.text = view.title
        ids.undo.disabled = not snapshot.can_undo
        ids.blocked.text = view.blocked
        for button, spec in ((ids.next_phase, view.next_phase), (ids.end_turn, view.end_turn)):
            button.text, button.action_key, button.disabled = spec.label, spec.key, not spec.enabled
        if self._filler is None:
            self._filler = ListFiller(ids.body, self.app.perform)
        self._filler.fill((TextLine(view.note, "dim"), *view.phases))
