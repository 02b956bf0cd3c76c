"""What the kit's screens show, Kivy-free: rows of text with their buttons, grouped in sections (tabs).

A screen lists one section at a time in a recycled list (only the rows in view have widgets), so a big kit (a
31-space track, five players' counters, a dozen cards on the table) scrolls instead of filling the window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RowButton:
    """A button of a row: `key` is what the pilot and the tests touch (`act:<action>` for an action); `action`,
    when set, is sent as it is (a variant the rules check when it arrives, e.g. a marker moved to a space);
    otherwise the key is a listed action's or a screen's own (`open:...`, `marker:...`)."""

    key: str
    label: str
    role: str = "normal"
    enabled: bool = True
    action: Any = None


@dataclass(frozen=True)
class Row:
    text: str
    style: str = "normal"  # normal, title, dim, good, bad
    buttons: tuple[RowButton, ...] = ()
    #: Lines of text the row is tall enough for (a phase's reminder takes several).
    lines: int = 1


@dataclass(frozen=True)
class Tab:
    key: str
    label: str
    selected: bool
