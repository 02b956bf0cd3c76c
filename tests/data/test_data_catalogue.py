"""French messages of the data checks really show (tests/test_translations.py checks they all exist)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.games.thunderbirds.errors import Problem
from companion.locale import LOCALE_DIR, set_language
from companion.locale.msgfmt import compile_catalogue

PO_FILE = LOCALE_DIR / "fr" / "LC_MESSAGES" / "data.po"


@pytest.fixture
def french() -> Iterator[None]:
    compile_catalogue(PO_FILE, PO_FILE.with_suffix(".mo"))
    set_language("fr")
    yield
    set_language("en")


def test_problems_read_in_french(french: None) -> None:
    text = str(Problem("disasters.toml", "sun-probe", "difficulty", "x"))
    # French puts a (no-break) space before each colon.
    assert text == "disasters.toml\u00a0: carte « sun-probe »\u00a0: champ « difficulty »\u00a0: x"
