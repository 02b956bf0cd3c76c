"""Player-facing text in English and French through stdlib gettext, switchable live.

Strings are written in English in the code and wrapped in `_()`. Each area of the project keeps its own
catalogue (`fr/LC_MESSAGES/<area>.po`: engine, thunderbirds, devices, ui, ...); `_()` looks a message up in all
of them. `make test` and `make run` compile the catalogues (see `companion.locale.build`).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent
LANGUAGES: tuple[str, ...] = ("en", "fr")
DEFAULT_LANGUAGE = "en"

_language = DEFAULT_LANGUAGE
_translation: gettext.NullTranslations = gettext.NullTranslations()
_listeners: list[Callable[[str], None]] = []


def _load(language: str) -> gettext.NullTranslations:
    chain: gettext.NullTranslations = gettext.NullTranslations()
    if language == "en":
        return chain
    first: gettext.NullTranslations | None = None
    for mo in sorted((LOCALE_DIR / language / "LC_MESSAGES").glob("*.mo")):
        with mo.open("rb") as handle:
            catalogue = gettext.GNUTranslations(handle)
        if first is None:
            first = catalogue
        else:
            first.add_fallback(catalogue)
    return first or chain


def set_language(language: str) -> None:
    """Switches every later `_()` call to `language` and tells the listeners (the UI re-renders)."""
    global _language, _translation
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; expected one of {', '.join(LANGUAGES)}")
    _language = language
    _translation = _load(language)
    for listener in list(_listeners):
        listener(language)


def language() -> str:
    return _language


def on_language_change(listener: Callable[[str], None]) -> None:
    _listeners.append(listener)


def _(message: str) -> str:
    """Translates `message` into the current language (English text is the message id)."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def pick(names: dict[str, str] | tuple[str, str]) -> str:
    """Picks the current language's entry from data carrying both names, e.g. {"en": "Asia", "fr": "Asie"}."""
    if isinstance(names, tuple):
        en, fr = names
        return fr if _language == "fr" and fr else en
    return names.get(_language) or names.get("en", "")
