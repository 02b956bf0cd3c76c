"""The position the views show, handed from the thread that made it durable to the server's thread.

`PositionBoard` keeps the latest position only: a view that lagged or reconnects is sent that one at once, never
a backlog. Publishing takes a lock for a pointer swap and calls the listeners (the server wakes its loop), so it
costs the publisher (the app's main thread, or `companion serve`'s follower) microseconds.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Position:
    """One durable position of the game in play, as the views read it."""

    #: Grows by one on every change the views hear of (an action, an undo, a redo, a game opened): a view's
    #: sequence number, so it knows it is up to date.
    version: int
    game_id: int | None  # None: no game open
    pack: Any  # the game's `companion.engine.pack.Pack`
    state: Any  # the whole state: only `public_view` and `secret_view` of it ever leave the server
    step: int  # how many actions of the game's log are in effect (goes back on an undo)
    labels: tuple[str, ...]  # the history's stored labels in effect, oldest first (public by contract)


NO_GAME = Position(0, None, None, None, 0, ())

Listener = Callable[[Position], None]


class PositionBoard:
    """The latest position, safe to publish from one thread and read from another."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._position = NO_GAME
        self._listeners: list[Listener] = []

    @property
    def current(self) -> Position:
        return self._position

    def publish(self, pack: Any, game_id: int | None, state: Any, step: int, labels: Iterable[str]) -> Position:
        with self._lock:
            position = Position(self._position.version + 1, game_id, pack, state, step, tuple(labels))
            self._position = position
            listeners = list(self._listeners)
        for listener in listeners:
            listener(position)
        return position

    def clear(self) -> Position:
        """No game open any more (the views say so)."""
        return self.publish(None, None, None, 0, ())

    def listen(self, listener: Listener) -> Callable[[], None]:
        with self._lock:
            self._listeners.append(listener)

        def stop() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return stop
