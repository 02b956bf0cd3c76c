"""The packs' tests. Their drills that take long (seeded random play over many games, checked at every step) are
named here and marked `slow`, so `make test-fast` leaves them out; `make test` runs them all."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.marks import mark_modules

HERE = Path(__file__).resolve().parent

#: Slow drills, by path from here, with what they cost (seconds of a run at a load average near 3).
SLOW = {
    "federation/test_conformance.py": "seeded random play over many seeds, every step checked: about 23 s",
    "warpspawn_thunderbirds/test_conformance.py": "seeded and bot games, every step checked: about 16 s",
    "thunderbirds_solitaire/test_conformance.py": "seeded random games, every step checked: about 11 s",
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_modules(items, HERE, SLOW, pytest.mark.slow)
