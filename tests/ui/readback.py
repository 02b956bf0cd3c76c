"""What a real window shows, for the tests that compare drawings: pixels read back with glReadPixels (as the
pilot's screenshots are) and the size of the window's instruction tree. Imported inside the app's or a probe's
process, after Kivy is set up (tests/ui is on its path)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

Pixel = tuple[int, int, int]


def box_pixels(
    pilot: Any, widget: Any, x: int, y: int, width: int, height: int | None = None
) -> Generator[Any, None, tuple[list[Pixel], int]]:
    """A pilot script step: the window's pixels in the box (two more on every side) with `widget` drawn there,
    and the box's height (`height`, else the widget's own once laid out). Read on the frame after the first, once
    the widget is laid out and its text rendered; the widget is taken away again."""
    from kivy.core.window import Window
    from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels

    seen: dict[str, bytes] = {}

    def read(*_: Any) -> None:
        seen["pixels"] = glReadPixels(0, 0, Window.width, Window.height, GL_RGB, GL_UNSIGNED_BYTE)

    Window.add_widget(widget)
    Window.bind(on_flip=read)
    yield pilot.until(lambda: "pixels" in seen, "a frame read back", timeout=30)
    seen.clear()  # the next frame: the widget laid out and its text rendered
    Window.canvas.ask_update()  # a frame even when nothing else changes
    yield pilot.until(lambda: "pixels" in seen, "a frame read back", timeout=30)
    Window.unbind(on_flip=read)
    Window.remove_widget(widget)
    data, stride = seen["pixels"], Window.width
    h = height if height is not None else int(widget.height) + 1
    pixels = [
        tuple(data[(row * stride + column) * 3 : (row * stride + column) * 3 + 3])
        for row in range(y - 2, y + h + 2)
        for column in range(x - 2, x + width + 2)
    ]
    return pixels, h


def difference(ours: list[Pixel], theirs: list[Pixel], empty: list[Pixel]) -> dict[str, int]:
    """How two drawings of the same box differ: the pixels ours inked (against the empty box), how many pixels
    differ from theirs and by how many levels at worst."""
    differing = [max(abs(a[i] - b[i]) for i in range(3)) for a, b in zip(ours, theirs) if a != b]
    return {
        "inked": sum(1 for a, e in zip(ours, empty) if a != e),
        "differing": len(differing),
        "worst": max(differing, default=0),
    }


def instruction_count(group: Any) -> int:
    """Every instruction under `group` (itself included): equal before and after when nothing was left behind."""
    stack, total = [group], 0
    while stack:
        item = stack.pop()
        total += 1
        stack.extend(getattr(item, "children", []))
    return total
