"""The data-editor service: the one way any game's editor changes its data (a card completed or corrected, a file
set aside, costs or a board's squares saved), so that every editor does what a change of data needs, in order.

The change runs on the worker, never in a frame. Before anything is written, every saved game of the game, the
open one included, keeps the position it reached with the data it was played with (`GameController.
keep_games_as_played`, `companion.engine.session.pin_saved_games`): a resume never replays old steps with new data.
The game's data is read again after the write. A refused change (the data would not load: nothing was written) is
said, as a notice or as a pop-up naming each problem. A save that returns what it replaced can be undone, through
the same path. No game writes its data or pins its saved games any other way (a test holds them to it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from companion.locale import _

T = TypeVar("T")
K = TypeVar("K")
Refusal = Callable[[BaseException], None]
#: The saves an editor can undo: what was saved (its key) and what it replaced, the last one last.
UndoStack = list[tuple[K, dict[str, Any]]]


def save_data(
    app: Any, write: Callable[[], T], done: Callable[[T], None], refused: Refusal | None = None, reload: bool = True
) -> None:
    """On the worker: the game's saved games pinned, `write()`, the game's data read again (unless the write
    reads it itself, `reload=False`); then `done(what write returned)` in a frame, or `refused(error)`."""
    pack = app.pack

    def work() -> T:
        controller = app.controller
        if controller is not None:
            controller.keep_games_as_played(pack.name)
        result = write()
        if reload:
            pack.load()
        return result

    app.worker.submit(work, done, refused or refusal_notice(app))


def save_undoable(
    app: Any,
    undo: UndoStack[K],
    key: K,
    write: Callable[[], dict[str, Any]],
    done: Callable[[dict[str, Any]], None],
    refused: Refusal | None = None,
    keep_nothing: bool = True,
) -> None:
    """`save_data` for a write that returns what it replaced: that goes on `undo` under `key` (unless it is empty
    and `keep_nothing` is off: a restore of what was never changed has nothing to undo)."""

    def saved(previous: dict[str, Any]) -> None:
        if previous or keep_nothing:
            undo.append((key, previous))
        done(previous)

    save_data(app, write, saved, refused)


def undo_last(
    app: Any,
    undo: UndoStack[K],
    put_back: Callable[[K, dict[str, Any]], object],
    done: Callable[[K], None],
    refused: Refusal | None = None,
) -> None:
    """The last save on `undo` put back (`put_back(key, what it replaced)`), through the same path."""
    if not undo:
        return
    key, previous = undo.pop()
    save_data(app, lambda: put_back(key, previous), lambda _result: done(key), refused)


def refusal_notice(app: Any, seconds: float = 12.0) -> Refusal:
    """Says a refused change in the notice bar: its one line names the file and the field."""

    def say(error: BaseException) -> None:
        app.show_notice(str(getattr(error, "message", None) or error), seconds)

    return say


def refusal_popup(title: str) -> Refusal:
    """Says a refused change in a pop-up titled `title`, a line per problem found."""

    def show(error: BaseException) -> None:
        from companion.ui.widgets.popups import PopupButton, PopupLine, show_popup

        problems = getattr(error, "problems", None)
        lines = [PopupLine(str(p), "bad") for p in problems] if problems else [PopupLine(str(error), "bad")]
        show_popup(title, lines, [PopupButton("popup:close", _("Close"))])

    return show
