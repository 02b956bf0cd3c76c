"""Shared fixtures for the rules tests."""

from __future__ import annotations

import pytest

from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.loader import default_definitions


@pytest.fixture(scope="session")
def defs() -> Definitions:
    return default_definitions()
