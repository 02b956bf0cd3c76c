"""What every lights back-end offers, and the worker that keeps slow writes off the caller's thread."""

from __future__ import annotations

import logging
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping

from companion.devices.light import Light

log = logging.getLogger(__name__)


class LightBackend(ABC):
    """Shows lights on something: pins, a shift-register chain, a serial controller, or a recording.

    `apply` receives only the LEDs that changed and must return at once: back-ends that talk to hardware do
    the talking on their own thread. Back-ends that blink on their own (`renders_blink`) receive lights with
    their blink pattern; the others receive steady lights, already resolved by the controller's clock.
    """

    kind: str = "?"
    renders_blink: bool = False

    @abstractmethod
    def apply(self, changes: Mapping[str, Light]) -> None: ...

    def flush(self, timeout: float | None = None) -> bool:
        """Waits until every change handed over so far has been written; True if it has."""
        return True

    def describe(self) -> str:
        """One line for people: what this back-end drives and how it is doing."""
        return self.kind

    def close(self) -> None:
        """Releases pins and ports; the back-end shows nothing more afterwards."""
        return None  # nothing to release by default: back-ends with pins or ports override it


class ChangeWriter:
    """A worker thread that writes merged changes: the newest look of each LED, older ones dropped.

    `submit` never blocks on the hardware; if writes fall behind, intermediate looks are skipped and only
    the newest one is written (a queue of one frame).
    """

    def __init__(self, write: Callable[[dict[str, Light]], None], name: str) -> None:
        self._write = write
        self._pending: dict[str, Light] = {}
        self._busy = False
        self._closed = False
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def submit(self, changes: Mapping[str, Light]) -> None:
        with self._cond:
            if self._closed:
                return
            self._pending.update(changes)
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending or self._closed)
                if self._closed:
                    self._pending.clear()
                    self._cond.notify_all()
                    return
                batch, self._pending = self._pending, {}
                self._busy = True
            try:
                self._write(batch)
            except Exception:  # a failing LED must never take the app down
                log.exception("writing %d LED changes failed", len(batch))
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
