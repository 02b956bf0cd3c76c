"""The Solitaire pack's data errors are the engine's (`companion.engine.data.problems`): each problem names the
file, the line when known, the entry and the field."""

from __future__ import annotations

from companion.engine.data.problems import DataError, Problem

__all__ = ["DataError", "Problem"]
