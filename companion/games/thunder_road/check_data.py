"""`companion check-data --game thunder_road [--list] [--data DIR] [--overlay DIR] [--lang fr]`: validates the
Thunder Road data with the overlay and says how complete it is; `--list` names each flagged slot (a die without
faces, a damage kind without a count) and each inferred or reconstructed fact.

Exit status (as for every game, docs/commands.md): 0 when the data is valid, empty slots or not; 2 when invalid
(every problem on standard error, naming the file, the entry and the field)."""

from __future__ import annotations

import argparse
import sys

from companion.engine.data.check import DataCheck, Report
from companion.engine.data.files import default_data_dir, default_overlay_dir
from companion.engine.pack import Words
from companion.games.thunder_road.loader import PACK, load_definitions

T = frozenset({"en", "fr"})


def report(args: argparse.Namespace) -> Report:
    defs = load_definitions(args.data or default_data_dir(PACK), args.overlay or default_overlay_dir(PACK))
    known, total = defs.completeness
    lines = [Words("{k} of {t} entries complete.", "{k} entrées complètes sur {t}.", T).text().format(k=known, t=total)]
    empty: list[str] = []
    marked: list[str] = []
    for die in defs.dice.values():
        if not die.known:
            empty.append(
                Words("{name} ({id}): faces unknown", "{name} ({id})\u00a0: faces inconnues", T)
                .text()
                .format(name=die.name.text(), id=die.id)
            )
        elif die.confidence in ("inferred", "reconstruction"):
            words = Words("{name} ({id}): {mark}", "{name} ({id})\u00a0: {mark}", T)
            mark = (
                Words("inferred", "déduit", T)
                if die.confidence == "inferred"
                else Words("reconstruction", "reconstitution", T)
            )
            marked.append(words.text().format(name=die.name.text(), id=die.id, mark=mark.text()))
    for kind in defs.kinds.values():
        if kind.count is None:
            empty.append(
                Words("{name} ({id}): count unknown", "{name} ({id})\u00a0: nombre inconnu", T)
                .text()
                .format(name=kind.name.text(), id=kind.id)
            )
    if args.list:
        lines += ["", *empty, *marked]
    lines.append(Words("The data is valid.", "Les données sont valides.", T).text())
    return Report(lines)


def _words() -> tuple[str, str]:
    return (
        Words(
            "Validate the Thunder Road data; report its empty slots.",
            "Valide les données de Thunder Road\u00a0; signale les cases vides.",
            T,
        ).text(),
        Words("list each empty slot and each inferred fact", "liste chaque case vide et chaque fait déduit", T).text(),
    )


main = DataCheck(PACK, _words, report).main


if __name__ == "__main__":
    sys.exit(main())
