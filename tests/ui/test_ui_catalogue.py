"""Every string the app shows has a French translation with the same placeholders, and the switch is live."""

from __future__ import annotations

import re
import string
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import locale
from companion.locale import build

sys.path.insert(0, str(Path(__file__).resolve().parent))
from catalogue import missing, translations, ui_messages  # noqa: E402


@pytest.fixture
def french() -> Iterator[None]:
    build.main()
    locale.set_language("fr")
    yield
    locale.set_language("en")


def test_every_app_string_has_a_french_translation() -> None:
    assert len(ui_messages()) > 30
    assert missing() == []


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_translations_keep_their_placeholders() -> None:
    for english, french_text in translations().items():
        if english:
            assert placeholders(english) == placeholders(french_text), english


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
