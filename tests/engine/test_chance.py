"""Chance: every outcome is logged, and a replay of the log gives the same results without the PRNG."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.chance import LiveChance, ReplayChance
from companion.engine.dice import Die, Face
from companion.engine.errors import IllegalAction, ReplayMismatch
from companion.engine.rng import below, seed_state

DIE = Die("d3", (Face("1", 1), Face("2", 2), Face("hood", 0, "hood")))


def test_live_chance_logs_every_draw_and_tracks_the_prng() -> None:
    chance = LiveChance(seed_state(5))
    values = [chance.below(10), chance.below(3), chance.below(1000)]
    assert chance.outcomes == tuple(values)
    state = seed_state(5)
    expected = []
    for n in (10, 3, 1000):
        value, state = below(state, n)
        expected.append(value)
    assert values == expected
    assert chance.rng_after == state


@given(st.integers(min_value=0, max_value=(1 << 64) - 1), st.lists(st.integers(), max_size=30))
def test_a_shuffle_replays_from_its_log(state: int, items: list[int]) -> None:
    live = LiveChance(state)
    shuffled = live.shuffle(items)
    assert sorted(shuffled) == sorted(items)
    replay = ReplayChance(live.outcomes, live.rng_after)
    assert replay.shuffle(items) == shuffled
    replay.finish()
    assert replay.rng_after == live.rng_after
    assert replay.outcomes == live.outcomes


def test_a_shuffle_logs_one_outcome_per_swap() -> None:
    live = LiveChance(seed_state(1))
    live.shuffle(range(10))
    assert len(live.outcomes) == 9


def test_rolls_replay_and_use_the_die_size() -> None:
    live = LiveChance(seed_state(3))
    faces = [live.roll(DIE) for _ in range(20)]
    assert all(0 <= o < 3 for o in live.outcomes)
    assert faces == [DIE.faces[o] for o in live.outcomes]
    replay = ReplayChance(live.outcomes, live.rng_after)
    assert [replay.roll(DIE) for _ in range(20)] == faces
    replay.finish()


def test_forced_rolls_come_first_are_logged_and_leave_the_prng_alone() -> None:
    live = LiveChance(seed_state(3), forced_rolls=[2, 0])
    assert live.roll(DIE) == DIE.faces[2]
    assert live.roll(DIE) == DIE.faces[0]
    third = live.roll(DIE)
    plain = LiveChance(seed_state(3))
    assert third == plain.roll(DIE)
    assert live.outcomes == (2, 0) + plain.outcomes
    assert live.rng_after == plain.rng_after


def test_a_forced_roll_off_the_die_is_refused() -> None:
    live = LiveChance(seed_state(3), forced_rolls=[3])
    with pytest.raises(IllegalAction):
        live.roll(DIE)


def test_replay_refuses_an_out_of_range_outcome() -> None:
    replay = ReplayChance([5], rng_after=0)
    with pytest.raises(ReplayMismatch):
        replay.roll(DIE)


def test_replay_refuses_to_run_past_the_log() -> None:
    replay = ReplayChance([1], rng_after=0)
    replay.below(2)
    with pytest.raises(ReplayMismatch):
        replay.below(2)


def test_replay_finish_reports_unused_outcomes() -> None:
    replay = ReplayChance([1, 0], rng_after=0)
    replay.below(2)
    with pytest.raises(ReplayMismatch):
        replay.finish()


def test_replay_hands_back_the_logged_prng_state() -> None:
    assert ReplayChance([], rng_after=1234).rng_after == 1234


class _OneDrawAtATime(LiveChance):
    """A live chance that shuffles the plain way: one `below` call per swap, as the `Chance` protocol does."""

    def shuffle(self, items):
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return tuple(result)


@given(st.integers(min_value=0, max_value=(1 << 64) - 1), st.lists(st.integers(), max_size=60))
def test_a_live_shuffle_draws_exactly_what_one_below_per_swap_draws(state: int, items: list[int]) -> None:
    fast, plain = LiveChance(state), _OneDrawAtATime(state)
    assert fast.shuffle(items) == plain.shuffle(items)
    assert fast.outcomes == plain.outcomes and fast.rng_after == plain.rng_after
    assert fast.below(7) == plain.below(7)
