"""What an opaque pop-up hides is not rasterised.

A pop-up's panel is opaque and covers most of the window, yet Kivy draws everything beneath it first. On a software
renderer (Mesa's llvmpipe, here under Xvfb) the Table beneath a card's pop-up cost about as much to rasterise as the
pop-up itself, in exactly the frame a tap on a card waits for. While a pop-up is open, each widget beneath it is
drawn through a scissor that keeps only what lies outside the panel, the dimmed margin around it; a widget wholly
under the panel gets a one-pixel scissor inside the panel, which the panel then paints over.

The pixels are the same and no instruction is added to or taken from a widget's own canvas: a scissor pair is set
around each widget's canvas in its parent's, so widgets that clear and redraw their canvases stay untouched. The
draw calls stay the same too; only the rasteriser skips the hidden pixels. A widget whose drawing holds an Fbo is
never clipped, nor is any widget around it: an Fbo drawn inside a clip would be clipped in its own texture too.
"""

from __future__ import annotations

from typing import Any

from kivy.graphics import Callback, Fbo, ScissorPop, ScissorPush
from kivy.graphics.instructions import CanvasBase, InstructionGroup

from companion.ui.widgets.clipping import window_rect

Rect = tuple[int, int, int, int]


def visible_part(rect: Rect, cover: Rect) -> Rect | None:
    """The smallest rectangle holding what of `rect` lies outside `cover` (x, y, width, height in window pixels),
    or None when `cover` hides all of it."""
    x0, y0, width, height = rect
    x1, y1 = x0 + width, y0 + height
    cx0, cy0, cover_width, cover_height = cover
    cx1, cy1 = cx0 + cover_width, cy0 + cover_height
    parts = [
        part
        for part in (
            (x0, y0, min(x1, cx0), y1),
            (max(x0, cx1), y0, x1, y1),
            (x0, y0, x1, min(y1, cy0)),
            (x0, max(y0, cy1), x1, y1),
        )
        if part[2] > part[0] and part[3] > part[1]
    ]
    if not parts:
        return None
    left, bottom = min(p[0] for p in parts), min(p[1] for p in parts)
    right, top = max(p[2] for p in parts), max(p[3] for p in parts)
    return left, bottom, right - left, top - bottom


def inner_rect(widget: Any) -> Rect:
    """The window pixels `widget` paints for certain: its rectangle less one pixel on every side (a fill covers the
    pixels whose centres it covers, and the widget's edges need not fall on whole pixels)."""
    x, y, width, height = window_rect(widget)
    return x + 1, y + 1, max(0, width - 2), max(0, height - 2)


class Occlusion:
    """While started, everything drawn under `beneath` (a widget tree drawn before the cover) is clipped to what
    `cover` (an opaque widget drawn after it) leaves visible. The clips follow the widgets: they are worked out
    again at the start of every frame drawn while started, so a widget that moves or a list that scrolls beneath
    the cover is still drawn right."""

    def __init__(self, beneath: Any, cover: Any) -> None:
        self.beneath = beneath
        self.cover = cover
        self._wrapped: list[tuple[Any, Any, ScissorPush, ScissorPop]] = []
        self._follow: tuple[Any, Callback] | None = None

    @property
    def started(self) -> bool:
        return self._follow is not None

    def start(self) -> None:
        """Clips every widget beneath, from the next frame on."""
        if self.started:
            return
        holder = _holder(self.beneath.parent) if self.beneath.parent is not None else None
        if holder is None or holder.indexof(self.beneath.canvas) < 0:
            return
        follow = Callback(self._update)
        holder.insert(holder.indexof(self.beneath.canvas), follow)
        self._follow = (holder, follow)
        self._wrap(self.beneath, _canvases_with_fbo(self.beneath.canvas))  # clipped from the Callback on

    def stop(self) -> None:
        """Takes every clip away again (also from widgets that have left the tree meanwhile)."""
        for _widget, holder, push, pop in self._wrapped:
            holder.remove(push)
            holder.remove(pop)
        self._wrapped.clear()
        if self._follow is not None:
            holder, follow = self._follow
            holder.remove(follow)
            self._follow = None

    def _wrap(self, parent: Any, with_fbo: set[int]) -> None:
        holder = _holder(parent)
        for child in parent.children:
            index = holder.indexof(child.canvas)
            if index < 0:
                continue  # drawn elsewhere (a CachedGrid's children are drawn into its texture)
            if id(child.canvas) not in with_fbo:
                push, pop = ScissorPush(x=0, y=0, width=0, height=0), ScissorPop()
                holder.insert(index, push)
                holder.insert(index + 2, pop)
                self._wrapped.append((child, holder, push, pop))
            self._wrap(child, with_fbo)

    def _update(self, *_: Any) -> None:
        cover = inner_rect(self.cover)
        hidden = (cover[0] + 1, cover[1] + 1, 1, 1)  # under the cover, which paints over it
        for widget, _holder, push, _pop in self._wrapped:
            rect = visible_part(window_rect(widget), cover) or hidden
            if (push.x, push.y, push.width, push.height) != rect:
                # Height last: in some Kivy releases the width setter builds the clip with y for x; height's is right.
                push.x, push.y, push.width, push.height = rect


def _canvases_with_fbo(canvas: Any) -> set[int]:
    """The ids of the instruction groups under `canvas` (itself included) that hold an Fbo somewhere below."""
    found: set[int] = set()

    def visit(group: Any) -> bool:
        holds = False
        for item in group.children:
            if isinstance(item, Fbo):
                holds = True
            elif isinstance(item, InstructionGroup) and visit(item):
                holds = True
        if holds:
            found.add(id(group))
        return holds

    visit(canvas)
    return found


def _holder(widget: Any) -> CanvasBase:
    """The canvas holding `widget`'s children's canvases (a ScrollView keeps them in a viewport canvas of its own)."""
    viewport = getattr(widget, "canvas_viewport", None)
    return viewport if viewport is not None else widget.canvas
