"""`make test` runs on two workers (pytest-xdist, `--dist loadfile`: a module's tests stay on one worker, so its
module fixtures are set up once). Each worker has its own session fixtures (its own Xvfb, on a free display) and
its own temporary folders; the UI tests' artefacts are named by test, and no two modules share a test name.

What the workers do share is the checkout. A test in `ALONE` changes a file the others read (the French catalogue,
moved aside to stand for a fresh checkout), so it runs alone: under xdist every test holds a shared lock on
`artifacts/workers/run.lock` while it runs and a test of `ALONE` an exclusive one; a gate lock taken first keeps the
exclusive one from waiting for ever behind the other worker's stream of shared ones. One process takes no lock.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from companion.paths import ROOT

#: Tests that change a file of the checkout that the other worker's tests read, each with the file.
ALONE = {
    "tests/ui/test_ui_launch.py::test_make_run_without_a_screen_exits_cleanly_and_compiles_the_catalogues": (
        "companion/locale/fr/LC_MESSAGES/ui.mo"
    ),
}
LOCKS = ROOT / "artifacts" / "workers"
#: Whether this process holds the lock (a test running pytest inside itself must not wait for it again).
HELD: list[bool] = []


@contextmanager
def holding() -> Iterator[None]:
    HELD.append(True)
    try:
        yield
    finally:
        HELD.pop()


def pytest_configure(config: pytest.Config) -> None:
    """A name in `ALONE` that is no test is an error, so a renamed test is not silently left to race."""
    for name in ALONE:
        path, function = name.split("::")
        module = ROOT / path
        if not module.is_file() or f"def {function}(" not in module.read_text(encoding="utf-8"):
            raise pytest.UsageError(f"tests/workers.py names a test that does not exist: {name}")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    if "PYTEST_XDIST_WORKER" not in os.environ or HELD:
        return (yield)  # one process, or a run inside a test (pytester): its test holds the lock already
    alone = item.nodeid in ALONE
    LOCKS.mkdir(parents=True, exist_ok=True)
    with open(LOCKS / "gate.lock", "a") as gate, open(LOCKS / "run.lock", "a") as run, holding():
        fcntl.flock(gate, fcntl.LOCK_EX)
        try:
            fcntl.flock(run, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
        finally:
            if not alone:
                fcntl.flock(gate, fcntl.LOCK_UN)
        try:
            return (yield)
        finally:
            fcntl.flock(run, fcntl.LOCK_UN)
            if alone:
                fcntl.flock(gate, fcntl.LOCK_UN)
