"""Federation's actions and states to and from JSON-able data: the engine's `Codec` bound to its types.

An action is `{"type": "EnterSystem", "system": "s3", "race": "klingon", "ships": ["science-vessel"]}` (the game
log's form and the scenario files'); a state is a nested dict of its fields (see `companion.engine.codec`).
"""

from __future__ import annotations

from companion.engine.codec import Codec
from companion.engine.codec import decode_dataclass as decode_dataclass
from companion.engine.codec import encode as encode
from companion.games.federation.actions import ACTION_TYPES
from companion.games.federation.state import FederationState

CODEC = Codec(state=FederationState, actions=ACTION_TYPES)
encode_action, decode_action, encode_event = CODEC.encode_action, CODEC.decode_action, CODEC.encode_event
encode_state, decode_state = CODEC.encode_state, CODEC.decode_state
