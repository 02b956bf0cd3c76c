"""Thunderbirds' actions and states to and from JSON-able data: the engine's `Codec` bound to its types.

An action is `{"type": "Move", "vehicle": "tb2", "to": "asia"}`; a state is a nested dict of its fields, `pending`
tagged with its type (see `companion.engine.codec`). Decoding is strict and names the field at fault.
"""

from __future__ import annotations

from companion.engine.codec import Codec
from companion.engine.codec import decode_dataclass as decode_dataclass
from companion.engine.codec import encode as encode
from companion.games.thunderbirds import state as st
from companion.games.thunderbirds.actions import ACTION_TYPES

CODEC = Codec(state=st.GameState, actions=ACTION_TYPES, tagged={"pending": (st.PendingRescue, st.PendingReward)})
encode_action, decode_action, encode_event = CODEC.encode_action, CODEC.decode_action, CODEC.encode_event
encode_state, decode_state = CODEC.encode_state, CODEC.decode_state
