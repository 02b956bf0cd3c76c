"""Long lists that build only the rows that show.

Under a software renderer every widget a list holds costs memory whether it is scrolled into view or not (its
Python objects, its kv bindings, its texture). Kivy's RecycleView keeps widgets for the rows in view only (a few
more while scrolling) and fills them again from the list's data as it scrolls. It clips with the scissor like the
other lists (kv/widgets/clipping.kv), not with the stencil of Kivy's own ScrollView rule.
"""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.uix.recycleboxlayout import RecycleBoxLayout
from kivy.uix.recycleview import RecycleView

from companion.ui.widgets.text import VerticalList


class ListRecycle(VerticalList, RecycleView):
    """A vertical RecycleView that behaves like ListScroll: a list that fits stays put at the top, and `to_top()`
    starts a new list from its first row."""

    scroll_y: Any  # Kivy's ScrollView property (Kivy ships no type information)

    def scroll_to(self, widget: Any, padding: float = 10, animate: Any = True) -> None:
        """Scrolls until `widget` (a row built for the view) is in view. Kivy's ScrollView.scroll_to first asks the
        content's layout trigger whether a layout is pending, which a recycle layout does not have (the view lays
        it out): here the view's pending refresh runs first, then the same arithmetic, without animation."""
        if not self.parent:
            return
        self.refresh_views()
        pad = dp(padding)
        bottom = self.parent.to_widget(*widget.to_window(*widget.pos))[1]
        top = self.parent.to_widget(*widget.to_window(widget.right, widget.top))[1]
        dy = 0.0
        if bottom < self.y:
            dy = self.y - bottom + pad
        elif top > self.top:
            dy = self.top - top - pad
        self.scroll_y = min(1.0, max(0.0, self.scroll_y - self.convert_distance_to_scroll(0, dy)[1]))


class ListRecycleBox(RecycleBoxLayout):
    """The rows' layout of a ListRecycle. Kivy lays a recycle layout out from its view and refuses a direct
    `do_layout()`; asked for one (the pilot lays a button's parents out before touching it), it runs the view's
    pending refresh now, which is what laying it out means here."""

    def do_layout(self, *_: Any) -> None:
        view = self.recycleview
        if view is not None:
            view.refresh_views()
