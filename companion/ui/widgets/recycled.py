"""Long lists that build only the rows that show.

Under a software renderer every widget a list holds costs memory whether it is scrolled into view or not (its
Python objects, its kv bindings, its texture). Kivy's RecycleView keeps widgets for the rows in view only (a few
more while scrolling) and fills them again from the list's data as it scrolls. It clips with the scissor like the
other lists (kv/widgets/clipping.kv), not with the stencil of Kivy's own ScrollView rule.
"""

from __future__ import annotations

from typing import Any

from kivy.uix.recycleview import RecycleView


class ListRecycle(RecycleView):
    """A vertical RecycleView that behaves like ListScroll: a list that fits stays put at the top, and `to_top()`
    starts a new list from its first row."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("do_scroll_x", False)
        kwargs.setdefault("always_overscroll", False)
        super().__init__(**kwargs)

    def to_top(self) -> None:
        """Back to the top at once, with Kivy's scroll effect told too (no spring or fling moves it back)."""
        self.scroll_y = 1
        if self.effect_y is not None:
            self.effect_y.velocity = 0
            self.effect_y.value = self.effect_y.max  # Kivy keeps value = max * scroll_y
