"""Player-facing text in English and French through stdlib gettext, switchable live.

Strings are written in English in the code and wrapped in `_()`. Each area of the project keeps its own
catalogue (`fr/LC_MESSAGES/<area>.po`: engine, thunderbirds, devices, ui, ...); `_()` looks a message up in all
of them. `make test` and `make run` compile the catalogues (see `companion.locale.build`).
"""

from __future__ import annotations

import gettext
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent
LANGUAGES: tuple[str, ...] = ("en", "fr")
#: Each language named in itself, so a player who cannot read the current one still finds theirs.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "fr": "Français"}
DEFAULT_LANGUAGE = "en"

_language = DEFAULT_LANGUAGE
_translation: gettext.NullTranslations = gettext.NullTranslations()
_listeners: list[Callable[[str], None]] = []
#: A language spoken on one thread only for a moment (`speaking`), e.g. to label an action in every language.
_local = threading.local()
_loaded: dict[str, gettext.NullTranslations] = {}


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
    _translation = _loaded[language] = _load(language)  # read afresh: a switch picks up rebuilt catalogues
    for listener in list(_listeners):
        listener(language)


def language() -> str:
    spoken = getattr(_local, "spoken", None)
    return spoken[0] if spoken else _language


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """`_()` and `pick()` answer in `language` on this thread inside the block; other threads are untouched."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; expected one of {', '.join(LANGUAGES)}")
    translation = _loaded.get(language)
    if translation is None:
        translation = _loaded[language] = _load(language)
    previous = getattr(_local, "spoken", None)
    _local.spoken = (language, translation)
    try:
        yield
    finally:
        _local.spoken = previous


def on_language_change(listener: Callable[[str], None]) -> None:
    _listeners.append(listener)


def _(message: str) -> str:
    """Translates `message` into the current language (English text is the message id)."""
    spoken = getattr(_local, "spoken", None)
    return (spoken[1] if spoken else _translation).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    spoken = getattr(_local, "spoken", None)
    return (spoken[1] if spoken else _translation).ngettext(singular, plural, n)


def pick(names: dict[str, str] | tuple[str, str]) -> str:
    """Picks the current language's entry from data carrying both names, e.g. {"en": "Asia", "fr": "Asie"}."""
    current = language()
    if isinstance(names, tuple):
        en, fr = names
        return fr if current == "fr" and fr else en
    return names.get(current) or names.get("en", "")
