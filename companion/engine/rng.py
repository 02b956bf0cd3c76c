"""SplitMix64: a tiny, fast PRNG whose whole state is one integer, so it lives inside frozen game states.

Replays never depend on it (outcomes are logged), but undo restores it so a redone draw reveals the same card.
"""

from __future__ import annotations

import struct
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

    Exactly the values and state that calling `below` once per item gives. A set-up shuffles about a hundred
    cards, so the PRNG outputs of a long shuffle are all computed at once (`next_outputs`); a shuffle that would
    reject an output (about once in 2**50 shuffles) is drawn one output at a time instead."""
    count = len(items)
    if count >= _OUTPUTS_AT_ONCE_FROM:
        outputs, after = next_outputs(state, count - 1)
        if max(outputs) < _NEVER_REJECTED - count:  # no bound from count down to 2 rejects any of them
            draws = [z % n for z, n in zip(outputs, range(count, 1, -1))]
            i = count - 1
            for j in draws:
                items[i], items[j] = items[j], items[i]
                i -= 1
            return draws, after
    draws = []
    limits = _LIMITS
    for i in range(count - 1, 0, -1):
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
        draws.append(j)
        items[i], items[j] = items[j], items[i]
    return draws, state


#: Shorter shuffles draw one output at a time (computing outputs at once costs more below this).
_OUTPUTS_AT_ONCE_FROM = 6
#: Every bound n gives `below` a rejection limit above 2**64 - n: an output below 2**64 - n is never rejected.
_NEVER_REJECTED = 1 << 64


def next_outputs(state: int, count: int) -> tuple[tuple[int, ...], int]:
    """The next `count` values of `next_u64` and the state after them, worked out together.

    SplitMix64's states are known in advance (state + k * gamma), so the outputs are computed on one big
    integer holding every state in its own 128-bit lane: 64 bits of value and 64 of headroom, enough for a
    product by a 64-bit constant, so lanes never spill into each other, and each shift's spill is masked off.
    About twenty whole-number operations then stand for twelve per output."""
    ones, gamma_ramp, lanes, layout = _lane_constants(count)
    z = (state * ones + gamma_ramp) & lanes  # lane k: the state after k + 1 steps
    z = ((z ^ (z >> 30)) & lanes) * 0xBF58476D1CE4E5B9 & lanes
    z = ((z ^ (z >> 27)) & lanes) * 0x94D049BB133111EB & lanes
    z = (z ^ (z >> 31)) & lanes
    return layout.unpack(z.to_bytes(16 * count, "little")), (state + count * _GOLDEN_GAMMA) & MASK64


def _lane_constants(count: int) -> tuple[int, int, int, struct.Struct]:
    """For `count` lanes: a 1 in each lane, gamma * (k + 1) in lane k, the 64-bit mask in each lane, and the
    byte layout reading each lane's low 64 bits."""
    found = _LANE_CONSTANTS.get(count)
    if found is None:
        ones = sum(1 << (128 * k) for k in range(count))
        ramp = sum((k + 1) << (128 * k) for k in range(count))
        found = (ones, _GOLDEN_GAMMA * ramp, ones * MASK64, struct.Struct("<" + "Q8x" * count))
        if len(_LANE_CONSTANTS) < 256:
            _LANE_CONSTANTS[count] = found
    return found


_LANE_CONSTANTS: dict[int, tuple[int, int, int, struct.Struct]] = {}


def _limit(n: int) -> int:
    """The rejection limit of `below(state, n)`: the largest multiple of n that fits in 64 bits."""
    if n <= 0:
        raise ValueError(f"below() needs n >= 1, got {n}")
    limit = ((1 << 64) // n) * n
    if len(_LIMITS) < 4096:
        _LIMITS[n] = limit
    return limit


_LIMITS: dict[int, int] = {}
