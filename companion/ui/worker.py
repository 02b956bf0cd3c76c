"""One background thread that owns the game store and session, so no frame ever waits on SQLite's fsync.

Everything that touches the store (open, new game, dispatch, undo, resume, list) runs here, in submission
order. Results come back through `deliver`, which the App sets to a `Clock.schedule_once` wrapper so callbacks
run on Kivy's main thread; tests pass a plain function instead. Kivy-free.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
Deliver = Callable[[Callable[[], None]], None]


@dataclass(frozen=True)
class Job(Generic[T]):
    work: Callable[[], T]
    on_done: Callable[[T], None] | None
    on_error: Callable[[BaseException], None] | None


_STOP = object()


class SessionWorker:
    """A single worker thread with a FIFO of jobs; `idle` tells tests and the demo when all work is delivered."""

    def __init__(self, deliver: Deliver, name: str = "session-worker") -> None:
        self._deliver = deliver
        self._jobs: queue.Queue[Any] = queue.Queue()
        self._pending = 0
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    @property
    def pending(self) -> int:
        """Jobs submitted whose callbacks have not run yet (on the main thread)."""
        with self._lock:
            return self._pending

    @property
    def is_idle(self) -> bool:
        return self.pending == 0

    def submit(
        self,
        work: Callable[[], T],
        on_done: Callable[[T], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        with self._lock:
            self._pending += 1
        self._jobs.put(Job(work, on_done, on_error))

    def call(self, work: Callable[[], T], timeout: float = 30.0) -> T:
        """Runs `work` on the worker and waits for it: only for start-up and shutdown, never from a frame."""
        done = threading.Event()
        box: dict[str, Any] = {}

        def run() -> None:
            try:
                box["value"] = work()
            except BaseException as error:  # handed back to the caller below
                box["error"] = error
            finally:
                done.set()

        self._jobs.put(run)
        if not done.wait(timeout):
            raise TimeoutError("the session worker did not answer")
        if "error" in box:
            raise box["error"]
        return box["value"]

    def stop(self, timeout: float = 10.0) -> None:
        self._jobs.put(_STOP)
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is _STOP:
                return
            if not isinstance(job, Job):
                job()
                continue
            try:
                result = job.work()
            except BaseException as error:  # delivered to the UI, which shows it
                log.debug("job failed: %s", error)
                self._deliver(self._finisher(job.on_error, error, failed=True))
            else:
                self._deliver(self._finisher(job.on_done, result, failed=False))

    def _finisher(self, callback: Callable[[Any], None] | None, value: Any, failed: bool) -> Callable[[], None]:
        def finish() -> None:
            try:
                if callback is not None:
                    callback(value)
                elif failed:
                    log.error("unhandled error from the session worker: %s", value)
            finally:
                with self._lock:
                    self._pending -= 1

        return finish
