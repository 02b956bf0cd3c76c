"""The optional score, as printed.

Won: the difficulty's points (Introduction 200, Standard 300, Heroic 400, Legendary 500), +10 per Hood-track space
the Hood has not entered, +1 per card left in the disaster deck. Lost: 10 per disaster averted (disaster cards in
the discard pile, "The Hood advances" cards not counted) + 20 per scheme foiled. No score while the game goes on.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.state import GameState

POINTS_PER_SPACE = 10
POINTS_PER_CARD_LEFT = 1
POINTS_PER_DISASTER = 10
POINTS_PER_SCHEME = 20


@dataclass(frozen=True)
class Score:
    total: int
    lines: tuple[tuple[str, int, int], ...]  # (what, count, points)


def score(state: GameState, defs: Definitions) -> Score | None:
    if state.outcome is None:
        return None
    if state.outcome.result == "won":
        base = defs.difficulties[state.setup.difficulty].win_points
        spaces = max(defs.hood_track.length - 1 - state.hood, 0)
        cards = len(state.disasters)
        lines: tuple[tuple[str, int, int], ...] = (
            ("difficulty", 1, base),
            ("spaces-not-entered", spaces, spaces * POINTS_PER_SPACE),
            ("disaster-cards-left", cards, cards * POINTS_PER_CARD_LEFT),
        )
    else:
        averted = sum(1 for card in state.disasters.discard_pile if defs.disasters[card].kind == "disaster")
        foiled = state.schemes_foiled
        lines = (
            ("disasters-averted", averted, averted * POINTS_PER_DISASTER),
            ("schemes-foiled", foiled, foiled * POINTS_PER_SCHEME),
        )
    return Score(sum(points for _, _, points in lines), lines)
