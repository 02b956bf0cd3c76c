"""Typed reads of one data entry's fields, as every pack's loader reads them: each failure becomes a problem
naming the file that set the field (shipped or overlay), the entry and the field's path, and reading goes on, so
every problem of a file is reported at once.

A pack subclasses `Fields` for the fields only it has (its names, its confidence marks, its references).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, Generic, TypeVar

from companion.engine.data.files import RawEntry
from companion.engine.data.problems import Problem, shown
from companion.locale import domain

_, ngettext = domain("data")

P = TypeVar("P", bound=Problem)
#: What `raw` returns for a field the entry does not give.
MISSING: Any = object()


class Fields(Generic[P]):
    """One entry's (possibly nested) table: `prefix` is its path in the entry ("bonuses[0]."), `allowed` its
    fields (any other is a problem). `broken` turns true with the first problem; nothing here raises."""

    def __init__(
        self,
        entry: RawEntry,
        problems: list[P],
        problem: type[P],
        data: Any,
        prefix: str = "",
        allowed: Collection[str] | None = None,
    ) -> None:
        self.entry = entry
        self.problems = problems
        self.problem_type = problem
        self.prefix = prefix
        self.broken = False
        self.ok = isinstance(data, dict)
        self.data: dict[str, Any] = data if self.ok else {}
        if not self.ok:
            self.problem_at(prefix.rstrip("."), _("expected a table, got {got}").format(got=shown(data)))
            return
        for key in self.data:
            if allowed is not None and key not in allowed:
                self.problem(key, _("unknown field; expected one of {keys}").format(keys=", ".join(sorted(allowed))))

    def path(self, key: str) -> str:
        return f"{self.prefix}{key}"

    def problem_at(self, path: str, message: str) -> None:
        self.broken = True
        self.problems.append(self.problem_type(self.entry.file_of(path), self.entry.id, path, message))

    def problem(self, key: str, message: str) -> None:
        self.problem_at(self.path(key), message)

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, required: bool = True) -> Any:
        """The field's value as TOML gave it, or `MISSING` (a problem when `required`)."""
        if key not in self.data:
            if required:
                self.problem(key, _("missing"))
            return MISSING
        return self.data[key]

    def text(self, key: str, required: bool = True, default: str | None = None) -> str | None:
        value = self.raw(key, required)
        if value is MISSING:
            return default
        if not isinstance(value, str):
            self.problem(key, _("expected text, got {got}").format(got=shown(value)))
            return default
        return value

    def choice(self, key: str, choices: Sequence[str], required: bool = True, default: str | None = None) -> str | None:
        value = self.raw(key, required)
        if value is MISSING:
            return default
        if not isinstance(value, str) or value not in choices:
            self.problem(
                key, _("expected one of {choices}, got {got}").format(choices=", ".join(choices), got=shown(value))
            )
            return default
        return value

    def integer(self, key: str, low: int, high: int, required: bool = True, default: int | None = None) -> int | None:
        value = self.raw(key, required)
        if value is MISSING:
            return default
        return self.check_integer(key, value, low, high, default)

    def check_integer(self, key: str, value: Any, low: int, high: int, default: int | None = None) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.problem(
                key,
                _("expected an integer from {low} to {high}, got {got}").format(low=low, high=high, got=shown(value)),
            )
            return default
        return value

    def integers(self, key: str, low: int, high: int, required: bool = True) -> tuple[int, ...]:
        """A list of whole numbers from `low` to `high` (a die's faces, counts by player count): each wrong item is
        a problem at `key[n]` and left out; () when the list is missing or is no list."""
        value = self.raw(key, required)
        if value is MISSING:
            return ()
        if not isinstance(value, list):
            self.problem(key, _("expected a list, got {got}").format(got=shown(value)))
            return ()
        read = [self.check_integer(f"{key}[{n}]", item, low, high) for n, item in enumerate(value)]
        return tuple(item for item in read if item is not None)

    def flag(self, key: str, required: bool = True, default: bool = False) -> bool:
        value = self.raw(key, required)
        if value is MISSING:
            return default
        if not isinstance(value, bool):
            self.problem(key, _("expected true or false, got {got}").format(got=shown(value)))
            return default
        return value
