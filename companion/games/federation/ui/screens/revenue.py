"""Revenue per race per turn, each system's terms summed (the pack computes it): what End turn credits."""

from __future__ import annotations

from companion.games.federation.ui.presenters.revenue import present_revenue
from companion.games.federation.ui.screens.common import FedScreen, ListFiller
from companion.ui.presenters.lines import TextLine


class FedRevenueScreen(FedScreen):
    _filler: ListFiller | None = None

    def refresh(self) -> None:
        snapshot = self.snapshot
        if snapshot is None or not self.app.pack.is_loaded:
            return
        view = present_revenue(snapshot.state, self.defs)
        self.ids.title.text = view.title
        self.ids.undo.disabled = not snapshot.can_undo
        if self._filler is None:
            self._filler = ListFiller(self.ids.body, self.app.perform)
        self._filler.fill((TextLine(view.note, "dim"), *view.lines))
