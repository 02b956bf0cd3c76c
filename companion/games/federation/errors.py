"""The Federation pack's data errors: each problem names the file, the field and, where there is one, the line."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from companion.engine.errors import CompanionError
from companion.locale import _


class Problem(NamedTuple):
    """One thing wrong in a data file; `field` is a dotted path ("race.klingon.diplomacy_modifier")."""

    file: str
    field: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        if self.field:
            where = _("{where}: field '{field}'").format(where=where, field=self.field)
        return _("{head}: {detail}").format(head=where, detail=self.message)


class DataError(CompanionError, ValueError):
    """The Federation data is invalid; `problems` lists every problem found, not just the first."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
