"""French messages of the data checks really show (tests/test_translations.py checks they all exist)."""

from __future__ import annotations

from companion.games.thunderbirds.errors import Problem


def test_problems_read_in_french(french: None) -> None:
    text = str(Problem("disasters.toml", "sun-probe", "difficulty", "x"))
    # French puts a (no-break) space before each colon.
    assert text == "disasters.toml\u00a0: carte « sun-probe »\u00a0: champ « difficulty »\u00a0: x"
