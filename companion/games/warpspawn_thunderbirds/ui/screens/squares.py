"""The squares screen: the grid with the bases and the pawns where they start; pick a colour and a piece (its base
or a pawn), then tap its square. For New game (this game only) and for the data editor (`WarpspawnEditorScreen`:
every new game on that board, saved in the user's overlay)."""

from __future__ import annotations

from typing import Any

from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Square
from companion.games.warpspawn_thunderbirds.loader import default_definitions
from companion.games.warpspawn_thunderbirds.ui import grid_widget  # noqa: F401  (registers WarpspawnGrid for kv)
from companion.games.warpspawn_thunderbirds.ui.presenters.setup import (
    BASE,
    SetupDraft,
    SquaresView,
    all_on_base,
    editor_draft,
    placed,
    present_squares,
)
from companion.games.warpspawn_thunderbirds.ui.screens.grid import fill_buttons, fill_lines
from companion.games.warpspawn_thunderbirds.ui.words import grid_words
from companion.ui.data_editor import save_data
from companion.ui.screens.base import BaseScreen


class WarpspawnSquaresScreen(BaseScreen):
    colour = ""
    piece = BASE
    editor = False

    def render_key(self) -> None:
        return None  # the draft changes with every tap: always drawn afresh

    def on_kv_post(self, base_widget: Any) -> None:
        super().on_kv_post(base_widget)
        self.ids.grid.on_square = self.on_square
        self.ids.grid.bind(zoomed=lambda *_: self._zoom_label())

    def draft(self) -> SetupDraft:
        return self.app.pack_ui.draft

    def set_draft(self, draft: SetupDraft) -> None:
        self.app.pack_ui.draft = draft

    def view(self) -> SquaresView:
        defs = default_definitions()
        draft = self.draft()
        colours = tuple(defs.colours)[: draft.players]
        if self.colour not in colours:
            self.colour = colours[0]
        return present_squares(draft, defs, self.colour, self.piece, editor=self.editor, saved=self._saved())

    def _saved(self) -> bool:
        return False

    def refresh(self) -> None:
        view = self.view()
        ids = self.ids
        app = self.app
        ids.title.text = view.title
        ids.hint.text = view.hint
        ids.grid.show(view.grid)
        fill_buttons(ids.colours, view.colours, self.press, app.target)
        fill_buttons(ids.pieces, view.pieces, self.press, app.target)
        fill_lines(ids.lines, view.lines)
        fill_buttons(ids.actions, view.actions, self.press, app.target)
        self._zoom_label()

    def _zoom_label(self) -> None:
        grid = self.ids.grid
        words = grid_words()
        self.ids.zoom.text = words.zoom_in if not grid.zoomed else words.whole_board
        self.ids.zoom.disabled = grid.view is not None and grid.zoomed and grid.zoom_span() >= grid.view.size

    def toggle_zoom(self) -> None:
        grid = self.ids.grid
        grid.zoomed = not grid.zoomed
        if grid.zoomed and grid.view is not None and grid.view.focus is not None:
            grid.centre_on(grid.view.focus)

    def on_square(self, square: Square) -> None:
        self.set_draft(placed(self.draft(), default_definitions(), self.colour, self.piece, square))
        self.changed()
        self.refresh()

    def changed(self) -> None:
        """The squares changed (the editor's "saved" goes)."""

    def leave(self) -> None:
        """Back where it came from; New game takes the squares back (the data editor's are saved or dropped)."""
        self.app.pack_ui.keep_draft = not self.editor
        self.app.back()

    def press(self, key: str) -> None:
        if key.startswith("colour:"):
            self.colour = key.split(":", 1)[1]
        elif key.startswith("piece:"):
            self.piece = key.split(":", 1)[1]
        elif key == "squares:all-on-base":
            self.set_draft(all_on_base(self.draft(), self.colour))
        elif key == "squares:reset":
            draft = self.draft()
            self.set_draft(SetupDraft(players=draft.players, size=draft.size))
        elif key == "squares:done":
            self.leave()
            return
        self.refresh()


class WarpspawnEditorScreen(WarpspawnSquaresScreen):
    """The data editor: the bases and starting squares of each board for every new game, saved in the overlay."""

    editor = True
    board = 0  # the board edited (0: the data's default)
    saved = False
    _draft: SetupDraft | None = None

    def on_pre_enter(self, *args: Any) -> None:
        defs = default_definitions()
        self.board = self.board or defs.default_size
        self._draft = editor_draft(defs, self.board)
        self.saved = False
        super().on_pre_enter(*args)

    def draft(self) -> SetupDraft:
        if self._draft is None:
            self._draft = editor_draft(default_definitions(), self.board or default_definitions().default_size)
        return self._draft

    def set_draft(self, draft: SetupDraft) -> None:
        self._draft = draft

    def _saved(self) -> bool:
        return self.saved

    def changed(self) -> None:
        self.saved = False

    def press(self, key: str) -> None:
        if key.startswith("size:"):
            self.board = int(key.split(":")[1])
            self._draft = editor_draft(default_definitions(), self.board)
            self.saved = False
        elif key == "editor:save":
            self._save()
            return
        elif key == "editor:reset":
            self._reset()
            return
        else:
            super().press(key)
            return
        self.refresh()

    def _save(self) -> None:
        from companion.games.warpspawn_thunderbirds.overlay import save_layout

        defs = default_definitions()
        draft = self.draft()
        setup = draft.setup(defs)
        starts = {
            colour: {pawn: square for pawn, square in zip(PAWNS, start) if square != base}
            for colour, base, start in zip(setup.colours, setup.bases, setup.starts)
        }
        bases = dict(zip(setup.colours, setup.bases))
        marks = dict(defs.layouts[setup.size].confidence)
        save_data(self.app, lambda: save_layout(setup.size, bases, starts, marks), lambda _r: self._after_save())

    def _after_save(self) -> None:
        self._draft = editor_draft(default_definitions(), self.board)
        self.saved = True
        self.refresh()

    def _reset(self) -> None:
        from companion.games.warpspawn_thunderbirds.overlay import clear_layout

        size = self.board
        save_data(self.app, lambda: clear_layout(size), lambda _r: self._after_reset())

    def _after_reset(self) -> None:
        self._draft = editor_draft(default_definitions(), self.board)
        self.saved = False
        self.refresh()
