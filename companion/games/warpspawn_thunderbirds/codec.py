"""Warpspawn's actions and states to and from JSON-able data: the engine's `Codec` bound to its types.

An action is `{"type": "PlayCard", "card": "move-3", "pawn": "tb2", "to": [4, 7]}`; a state is a nested dict of its
fields (tuples as lists, decks as their fields; see `companion.engine.codec`). Decoding is strict.
"""

from __future__ import annotations

from companion.engine.codec import Codec
from companion.engine.codec import decode_dataclass as decode_dataclass
from companion.engine.codec import encode as encode
from companion.games.warpspawn_thunderbirds import state as st
from companion.games.warpspawn_thunderbirds.actions import ACTION_TYPES

CODEC = Codec(state=st.GameState, actions=ACTION_TYPES)
encode_action, decode_action, encode_event = CODEC.encode_action, CODEC.decode_action, CODEC.encode_event
encode_state, decode_state = CODEC.encode_state, CODEC.decode_state
