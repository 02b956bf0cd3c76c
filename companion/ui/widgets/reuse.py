"""Lists of widgets that are refilled, not rebuilt.

Creating a Kivy button or label costs milliseconds (its kv rules, dozens of property bindings, a first text
layout), far more than changing its text. A screen that shows a list again after every touch keeps the widgets it
made and only changes what they show; it makes new ones only when the list grows. What goes back and forth (a
Board region's looks, a label's textures, the Board's operation buttons) is kept for its last few uses
(`companion.ui.recently_used.RecentlyUsed`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

W = TypeVar("W")


def refill(box: Any, count: int, make: Callable[[], W]) -> list[W]:
    """`box`'s children made exactly `count` long, first-added first, reusing the ones it has (the last ones are
    removed when there are too many, new ones from `make()` added when too few). Children made for another display
    (the window moved to a screen of another dpi: their sizes are the old one's) are made again."""
    made_for = _display()
    if getattr(box, "_made_for", made_for) != made_for:
        box.clear_widgets()
    box._made_for = made_for
    children: list[Any] = list(reversed(box.children))
    while len(children) > count:
        box.remove_widget(children.pop())
    while len(children) < count:
        widget = make()
        box.add_widget(widget)
        children.append(widget)
    return children


def _display() -> tuple[float, ...] | None:
    """The running app's sizes a made widget may have kept (its touch target, gap and fonts); None without an app."""
    from kivy.app import App

    app = App.get_running_app()
    if app is None:
        return None
    return tuple(float(getattr(app, name, 0)) for name in ("target", "gap", "font_small", "font_body", "font_title"))
