"""Thunder Road's actions, events and states to and from JSON-able data: the engine's `Codec` bound to its types."""

from __future__ import annotations

from companion.engine.codec import Codec
from companion.games.thunder_road.actions import ACTION_TYPES
from companion.games.thunder_road.state import RaceState

CODEC = Codec(state=RaceState, actions=ACTION_TYPES)
encode_action, decode_action, encode_event = CODEC.encode_action, CODEC.decode_action, CODEC.encode_event
encode_state, decode_state = CODEC.encode_state, CODEC.decode_state
