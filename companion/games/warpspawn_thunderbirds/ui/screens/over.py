"""The end of the game: the winners (or the tie), every rescue pile, how long it lasted."""

from __future__ import annotations

from companion.games.warpspawn_thunderbirds.setup import definitions_for
from companion.games.warpspawn_thunderbirds.ui.presenters.setup import present_over
from companion.games.warpspawn_thunderbirds.ui.screens.grid import fill_lines
from companion.locale import domain
from companion.ui.screens.base import BaseScreen

_, ngettext = domain("warpspawn_thunderbirds")


class WarpspawnOverScreen(BaseScreen):
    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot
        if snapshot is None:
            return
        state = snapshot.state
        view = present_over(app.pack.public_view(state), definitions_for(state.setup))
        ids = self.ids
        ids.title.text = view.title
        ids.undo.disabled = not snapshot.can_undo
        ids.home.text = _("Back to Home")
        fill_lines(ids.lines, view.lines)
