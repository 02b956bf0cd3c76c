"""Thunder Road's `GameRules`: set-up, one `apply`, `check` for a refusal's reason, `legal_actions`, labels, codec.

The definitions come from the shipped data with the user's overlay (`loader.default_definitions()`), or from the
rules object's own (`ThunderRoadRules(defs)`, a scenario's data folder); they never live in the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.chance import Chance
from companion.games.thunder_road import codec
from companion.games.thunder_road.definitions import Definitions
from companion.games.thunder_road.describe import describe, summary
from companion.games.thunder_road.legal import legal_actions
from companion.games.thunder_road.loader import default_definitions
from companion.games.thunder_road.referee import apply, check, roll_road
from companion.games.thunder_road.setup import initial_state
from companion.games.thunder_road.state import RaceState


class ThunderRoadRules:
    name = "thunder_road"
    state_format = 1

    def __init__(self, defs: Definitions | None = None) -> None:
        self.given = defs  # a scenario's data; None: the shipped data with the user's overlay

    @property
    def definitions(self) -> Definitions:
        return default_definitions() if self.given is None else self.given

    def start(self, setup: Mapping[str, Any], chance: Chance) -> tuple[RaceState, tuple[Any, ...]]:
        """The dealt race and what set-up said (the first player's roll, the road die)."""
        state, events = initial_state(setup, chance, self.definitions)
        told = list(events)
        state = roll_road(state, chance, self.definitions, told)
        return state, tuple(told)

    def initial_state(self, setup: Mapping[str, Any], chance: Chance) -> RaceState:
        return self.start(setup, chance)[0]

    def apply(self, state: RaceState, action: object, chance: Chance) -> tuple[RaceState, tuple[Any, ...]]:
        return apply(state, action, chance, self.definitions)

    def check(self, state: RaceState, action: object) -> str | None:
        return check(state, action, self.definitions)

    def legal_actions(self, state: RaceState) -> tuple[object, ...]:
        return legal_actions(state, self.definitions)

    def is_terminal(self, state: RaceState) -> bool:
        return state.is_over

    def outcome(self, state: RaceState) -> int | None:
        return state.winner

    def current_player(self, state: RaceState) -> int | None:
        return None if state.is_over else state.turns.current

    def describe(self, action: object, state: RaceState) -> str:
        return describe(action, state, self.definitions)

    def encode_action(self, action: object) -> dict[str, Any]:
        return codec.encode_action(action)

    def decode_action(self, data: Mapping[str, Any]) -> object:
        return codec.decode_action(data)

    def encode_state(self, state: RaceState) -> dict[str, Any]:
        return codec.encode_state(state)

    def decode_state(self, data: Mapping[str, Any]) -> RaceState:
        return codec.decode_state(data)

    def summary(self, state: RaceState) -> dict[str, Any]:
        return summary(state)


RULES = ThunderRoadRules()
