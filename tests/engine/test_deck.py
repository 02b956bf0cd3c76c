"""Decks: draw from the top, discard, reshuffle through the logged chance, and stacked piles that never mix."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.chance import LiveChance, ReplayChance
from companion.engine.deck import Deck, Reshuffle
from companion.engine.errors import IllegalAction
from companion.engine.rng import seed_state


def chance(seed: int = 1) -> LiveChance:
    return LiveChance(seed_state(seed))


def test_draw_takes_the_top_card_and_leaves_the_deck_unchanged() -> None:
    deck = Deck(("a", "b", "c"))
    card, after = deck.draw(chance())
    assert card == "a"
    assert after.draw_pile == ("b", "c")
    assert deck.draw_pile == ("a", "b", "c")
    assert len(after) == 2


def test_an_empty_deck_without_reshuffle_draws_nothing() -> None:
    deck = Deck((), discard_pile=("x", "y"), reshuffle=Reshuffle.NEVER)
    c = chance()
    card, after = deck.draw(c)
    assert card is None
    assert after == deck
    assert deck.is_empty and not deck.can_draw
    assert c.outcomes == ()


def test_an_empty_deck_reshuffles_its_discards_through_the_chance() -> None:
    deck = Deck((), discard_pile=("x", "y", "z", "w"), reshuffle=Reshuffle.DISCARD)
    live = chance(4)
    card, after = deck.draw(live)
    assert len(live.outcomes) == 3
    assert after.discard_pile == ()
    assert sorted((card,) + after.draw_pile) == ["w", "x", "y", "z"]
    replay = ReplayChance(live.outcomes, live.rng_after)
    assert deck.draw(replay) == (card, after)
    replay.finish()


def test_reshuffle_with_nothing_discarded_draws_nothing() -> None:
    deck = Deck((), reshuffle=Reshuffle.DISCARD)
    assert deck.draw(chance()) == (None, deck)


def test_discard_put_on_top_and_remove() -> None:
    deck = Deck(("a", "b"), ("x",))
    deck = deck.discard("c")
    assert deck.discard_pile == ("x", "c")
    deck = deck.put_on_top(["p", "q"])
    assert deck.draw_pile == ("p", "q", "a", "b")
    assert deck.remove("a").draw_pile == ("p", "q", "b")
    assert deck.remove("x").discard_pile == ("c",)
    assert "x" in deck and "zz" not in deck
    with pytest.raises(IllegalAction):
        deck.remove("zz")


def test_shuffled_is_a_permutation_that_replays() -> None:
    cards = [f"c{i}" for i in range(20)]
    live = chance(8)
    deck = Deck.shuffled(cards, live, reshuffle=Reshuffle.DISCARD)
    assert sorted(deck.draw_pile) == sorted(cards)
    assert deck.draw_pile != tuple(cards)
    assert deck.reshuffle is Reshuffle.DISCARD
    assert Deck.shuffled(cards, ReplayChance(live.outcomes, live.rng_after), Reshuffle.DISCARD) == deck


@given(
    st.integers(min_value=0, max_value=(1 << 64) - 1),
    st.lists(st.integers(min_value=0, max_value=12), min_size=1, max_size=5),
)
def test_stacked_piles_are_shuffled_each_on_its_own_and_never_mixed(seed: int, sizes: list[int]) -> None:
    piles = [[f"p{p}-{i}" for i in range(size)] for p, size in enumerate(sizes)]
    deck = Deck.stacked(piles, LiveChance(seed))
    start = 0
    for pile in piles:
        segment = deck.draw_pile[start : start + len(pile)]
        assert sorted(segment) == sorted(pile)
        start += len(pile)
    assert start == len(deck)


def test_stacked_piles_really_are_shuffled() -> None:
    piles = [[f"a{i}" for i in range(11)], [f"b{i}" for i in range(11)]]
    orders = {Deck.stacked(piles, chance(seed)).draw_pile[:11] for seed in range(20)}
    assert len(orders) > 15
