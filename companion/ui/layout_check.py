"""Checks a drawn screen the way a player would notice problems: text cut off, text on text, a button outside
the window, cut off (by the window, a box, or a scrolling area with no bar or no room for it), too small to hit
(under 9 mm), or out of sight in a scrolling area that does not show it scrolls (no bar a player would see). A
row cut at the edge of a list that shows its bar is how the list says it goes on (but a pop-up's menu that
nearly fits should fit). Used by the UI
tests and reported by the demo."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.stencilview import StencilView
from kivy.uix.widget import Widget

from companion.ui.theme import TOUCH_TARGET_MM, mm_to_px
from companion.ui.widgets.text import broken_word

Rect = tuple[float, float, float, float]  # x, y, right, top in window coordinates

#: Rounding of texture sizes and layouts: a pixel either way is not a visible problem.
TOLERANCE = 1.0
#: A scrolling area says it scrolls with a bar at least this wide (mm) and this opaque at rest.
SCROLL_BAR_MM = 1.0
SCROLL_BAR_ALPHA = 0.4
#: A pop-up's list at least this many times longer than its area is one a player scrolls through; a shorter one (a
#: menu that nearly fits) should fit, and a row cut at its edge is a problem.
LONG_LIST = 2.0


@dataclass(frozen=True)
class Problem:
    kind: str  # "clipped", "word-split", "overlap", "outside", "small", "scroll"
    widget: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.widget}: {self.detail}"


def describe(widget: Widget) -> str:
    key = getattr(widget, "action_key", "")
    text = getattr(widget, "text", "")
    label = f"{type(widget).__name__}"
    if key:
        label += f"[{key}]"
    if text:
        label += f" {text[:40]!r}"
    return label


def window_rect(widget: Widget) -> Rect:
    x, y = widget.to_window(widget.x, widget.y)
    right, top = widget.to_window(widget.right, widget.top)
    return (min(x, right), min(y, top), max(x, right), max(y, top))


def intersect(a: Rect, b: Rect) -> Rect | None:
    x, y = max(a[0], b[0]), max(a[1], b[1])
    right, top = min(a[2], b[2]), min(a[3], b[3])
    if right - x <= TOLERANCE or top - y <= TOLERANCE:
        return None
    return (x, y, right, top)


@dataclass(frozen=True)
class Seen:
    """One widget as a player sees it: its whole box, the part shown (None: none of it), and the scrolling area
    it sits in, if any."""

    widget: Widget
    full: Rect
    visible: Rect | None
    scroll: ScrollView | None


def _walk(root: Widget, clip: Rect | None, scroll: ScrollView | None) -> Iterator[Seen]:
    """Every shown widget under `root`, with what a player sees of it. Widgets clipped out of sight are walked
    too when they sit in a scrolling area (a button there is still reachable, by a scroll)."""
    for child in list(root.children):
        if child.opacity <= 0.01 or child.width <= 0 or child.height <= 0:
            continue
        rect = window_rect(child)
        visible = intersect(rect, clip) if clip is not None else None
        if visible is None and scroll is None:
            continue
        yield Seen(child, rect, visible, scroll)
        clips = isinstance(child, (ScrollView, StencilView))
        inner = (visible if clips else clip) if visible is not None else None
        yield from _walk(child, inner, child if isinstance(child, ScrollView) else scroll)


def _shown_widgets(window: Widget, screen: Rect) -> Iterator[Seen]:
    """What players can see: a modal view hides (behind its shade) everything under it."""
    from kivy.uix.modalview import ModalView

    top = next((child for child in window.children if isinstance(child, ModalView)), None)
    if top is None:
        yield from _walk(window, screen, None)
        return
    rect = window_rect(top)
    yield Seen(top, rect, intersect(rect, screen), None)
    yield from _walk(top, screen, None)


def announces_scroll(view: ScrollView, dpi: float) -> bool:
    """Whether a scrolling area shows that it scrolls: a bar at least SCROLL_BAR_MM wide, seen when at rest."""
    bar_colour = list(getattr(view, "bar_inactive_color", [0, 0, 0, 0]))
    wide = float(view.bar_width) >= mm_to_px(SCROLL_BAR_MM, dpi) - 0.5
    return wide and len(bar_colour) == 4 and bar_colour[3] >= SCROLL_BAR_ALPHA


def shown_whole(widget: Widget) -> bool:
    """Whether all of `widget` is in sight now: inside the window and inside every clipping area that holds it."""
    from kivy.core.window import Window

    full = window_rect(widget)
    shown: Rect | None = intersect(full, (0.0, 0.0, float(Window.width), float(Window.height)))
    node = widget.parent
    while shown is not None and node is not None and node is not node.parent:
        if isinstance(node, (ScrollView, StencilView)):
            shown = intersect(shown, window_rect(node))
        node = node.parent
    return shown is not None and not _cut(full, shown)


def _list_goes_on(view: ScrollView | None, button: Widget, dpi: float) -> bool:
    """A button cut by the edge of a list that shows its bar and has room for a whole button: the row at the edge
    of a list that goes on, which the next scroll brings in. A pop-up's menu that nearly fits should fit."""
    if view is None or not announces_scroll(view, dpi) or not view.children:
        return False
    content = view.children[0]
    long_list = content.height >= LONG_LIST * view.height or content.width >= LONG_LIST * view.width
    if not long_list and _in_popup(view):
        return False
    return bool(view.height >= button.height - TOLERANCE and view.width >= button.width - TOLERANCE)


