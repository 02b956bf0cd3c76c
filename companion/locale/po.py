"""Reads the gettext sources (.po) with Babel: for the build and for the tests that check the catalogues.

Babel forgives a lot (an unclosed quote, a second entry for one message); a catalogue is checked line by line
first, so a slip is named with its file and line instead of compiling into a wrong translation.
"""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, read_po

_KEYWORD = r"(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)"
_QUOTED = r'"(?:[^"\\]|\\.)*"'
_LINE = re.compile(rf"^(?:(?P<keyword>{_KEYWORD})\s+)?(?P<text>{_QUOTED})\s*$")


class CatalogueError(ValueError):
    """A malformed catalogue: the file, the line and what is wrong there."""

    def __init__(self, path: str, lineno: int, message: str) -> None:
        super().__init__(f"{path}:{lineno}: {message}")
        self.path = path
        self.lineno = lineno


def check_lines(text: str, path: str) -> None:
    """Every line is a comment, blank, a keyword with a quoted string or a continued string; no message twice."""
    seen: dict[tuple[str | None, str], int] = {}
    context: str | None = None
    current: list[str] | None = None
    keyword = ""
    start = 0
    for lineno, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        match = _LINE.match(stripped)
        if match is None:
            raise CatalogueError(path, lineno, f"expected a keyword and a quoted string, got {stripped!r}")
        value = ast.literal_eval(match["text"])
        if match["keyword"]:
            keyword = match["keyword"]
            if keyword == "msgctxt":
                context = value
            elif keyword == "msgid":
                current, start = [value], lineno
            elif keyword.startswith("msgstr") and current is not None:
                key = (context, "".join(current))
                if key in seen:
                    raise CatalogueError(path, start, f"{key[1]!r} is already translated on line {seen[key]}")
                seen[key] = start
                context, current = None, None
        elif keyword == "msgid" and current is not None:
            current.append(value)


def read_catalogue(path: Path) -> Catalog:
    """The catalogue of one .po file; a malformed one raises `CatalogueError` naming the file and the line."""
    text = path.read_text(encoding="utf-8")
    check_lines(text, str(path))
    try:
        return read_po(io.StringIO(text), abort_invalid=True)
    except PoFileError as error:
        # Babel counts lines from 0 and ends its message with " on <that line>".
        message = re.sub(r" on \d+$", "", str(error))
        raise CatalogueError(str(path), error.lineno + 1, message) from None


def parse_po(text: str) -> dict[str, str]:
    """Message -> translation, for the checks that read every text: a plural entry gives its singular and its
    plural id, each with its form; a context entry is keyed "context\\x04message" as gettext keys it. Fuzzy and
    untranslated entries are left out, as the compiled catalogue leaves them out."""
    check_lines(text, "<catalogue>")
    messages: dict[str, str] = {}
    for message in read_po(io.StringIO(text), abort_invalid=True):
        if not message.id or message.fuzzy:
            continue
        ids = [str(i) for i in message.id] if isinstance(message.id, (tuple, list)) else [str(message.id)]
        strings = [str(t) for t in message.string] if isinstance(message.string, (tuple, list)) else [message.string]
        for index, msgid in enumerate(ids):
            string = strings[min(index, len(strings) - 1)]
            if string:
                messages[f"{message.context}\x04{msgid}" if message.context else msgid] = str(string)
    return messages
