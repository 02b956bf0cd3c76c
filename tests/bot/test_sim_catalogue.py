"""Every player-facing message of the odds, bot and simulation modules has a French translation in sim.po with
the same placeholders."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import companion.games.thunderbirds as package
from companion.locale.msgfmt import parse_po

GAME_DIR = Path(package.__file__).resolve().parent
MODULES = ("odds.py", "odds_cli.py", "bot.py", "simulate.py", "simulate_cli.py")
CATALOGUE = GAME_DIR.parents[1] / "locale" / "fr" / "LC_MESSAGES" / "sim.po"


def messages() -> set[str]:
    found = set()
    for name in MODULES:
        for node in ast.walk(ast.parse((GAME_DIR / name).read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.add(node.args[0].value)
    return found


def placeholders(text: str) -> set[str]:
    return {name for _literal, name, _spec, _conv in string.Formatter().parse(text) if name}


def test_every_message_is_translated_with_the_same_placeholders() -> None:
    translations = parse_po(CATALOGUE.read_text(encoding="utf-8"))
    found = messages()
    assert len(found) > 40
    assert sorted(m for m in found if m not in translations) == []
    for message in found:
        assert placeholders(translations[message]) == placeholders(message), message
