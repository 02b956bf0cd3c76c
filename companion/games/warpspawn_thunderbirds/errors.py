"""The pack's data errors are the engine's (`companion.engine.data.problems`): each problem names the file, the
card and the field, in the players' language."""

from __future__ import annotations

from companion.engine.data.problems import CardProblem as Problem
from companion.engine.data.problems import DataError

__all__ = ["DataError", "Problem"]
