"""Kit states and actions to and from JSON-able data: the engine's codec (`companion.engine.codec`), under the
names the kit's rules and the packs built on kit components use."""

from __future__ import annotations

from companion.engine.codec import decode_dataclass as decode
from companion.engine.codec import decode_tagged, encode, encode_tagged

__all__ = ["decode", "decode_tagged", "encode", "encode_tagged"]
