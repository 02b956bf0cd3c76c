"""The set-up guide a new game opens on: the grid with the bases and where the pawns start, what to print and lay
out, and which of those squares are our default (low confidence)."""

from __future__ import annotations

from companion.games.warpspawn_thunderbirds.setup import definitions_for
from companion.games.warpspawn_thunderbirds.ui import grid_widget  # noqa: F401  (registers WarpspawnGrid for kv)
from companion.games.warpspawn_thunderbirds.ui.presenters.setup import present_guide
from companion.games.warpspawn_thunderbirds.ui.screens.grid import fill_lines
from companion.ui.screens.base import BaseScreen


class WarpspawnGuideScreen(BaseScreen):
    def refresh(self) -> None:
        snapshot = self.app.controller.snapshot
        if snapshot is None:
            return
        setup = snapshot.state.setup
        view = present_guide(setup, definitions_for(setup))
        ids = self.ids
        ids.title.text = view.title
        ids.start.text = view.start_label
        ids.grid.zoomed = False
        ids.grid.show(view.grid)
        fill_lines(ids.lines, view.lines)

    def start(self) -> None:
        self.app.go("grid")
