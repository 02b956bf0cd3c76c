"""What the Session needs from a game pack. Games implement `GameRules` for their own state and actions.

Every game state is a frozen dataclass with a field `rng: int`; the Session sets it to `chance.rng_after` after
each `initial_state` and `apply`, so games never handle the PRNG state themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from companion.engine.chance import Chance

S = TypeVar("S")
A = TypeVar("A")


class Event(Protocol):
    """Something that happened during `apply` (a card drawn, a die rolled); games define frozen dataclasses."""


class GameRules(Protocol[S, A]):
    name: str  # the registry key, e.g. "thunderbirds"
    state_format: int  # bumped when the encoded state changes; older snapshots are then rebuilt from the log

    def initial_state(self, setup: Mapping[str, Any], chance: Chance) -> S: ...

    def apply(self, state: S, action: A, chance: Chance) -> tuple[S, tuple[Any, ...]]:
        """The state after `action` and the events it caused; raises `IllegalAction`, never mutates."""
        ...

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """Every action `apply` accepts now (the screens offer these, the drills play them)."""
        ...

    def is_terminal(self, state: S) -> bool: ...

    def describe(self, action: A, state: S) -> str:
        """A label for the history, in the current language; `state` is the state before the action."""
        ...

    def encode_action(self, action: A) -> dict[str, Any]: ...

    def decode_action(self, data: Mapping[str, Any]) -> A: ...

    def encode_state(self, state: S) -> dict[str, Any]: ...

    def decode_state(self, data: Mapping[str, Any]) -> S: ...

    def summary(self, state: S) -> dict[str, Any]:
        """Small JSON-able facts for the saved-games list (status, turn...)."""
        ...
