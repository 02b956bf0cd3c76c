"""Every emergency of the rules text, its name and its solution as printed, and the rescue the rules apply: for each
card and each pair of one player's pawns next to it, a rescue happens exactly when the printed words allow that pair.

The expected answer comes from the printed words, read here on their own (not from the data's slots), so a slot
typed wrong in `data/warpspawn_thunderbirds/emergencies.toml` fails this test.
"""

from __future__ import annotations

import itertools
import re

import pytest

from companion.games.warpspawn_thunderbirds.definitions import PAWNS
from companion.games.warpspawn_thunderbirds.loader import default_data_dir, load_definitions
from companion.games.warpspawn_thunderbirds.rescue import rescue
from companion.games.warpspawn_thunderbirds.scenario import apply_position
from companion.games.warpspawn_thunderbirds.simulate import start

SHIPPED = default_data_dir()
DEFS = load_definitions(SHIPPED, SHIPPED / "no-overlay")

#: The rules text's list, "Emergency: Solution:", line for line.
TEXT = """\
Bomb aboard airliner | Fab + TB1
Vehicle trapped in raging inferno | Any two TB
Lady Penelope tied to Railroad track | Any two TB
Reporters trapped in underground river | TB2 + TB4
Controllers trapped in teetering relay station | Any two TB
Toppled rocket probe in countdown | TB4 + Any TB
Agent trapped in vault with explosives | Any two: TB1, 2, 3
Hood captures Brains and TinTin | Fab + Any TB
Construction workers on high ledge | Any two TB
Archeologists captured by Zombites | TB1 + Any Pawn
Probe on collision course with sun | TB3 +TB5
Foil mystery airliner saboteur | Any 2 Pawns
Banker trapped in airless vault | Fab + Any TB
Atomic power plant ablaze | Any 2 Pawns
Family trapped in burning mall | TB1 +TB2
Impersonators frame International Rescue | TB5 + Any TB
Saboteurs with nuclear bomb | Fab + Any TB
Rescue crew of sinking tanker | TB4 +TB5
Duchess imprisoned in burning mansion | TB2 + Any Pawn
Monotrain heading for broken track section | Any 2 Pawns
Trapped in Amazon by mutant alligators | Any two: TB 2, 3, 4
Actors trapped in cave-in | Any 2 Pawns
Oil rig on fire | TB1 +TB4
Atomic logging machine out of control | TB1 +TB2
Break in dam | Any two TB
Plane Hijacking | Fab + Any TB
Giant Solar Reflector Misaligned | TB2 + Any Pawn
Space Station in Decaying Orbit | TB3 +TB5
"""
CARDS = [tuple(part.strip() for part in line.split("|")) for line in TEXT.splitlines()]
THUNDERBIRDS = {"tb1", "tb2", "tb3", "tb4", "tb5"}


def allowed(printed: str, pair: frozenset[str]) -> bool:
    """Whether the printed solution lets these two pawns rescue: the words read on their own."""
    words = printed.lower().replace(" ", "")
    one, two = sorted(pair)
    if words == "anytwotb":
        return pair <= THUNDERBIRDS
    if words == "any2pawns":
        return True
    if match := re.fullmatch(r"anytwo:tb(\d),(\d),(\d)", words):
        return pair <= {f"tb{n}" for n in match.groups()}
    first, second = words.split("+")
    if second == "anytb":
        return first in pair and (pair - {first}) <= THUNDERBIRDS
    if second == "anypawn":
        return first in pair
    return pair == {first, second}


def test_the_data_holds_the_texts_cards_with_their_printed_solutions() -> None:
    shipped = {card.names.en: card for card in DEFS.emergencies.values()}
    assert sorted(shipped) == sorted(name for name, _printed in CARDS)
    for name, printed in CARDS:
        solution = shipped[name].solution
        assert solution is not None and solution.printed == printed, name


@pytest.mark.parametrize(("name", "printed"), CARDS, ids=[name for name, _printed in CARDS])
def test_each_pair_of_pawns_rescues_exactly_as_the_text_says(name: str, printed: str) -> None:
    card = next(card.id for card in DEFS.emergencies.values() if card.names.en == name)
    base = start(2, 12, 1, DEFS)
    # Red's pawns far from the emergency on (6, 6); two of them brought next to it, one orthogonally, one diagonally.
    far = {pawn: [11, 11] for pawn in PAWNS}
    for pair in itertools.combinations(PAWNS, 2):
        pawns = {**far, pair[0]: [5, 6], pair[1]: [7, 7]}
        state = apply_position(
            base,
            {
                "phase": "move",
                "emergencies": [{"card": card, "square": [6, 6], "counters": 3}],
                "pawns": {"red": pawns, "blue": {pawn: [6, 7] for pawn in PAWNS}},  # Blue's pawns never count
            },
            DEFS,
            "test",
        )
        out: list[object] = []
        after = rescue(state, 0, DEFS, out)
        expected = allowed(printed, frozenset(pair))
        assert (after.seats[0].rescues == (card,)) is expected, (pair, printed)
        assert (not after.board) is expected
        assert after.seats[1].rescues == ()
