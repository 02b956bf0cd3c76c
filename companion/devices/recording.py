"""A back-end that keeps every frame with its time: the test double, and the on-screen mirror's source."""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from companion.devices.backend import LightBackend
from companion.devices.light import Frame, Light
from companion.locale import _

Listener = Callable[[Frame], None]


@dataclass(frozen=True, slots=True)
class RecordedFrame:
    time: float
    frame: Frame  # every LED as shown after this update
    changes: Mapping[str, Light]  # what this update changed


class RecordingBackend(LightBackend):
    """Records frames instead of lighting anything.

    Listeners (the on-screen mirror) are called with each new full frame on the thread that updated the
    lights; a Kivy widget must hop to the UI thread itself (`Clock.schedule_once`). `max_frames` bounds the
    history for long-running use; None keeps everything.
    """

    kind = "recording"

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        renders_blink: bool = True,
        max_frames: int | None = None,
    ) -> None:
        self.renders_blink = renders_blink
        self._clock = clock
        self._state: dict[str, Light] = {}
        self.frames: deque[RecordedFrame] = deque(maxlen=max_frames)
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()

    def apply(self, changes: Mapping[str, Light]) -> None:
        with self._lock:
            self._state.update(changes)
            shown = Frame(self._state)
            self.frames.append(RecordedFrame(self._clock(), shown, dict(changes)))
            listeners = list(self._listeners)
        for listener in listeners:
            listener(shown)

    @property
    def latest(self) -> Frame:
        with self._lock:
            return Frame(self._state)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Calls `listener` with every new frame; returns a function that unsubscribes it."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return unsubscribe

    def history(self, name: str) -> list[tuple[float, Light]]:
        """Each change of one LED with its time: blink patterns are checked as such histories."""
        return [(r.time, r.changes[name]) for r in self.frames if name in r.changes]

    def describe(self) -> str:
        return f"recording ({len(self.frames)} frames)"


class MirrorBackend(RecordingBackend):
    """The on-screen mirror used when no hardware is configured or the hardware config is wrong."""

    kind = "mirror"

    def __init__(self, clock: Callable[[], float] = time.monotonic, reason: str | None = None) -> None:
        super().__init__(clock=clock, renders_blink=True, max_frames=256)
        #: Why the mirror is shown instead of the configured hardware (None when it was chosen).
        self.reason = reason

    def describe(self) -> str:
        if self.reason:
            return _("on-screen mirror ({reason})").format(reason=self.reason)
        return _("on-screen mirror")
