"""Our readings of what the module leaves open: each question, the answer we ship and the players' choice for this
game (a correction: logged, undoable)."""

from __future__ import annotations

from companion.games.federation.ui.presenters.readings import ReadingsView, present_readings
from companion.games.federation.ui.screens.common import FedScreen, ListFiller
from companion.ui.presenters.lines import ButtonView, TextLine


class FedReadingsScreen(FedScreen):
    _filler: ListFiller | None = None
    _view: ReadingsView | None = None

    def refresh(self) -> None:
        snapshot = self.snapshot
        if snapshot is None or not self.app.pack.is_loaded:
            return
        view = present_readings(snapshot.state, self.defs)
        self._view = view
        self.ids.title.text = view.title
        self.ids.undo.disabled = not snapshot.can_undo
        if self._filler is None:
            self._filler = ListFiller(self.ids.body, self.press)
        items: list[TextLine | ButtonView] = [TextLine(view.note, "dim")]
        for block in view.blocks:
            items += [block.title, block.question, *block.choices]
        self._filler.fill(items)

    def press(self, key: str) -> None:
        snapshot = self.snapshot
        view = self._view
        action = view.actions.get(key) if view is not None else None
        if snapshot is not None and action is not None and self.check(snapshot.state, action) is None:
            self.correct(action)
