"""Counted words ("1 card", "3 cards") in the current language.

The project's catalogue compiler keeps one translation per message and has no plural entries, so
`companion.locale.ngettext` would answer in English. Here each form is a message of its own (both are in the
catalogue, which the translations test checks) and the current language's plural rule picks one: French uses the
singular for 0 and 1, English for 1 only.
"""

from __future__ import annotations

from companion.locale import _ as translate
from companion.locale import language


def ngettext(singular: str, plural: str, n: int) -> str:
    one = n in (0, 1) if language() == "fr" else n == 1
    return translate(singular if one else plural)
