"""`companion check-data [--list] [--lang fr] [--data DIR] [--overlay DIR]`: validates the Thunderbirds data and the
user overlay, and says what is still missing (the command itself is the engine's, `companion.engine.data.check`).

A name or text missing in one language is missing like any other field; one in our own words rather than the
box's (a translation, marked in the data) is counted in the "translated" column and named by `--list`.

Exit status: 0 when the data is valid, 2 when it is not (every problem printed, one per line, on stderr).
"""

from __future__ import annotations

import argparse
import sys

from companion.engine.data.check import DataCheck, Report, table_lines
from companion.games.thunderbirds.loader import DataReport, EntryStatus, load_report
from companion.locale import domain

_, ngettext = domain("thunderbirds")

#: (table, label) in the order they are printed: the tables, then the decks, then the rest.
ROWS: tuple[tuple[str, str], ...] = (
    ("region", "regions"),
    ("vehicle", "vehicles"),
    ("pod", "pods"),
    ("character", "characters"),
    ("token", "tokens"),
    ("disaster", "disasters"),
    ("scheme", "schemes"),
    ("event", "events"),
    ("fab", "F.A.B."),
    ("board", "board"),
    ("hood_track", "Hood track"),
    ("difficulty", "difficulties"),
    ("term", "glossary"),
)


def _labels() -> dict[str, str]:
    # Listed one by one so the catalogue tools see each message.
    return {
        "regions": _("regions"),
        "vehicles": _("vehicles"),
        "pods": _("pods"),
        "characters": _("characters"),
        "tokens": _("tokens"),
        "disasters": _("disasters"),
        "schemes": _("schemes"),
        "events": _("events"),
        "F.A.B.": _("F.A.B."),
        "board": _("board"),
        "Hood track": _("Hood track"),
        "difficulties": _("difficulties"),
        "glossary": _("glossary"),
    }


def summary_lines(report: DataReport) -> list[str]:
    """One line per table and deck: entries complete, partial, unknown, unverified facts, translated texts."""
    labels = _labels()
    headers = (_("table"), _("complete"), _("partial"), _("unknown"), _("unverified facts"), _("translated"))
    rows = []
    for table, label in ROWS:
        entries = report.table(table)
        rows.append(
            (
                labels[label],
                str(sum(1 for e in entries if e.completeness == "complete")),
                str(sum(1 for e in entries if e.completeness == "partial")),
                str(sum(1 for e in entries if e.completeness == "unknown")),
                str(sum(e.unverified for e in entries)),
                str(sum(len(e.translated) for e in entries)),
            )
        )
    return table_lines(headers, rows, 7)


def missing_lines(report: DataReport) -> list[str]:
    """Every entry that is not complete, has unverified facts or texts in our words, with what it lacks."""
    labels = _labels()
    out = []
    for table, label in ROWS:
        for entry in report.table(table):
            if entry.completeness == "complete" and not entry.unverified and not entry.translated:
                continue
            out.append(_describe(labels[label], entry))
    return out


def _describe(label: str, entry: EntryStatus) -> str:
    completeness = {"complete": _("complete"), "partial": _("partial"), "unknown": _("unknown")}[entry.completeness]
    parts = [f"{label} {entry.id}: {completeness}"]
    if entry.missing:
        parts.append(_("missing {fields}").format(fields=", ".join(entry.missing)))
    elif entry.completeness != "complete":
        parts.append(_("what is missing is in its note"))
    if entry.translated:
        texts = ", ".join(f"{where} ({_confidence(confidence)})" for where, confidence in entry.translated)
        parts.append(_("translated {fields}").format(fields=texts))
    if entry.unverified:
        parts.append(ngettext("{n} unverified", "{n} unverified", entry.unverified).format(n=entry.unverified))
    return "; ".join(parts)


def _confidence(confidence: str) -> str:
    return {"high": _("high"), "medium": _("medium"), "low": _("low")}.get(confidence, confidence)


def report(args: argparse.Namespace) -> Report:
    definitions, found = load_report(args.data, args.overlay)
    lines = summary_lines(found)
    if args.list:
        lines += ["", *missing_lines(found)]
    files = len(definitions.sources)
    return Report([*lines, "", ngettext("valid: {n} file", "valid: {n} files", files).format(n=files)])


def _words() -> tuple[str, str]:
    return (
        _("Validate the Thunderbirds data and the user overlay; report what is missing."),
        _("list each card that is missing something"),
    )


main = DataCheck("thunderbirds", _words, report).main


if __name__ == "__main__":
    sys.exit(main())
