"""SplitMix64: a tiny, fast PRNG whose whole state is one integer, so it lives inside frozen game states.

Replays never depend on it (outcomes are logged), but undo restores it so a redone draw reveals the same card.
"""

from __future__ import annotations

from typing import TypeVar

MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15
T = TypeVar("T")


def seed_state(seed: int) -> int:
    """The PRNG state for a seed; any int (negative or huge) folds into 64 bits."""
    return seed & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """One 64-bit value and the state after it."""
    state = (state + _GOLDEN_GAMMA) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform value in [0, n) and the state after it; rejection sampling keeps it free of modulo bias.

    Every shuffle and roll comes through here, so `next_u64` is written out in the loop and each bound's
    rejection limit is computed once."""
    limit = _LIMITS.get(n)
    if limit is None:
        limit = _limit(n)
    while True:  # `next_u64` with its constants written out (a global read per use costs like the arithmetic)
        state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        z ^= z >> 31
        if z < limit:
            return z % n, state


def fisher_yates(state: int, items: list[T]) -> tuple[list[int], int]:
    """Shuffles `items` in place (Fisher-Yates: for i from the last index down to 1, swap item i with item
    `below(state, i + 1)`); returns the draws in order and the state after them.

    Exactly the values and state that calling `below` once per item gives; written out because a set-up shuffles
    about a hundred cards and a function call per card would cost as much as the arithmetic."""
    draws: list[int] = []
    record = draws.append
    limits = _LIMITS
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = limits.get(n)
        if limit is None:
            limit = _limit(n)
        while True:
            state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        record(j)
        items[i], items[j] = items[j], items[i]
    return draws, state


def _limit(n: int) -> int:
    """The rejection limit of `below(state, n)`: the largest multiple of n that fits in 64 bits."""
    if n <= 0:
        raise ValueError(f"below() needs n >= 1, got {n}")
    limit = ((1 << 64) // n) * n
    if len(_LIMITS) < 4096:
        _LIMITS[n] = limit
    return limit


_LIMITS: dict[int, int] = {}
