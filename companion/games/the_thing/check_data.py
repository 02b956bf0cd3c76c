"""`companion check-data --game the_thing [--list] [--data DIR] [--overlay DIR]`: validates the data with the
players' overlay and says what is still to complete from the box (exit 0 when valid, as for every game; 2 when not)."""

from __future__ import annotations

import argparse
import sys

from companion.engine.data.check import DataCheck, Report
from companion.engine.data.files import default_data_dir, default_overlay_dir, overlay_files, shipped_files
from companion.engine.pack import Words
from companion.games.the_thing.loader import PACK, read

OURS = frozenset({"en"})


def report(args: argparse.Namespace) -> Report:
    shipped = shipped_files(args.data or default_data_dir(PACK), PACK)
    defs = read(shipped, overlay_files(args.overlay or default_overlay_dir(PACK)))
    missing = [line.text() for line in defs.missing()]
    head = Words(
        "{known} of {total} facts from the box complete.", "{known} sur {total} faits de la boîte complétés.", OURS
    )
    lines = [head.text().format(known=4 - len(missing), total=4)]
    if args.list:
        lines += [f"- {line}" for line in missing]
    valid = Words("The data is valid ({n} files read).", "Les données sont valides ({n} fichiers lus).", OURS)
    lines.append(valid.text().format(n=len(shipped)))
    return Report(lines)


def _words() -> tuple[str, str]:
    return (
        Words(
            "Validate The Thing – Norwegian Outpost's data; say what is still to complete from the box.",
            "Valide les données de The Thing – Norwegian Outpost\u00a0; dit ce qui reste à compléter depuis la boîte.",
            OURS,
        ).text(),
        Words("list each fact still to complete", "liste chaque fait encore à compléter", OURS).text(),
    )


main = DataCheck(PACK, _words, report).main


if __name__ == "__main__":
    sys.exit(main())
