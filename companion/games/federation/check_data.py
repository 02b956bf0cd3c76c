"""`companion --game federation check-data [--list] [--data DIR] [--overlay DIR]`: validates the Federation data and
the players' costs file, and says how sure each part is: facts from the rules text or the module's page (high),
our readings (low), empty slots (unknown) and the costs the players entered (theirs).

Also `python -m companion.games.federation.check_data`. Exit status: 0 when the data and the costs file are valid,
2 when either is not (every problem on standard error, one per line, naming the file, the line and the field).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from companion.games.federation.definitions import Definitions, Mark
from companion.games.federation.errors import DataError
from companion.games.federation.loader import default_data_dir, load_definitions
from companion.games.federation.overlay import PLAYERS, read_values, with_values
from companion.locale import LANGUAGES, domain, set_language

_, ngettext = domain("federation")


def _groups(defs: Definitions) -> list[tuple[str, list[Mark]]]:
    # Each label written out, so the catalogue tools see it.
    return [
        (_("races"), [race.mark for race in defs.races.values()]),
        (_("dice tables"), [table.mark for table in defs.tables.values()]),
        (_("ships"), [ship.mark for ship in defs.ships.values()]),
        (
            _("Enigma, diplomacy, revenue, victory"),
            [defs.enigma_roll.mark, defs.diplomacy.mark, defs.revenue.mark, defs.victory.mark],
        ),
        (_("buildings"), [building.mark for building in defs.buildings.values()]),
        (_("phases"), [phase.mark for phase in defs.phases]),
        (_("readings"), [reading.mark for reading in defs.readings.values()]),
        (_("empty slots"), [slot.mark for slot in defs.slots]),
    ]


def summary_lines(defs: Definitions) -> list[str]:
    """One line per kind of fact: how many are high, low and unknown."""
    headers = (_("facts"), _("high"), _("low"), _("unknown"))
    rows = [
        (label, *(str(sum(1 for mark in marks if mark.confidence == level)) for level in ("high", "low", "unknown")))
        for label, marks in _groups(defs)
    ]
    width = max(len(row[0]) for row in [headers, *rows])
    numbers = [max(len(header), 4) for header in headers[1:]]
    return [
        "  ".join([row[0].ljust(width), *(cell.rjust(n) for cell, n in zip(row[1:], numbers))]).rstrip()
        for row in [headers, *rows]
    ]


def missing_lines(defs: Definitions) -> list[str]:
    """Every fact that is not high: our readings (what is open, what we ship) and the empty slots."""
    lines = []
    for reading in defs.readings.values():
        lines.append(
            _("reading {id} (low): {question} Ours: {choice}.").format(
                id=reading.id, question=reading.question.text(), choice=reading.choice(reading.default).names.text()
            )
        )
    for slot in defs.slots:
        if slot.value is None:
            lines.append(
                _("slot {id} (unknown, {file}): {name}; read it from your Warp Empires rules.").format(
                    id=slot.id, file=slot.file, name=slot.names.text()
                )
            )
        elif PLAYERS in slot.mark.source:
            lines.append(
                _("slot {id} (yours): {name} = {value}, {note}.").format(
                    id=slot.id, name=slot.names.text(), value=slot.value, note=slot.mark.note
                )
            )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="companion check-data", description=_("Validate the Federation data; report what is not certain.")
    )
    parser.add_argument("--data", type=Path, default=None, help=_("the data directory (default: the shipped one)"))
    parser.add_argument(
        "--overlay", type=Path, default=None, help=_("the folder of the players' costs file (default: the user's)")
    )
    parser.add_argument("--list", action="store_true", help=_("list each reading and each empty slot"))
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=_("the language of the report"))
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.lang is not None:
        set_language(args.lang)
    try:
        defs = load_definitions(args.data or default_data_dir())
    except DataError as error:
        for problem in error.problems:
            print(str(problem), file=sys.stderr)
        count = len(error.problems)
        print(
            ngettext(
                "The data is not valid: {n} problem found", "The data is not valid: {n} problems found", count
            ).format(n=count),
            file=sys.stderr,
        )
        return 2
    values, skipped = read_values(defs, args.overlay)
    defs = with_values(defs, values, args.overlay)
    for line in summary_lines(defs):
        print(line)
    if args.list:
        print()
        for line in missing_lines(defs):
            print(line)
    print()
    files = len(defs.sources)
    print(ngettext("The data is valid ({n} file read).", "The data is valid ({n} files read).", files).format(n=files))
    if skipped:
        for problem in skipped:
            print(str(problem), file=sys.stderr)
        count = len(skipped)
        print(
            ngettext(
                "The costs file is not valid and was skipped: {n} problem found",
                "The costs file is not valid and was skipped: {n} problems found",
                count,
            ).format(n=count),
            file=sys.stderr,
        )
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
