"""What is wrong in a game's data: one `Problem` names the file, the line when known, the entry and the field, in
the players' language; one `DataError` carries every problem found, never only the first."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, NamedTuple

from companion.engine.errors import CompanionError
from companion.locale import domain

_, ngettext = domain("data")


class Problem(NamedTuple):
    """One thing wrong in a data or overlay file; `entry` and `field` are "" when the problem is the file's.

    Written `file:line: entry "id": field "name": message` (French: `fichier:ligne : entrée « id » : …`)."""

    file: str
    entry: str
    field: str
    message: str
    line: int | None = None

    @property
    def card_id(self) -> str:
        """The entry's id, as packs whose entries are cards call it."""
        return self.entry

    def entry_label(self) -> str:
        return _('entry "{id}"').format(id=self.entry)

    def field_label(self) -> str:
        return _('field "{field}"').format(field=self.field)

    def __str__(self) -> str:
        head = self.file if self.line is None else f"{self.file}:{self.line}"
        parts = [head] if head else []
        if self.entry:
            parts.append(self.entry_label())
        if self.field:
            parts.append(self.field_label())
        parts.append(self.message)
        text = parts[0]
        for part in parts[1:]:
            text = _("{head}: {detail}").format(head=text, detail=part)  # French: "fichier : carte …"
        return text


class CardProblem(Problem):
    """A problem in a pack whose entries are cards: `card "id"` in messages."""

    __slots__ = ()

    def entry_label(self) -> str:
        return _('card "{id}"').format(id=self.entry)


class DataError(CompanionError, ValueError):
    """The game data (shipped or overlay) is invalid; `problems` lists every problem found, not just the first."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def shown(value: Any) -> str:
    """A value as a problem quotes it: JSON for what TOML wrote, "a table" for a table."""
    if isinstance(value, dict):
        return _("a table")
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return repr(value)
