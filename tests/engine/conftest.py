"""Fixtures for the engine tests: a store in a fresh directory and a session of the toy game on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.engine.session import Session
from companion.engine.store import Store

from .toygame import RULES, SEED, SETUP


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
