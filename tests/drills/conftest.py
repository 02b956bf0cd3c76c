"""The fault drills. Those too slow for the fast loop (`make test-fast`) are named here and marked `slow`;
`make test` runs them all. The drills that start the real app take their screen from `xvfb_display`, which marks
them `ui` (tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.marks import mark_modules

HERE = Path(__file__).resolve().parent

#: Slow drills, with what they cost.
SLOW = {
    "test_power_cut_game.py": (
        "real games killed with SIGKILL and resumed, Thunderbirds 200 times and every other pack 60 (tests/depth.py): "
        "50 s of processor for the nine games, 135 s wall on one worker (the writers are forked: docs/fault-drills.md)"
    ),
    "test_malformed_inputs.py": "more than fifty damaged databases, exports, configs and overlays: about 14 s",
    "test_tutorial_pack_drills.py": (
        "the tutorial's pack through the conformance, full-disk and power-cut (60 kills) drills, in process: 16 s of "
        "processor (75 s wall quiet before, through a nested pytest)"
    ),
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_modules(items, HERE, SLOW, pytest.mark.slow)
