"""`companion check-data --game warpspawn_thunderbirds`: what the data knows, what it infers, what it lacks."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from companion.games.warpspawn_thunderbirds.definitions import Definitions
from companion.games.warpspawn_thunderbirds.errors import DataError
from companion.locale import LANGUAGES, domain, set_language

_, ngettext = domain("warpspawn_thunderbirds")


def facts(defs: Definitions) -> list[tuple[str, str, str]]:
    """(what, field, confidence) for every marked fact of the cards, colours and layouts."""
    found = []
    for card in defs.emergencies.values():
        found += [(card.id, name, mark) for name, mark in card.confidence.items()]
        if card.solution is None:
            found.append((card.id, "solution", "unknown"))
    for kind in defs.responder.values():
        found += [(kind.id, name, mark) for name, mark in kind.confidence.items()]
    for size, layout in defs.layouts.items():
        found += [(_("layout {size}").format(size=size), name, mark) for name, mark in layout.confidence.items()]
    return found


def confidence_word(mark: str) -> str:
    """A confidence mark in the current language (the data files write it in English)."""
    return {"high": _("high"), "low": _("low"), "unknown": _("unknown")}.get(mark, mark)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="companion check-data --game warpspawn_thunderbirds",
        description=_("What the Warpspawn Thunderbirds data knows, infers and lacks."),
    )
    parser.add_argument("--list", action="store_true", help=_("list every inferred or unknown fact"))
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    args = parser.parse_args(list(argv or ()))
    set_language(args.lang)
    from companion.games.warpspawn_thunderbirds.loader import load_definitions_safe

    try:
        defs, problems = load_definitions_safe()
    except DataError as error:
        print(error.message, file=sys.stderr)
        return 2
    for problem in problems:
        print(_("Skipped overlay: {problem}").format(problem=problem), file=sys.stderr)
    marked = facts(defs)
    low = [f for f in marked if f[2] == "low"]
    unknown = [f for f in marked if f[2] == "unknown"]
    print(
        _("{cards} emergencies, {responder} Responder cards: {facts}, {inferred}, {unknown}.").format(
            cards=len(defs.emergencies),
            responder=len(defs.responder_deck),
            facts=ngettext("{count} fact", "{count} facts", len(marked)).format(count=len(marked)),
            inferred=ngettext("{count} inferred", "{count} inferred", len(low)).format(count=len(low)),
            unknown=ngettext("{count} unknown", "{count} unknown", len(unknown)).format(count=len(unknown)),
        )
    )
    if args.list:
        for what, name, mark in low + unknown:
            line = _("{what}: {field} ({confidence})").format(what=what, field=name, confidence=confidence_word(mark))
            print(f"  {line}")
    return 1 if unknown or problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
