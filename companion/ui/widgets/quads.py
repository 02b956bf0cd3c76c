"""Rectangles as one Mesh's vertices and indices: many boxes drawn in a single draw call."""

from __future__ import annotations

from collections.abc import Iterable

Box = tuple[float, float, float, float]  # x, y, width, height
Span = tuple[float, float, float, float]  # u0, v0, u1, v1: the part of the texture a box shows
WHOLE: Span = (0.0, 0.0, 1.0, 1.0)


def quads(boxes: Iterable[tuple[Box, Span]]) -> tuple[list[float], list[int]]:
    """(x, y, u, v) vertices and triangle indices for each box, as the two triangles Kivy's Rectangle draws."""
    vertices: list[float] = []
    indices: list[int] = []
    for (x, y, w, h), (u0, v0, u1, v1) in boxes:
        base = len(vertices) // 4
        vertices += (x, y, u0, v0, x + w, y, u1, v0, x + w, y + h, u1, v1, x, y + h, u0, v1)
        indices += (base, base + 1, base + 2, base + 2, base + 3, base)
    return vertices, indices
