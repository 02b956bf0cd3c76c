"""Every player-facing string of the rules has its French translation, with the same placeholders."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import companion.games.thunderbirds as package
from companion.locale import set_language
from companion.locale.msgfmt import parse_po

PACKAGE = Path(package.__file__).resolve().parent
OTHERS = {"definitions.py", "loader.py", "overlay.py", "check_data.py", "errors.py", "__init__.py"}
CATALOGUE = PACKAGE.parents[1] / "locale" / "fr" / "LC_MESSAGES" / "thunderbirds.po"


def messages() -> Iterator[tuple[str, str]]:
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name in OTHERS or path.name.startswith(("odds", "bot", "simulate")):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                yield path.name, node.args[0].value


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{[^}]*\}", text))


def test_every_message_is_translated() -> None:
    french = parse_po(CATALOGUE.read_text(encoding="utf-8"))
    found = list(messages())
    assert len(found) > 100
    missing = [(name, text) for name, text in found if text not in french]
    assert not missing
    for _, text in found:
        assert placeholders(french[text]) == placeholders(text), text


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
        "Thunderbird 4 se déplace d'une région par action\u00a0; Europe est à 2 régions"
    )
    assert RULES.describe(Move("tb4", "north-atlantic"), state) == "Gordon déplace Thunderbird 4 vers Atlantique Nord"
