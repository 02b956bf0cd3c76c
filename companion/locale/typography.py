"""A count keeps its word on its line: "1 action restante", "vitesse max 1", "12 × 12" are joined by no-break
spaces (U+00A0), so a wrapped label never leaves "1" at the end of a line and "action restante" on the next.

`bind_counts` is the rule, for a message template or a finished text; `loose_counts` finds what it would change
(the catalogue check); `python -m companion.locale.typography` applies it to every French catalogue's
translations (never to a msgid: those are the code's English text).

A number is a digit run or a placeholder named as a count (`{count}`, `{n}`, `{size}`...). It is joined to the
word or sign (× / %) after it; a number that ends a clause ("Tour 4 :", "reçu 3") is joined to the word before it.
A link or a verb after a number is not its word ("0 ne change rien", "de 1 à 6"): those stay breakable.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

NBSP = "\u00a0"
#: Placeholders that hold a number in the project's messages.
_NUMERIC = (
    "count|n|total|size|turn|speed|actions|teamwork|intelligence|low|high|level|round|number|held|score|"
    "difficulty|limit|length|amount|distance|seconds|bytes|naks|garbage|drops|registers|outputs|index|line|column|"
    "points|delta|minimum|maximum|wins|turns|numerator|denominator|seed|col|short|taken|done|chosen|given|events|"
    "slots|levels|disasters|hood|top|space|die|seq|position|byte|pin|chain|faces|percent|chance|need|more|applying|"
    "described|responder|games|rate|bonus|modifier|revenue|resources|seats|value|civilians|success|numerals|last|"
    "first|got|expected|got_d|got_h|totals|dice|ships|counters|riders"
)
_NUMBER = (
    rf"(?:\{{(?:{_NUMERIC})(?::[^}}]*)?\}}%?|%\((?:{_NUMERIC})\)[sd]|\{{\d*\}}"
    r"|(?<![\w.,{/\\-])\d+(?:[.,]\d+)?%?(?![\w}]|[.,]\d))"
)
_SIGN = r"(?:[×/%]|\\u00[dD]7)"
_WORDISH = rf"(?:[^\W\d_]|\{{|{_SIGN})"
#: Words a number never takes as its own (verbs, articles, links): "4 is", "0 ne change", "1 à 6", "2 and 3".
_LINK = (
    r"(?:(?:is|are|was|were|has|have|had|and|or|to|of|in|on|at|by|for|from|than|the|a|an|cannot|does|do|will|"
    r"must|may|can|not|with|into|per|it|they|ne|un|une|il|elle|ils|elles|est|sont|ont|et|ou|à|au|aux|de|du|des|"
    r"le|la|les|en|sur|dans|par|pour|que|avec|sans|ni|se|peut|doit|fait|reste|restent)(?![\w'’])"
    r"|(?:n|d|l|qu|s)['’])"
)
_AFTER = re.compile(rf"({_NUMBER}) (?!{_LINK})(?={_WORDISH})")
_SIGN_BEFORE = re.compile(rf"({_SIGN}) (?={_NUMBER})")
_WORD_BEFORE = re.compile(rf"((?<!\\)[^\W\d_]) ({_NUMBER})(?!(?:[ {NBSP}]|\\u00a0){_WORDISH})")


def bind_counts(text: str, nbsp: str = NBSP) -> str:
    """`text` with every number joined to its word by `nbsp` (the character, or its escape in source text)."""
    text = _AFTER.sub(lambda m: m[1] + nbsp, text)
    text = _SIGN_BEFORE.sub(lambda m: m[1] + nbsp, text)
    return _WORD_BEFORE.sub(lambda m: m[1] + nbsp + m[2], text)


def loose_counts(text: str) -> bool:
    """Whether a number in `text` could be left at a line end apart from its word."""
    return bind_counts(text) != text


_MSGSTR = re.compile(r'^(msgstr(?:\[\d+\])?\s+|)(".*")\s*$')


def bind_catalogue(text: str) -> str:
    """A .po file's text with its translations bound (msgstr lines and their continuations; msgids untouched)."""
    out: list[str] = []
    in_msgstr = False
    for line in text.splitlines(keepends=True):
        if line.startswith("msg"):
            in_msgstr = line.startswith("msgstr")
        match = _MSGSTR.match(line)
        if match and in_msgstr:
            line = match[1] + bind_counts(match[2]) + line[match.end(2) :]
        out.append(line)
    return "".join(out)


def main(folder: Path) -> int:
    for po in sorted(folder.glob("*.po")):
        text = po.read_text(encoding="utf-8")
        bound = bind_catalogue(text)
        if bound != text:
            po.write_text(bound, encoding="utf-8")
            print(po.name)
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(__file__).resolve().parent / "fr" / "LC_MESSAGES"))
