"""The Solitaire pack's errors: bad game data names the file, the line when known, the entry and the field."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from companion.engine.errors import CompanionError
from companion.locale import _


class Problem(NamedTuple):
    """One thing wrong in a data or overlay file; `entry` and `field` are "" when the problem is the file's."""

    file: str
    entry: str
    field: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        head = self.file if self.line is None else f"{self.file}:{self.line}"
        parts = [head] if head else []
        if self.entry:
            parts.append(_('entry "{id}"').format(id=self.entry))
        if self.field:
            parts.append(_('field "{field}"').format(field=self.field))
        parts.append(self.message)
        text = parts[0]
        for part in parts[1:]:
            text = _("{head}: {detail}").format(head=text, detail=part)
        return text


class DataError(CompanionError, ValueError):
    """The data (shipped or overlay) is invalid; `problems` lists every problem found, not just the first."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
