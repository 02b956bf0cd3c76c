"""Every player-facing message of the data checks has a French translation, and French messages really show."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.thunderbirds.errors import Problem
from companion.locale import LOCALE_DIR, set_language
from companion.locale.msgfmt import compile_catalogue, parse_po
from companion.paths import ROOT

MODULES = [ROOT / "companion" / "games" / "thunderbirds" / name
           for name in ("errors.py", "loader.py", "overlay.py", "check_data.py")]
PO_FILE = LOCALE_DIR / "fr" / "LC_MESSAGES" / "data.po"


def messages(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_":
            assert node.args and isinstance(node.args[0], ast.Constant), f"{path.name}: _() of a non-literal"
            found.add(node.args[0].value)
    return found


def test_every_message_is_translated() -> None:
    have = parse_po(PO_FILE.read_text(encoding="utf-8"))
    wanted = set().union(*(messages(path) for path in MODULES))
    assert sorted(wanted - have.keys()) == []
    for message in wanted:  # the same placeholders on both sides
        assert sorted(_placeholders(message)) == sorted(_placeholders(have[message])), message


def _placeholders(text: str) -> list[str]:
    import string

    return [name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None]


@pytest.fixture
def french() -> Iterator[None]:
    compile_catalogue(PO_FILE, PO_FILE.with_suffix(".mo"))
    set_language("fr")
    yield
    set_language("en")


def test_problems_read_in_french(french: None) -> None:
    text = str(Problem("disasters.toml", "sun-probe", "difficulty", "x"))
    assert text == "disasters.toml: carte « sun-probe »: champ « difficulty »: x"
