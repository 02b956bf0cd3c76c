"""Every player-facing string of the rules has its French translation, with the same placeholders."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import companion.games.thunderbirds as package
from companion.locale import set_language
from companion.locale.po import read_catalogue

PACKAGE = Path(package.__file__).resolve().parent
OTHERS = {"definitions.py", "loader.py", "overlay.py", "check_data.py", "errors.py", "__init__.py"}
CATALOGUE = PACKAGE.parents[1] / "locale" / "fr" / "LC_MESSAGES" / "thunderbirds.po"


def messages() -> Iterator[tuple[str, str, str | None]]:
    """(file, message, plural message or None) for every `_()` and `ngettext()` of the rules."""
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name in OTHERS or path.name.startswith(("odds", "bot", "simulate")):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
                continue
            first = node.args[0]
            if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
                continue
            if node.func.id == "_":
                yield path.name, first.value, None
            elif node.func.id == "ngettext" and isinstance(node.args[1], ast.Constant):
                yield path.name, first.value, node.args[1].value


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{[^}]*\}", text))


def test_every_message_is_translated() -> None:
    french = read_catalogue(CATALOGUE)
    found = list(messages())
    assert len(found) > 100
    missing = [(name, text) for name, text, _plural in found if not french.get(text) or not french.get(text).string]
    assert not missing
    for _name, text, plural in found:
        entry = french.get(text)
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if plural is not None:
            assert entry.id == (text, plural), text
            assert len(forms) == 2 and all(forms), text
        for form in forms:
            assert placeholders(form) == placeholders(text), text


def test_counts_take_the_french_singular_for_zero_and_one(in_french: None) -> None:
    from companion.games.thunderbirds.actions import AdjustActions
    from companion.games.thunderbirds.rules import RULES

    from .positions import game

    state = game(["gordon", "scott"])
    labels = [RULES.describe(AdjustActions(n), state) for n in (0, 1, 2)]
    assert labels == [
        "Ajustement\u00a0: 0\u00a0action restante",
        "Ajustement\u00a0: 1\u00a0action restante",
        "Ajustement\u00a0: 2\u00a0actions restantes",
    ]


@pytest.fixture
def in_french() -> Iterator[None]:
    from companion.locale.build import main as build

    build()
    set_language("fr")
    yield
    set_language("en")


def test_reasons_and_labels_in_french(in_french: None) -> None:
    from companion.games.thunderbirds.actions import Move
    from companion.games.thunderbirds.rules import RULES, check

    from .positions import game

    state = game(["gordon", "scott"], position={"vehicles": {"tb4": "north-america"}})
    assert check(state, Move("tb4", "europe")) == (
        "Thunderbird 4 se déplace d'une région par action\u00a0; Europe est à 2\u00a0régions"
    )
    assert RULES.describe(Move("tb4", "north-atlantic"), state) == "Gordon déplace Thunderbird 4 vers Atlantique Nord"
