"""Lists of widgets that are refilled, not rebuilt.

Creating a Kivy button or label costs milliseconds (its kv rules, dozens of property bindings, a first text
layout), far more than changing its text. A screen that shows a list again after every touch keeps the widgets it
made and only changes what they show; it makes new ones only when the list grows. What goes back and forth (a
Board region's looks, a label's textures, the Board's operation buttons) is kept for its last few uses.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

W = TypeVar("W")
K = TypeVar("K")
V = TypeVar("V")


def refill(box: Any, count: int, make: Callable[[], W]) -> list[W]:
    """`box`'s children made exactly `count` long, first-added first, reusing the ones it has (the last ones are
    removed when there are too many, new ones from `make()` added when too few)."""
    children: list[Any] = list(reversed(box.children))
    while len(children) > count:
        box.remove_widget(children.pop())
    while len(children) < count:
        widget = make()
        box.add_widget(widget)
        children.append(widget)
    return children


class RecentlyUsed(OrderedDict[K, V]):
    """What was made for the last few keys, the most recently used last: a look, a texture or a button shown a
    moment ago is shown again instead of being made anew."""

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
