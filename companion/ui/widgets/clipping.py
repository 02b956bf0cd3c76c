"""Clipping that costs no drawing.

Kivy clips a ScrollView or a ScreenManager with the stencil buffer: each one draws its whole rectangle twice into
the stencil on every frame, and every pixel inside is stencil-tested. On a software renderer (Mesa llvmpipe) that
is a full-window pass per rectangle, the largest single cost of a frame. The GL scissor clips to an axis-aligned
window rectangle for free, and nothing in this app is rotated or scaled, so the lists clip with the scissor
(kv/widgets/clipping.kv) and the screen manager, whose screens never slide past its edges, does not clip at all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.graphics import ScissorPush
from kivy.uix.screenmanager import ScreenManager


class PlainScreenManager(ScreenManager):
    """A ScreenManager without Kivy's stencil clip; its kv rule fixes NoTransition, the only transition that
    never draws a screen outside the manager."""

    def on_current(self, instance: Any, value: str) -> None:
        """Finishes the change in its own frame: NoTransition removes the old screen only on the next clock tick
        (it is a zero-length animation), so the first frame of every change drew both screens, the old one
        showing through the new one's gaps, in exactly the frame a touch waits for."""
        super().on_current(instance, value)
        transition = self.transition
        if transition.is_active and transition._anim is not None:
            transition._anim.cancel(transition)
            transition._on_complete()


def window_rect(widget: Any) -> tuple[int, int, int, int]:
    """The widget's rectangle in window pixels (what the scissor takes), rounded outwards. One `to_window`: nothing
    in this app is rotated or scaled, so the size carries over as it is (a scissor and the pop-ups' clips work it
    out for many widgets on every frame)."""
    left, bottom = widget.to_window(widget.x, widget.y)
    x0, y0 = int(left // 1), int(bottom // 1)
    return x0, y0, max(0, int(-(-(left + widget.width) // 1)) - x0), max(0, int(-(-(bottom + widget.height) // 1)) - y0)


def scissor_follows(widget: Any) -> Callable[[Any], None]:
    """A canvas Callback for `widget.canvas.before`, placed just before its ScissorPush: at every draw it moves
    the scissor to where the widget is on the window now (an ancestor may have moved, which no property of the
    widget itself would tell)."""
    found: list[ScissorPush] = []

    def follow(_instruction: Any) -> None:
        if not found:
            found.extend(i for i in widget.canvas.before.children if isinstance(i, ScissorPush))
            if not found:
                return
        scissor = found[0]
        x, y, width, height = window_rect(widget)
        if (scissor.x, scissor.y, scissor.width, scissor.height) != (x, y, width, height):
            scissor.x, scissor.y, scissor.width, scissor.height = x, y, width, height

    return follow
