"""Checks a drawn screen the way a player would notice problems: text cut off, text on text, a button outside
the window or too small to hit (under 9 mm). Used by the UI tests and reported by the demo."""

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


@dataclass(frozen=True)
class Problem:
    kind: str  # "clipped", "word-split", "overlap", "outside", "small"
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


def _visible_widgets(root: Widget, clip: Rect, in_scroll: bool) -> Iterator[tuple[Widget, Rect, bool]]:
    """Every shown widget with the part of it a player can see, and whether it sits in a scrolling area."""
    for child in list(root.children):
        if child.opacity <= 0.01 or child.width <= 0 or child.height <= 0:
            continue
        rect = window_rect(child)
        visible = intersect(rect, clip)
        if visible is None:
            continue
        yield child, visible, in_scroll
        scroll = isinstance(child, (ScrollView, StencilView))
        yield from _visible_widgets(child, visible if scroll else clip, in_scroll or isinstance(child, ScrollView))


def _shown_widgets(window: Widget, screen: Rect) -> Iterator[tuple[Widget, Rect, bool]]:
    """What players can see: a modal view hides (behind its shade) everything under it."""
    from kivy.uix.modalview import ModalView

    top = next((child for child in window.children if isinstance(child, ModalView)), None)
    if top is None:
        yield from _visible_widgets(window, screen, False)
        return
    rect = window_rect(top)
    yield top, rect, False
    yield from _visible_widgets(top, screen, False)


def check_layout(window: Widget, target_px: float | None = None, dpi: float | None = None) -> list[Problem]:
    """All problems on what `window` shows now. `target_px` (default 9 mm at `dpi`) is the smallest button."""
    from kivy.metrics import Metrics

    width, height = window.size
    screen: Rect = (0.0, 0.0, float(width), float(height))
    minimum = target_px if target_px is not None else mm_to_px(TOUCH_TARGET_MM, dpi or float(Metrics.dpi))
    problems: list[Problem] = []
    texts: list[tuple[Widget, Rect]] = []
    for widget, visible, in_scroll in _shown_widgets(window, screen):
        is_button = isinstance(widget, ButtonBehavior)
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
            full = window_rect(widget)
            outside = (
                full[0] < -TOLERANCE
                or full[1] < -TOLERANCE
                or full[2] > width + TOLERANCE
                or full[3] > height + TOLERANCE
            )
            if not in_scroll and outside:
                problems.append(Problem("outside", describe(widget), f"at {tuple(round(v) for v in full)}"))
            if widget.width < minimum - 0.5 or widget.height < minimum - 0.5:
                problems.append(
                    Problem(
                        "small",
                        describe(widget),
                        f"{widget.width:.0f}x{widget.height:.0f} px, needs {minimum:.0f} px (9 mm)",
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
