"""Turns each new view of the table into frames, and hands only the changed LEDs to the back-end."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from companion.devices.backend import LightBackend
from companion.devices.light import OFF, Frame, Light
from companion.devices.scene import SceneLayout

Clock = Callable[[], float]

#: How often animations and (for back-ends that cannot blink) blinking are redrawn.
TICK_SECONDS = 0.02


class LightsController:
    """An observer of the game: `update` with each new view (and the moments that produced it).

    Time comes from `clock`. Animations and blinking need the frame recomputed as time passes: call `tick()`
    (tests do, stepping their clock), or `start()` a ticker thread that does it while something moves.
    Nothing here waits on the hardware: back-ends write on their own threads.
    """

    def __init__(self, layout: SceneLayout, backend: LightBackend, clock: Clock = time.monotonic) -> None:
        self.layout = layout
        self.backend = backend
        self._clock = clock
        self._view: Any = None
        self._animations: list[Any] = []
        self._last: Frame | None = None
        self._raw: Frame | None = None  # the last frame as computed, blinking unresolved
        self._lock = threading.RLock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None

    @property
    def last_frame(self) -> Frame | None:
        return self._last

    def update(self, view: Any, moments: Iterable[Any] = ()) -> None:
        """`view` is the game's scene's view of the table, `moments` what its events animate."""
        with self._lock:
            now = self._clock()
            self._view = view
            self._animations.extend(self.layout.animation(m, now) for m in moments)
            self._refresh(now)
        self._wake.set()

    def tick(self) -> None:
        with self._lock:
            if self._view is not None:
                self._refresh(self._clock())

    def is_moving(self) -> bool:
        """Whether the lights change with time alone (an animation runs, or blinking is drawn here)."""
        with self._lock:
            if self._animations:
                return True
            return not self.backend.renders_blink and self._raw is not None and self._raw.is_blinking()

    def resend(self) -> None:
        """Sends every LED again (after the back-end lost track of what it shows)."""
        with self._lock:
            self._last = None
            if self._view is not None:
                self._refresh(self._clock())

    def clear(self) -> None:
        """No game to show (the players left it): every LED off until the next `update`."""
        with self._lock:
            self._view = None
            self._animations = []
            self._raw = None
            dark = dict.fromkeys(self.layout.names, OFF)
            changes = Frame(dark).changes_from(self._last)
            self._last = Frame(dark)
            if changes:
                self.backend.apply(changes)

    def _refresh(self, now: float) -> None:
        assert self._view is not None
        self._animations = [a for a in self._animations if not a.is_over(now)]
        raw = self.layout.frame(self._view, now, self._animations)
        self._raw = raw
        shown = raw if self.backend.renders_blink else raw.at(now)
        changes: dict[str, Light] = shown.changes_from(self._last)
        self._last = shown
        if changes:
            self.backend.apply(changes)

    # --- the ticker thread -----------------------------------------------------------------------------

    def start(self, interval: float = TICK_SECONDS) -> None:
        """Ticks on a thread of its own, only while something moves; idle otherwise."""
        if self._ticker is not None:
            return
        self._stop.clear()
        self._ticker = threading.Thread(target=self._run, args=(interval,), name="lights-ticker", daemon=True)
        self._ticker.start()

    def _run(self, interval: float) -> None:
        while not self._stop.is_set():
            if self.is_moving():
                self._stop.wait(interval)
            else:
                self._wake.wait()
                self._wake.clear()
            if not self._stop.is_set():
                self.tick()

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._ticker is not None:
            self._ticker.join(timeout=5)
            self._ticker = None
        self.backend.close()
