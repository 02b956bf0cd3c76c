"""Benchmarks: each `bench_<area>.py` module exposes `run() -> dict[str, float]`; `python -m bench` runs them all.

With `BENCH_QUICK=1` every count is cut to a few (`count`): a run then proves in seconds that each benchmark still
works (the docs test runs `make bench` so), and its figures mean nothing.
"""

from __future__ import annotations

import os

QUICK = os.environ.get("BENCH_QUICK") == "1"


def count(full: int, quick: int) -> int:
    """How many games, rounds or runs a benchmark makes: `full`, or `quick` with BENCH_QUICK=1."""
    return quick if QUICK else full
