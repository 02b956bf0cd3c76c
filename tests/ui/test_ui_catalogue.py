"""What is specific to the app's catalogue: the kv files' strings (which `tests/test_translations.py`, reading
Python code only, does not see) are in ui.po with the same placeholders, ui.po leaves no sentence in English,
and the language switch is live. Python `_()` strings are checked for the whole project there."""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

from companion import locale
from companion.paths import KV_DIR

sys.path.insert(0, str(Path(__file__).resolve().parent))
from catalogue import kv_messages, translations


def kv_strings() -> dict[str, str]:
    """Message -> the kv file that shows it."""
    found: dict[str, str] = {}
    for path in sorted(KV_DIR.rglob("*.kv")):
        for message in kv_messages(path):
            found.setdefault(message, path.name)
    return found


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_kv_string_has_a_french_translation() -> None:
    messages = kv_strings()
    assert {"Undo", "Back", "Menu", "History"} <= set(messages)  # the parser finds the kv strings
    have = translations()
    assert sorted(f"{where}: {m!r}" for m, where in messages.items() if m not in have) == []


def test_kv_translations_keep_their_placeholders() -> None:
    have = translations()
    wrong = [m for m in kv_strings() if m in have and placeholders(m) != placeholders(have[m])]
    assert wrong == []


def test_no_translation_is_left_in_english_by_mistake() -> None:
    same = {e for e, f in translations().items() if e and e == f}
    # Names that are the same in both languages (people, acronyms, numbers) are fine; sentences are not.
    sentences = {s for s in same if re.search(r"[a-z]{3,} [a-z]{3,}", s)}
    assert sentences == set()


def test_switching_language_changes_presenter_text_at_once(french: None) -> None:
    from companion.ui.presenters.settings import present_settings
    from companion.ui.settings import UiSettings

    assert present_settings(UiSettings(language="fr")).title == "Réglages"
    locale.set_language("en")
    assert present_settings(UiSettings()).title == "Settings"
