"""`companion check-data --game thunderbirds_solitaire [--list] [--rules]`: validates the Solitaire data and the
player's overlay, and says what is still to be completed from the box.

Exit status: 0 when the data is valid, 2 when it is not (every problem printed, one per line, on stderr).
`--list` names every unknown slot; `--rules` says which rules the companion checks and which are the player's.
"""

from __future__ import annotations

import argparse
import sys

from companion.engine.data.check import DataCheck, Report, table_lines
from companion.games.thunderbirds_solitaire.definitions import Definitions
from companion.games.thunderbirds_solitaire.help import checked_rules, our_readings, players_rules
from companion.games.thunderbirds_solitaire.loader import DataReport, SlotStatus, load_report
from companion.locale import domain

_, ngettext = domain("thunderbirds_solitaire")

ENTRY_TABLES = ("card", "pod", "pilot", "thunderbird", "symbol", "die")


def _table_label(table: str) -> str:
    return {
        "card": _("Emergency cards"),
        "pod": _("Pod cards"),
        "pilot": _("Pilot cards"),
        "thunderbird": _("Thunderbird cards"),
        "symbol": _("symbols"),
        "die": _("kinds of dice"),
    }[table]


def _entry_label(table: str) -> str:
    return {
        "card": _("Emergency card"),
        "pod": _("Pod card"),
        "pilot": _("Pilot card"),
        "thunderbird": _("Thunderbird card"),
        "symbol": _("symbol"),
        "die": _("die"),
    }[table]


def _field_label(field: str) -> str:
    return {
        "kind": _("kind"),
        "names": _("name"),
        "symbols": _("symbols"),
        "ability": _("ability"),
        "start": _("place at set-up"),
        "wild": _("wild"),
        "count": _("count"),
        "faces": _("faces"),
    }.get(field, field)


def summary_lines(report: DataReport) -> list[str]:
    """One line per table: entries complete, partial, unknown, and facts known only by inference."""
    headers = (_("table"), _("complete"), _("partial"), _("unknown"), _("inferred facts"))
    rows = []
    for table in ENTRY_TABLES:
        entries = report.table(table)
        rows.append(
            (
                _table_label(table),
                str(sum(1 for e in entries if e.completeness == "complete")),
                str(sum(1 for e in entries if e.completeness == "partial")),
                str(sum(1 for e in entries if e.completeness == "unknown")),
                str(sum(len(e.low) for e in entries)),
            )
        )
    return table_lines(headers, rows, 7)


def missing_lines(definitions: Definitions, report: DataReport) -> list[str]:
    """Every unknown slot, one line each: the counts and lists first, then each entry with what it lacks."""
    out = []
    for slot in report.slots:
        if slot.table in ENTRY_TABLES:
            continue
        if slot.completeness == "complete":
            continue
        out.append(_header_line(definitions, slot))
    for table in ENTRY_TABLES:
        for slot in report.table(table):
            if slot.completeness == "complete" and not slot.low:
                continue
            out.append(_entry_line(slot))
    return out


def _header_line(definitions: Definitions, slot: SlotStatus) -> str:
    if slot.table == "emergency" and slot.id == "basic_count":
        return _("Emergency deck: the number of basic cards is unknown: count them and enter it in the editor.")
    if slot.table == "emergency":
        return _("Emergency deck: the number of advanced cards is unknown.")
    if slot.table == "pods":
        return _("Pod deck: the number of Pod cards is unknown.")
    if slot.table == "symbols":
        return _(
            "Symbols: only the wild symbol is known; add every symbol of your dice and cards, then mark the list"
            " complete."
        )
    described = sum(d.count or 0 for d in definitions.dice.values())
    total = definitions.dice_count
    return _("Dice: {described} of {total} described: add each kind of die (its name, how many, its faces).").format(
        described=described, total="?" if total is None else total
    )


def _entry_line(slot: SlotStatus) -> str:
    state = {"complete": _("complete"), "partial": _("partial"), "unknown": _("unknown")}[slot.completeness]
    parts = [_("{table} {id}: {state}").format(table=_entry_label(slot.table), id=slot.id, state=state)]
    if slot.missing:
        parts.append(_("missing: {fields}").format(fields=", ".join(_field_label(f) for f in slot.missing)))
    if slot.low:
        parts.append(_("inferred, to check: {fields}").format(fields=", ".join(_field_label(f) for f in slot.low)))
    text = parts[0]
    for part in parts[1:]:
        text = _("{before}; {after}").format(before=text, after=part)  # French: a no-break space before ";"
    return text


def dealing_lines(definitions: Definitions) -> list[str]:
    basic = definitions.deck_is_known("basic")
    advanced = definitions.deck_is_known("advanced")
    yes, no = _("yes"), _("no")
    unknown = sum(1 for card in definitions.deck("advanced") if not card.is_identified)
    lines = [
        _("The companion can deal the basic deck: {basic}; the advanced deck: {advanced}.").format(
            basic=yes if basic else no, advanced=yes if advanced else no
        )
    ]
    if not advanced:
        if unknown:
            lines.append(
                ngettext("{n} card still to identify.", "{n} cards still to identify.", unknown).format(n=unknown)
            )
        lines.append(
            _(
                "Until the deck is known you turn the physical cards and tell the companion each one's kind:"
                " the same rules are checked."
            )
        )
    return lines


def rules_lines() -> list[str]:
    lines = [_("Checked by the companion (the rules excerpt):")]
    lines += [f"  - {text}" for text in checked_rules()]
    lines += ["", _("Our readings where the excerpt is silent (applied, and said to be ours):")]
    lines += [f"  - {text}" for text in our_readings()]
    lines += ["", _("Yours, with the rulebook (a checklist step or a move you make):")]
    lines += [f"  - {text}" for text in players_rules()]
    return lines


def report(args: argparse.Namespace) -> Report:
    definitions, found = load_report(args.data, args.overlay)
    lines = summary_lines(found)
    if args.list:
        lines += ["", *missing_lines(definitions, found)]
    lines += ["", *dealing_lines(definitions)]
    if args.rules:
        lines += ["", *rules_lines()]
    files = len(definitions.sources)
    return Report([*lines, "", ngettext("valid: {n} file", "valid: {n} files", files).format(n=files)])


def _options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", action="store_true", help=_("say which rules are checked and which are yours"))


def _words() -> tuple[str, str]:
    return (
        _("Validate the Thunderbirds Solitaire data and your overlay; say what is still unknown."),
        _("name every unknown slot"),
    )


main = DataCheck("thunderbirds_solitaire", _words, report, options=_options).main


if __name__ == "__main__":
    sys.exit(main())
