"""The kit's tests. Its drills module is named here and marked `slow`, so `make test-fast` leaves it out;
`make test` runs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.marks import mark_modules

HERE = Path(__file__).resolve().parent

#: Slow drills, with what they cost (seconds of a run at a load average near 3).
SLOW = {
    "test_drills.py": "damaged copies of both examples, seeded play and sessions on SQLite for each: about 31 s",
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_modules(items, HERE, SLOW, pytest.mark.slow)
