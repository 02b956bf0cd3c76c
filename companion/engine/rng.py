"""SplitMix64: a tiny, fast PRNG whose whole state is one integer, so it lives inside frozen game states.

Replays never depend on it (outcomes are logged), but undo restores it so a redone draw reveals the same card.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15


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
        if n <= 0:
            raise ValueError(f"below() needs n >= 1, got {n}")
        limit = ((1 << 64) // n) * n
        if len(_LIMITS) < 4096:
            _LIMITS[n] = limit
    while True:
        state = (state + _GOLDEN_GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        if z < limit:
            return z % n, state


def shuffle_draws(state: int, count: int) -> tuple[list[int], int]:
    """The draws of a Fisher-Yates shuffle of `count` items: `below(state, i + 1)` for i from count - 1 down to 1,
    in that order, and the state after them.

    Exactly the values and state that calling `below` once per item gives; written out because a set-up shuffles
    about a hundred cards and a function call per card would cost as much as the arithmetic."""
    draws: list[int] = []
    limits = _LIMITS
    gamma, mask = _GOLDEN_GAMMA, MASK64
    for n in range(count, 1, -1):
        limit = limits.get(n)
        if limit is None:
            limit = ((1 << 64) // n) * n
            if len(limits) < 4096:
                limits[n] = limit
        while True:
            state = (state + gamma) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            if z < limit:
                draws.append(z % n)
                break
    return draws, state


_LIMITS: dict[int, int] = {}
