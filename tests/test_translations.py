"""Every player-facing message in the code has a French translation with the same placeholders.

One check for the whole project: it reads every `_("...")` and `ngettext("...", "...", n)` call under
`companion/` and looks each message up in the French catalogues (one per area, `companion/locale/fr/LC_MESSAGES/`).
"""

from __future__ import annotations

import ast
import string

from companion.locale import LOCALE_DIR
from companion.locale.msgfmt import parse_po
from companion.paths import ROOT


def code_messages() -> dict[str, str]:
    """Message -> the first file that uses it."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "companion").rglob("*.py")):
        if LOCALE_DIR in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id == "_":
                literals = node.args[:1]
            elif node.func.id == "ngettext":
                literals = node.args[:2]
            else:
                continue
            for arg in literals:
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                # A computed message could never be in a catalogue: the text must be written out.
                assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), f"{where}: not a literal"
                found.setdefault(arg.value, where)
    return found


def french_catalogue() -> dict[str, str]:
    merged: dict[str, str] = {}
    for po in sorted((LOCALE_DIR / "fr" / "LC_MESSAGES").glob("*.po")):
        merged.update(parse_po(po.read_text(encoding="utf-8")))
    return merged


def placeholders(text: str) -> set[str]:
    return {name for _literal, name, _spec, _conv in string.Formatter().parse(text) if name}


def test_every_message_has_a_french_translation() -> None:
    messages = code_messages()
    assert len(messages) > 300
    french = french_catalogue()
    missing = sorted(f"{where}: {message!r}" for message, where in messages.items() if message not in french)
    assert missing == []


def test_translations_keep_the_placeholders() -> None:
    french = french_catalogue()
    wrong = sorted(
        f"{where}: {message!r}"
        for message, where in code_messages().items()
        if message in french and placeholders(french[message]) != placeholders(message)
    )
    assert wrong == []


def test_french_high_punctuation_is_held_by_a_no_break_space() -> None:
    """French puts a space before ":", ";", "?", "!" and "%"; in every catalogue it is a no-break space, so a
    wrapped line never begins with the mark (and a terminal shows the same text)."""
    loose = {}
    for po in sorted((LOCALE_DIR / "fr" / "LC_MESSAGES").glob("*.po")):
        for message, text in parse_po(po.read_text(encoding="utf-8")).items():
            if any(f" {mark}" in text for mark in ":;?!%"):
                loose[message] = f"{po.name}: {text!r}"
    assert sorted(loose.values()) == []
    assert "\u00a0:" in french_catalogue()["Unknown action {name}."]
