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


#: A Python pack's pieces it does not automate, in the kit's format: the die the rulebook does not describe and
#: an event deck whose cards are not listed, both empty slots marked "unknown" for the players to complete.
PIECES = """\
# The pieces of a game written in Python that the rules leave to the players.
[kit]
format = 1
name = "my_pack_pieces"
title = { en = "My pack's pieces", fr = "Les pièces de mon jeu", translated = ["fr"] }
blurb = { en = "Read by the pack only.", fr = "Lu par le jeu seul.", translated = ["fr"] }
players = [1, 4]

[[die]]
id = "road"
name = { en = "Road die", fr = "Dé de route", translated = ["fr"] }
faces = []
confidence = "unknown"

[[dice]]
id = "road"
name = { en = "Road die", fr = "Dé de route", translated = ["fr"] }
dice = { road = 1 }
"""


def test_a_packs_unknown_die_is_completed_in_its_overlay_and_read_back(tmp_path: object) -> None:
    """The path docs/kit.md gives a Python pack: its pieces in a kit-format file of its data; the players'
    completion in its overlay (the user's data directory, never the shipped file), edited keeping its comments
    and refused when it would break the file; the pack reads the overlay first, and the die then rolls."""
    from pathlib import Path

    from companion.kit.edit import KitEditError, edit_kit
    from companion.kit.schema import read_kit
    from companion.paths import user_data_dir

    shipped = Path(str(tmp_path)) / "data" / "my_pack" / "pieces.toml"
    shipped.parent.mkdir(parents=True)
    shipped.write_text(PIECES, encoding="utf-8")
    overlay = user_data_dir() / "overlay" / "my_pack" / "pieces.toml"

    def pieces() -> kit.DieSpec:
        """What the pack loads: its overlay when the players completed it, else its own data."""
        return read_kit(overlay if overlay.exists() else shipped).die("road")

    die = pieces()
    assert kit.known_and_total(dice=[die]) == (0, 1)
    assert kit.unknown_slots(dice=[die]) == ("The faces of Road die are not known yet.",)
    overlay.parent.mkdir(parents=True)
    overlay.write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(KitEditError, match=r"die\[0\]\.faces"):
        edit_kit(overlay, [(("die", 0, "faces"), [1, "no such symbol"])])
    assert overlay.read_text(encoding="utf-8") == PIECES  # a refused edit leaves the file as it was
    edit_kit(overlay, [(("die", 0, "faces"), [1, 2, 3, 4, 5, 6]), (("die", 0, "confidence"), "high")])
    assert overlay.read_text(encoding="utf-8").startswith("# The pieces of a game written in Python")
    die = pieces()
    assert kit.known_and_total(dice=[die]) == (1, 1) and kit.unknown_slots(dice=[die]) == ()
    assert kit.roll_dice([die], LiveChance(4))[0] in range(6)
    assert shipped.read_text(encoding="utf-8") == PIECES
