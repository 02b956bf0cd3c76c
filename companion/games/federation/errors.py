"""The Federation pack's data errors (the engine's, `companion.engine.data.problems`): each problem names the
file, the line where there is one, and the field as a dotted path ("race.klingon.diplomacy_modifier")."""

from __future__ import annotations

from companion.engine.data.problems import DataError
from companion.engine.data.problems import Problem as _Problem
from companion.locale import domain

_, ngettext = domain("federation")

__all__ = ["DataError", "Problem"]


class Problem(_Problem):
    """Written `file:line: field 'path': message`."""

    __slots__ = ()

    def field_label(self) -> str:
        return _("field '{field}'").format(field=self.field)
