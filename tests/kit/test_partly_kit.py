"""A rules pack written in Python uses kit components for what it does not automate, as docs/kit.md shows: a
deck built from piles (Thunderbirds' disaster deck), a bag, a die whose faces are an unknown slot."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from companion.engine.chance import LiveChance, ReplayChance
from companion.engine.errors import IllegalAction
from companion.engine.pack import Words
from companion.kit import components as kit
from companion.kit.codec import decode, encode


def words(text: str) -> Words:
    return Words(text, text)


DISASTERS = kit.DeckSpec(
    id="disasters",
    name=words("Disasters"),
    cards=tuple(kit.CardSpec(f"{pile}{n}", words(f"{pile}{n}"), pile=pile) for pile in "abc" for n in range(4)),
    piles=("a", "b", "c"),
    reshuffle=False,
)
ROAD_DIE = kit.DieSpec("road", words("Road die"), faces=(), confidence="unknown")
BAG = kit.BagSpec(
    "infection",
    words("Infection"),
    (kit.TokenSpec("human", words("Human"), 7), kit.TokenSpec("alien", words("Alien"), 2)),
    secret=True,
)


@dataclass(frozen=True)
class MyPackState:
    """A Python pack's own state embedding kit components."""

    disasters: kit.DeckState
    infection: kit.BagState
    rng: int = 0


def test_a_deck_built_from_piles_keeps_each_pile_together() -> None:
    chance = LiveChance(7)
    deck = kit.build_deck(DISASTERS, players=2, chance=chance)
    assert [card[0] for card in deck.draw_pile] == list("aaaabbbbcccc")
    replayed = kit.build_deck(DISASTERS, 2, ReplayChance(chance.outcomes, chance.rng_after))
    assert replayed == deck


def test_components_live_in_a_pack_state_and_encode_with_it() -> None:
    chance = LiveChance(3)
    state = MyPackState(kit.build_deck(DISASTERS, 1, chance), kit.fill_bag(BAG))
    card, deck, _reshuffled = kit.draw_card(DISASTERS, state.disasters, 0, chance)
    token, bag = kit.draw_token(state.infection, 0, put_back=True, chance=chance)
    state = replace(state, disasters=deck, infection=bag)
    assert deck.table == (card,) and bag.last == kit.Held(token, 0) and len(bag.contents) == 9
    assert decode(MyPackState, encode(state), "state") == state


def test_an_unknown_die_is_a_flagged_slot_the_players_complete() -> None:
    with pytest.raises(IllegalAction, match="not known yet"):
        kit.roll_dice([ROAD_DIE], LiveChance(1))
    assert kit.known_and_total(dice=[ROAD_DIE]) == (0, 1)
    assert kit.unknown_slots(dice=[ROAD_DIE]) == ("The faces of Road die are not known yet.",)
    completed = replace(
        ROAD_DIE, faces=(kit.FaceSpec(1, shows_value=True), kit.FaceSpec(2, shows_value=True)), confidence="high"
    )
    assert kit.roll_dice([completed], LiveChance(1))[0] in (0, 1)
