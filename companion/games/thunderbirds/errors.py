"""The Thunderbirds pack's errors: bad game data names the file, the card and the field of every problem."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from companion.engine.errors import CompanionError
from companion.locale import domain

_, ngettext = domain("thunderbirds")


class Problem(NamedTuple):
    """One thing wrong in a data or overlay file; `card_id` and `field` are "" when the problem is the file's."""

    file: str
    card_id: str
    field: str
    message: str

    def __str__(self) -> str:
        parts = [self.file] if self.file else []
        if self.card_id:
            parts.append(_('card "{id}"').format(id=self.card_id))
        if self.field:
            parts.append(_('field "{field}"').format(field=self.field))
        parts.append(self.message)
        text = parts[0]
        for part in parts[1:]:
            text = _("{head}: {detail}").format(head=text, detail=part)  # French: "fichier : carte …"
        return text


class DataError(CompanionError, ValueError):
    """The game data (shipped or overlay) is invalid; `problems` lists every problem found, not just the first."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