def _in_popup(widget: Widget) -> bool:
    from kivy.uix.modalview import ModalView

    node = widget.parent
    while node is not None and node is not node.parent:
        if isinstance(node, ModalView):
            return True
        node = node.parent
    return False


def _cut(full: Rect, visible: Rect) -> str:
    """Which sides of `full` a player does not see, or "" when it is all shown."""
    sides = [
        ("left", visible[0] - full[0]),
        ("bottom", visible[1] - full[1]),
        ("right", full[2] - visible[2]),
        ("top", full[3] - visible[3]),
    ]
    return ", ".join(f"{name} {amount:.0f} px" for name, amount in sides if amount > TOLERANCE)


def check_layout(window: Widget, target_px: float | None = None, dpi: float | None = None) -> list[Problem]:
    """All problems on what `window` shows now. `target_px` (default 9 mm at `dpi`) is the smallest button."""
    from kivy.metrics import Metrics

    width, height = window.size
    screen: Rect = (0.0, 0.0, float(width), float(height))
    dpi = dpi or float(Metrics.dpi)
    minimum = target_px if target_px is not None else mm_to_px(TOUCH_TARGET_MM, dpi)
    problems: list[Problem] = []
    texts: list[tuple[Widget, Rect]] = []
    hidden: dict[ScrollView, list[Widget]] = {}
    for seen in _shown_widgets(window, screen):
        widget, visible = seen.widget, seen.visible
        is_button = isinstance(widget, ButtonBehavior)
        if visible is None:
            if is_button and seen.scroll is not None and not announces_scroll(seen.scroll, dpi):
                hidden.setdefault(seen.scroll, []).append(widget)
            continue
        drawn = getattr(widget, "text_problems", None)
        if callable(drawn):
            problems.extend(Problem("clipped", describe(widget), text) for text in drawn())
        if isinstance(widget, Label) and widget.text.strip():
            texture_w, texture_h = widget.texture_size
            if texture_w > widget.width + TOLERANCE or texture_h > widget.height + TOLERANCE:
                problems.append(
                    Problem(
                        "clipped",
                        describe(widget),
                        f"text needs {texture_w:.0f}x{texture_h:.0f}, box is {widget.width:.0f}x{widget.height:.0f}",
                    )
                )
            split = _split_word(widget)
            if split:
                problems.append(Problem("word-split", describe(widget), f"{split!r} is broken across two lines"))
            texts.append((widget, visible))
        elif is_button:
            texts.append((widget, visible))
        if is_button:
            full = seen.full
            outside = (
                full[0] < -TOLERANCE
                or full[1] < -TOLERANCE
                or full[2] > width + TOLERANCE
                or full[3] > height + TOLERANCE
            )
            cut = _cut(full, visible)
            if not seen.scroll and outside:
                problems.append(Problem("outside", describe(widget), f"at {tuple(round(v) for v in full)}"))
            elif cut and not _list_goes_on(seen.scroll, widget, dpi):
                problems.append(Problem("clipped", describe(widget), f"cut off: {cut} not shown"))
            if widget.width < minimum - 0.5 or widget.height < minimum - 0.5:
                problems.append(
                    Problem(
                        "small",
                        describe(widget),
                        f"{widget.width:.0f}x{widget.height:.0f} px, needs {minimum:.0f} px (9 mm)",
                    )
                )
    for view, buttons in hidden.items():
        names = ", ".join(describe(button) for button in buttons[:3]) + (", ..." if len(buttons) > 3 else "")
        problems.append(
            Problem(
                "scroll", describe(view), f"{len(buttons)} button(s) out of sight, and nothing says it scrolls: {names}"
            )
        )
    for index, (first, first_rect) in enumerate(texts):
        for second, second_rect in texts[index + 1 :]:
            if _related(first, second):
                continue
            if intersect(first_rect, second_rect) is not None:
                problems.append(Problem("overlap", describe(first), f"overlaps {describe(second)}"))
    return problems


def _split_word(label: Label) -> str:
    """A word Kivy broke in the middle across two lines ("Historiqu e"), which players misread: judged on the
    lines Kivy laid out, so it is exact whatever the rounding of widths and paddings."""
    if label.markup:
        return ""
    label.texture_update()  # the lines of the text shown now, not of an older text
    return broken_word(label)


def _related(a: Widget, b: Widget) -> bool:
    """A label inside a button (or any text inside another checked widget) is not an overlap."""
    return _is_ancestor(a, b) or _is_ancestor(b, a)


def _is_ancestor(ancestor: Widget, widget: Widget) -> bool:
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if parent is ancestor:
            return True
        parent = parent.parent
    return False
