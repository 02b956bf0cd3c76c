"""Every player-facing message of the engine has a French translation with the same placeholders."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import companion.engine
from companion.locale.msgfmt import parse_po

ENGINE_DIR = Path(companion.engine.__file__).resolve().parent
CATALOGUE = ENGINE_DIR.parent / "locale" / "fr" / "LC_MESSAGES" / "engine.po"


def engine_messages() -> set[str]:
    found = set()
    for path in ENGINE_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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


def test_every_engine_message_is_translated_with_the_same_placeholders() -> None:
    translations = parse_po(CATALOGUE.read_text(encoding="utf-8"))
    messages = engine_messages()
    assert len(messages) > 30
    missing = sorted(m for m in messages if m not in translations)
    assert missing == []
    for message in messages:
        assert placeholders(translations[message]) == placeholders(message), message
