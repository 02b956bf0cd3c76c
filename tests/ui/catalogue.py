"""Finds every player-facing string of the app (`_("...")` in companion/ui and kv/) and checks ui.po has it.

    python tests/ui/catalogue.py      prints the app's messages that ui.po does not translate yet

`tests/test_translations.py` checks Python strings against every catalogue; the kv files are read only here.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from companion.locale.po import parse_po
from companion.paths import KV_DIR, ROOT

UI_DIR = ROOT / "companion" / "ui"
PO_FILE = ROOT / "companion" / "locale" / "fr" / "LC_MESSAGES" / "ui.po"
KV_CALL = re.compile(r"""_\(\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*\)""")


def python_messages(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_"):
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found.add(node.args[0].value)
    return found


def kv_messages(path: Path) -> set[str]:
    return {ast.literal_eval(match) for match in KV_CALL.findall(path.read_text(encoding="utf-8"))}


def ui_messages() -> set[str]:
    messages: set[str] = set()
    for path in UI_DIR.rglob("*.py"):
        messages |= python_messages(path)
    for path in KV_DIR.rglob("*.kv"):
        messages |= kv_messages(path)
    return messages


def translations() -> dict[str, str]:
    return parse_po(PO_FILE.read_text(encoding="utf-8")) if PO_FILE.exists() else {}


def missing() -> list[str]:
    have = translations()
    return sorted(m for m in ui_messages() if m not in have)


if __name__ == "__main__":
    for message in missing():
        print(repr(message))
    sys.exit(0)
