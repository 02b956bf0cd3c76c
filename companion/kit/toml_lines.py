"""Which line of a TOML text each key and array item starts on, so an error can name the line of its field.

Neither tomllib nor tomlkit keep positions, so this reads the text once more, only for its structure: table
headers (`[a.b]`, `[[a.b]]`, arrays of tables counted as TOML resolves them), keys (bare, quoted, dotted), inline
tables and arrays (each item's line), and strings of every kind (so a `[` or a `=` inside one is not structure).
It is only run on a text tomlkit has already parsed, so it trusts the syntax.
"""

from __future__ import annotations

from collections.abc import Sequence

Path = tuple[str | int, ...]


def key_lines(text: str) -> dict[Path, int]:
    """Path -> 1-based line, for every table, key and array item of `text`."""
    return _Scanner(text).run()


def line_of(lines: dict[Path, int], path: Sequence[str | int]) -> int:
    """The line of `path`, or of its nearest parent that has one (a missing field: its table's header; a
    missing top-level table: line 1, the file as a whole)."""
    path = tuple(path)
    while path:
        if path in lines:
            return lines[path]
        path = path[:-1]
    return 1


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.line = 1
        self.lines: dict[Path, int] = {}
        self.table: Path = ()
        self.arrays: dict[Path, int] = {}

    def run(self) -> dict[Path, int]:
        while self.at < len(self.text):
            self._skip_blank(newlines=True)
            if self.at >= len(self.text):
                break
            if self.text.startswith("[[", self.at):
                self._header(array=True)
            elif self.text[self.at] == "[":
                self._header(array=False)
            else:
                self._key_value(self.table)
            self._skip_to_line_end()
        return self.lines

    # ---------------------------------------------------------------------------------------------- lexing

    def _peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def _advance(self, count: int = 1) -> None:
        for _step in range(count):
            if self._peek() == "\n":
                self.line += 1
            self.at += 1

    def _skip_blank(self, newlines: bool) -> None:
        while self.at < len(self.text):
            char = self.text[self.at]
            if char in " \t\r" or (newlines and char == "\n"):
                self._advance()
            elif char == "#":
                while self.at < len(self.text) and self.text[self.at] != "\n":
                    self.at += 1
            else:
                return

    def _skip_to_line_end(self) -> None:
        self._skip_blank(newlines=False)
        while self.at < len(self.text) and self.text[self.at] != "\n":
            self.at += 1

    def _key(self) -> tuple[str, ...]:
        """A dotted key: bare or quoted parts."""
        parts = []
        while True:
            self._skip_blank(newlines=False)
            char = self._peek()
            if char in "\"'":
                parts.append(self._string())
            else:
                start = self.at
                while self._peek() and (self._peek().isalnum() or self._peek() in "_-"):
                    self.at += 1
                parts.append(self.text[start : self.at])
            self._skip_blank(newlines=False)
            if self._peek() != ".":
                return tuple(parts)
            self._advance()

    def _string(self) -> str:
        quote = self._peek()
        if self.text.startswith(quote * 3, self.at):
            self._advance(3)
            end = self.text.find(quote * 3, self.at)
            end = len(self.text) if end < 0 else end
            while self.text.startswith(quote, end + 3):  # up to two quotes may close the content
                end += 1
            value = self.text[self.at : end]
            self._advance(end + 3 - self.at)
            return value
        self._advance()
        start = self.at
        while self._peek() and self._peek() != quote:
            if quote == '"' and self._peek() == "\\":
                self._advance()
            self._advance()
        value = self.text[start : self.at]
        self._advance()
        return value

    # --------------------------------------------------------------------------------------------- structure

    def _resolve(self, keys: tuple[str, ...]) -> Path:
        """A header's keys as a path: an array of tables on the way means its latest table."""
        path: Path = ()
        for key in keys:
            path += (key,)
            if path in self.arrays:
                path += (self.arrays[path] - 1,)
        return path

    def _header(self, array: bool) -> None:
        line = self.line
        self._advance(2 if array else 1)
        keys = self._key()
        self._advance(2 if array else 1)
        parent = self._resolve(keys[:-1])
        path = parent + (keys[-1],)
        if array:
            index = self.arrays.get(path, 0)
            self.arrays[path] = index + 1
            self.lines.setdefault(path, line)
            path += (index,)
        self.lines[path] = line
        self.table = path

    def _key_value(self, table: Path) -> None:
        line = self.line
        keys = self._key()
        path = table + keys
        self.lines[path] = line
        self._skip_blank(newlines=False)
        if self._peek() == "=":
            self._advance()
        self._skip_blank(newlines=False)
        self._value(path)

    def _value(self, path: Path) -> None:
        char = self._peek()
        if char in "\"'":
            self._string()
        elif char == "{":
            self._advance()
            while True:
                self._skip_blank(newlines=True)
                if self._peek() in ("}", ""):
                    self._advance()
                    return
                if self._peek() == ",":
                    self._advance()
                    continue
                self._key_value(path)
        elif char == "[":
            self._advance()
            index = 0
            while True:
                self._skip_blank(newlines=True)
                if self._peek() in ("]", ""):
                    self._advance()
                    return
                if self._peek() == ",":
                    self._advance()
                    continue
                self.lines[path + (index,)] = self.line
                self._value(path + (index,))
                index += 1
        else:
            while self._peek() and self._peek() not in ",]}\n#":
                self._advance()
