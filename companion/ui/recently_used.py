"""A small store of what was made for the last few keys, for widgets and presenters alike (no Kivy here)."""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class RecentlyUsed(OrderedDict[K, V]):
    """What was made for the last few keys, the most recently used last: a look, a texture, a button or a layout
    used a moment ago is used again instead of being made anew."""

    def take(self, key: K) -> V | None:
        """The entry for `key`, now the most recent; None when there is none."""
        if key not in self:
            return None
        self.move_to_end(key)
        return self[key]

    def keep(self, key: K, value: V, limit: int) -> None:
        """`value` for `key`, the most recent, then the oldest dropped beyond `limit` entries."""
        self[key] = value
        self.move_to_end(key)
        while len(self) > limit:
            self.popitem(last=False)
