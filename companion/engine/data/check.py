"""`companion check-data [--game NAME] [--list] [--lang fr]`: one command over every pack's data.

The command is the same for every game: `--list` names each entry that is missing something, `--lang` gives the
report (and `--help`) in that language, `--data DIR` and `--overlay DIR` read other folders than the shipped data
and the user's overlay (games with data files). A pack gives only its report: `DataCheck(game, words, run)`,
where `run` reads the data and returns the lines to print, or raises `DataError`.

Exit status: 0 when the data is valid, 2 when it is not (every problem printed on standard error, one per line,
naming the file, the line, the entry and the field, then how many there are); a pack may return 1 for valid data
that still lacks facts.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.engine.data.problems import DataError
from companion.locale import LANGUAGES, domain, set_language

_, ngettext = domain("data")


@dataclass(frozen=True)
class Report:
    """What `check-data` prints for valid data: `lines` on standard output, `warnings` on standard error."""

    lines: Sequence[str]
    warnings: Sequence[str] = ()
    code: int = 0


def invalid_line(count: int) -> str:
    """The closing line under the problems of invalid data."""
    return ngettext("{n} problem: the data is not valid", "{n} problems: the data is not valid", count).format(n=count)


@dataclass(frozen=True)
class DataCheck:
    """One game's `check-data`: its name, `words() -> (the --help description, the --list help)` (called once the
    language is set), and `run(arguments) -> Report`, which raises `DataError` when the data is not valid."""

    game: str
    words: Callable[[], tuple[str, str]]
    run: Callable[[argparse.Namespace], Report]
    #: Whether the game reads data folders (`--data`, `--overlay`).
    folders: bool = True
    #: The game's own options beyond the common ones (Solitaire's `--rules`).
    options: Callable[[argparse.ArgumentParser], None] | None = None
    invalid: Callable[[int], str] = invalid_line

    def main(self, argv: Sequence[str] | None = None) -> int:
        args = list(sys.argv[1:] if argv is None else argv)
        language = _language_asked(args)
        if language is not None:
            set_language(language)  # before the parser is built: `--help --lang fr` is in French
        description, list_help = self.words()
        parser = argparse.ArgumentParser(prog=f"companion check-data --game {self.game}", description=description)
        parser.add_argument("--list", action="store_true", help=list_help)
        parser.add_argument("--lang", choices=LANGUAGES, default=None, help=_("the language of the report"))
        if self.folders:
            parser.add_argument("--data", type=Path, default=None, help=_("the shipped data directory"))
            parser.add_argument("--overlay", type=Path, default=None, help=_("the user overlay directory"))
        if self.options is not None:
            self.options(parser)
        parsed = parser.parse_args(args)
        try:
            report = self.run(parsed)
        except DataError as error:
            for problem in error.problems:
                print(str(problem), file=sys.stderr)
            print(self.invalid(len(error.problems)), file=sys.stderr)
            return 2
        for line in report.lines:
            print(line)
        for line in report.warnings:
            print(line, file=sys.stderr)
        return report.code


def _language_asked(args: Sequence[str]) -> str | None:
    """The `--lang` among `args` when it names a language (a wrong one is the parser's to refuse)."""
    for index, arg in enumerate(args):
        value = args[index + 1] if arg == "--lang" and index + 1 < len(args) else arg.partition("--lang=")[2]
        if value in LANGUAGES:
            return value
    return None


def table_lines(headers: Sequence[str], rows: Sequence[Sequence[str]], number_width: int) -> list[str]:
    """A summary table: the first column left-aligned, the counts right-aligned at least `number_width` wide."""
    width = max(len(row[0]) for row in [headers, *rows])
    numbers = [max(len(header), number_width) for header in headers[1:]]
    return [
        "  ".join([row[0].ljust(width), *(cell.rjust(n) for cell, n in zip(row[1:], numbers))]).rstrip()
        for row in [headers, *rows]
    ]
