"""Thunderbirds' actions and states to and from JSON-able data: the engine's `Codec` bound to its types.

An action is `{"type": "Move", "vehicle": "tb2", "to": "asia"}`; a state is a nested dict of its fields, `pending`
tagged with its type (see `companion.engine.codec`). Decoding is strict and names the field at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.codec import Codec, encode
from companion.games.thunderbirds import state as st
from companion.games.thunderbirds.actions import ACTION_TYPES

__all__ = ["CODEC", "decode_action", "decode_state", "encode", "encode_action", "encode_event", "encode_state"]

CODEC = Codec(state=st.GameState, actions=ACTION_TYPES, tagged={"pending": (st.PendingRescue, st.PendingReward)})


def encode_action(action: object) -> dict[str, Any]:
    return CODEC.encode_action(action)


def decode_action(data: Mapping[str, Any]) -> object:
    return CODEC.decode_action(data)


def encode_event(event: object) -> dict[str, Any]:
    return CODEC.encode_event(event)


def encode_state(state: st.GameState) -> dict[str, Any]:
    return CODEC.encode_state(state)


def decode_state(data: Mapping[str, Any]) -> st.GameState:
    state: st.GameState = CODEC.decode_state(data)
    return state
