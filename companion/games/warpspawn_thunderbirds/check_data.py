"""`companion check-data --game warpspawn_thunderbirds [--list] [--lang fr]`: what the data knows, what it infers,
what it lacks (the command itself is the engine's, `companion.engine.data.check`).

`--list` names each inferred or unknown fact with what the companion assumes for it: "delayable (low)" alone read
as if every card were delayable, when it says how sure the data is of whether Delay can cancel that card.
Exit status: 0 when every fact is known, 1 when some are unknown or an overlay file was skipped, 2 when the data
is not valid.
"""

from __future__ import annotations

import argparse
import sys

from companion.engine.data.check import DataCheck, Report
from companion.games.warpspawn_thunderbirds.definitions import Definitions
from companion.locale import domain

_, ngettext = domain("warpspawn_thunderbirds")


def facts(defs: Definitions) -> list[tuple[str, str, str, str]]:
    """(what, field, confidence, what the companion assumes: "" when the field says it) for every marked fact of
    the cards, colours and layouts."""
    found = []
    for card in defs.emergencies.values():
        found += [(card.id, name, mark, "") for name, mark in card.confidence.items()]
        if card.solution is None:
            found.append((card.id, "solution", "unknown", ""))
    for kind in defs.responder.values():
        delay = _("Delay can cancel this card") if kind.delayable else _("Delay cannot cancel this card")
        found += [(kind.id, name, mark, delay if name == "delayable" else "") for name, mark in kind.confidence.items()]
    for size, layout in defs.layouts.items():
        found += [(_("layout {size}").format(size=size), name, mark, "") for name, mark in layout.confidence.items()]
    return found


def confidence_word(mark: str) -> str:
    """A confidence mark in the current language (the data files write it in English)."""
    return {"high": _("high"), "low": _("low"), "unknown": _("unknown")}.get(mark, mark)


def report(args: argparse.Namespace) -> Report:
    from companion.games.warpspawn_thunderbirds.loader import load_definitions_safe

    defs, problems = load_definitions_safe(args.data, args.overlay)
    marked = facts(defs)
    low = [f for f in marked if f[2] == "low"]
    unknown = [f for f in marked if f[2] == "unknown"]
    lines = [
        _("{cards} emergencies, {responder} Responder cards: {facts}, {inferred}, {unknown}.").format(
            cards=len(defs.emergencies),
            responder=len(defs.responder_deck),
            facts=ngettext("{count} fact", "{count} facts", len(marked)).format(count=len(marked)),
            inferred=ngettext("{count} inferred", "{count} inferred", len(low)).format(count=len(low)),
            unknown=ngettext("{count} unknown", "{count} unknown", len(unknown)).format(count=len(unknown)),
        )
    ]
    if args.list and low + unknown:
        lines.append(_("Each fact below is our inference (low) or not known (unknown); check it against your box:"))
        for what, name, mark, assumed in low + unknown:
            line = _("{what}: {field} ({confidence})").format(what=what, field=name, confidence=confidence_word(mark))
            if assumed:
                line = _("{fact}: {assumed}").format(fact=line, assumed=assumed)
            lines.append(f"  {line}")
    warnings = [_("Skipped overlay: {problem}").format(problem=problem) for problem in problems]
    return Report(lines, warnings, 1 if unknown or problems else 0)


def _words() -> tuple[str, str]:
    return (
        _("What the Warpspawn Thunderbirds data knows, infers and lacks."),
        _("list every inferred or unknown fact"),
    )


main = DataCheck("warpspawn_thunderbirds", _words, report).main


if __name__ == "__main__":
    sys.exit(main())
