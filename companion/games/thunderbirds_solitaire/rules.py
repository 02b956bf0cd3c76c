"""The Thunderbirds Solitaire rules: one `apply` for every action, `check` for its reason, `legal_actions` for the
screens and the conformance player.

`apply(state, action, chance)` returns the next state and the events; an illegal action raises `IllegalAction`
whose reason names the rule, in the current language, and changes nothing. The facts of the box travel in the
state (`state.setup.facts`), so the rules never read files.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.chance import Chance
from companion.engine.codec import RulesCodec
from companion.games.thunderbirds_solitaire.referee import HANDLERS, apply, check
from companion.games.thunderbirds_solitaire.state import GameState, Outcome

__all__ = ["HANDLERS", "RULES", "SolitaireRules", "apply", "check", "is_terminal", "legal_actions", "outcome"]


def legal_actions(state: GameState) -> tuple[object, ...]:
    from companion.games.thunderbirds_solitaire.legal import legal_actions as _legal

    return _legal(state)


def is_terminal(state: GameState) -> bool:
    return state.outcome is not None


def outcome(state: GameState) -> Outcome | None:
    return state.outcome


def current_player(state: GameState) -> int:
    """Solitaire: always the one player."""
    return 0


class SolitaireRules(RulesCodec[GameState]):
    """The engine's `GameRules` for Thunderbirds Solitaire."""

    codec_module = "companion.games.thunderbirds_solitaire.codec"
    name = "thunderbirds_solitaire"
    state_format = 1

    def initial_state(self, setup: Mapping[str, Any], chance: Chance) -> GameState:
        from companion.games.thunderbirds_solitaire.setup import initial_state

        return initial_state(setup, chance)

    def apply(self, state: GameState, action: object, chance: Chance) -> tuple[GameState, tuple[object, ...]]:
        return apply(state, action, chance)

    def check(self, state: GameState, action: object) -> str | None:
        return check(state, action)

    def legal_actions(self, state: GameState) -> tuple[object, ...]:
        return legal_actions(state)

    def describe(self, action: object, state: GameState) -> str:
        from companion.games.thunderbirds_solitaire.describe import describe

        return describe(action, state)

    def summary(self, state: GameState) -> dict[str, Any]:
        from companion.games.thunderbirds_solitaire.describe import summary

        return summary(state)

    is_terminal = staticmethod(is_terminal)
    outcome = staticmethod(outcome)
    current_player = staticmethod(current_player)


RULES = SolitaireRules()
