"""Fixtures for the engine tests: a store in a fresh directory and a session of the toy game on it. The slow
drill here is named and marked `slow` (left out of `make test-fast`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.engine.session import Session
from companion.engine.store import Store
from tests.marks import mark_modules

from .toygame import RULES, SEED, SETUP

HERE = Path(__file__).resolve().parent

#: Slow drills, with what they cost.
SLOW = {"test_power_cut.py": "the toy game's writer killed with SIGKILL 64 times: a quarter of a minute"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_modules(items, HERE, SLOW, pytest.mark.slow)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "companion.db"


@pytest.fixture
def store(db_path: Path) -> Iterator[Store]:
    opened = Store.open(db_path)
    yield opened
    opened.close()


@pytest.fixture
def session(store: Store) -> Session:
    return Session.new(store, RULES, SETUP, SEED)
