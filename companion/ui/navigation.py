"""Which screen comes back on "Back": a small stack, Kivy-free so its rules are tested without a window."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class NavigationStack:
    #: Screens that are roots: going to one clears the stack (Home, the Table once a game runs).
    roots: frozenset[str] = frozenset({"home", "table"})
    _stack: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def go(self, name: str, params: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        entry = (name, dict(params or {}))
        if name in self.roots:
            self._stack = [entry]
        elif self._stack and self._stack[-1][0] == name:
            self._stack[-1] = entry
        else:
            self._stack.append(entry)
        return entry

    def remember(self, **params: Any) -> None:
        """Adds to the current screen's params what it needs to come back as it was (a screen may be rebuilt)."""
        if self._stack:
            name, current = self._stack[-1]
            self._stack[-1] = (name, {**current, **params})

    def back(self) -> tuple[str, dict[str, Any]]:
        """The screen to show after "Back": the previous one, or Home when there is none."""
        if len(self._stack) > 1:
            self._stack.pop()
            return self._stack[-1]
        self._stack = [("home", {})]
        return self._stack[-1]

    @property
    def current(self) -> str | None:
        return self._stack[-1][0] if self._stack else None

    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self._stack)
