"""What presenters hand the screens, kivy-free: a line of text with a style (the unit of every pop-up and detail
list) and a button."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TextLine:
    text: str
    style: str = "normal"  # normal, good, bad, dim, title


@dataclass(frozen=True)
class ButtonView:
    """A button as a presenter offers it: what a touch does (`key`, e.g. "act:..." or "open:..."), what it says,
    how it looks (normal, primary, danger...) and whether it can be touched now."""

    key: str
    label: str
    role: str = "normal"
    enabled: bool = True
