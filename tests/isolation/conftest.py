"""The isolation tests: no test reads or writes the user's files, and no test leaves anything for the next. The
slow check here is named and marked `slow` (left out of `make test-fast`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.marks import mark_modules

HERE = Path(__file__).resolve().parent

#: Slow modules, with what they cost.
SLOW = {"test_hostile_home.py": "a sample of the suite run by pytest under a hostile home: about 20 s of CPU"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_modules(items, HERE, SLOW, pytest.mark.slow)
