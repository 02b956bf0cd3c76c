"""The game's actions, events and states to and from JSON-able data: the engine's `Codec` bound to its types."""

from __future__ import annotations

from companion.games.the_thing.rules import CODEC

encode_action, decode_action, encode_event = CODEC.encode_action, CODEC.decode_action, CODEC.encode_event
encode_state, decode_state = CODEC.encode_state, CODEC.decode_state
