"""Warpspawn Thunderbirds' Kivy-side hooks (`companion.ui.pack_ui.PackUi`): the card the moving player chose in
their hand (`open:card:<kind>`, from the hand-over step), New game's draft of the set-up (players, board, bases and
starting squares) shared by New game and its squares screen, and the pop-ups after an action.

The card chosen is the only thing of a hand that reaches the shared screen, and only because its player chose to
play it: it is face up from then on. It is forgotten after any action, so an undo or a played card starts afresh.
"""

from __future__ import annotations

from typing import Any

from companion.games.warpspawn_thunderbirds.ui.presenters.setup import SetupDraft
from companion.games.warpspawn_thunderbirds.ui.presenters.table import Selection
from companion.ui.pack_ui import PackUi


class WarpspawnUi(PackUi):
    def __init__(self, app: Any, pack: Any) -> None:
        super().__init__(app, pack)
        self.selection = Selection()
        #: The game and the version of it the selection was made on: a new position forgets it.
        self._selected_at: tuple[Any, Any] | None = None
        self.draft = SetupDraft()
        #: Set by the squares screen on its way back to New game: the draft is still being made.
        self.keep_draft = False

    def after_action(self, snapshot: Any) -> None:
        self.select(Selection())
        super().after_action(snapshot)

    def perform(self, what: str, argument: str | None) -> bool:
        if what == "card" and argument:
            self.select(Selection(argument))
            return True
        return super().perform(what, argument)

    def select(self, selection: Selection) -> None:
        snapshot = self.app.controller.snapshot if self.app.controller is not None else None
        self.selection = selection
        self._selected_at = (snapshot.game_id, snapshot.version) if snapshot is not None else None

    def current_selection(self) -> Selection:
        """The selection, if it was made on the position shown now."""
        snapshot = self.app.controller.snapshot if self.app.controller is not None else None
        if snapshot is None or self._selected_at != (snapshot.game_id, snapshot.version):
            return Selection()
        return self.selection
