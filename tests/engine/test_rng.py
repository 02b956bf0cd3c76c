"""SplitMix64: the reference sequence, determinism, one-int serialisation and unbiased bounded draws."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine import rng

U64 = st.integers(min_value=0, max_value=(1 << 64) - 1)


def test_matches_the_published_splitmix64_sequence() -> None:
    # First outputs of the reference C implementation (Vigna) seeded with 1234567.
    state = rng.seed_state(1234567)
    values = []
    for _ in range(5):
        value, state = rng.next_u64(state)
        values.append(value)
    assert values == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


@given(st.integers())
def test_any_seed_gives_a_64_bit_state(seed: int) -> None:
    assert 0 <= rng.seed_state(seed) < 1 << 64


@given(U64, st.integers(min_value=1, max_value=40))
def test_the_state_is_one_int_that_survives_json(state: int, steps: int) -> None:
    straight = state
    for _ in range(steps):
        _value, straight = rng.below(straight, 6)
    # Stop half way, save the state as JSON, reload it and carry on: same values as without stopping.
    half = state
    first = []
    for _ in range(steps // 2):
        value, half = rng.below(half, 6)
        first.append(value)
    half = json.loads(json.dumps(half))
    second = []
    for _ in range(steps - steps // 2):
        value, half = rng.below(half, 6)
        second.append(value)
    again = state
    expected = []
    for _ in range(steps):
        value, again = rng.below(again, 6)
        expected.append(value)
    assert first + second == expected
    assert half == straight


@given(U64, st.integers(min_value=1, max_value=(1 << 64)))
def test_below_stays_in_range(state: int, n: int) -> None:
    value, new_state = rng.below(state, n)
    assert 0 <= value < n
    assert 0 <= new_state < 1 << 64


def test_below_rejects_values_that_would_bias_the_result() -> None:
    # With n just above 2**63 almost half of the 64-bit values must be rejected and redrawn.
    n = (1 << 63) + 1
    state = rng.seed_state(7)
    redraws = 0
    for _ in range(200):
        before = state
        value, state = rng.below(state, n)
        assert value < n
        _raw, one_step = rng.next_u64(before)
        if state != one_step:
            redraws += 1
    assert 60 < redraws < 140


def test_below_is_close_to_uniform() -> None:
    state = rng.seed_state(99)
    counts: Counter[int] = Counter()
    for _ in range(60_000):
        value, state = rng.below(state, 6)
        counts[value] += 1
    assert set(counts) == set(range(6))
    # Chi-square with 5 degrees of freedom; 20.5 is the 0.999 quantile (the seed is fixed, so this never flakes).
    chi2 = sum((c - 10_000) ** 2 / 10_000 for c in counts.values())
    assert chi2 < 20.5


def test_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError):
        rng.below(1, 0)


def plain_fisher_yates(state: int, items: list[int]) -> tuple[list[int], int, list[int]]:
    """The shuffle written the plain way, `below` once per item: the draws, the state after, the items shuffled."""
    expected, after, swapped = [], state, list(items)
    for i in range(len(items) - 1, 0, -1):
        j, after = rng.below(after, i + 1)
        expected.append(j)
        swapped[i], swapped[j] = swapped[j], swapped[i]
    return expected, after, swapped


@given(U64, st.lists(st.integers(), max_size=80))
def test_fisher_yates_swaps_with_below_called_once_per_item(state: int, items: list[int]) -> None:
    expected, after, swapped = plain_fisher_yates(state, items)
    shuffled = list(items)
    assert rng.fisher_yates(state, shuffled) == (expected, after)
    assert shuffled == swapped


@given(U64, st.integers(min_value=1, max_value=200))
def test_next_outputs_are_next_u64_called_in_turn(state: int, count: int) -> None:
    expected, after = [], state
    for _ in range(count):
        value, after = rng.next_u64(after)
        expected.append(value)
    assert rng.next_outputs(state, count) == (tuple(expected), after)


@pytest.mark.parametrize("state", [0, 1, (1 << 64) - 1, (1 << 64) - 0x9E3779B97F4A7C15, 0x9E3779B97F4A7C15 - 1])
def test_next_outputs_wrap_around_64_bits_like_next_u64(state: int) -> None:
    expected, after = [], state
    for _ in range(130):
        value, after = rng.next_u64(after)
        expected.append(value)
    assert rng.next_outputs(state, 130) == (tuple(expected), after)


@given(U64, st.lists(st.integers(), min_size=6, max_size=80))
def test_a_shuffle_that_might_reject_is_drawn_one_output_at_a_time(state: int, items: list[int]) -> None:
    # Outputs high enough to be rejected are too rare to meet by chance: pretend every output might be.
    expected, after, swapped = plain_fisher_yates(state, items)
    shuffled = list(items)
    never_rejected = rng._NEVER_REJECTED
    rng._NEVER_REJECTED = 0
    try:
        assert rng.fisher_yates(state, shuffled) == (expected, after)
    finally:
        rng._NEVER_REJECTED = never_rejected
    assert shuffled == swapped
