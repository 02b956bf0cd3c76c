"""Player-facing text in English and French through stdlib gettext, switchable live, one domain per area.

Strings are written in English in the code. Each area keeps its own catalogue, a gettext *domain*
(`fr/LC_MESSAGES/<domain>.po`): the shell's areas (`SHELL_DOMAINS`: engine, ui, devices, ...) and one per game
pack (`thunderbirds`, ...). A pack translates its strings through its own domain, looked up first, then the
shell's, so two packs may translate the same English word differently::

    from companion.locale import domain

    _, ngettext = domain("warpspawn_thunderbirds")

The module-level `_()` and `ngettext()` read the shell's catalogues and Thunderbirds', the first pack, whose
screens still live in the shell. `make test` and `make run` compile the catalogues (`companion.locale.build`).
"""

from __future__ import annotations

import gettext
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent
LANGUAGES: tuple[str, ...] = ("en", "fr")
#: Each language named in itself, so a player who cannot read the current one still finds theirs.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "fr": "Français"}
DEFAULT_LANGUAGE = "en"

#: The project's own areas, in lookup order: every pack's domain falls back on these.
SHELL_DOMAINS: tuple[str, ...] = ("backup", "data", "devices", "engine", "sim", "ui")
#: The pack the module-level `_()` also reads (its presenters still live in the shell's ui).
DEFAULT_PACK = "thunderbirds"
#: What the module-level `_()` reads, in order (the order the catalogues were always read in).
DEFAULT_DOMAINS: tuple[str, ...] = tuple(sorted(SHELL_DOMAINS + (DEFAULT_PACK,)))

_language = DEFAULT_LANGUAGE
#: A language spoken on one thread only for a moment (`speaking`), e.g. to label an action in every language.
_local = threading.local()
_listeners: list[Callable[[str], None]] = []
#: (language, domains in lookup order) -> the chain of catalogues, each falling back on the next.
_chains: dict[tuple[str, tuple[str, ...]], gettext.NullTranslations] = {}
#: The module-level `_()`'s chain in the current language: its lookups skip the cache on the usual path.
_default: gettext.NullTranslations = gettext.NullTranslations()


def _load(language: str, domains: tuple[str, ...]) -> gettext.NullTranslations:
    """The catalogues of `domains` that are compiled for `language`, chained in order; English needs none."""
    if language == "en":
        return gettext.NullTranslations()
    head: gettext.NullTranslations | None = None
    for name in domains:
        mo = LOCALE_DIR / language / "LC_MESSAGES" / f"{name}.mo"
        if not mo.is_file():
            continue
        with mo.open("rb") as handle:
            catalogue = gettext.GNUTranslations(handle)
        if head is None:
            head = catalogue
        else:
            head.add_fallback(catalogue)
    return head or gettext.NullTranslations()


def _chain(language: str, domains: tuple[str, ...]) -> gettext.NullTranslations:
    key = (language, domains)
    found = _chains.get(key)
    if found is None:
        found = _chains[key] = _load(language, domains)
    return found


def language() -> str:
    spoken = getattr(_local, "spoken", None)
    return spoken or _language


def _current(domains: tuple[str, ...]) -> gettext.NullTranslations:
    return _chain(language(), domains)


def set_language(language: str) -> None:
    """Switches every later lookup, in every domain, to `language` and tells the listeners (the UI re-renders)."""
    global _language, _default
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; expected one of {', '.join(LANGUAGES)}")
    # Read afresh: a switch picks up rebuilt catalogues.
    for key in list(_chains):
        if key[0] == language:
            _chains.pop(key, None)
    _default = _chain(language, DEFAULT_DOMAINS)
    _language = language
    for listener in list(_listeners):
        listener(language)


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Every domain answers in `language` on this thread inside the block; other threads are untouched."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; expected one of {', '.join(LANGUAGES)}")
    previous = getattr(_local, "spoken", None)
    _local.spoken = language
    try:
        yield
    finally:
        _local.spoken = previous


def on_language_change(listener: Callable[[str], None]) -> None:
    _listeners.append(listener)


class Domain:
    """One pack's messages: its own catalogue first, then the shell's. Unpacks as `_, ngettext`."""

    __slots__ = ("name", "domains")

    def __init__(self, name: str) -> None:
        self.name = name
        self.domains: tuple[str, ...] = (name,) + tuple(d for d in SHELL_DOMAINS if d != name)

    def gettext(self, message: str) -> str:
        """Translates `message` into the current language (English text is the message id)."""
        return _current(self.domains).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for `n` of a count: "{count} action" / "{count} actions" (French: singular for 0 and 1)."""
        return _current(self.domains).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """`message` as meant in `context`, e.g. pgettext("verb", "Move") apart from the noun."""
        return _current(self.domains).pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return _current(self.domains).npgettext(context, singular, plural, n)

    def __iter__(self) -> Iterator[Callable[..., str]]:
        yield self.gettext
        yield self.ngettext

    def __repr__(self) -> str:
        return f"domain({self.name!r})"


_domains: dict[str, Domain] = {}


def domain(name: str) -> Domain:
    """The domain of a pack (or a shell area): `_, ngettext = domain("kit")` binds its lookups."""
    found = _domains.get(name)
    if found is None:
        found = _domains[name] = Domain(name)
    return found


def _shell() -> gettext.NullTranslations:
    spoken = getattr(_local, "spoken", None)
    return _default if spoken is None else _chain(spoken, DEFAULT_DOMAINS)


def _(message: str) -> str:
    """Translates `message` into the current language (English text is the message id): shell and Thunderbirds."""
    spoken = getattr(_local, "spoken", None)  # inlined `_shell()`: the most frequent call of all
    return (_default if spoken is None else _chain(spoken, DEFAULT_DOMAINS)).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` of a count ("1 action", "3 actions"), shell and Thunderbirds."""
    return _shell().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _shell().pgettext(context, message)


def pick(names: Mapping[str, str] | tuple[str, str]) -> str:
    """Picks the current language's entry from data carrying both names, e.g. {"en": "Asia", "fr": "Asie"}."""
    current = language()
    if isinstance(names, tuple):
        en, fr = names
        return fr if current == "fr" and fr else en
    return names.get(current) or names.get("en", "")
