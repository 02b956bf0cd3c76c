"""`companion --game federation check-data [--list] [--data DIR] [--overlay DIR]`: validates the Federation data and
the players' costs file, and says how sure each part is: facts from the rules text or the module's page (high),
our readings (low), empty slots (unknown) and the costs the players entered (theirs).

Also `python -m companion.games.federation.check_data`. Exit status: 0 when the data and the costs file are valid,
2 when either is not (every problem on standard error, one per line, naming the file, the line and the field).
"""

from __future__ import annotations

import argparse
import sys

from companion.engine.data.check import DataCheck, Report, table_lines
from companion.games.federation.definitions import Definitions, Mark
from companion.games.federation.loader import default_data_dir, load_definitions
from companion.games.federation.overlay import PLAYERS, read_values, with_values
from companion.locale import domain

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
    return table_lines(headers, rows, 4)


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


def report(args: argparse.Namespace) -> Report:
    defs = load_definitions(args.data or default_data_dir())
    values, skipped = read_values(defs, args.overlay)
    defs = with_values(defs, values, args.overlay)
    lines = summary_lines(defs)
    if args.list:
        lines += ["", *missing_lines(defs)]
    files = len(defs.sources)
    lines += [
        "",
        ngettext("The data is valid ({n} file read).", "The data is valid ({n} files read).", files).format(n=files),
    ]
    if not skipped:
        return Report(lines)
    count = len(skipped)
    closing = ngettext(
        "The costs file is not valid and was skipped: {n} problem found",
        "The costs file is not valid and was skipped: {n} problems found",
        count,
    ).format(n=count)
    return Report(lines, [*map(str, skipped), closing], 2)


def _invalid(count: int) -> str:
    return ngettext(
        "The data is not valid: {n} problem found", "The data is not valid: {n} problems found", count
    ).format(n=count)


def _words() -> tuple[str, str]:
    return (
        _("Validate the Federation data; report what is not certain."),
        _("list each reading and each empty slot"),
    )


main = DataCheck("federation", _words, report, invalid=_invalid).main


if __name__ == "__main__":
    sys.exit(main())
