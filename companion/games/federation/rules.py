"""The Federation rules: one `apply` for every action, `check` for its reason, `legal_actions` for the screens.

`apply(state, action, chance)` returns the next state and the events; an illegal action raises `IllegalAction`
whose reason names the rule, and changes nothing (states are immutable). Once a race controls over the victory
share of the systems the game is over: only the players' corrections are accepted (one may bring the count back
under, and the game goes on), and undo is the other way back.

The definitions come from the shipped data (`loader.default_definitions()`), or from the rules object's own
(`FederationRules(defs)`, for a scenario's data folder); they never live in the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.chance import Chance
from companion.engine.codec import RulesCodec
from companion.games.federation import empire
from companion.games.federation.definitions import Definitions
from companion.games.federation.loader import default_definitions
from companion.games.federation.referee import HANDLERS, apply, check
from companion.games.federation.setup import initial_state as _initial_state
from companion.games.federation.state import FederationState

__all__ = ["HANDLERS", "RULES", "FederationRules", "apply", "check", "is_terminal"]


def is_terminal(state: FederationState, defs: Definitions) -> bool:
    return empire.winner(state, defs) is not None


class FederationRules(RulesCodec[FederationState]):
    """The engine's `GameRules` for the Federation module (registry name "federation")."""

    codec_module = "companion.games.federation.codec"
    name = "federation"
    state_format = 1

    def __init__(self, defs: Definitions | None = None) -> None:
        self._defs = defs

    @property
    def definitions(self) -> Definitions:
        return self._defs if self._defs is not None else default_definitions()

    def initial_state(self, setup: Mapping[str, Any], chance: Chance) -> FederationState:
        return _initial_state(setup, chance, self.definitions)

    def apply(self, state: FederationState, action: object, chance: Chance) -> tuple[FederationState, tuple[Any, ...]]:
        return apply(state, action, chance, self.definitions)

    def check(self, state: FederationState, action: object) -> str | None:
        return check(state, action, self.definitions)

    def legal_actions(self, state: FederationState) -> tuple[object, ...]:
        from companion.games.federation.legal import legal_actions

        return legal_actions(state, self.definitions)

    def describe(self, action: object, state: FederationState) -> str:
        from companion.games.federation.describe import describe

        return describe(action, state, self.definitions)

    def summary(self, state: FederationState) -> dict[str, Any]:
        from companion.games.federation.describe import summary

        return summary(state, self.definitions)

    def is_terminal(self, state: FederationState) -> bool:
        return is_terminal(state, self.definitions)

    def outcome(self, state: FederationState) -> str | None:
        """The winning race, or None while the game goes on."""
        return empire.winner(state, self.definitions)

    def current_player(self, state: FederationState) -> None:
        """Nobody in particular: the players keep Warp Empires' turn order on the table."""
        return None


RULES = FederationRules()
