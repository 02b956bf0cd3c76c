"""A line of text with a style, the unit of every pop-up and detail list (kivy-free, so presenters make them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TextLine:
    text: str
    style: str = "normal"  # normal, good, bad, dim, title
