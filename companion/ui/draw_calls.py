"""How many draw calls a canvas issues per frame, by kind: Mesa's llvmpipe keeps binning memory for every draw
call of the largest frame it has drawn (about 38 kB each), so the benchmark and the tests count them.

Every vertex instruction (Rectangle, Mesh, Line, SmoothLine, BorderImage, Ellipse...) is one draw call. What an
Fbo draws is not counted: it is drawn into its own texture, outside the window's frame."""

from __future__ import annotations

from collections import Counter
from typing import Any

from kivy.graphics import Fbo, InstructionGroup
from kivy.graphics.instructions import VertexInstruction


def draw_calls(group: Any, kinds: Counter[str] | None = None) -> int:
    """The draw calls `group` (a canvas, with its before and after, and its children's canvases) issues."""
    count = 0
    for child in group.children:
        if isinstance(child, Fbo):
            continue
        if isinstance(child, VertexInstruction):
            count += 1
            if kinds is not None:
                kinds[type(child).__name__] += 1
        elif isinstance(child, InstructionGroup):  # canvases, their before and after, groups
            count += draw_calls(child, kinds)
    return count
