"""`companion kit`: check a kit file, add one to the user's kits, list the kits installed.

companion kit check FILE   exit 0 and one summary line when valid; else the first problem on one line,
                           FILE:LINE: field: problem, and exit 2 (`--all`: every problem, one a line)
companion kit add FILE     check FILE and copy it into the user's kits folder (never overwriting); exit 2 if refused
companion kit list         the kit games installed, and the files skipped with their problem

`companion check-data --game <kit>` is `check_data` here: the installed file checked, how complete it is, what
the players still complete from their box and which parts are inferences.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from companion.engine.data.check import DataCheck, Report
from companion.engine.pack import DataStatus
from companion.kit import components as comp
from companion.kit.catalogue import KitAddError, add_kit, installed_kits
from companion.kit.definition import KitDefinition
from companion.kit.schema import KitError, read_kit
from companion.locale import LANGUAGES, domain, set_language

_, ngettext = domain("kit")


def summary_line(path: Path, kit: KitDefinition) -> str:
    parts = ", ".join(
        [
            ngettext("{count} deck", "{count} decks", len(kit.decks)).format(count=len(kit.decks)),
            ngettext("{count} kind of dice", "{count} kinds of dice", len(kit.dice)).format(count=len(kit.dice)),
            ngettext("{count} bag", "{count} bags", len(kit.bags)).format(count=len(kit.bags)),
            ngettext("{count} track", "{count} tracks", len(kit.tracks)).format(count=len(kit.tracks)),
            ngettext("{count} counter", "{count} counters", len(kit.counters)).format(count=len(kit.counters)),
            ngettext("{count} phase", "{count} phases", len(kit.phases)).format(count=len(kit.phases)),
        ]
    )
    low, high = kit.players
    if low == high:
        return ngettext(
            "{file}: valid kit {name} ({title}), {count} player; {parts}",
            "{file}: valid kit {name} ({title}), {count} players; {parts}",
            low,
        ).format(file=path, name=kit.name, title=kit.title.text(), count=low, parts=parts)
    return _("{file}: valid kit {name} ({title}), {low} to {high} players; {parts}").format(
        file=path, name=kit.name, title=kit.title.text(), low=low, high=high, parts=parts
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion kit", description=__doc__.splitlines()[0])
    language = argparse.ArgumentParser(add_help=False)
    language.add_argument("--lang", choices=LANGUAGES, default=None, help="the language of what it prints")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="validate a kit file", parents=[language])
    check.add_argument("file", type=Path)
    check.add_argument("--all", action="store_true", help="print every problem, not only the first")
    add = commands.add_parser("add", help="copy a kit file into the user's kits folder", parents=[language])
    add.add_argument("file", type=Path)
    commands.add_parser("list", help="the kit games installed", parents=[language])
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.lang is not None:
        set_language(args.lang)
    if args.command == "check":
        try:
            kit = read_kit(args.file)
        except KitError as error:
            for problem in error.problems if args.all else error.problems[:1]:
                print(problem, file=sys.stderr)
            return 2
        print(summary_line(args.file, kit))
        return 0
    if args.command == "add":
        try:
            target = add_kit(args.file)
        except KitAddError as error:
            print(error.message, file=sys.stderr)
            return 2
        print(_("{file} added as {target}").format(file=args.file, target=target))
        return 0
    infos, problems = installed_kits()
    for info in infos:
        print(f"{info.name}\t{info.title.text()}\t{info.source}")
    for skipped in problems:
        print(_("skipped: {problem}").format(problem=skipped), file=sys.stderr)
    return 0


def check_data(game: str, argv: Sequence[str] | None = None) -> int:
    """`companion check-data --game <kit>`: exit 0 with the report when the installed file is valid; its problems
    (FILE:LINE: field: problem, one a line) and exit 2 when it is not. The engine's command
    (`companion.engine.data.check`); a kit's report always lists what is missing."""
    check = DataCheck(
        game,
        lambda: (
            _("Check a kit game's file and say what is still to complete from your box."),
            _("list what is still to complete (a kit's report always does)"),
        ),
        lambda _args: _report(game),
        folders=False,
    )
    return check.main(argv)


def _report(game: str) -> Report:
    from companion.engine import registry

    path = Path(str(registry.info(game).source))
    try:
        kit = read_kit(path)
    except KitError as error:
        return Report([], [str(problem) for problem in error.problems], 2)
    parts = (kit.decks, kit.dice, kit.bags, kit.tracks)
    known, total = comp.known_and_total(*parts)
    lines = [summary_line(path, kit), DataStatus(known, total).label()]
    missing, inferred = comp.unknown_slots(*parts), comp.inferred_parts(*parts)
    if missing:
        lines += [_("To complete from your box:"), *(f"- {line}" for line in missing)]
    if inferred:
        lines += [_("Inferences to check against your box:"), *(f"- {line}" for line in inferred)]
    return Report(lines)


def __getattr__(attribute: str) -> Callable[[Sequence[str] | None], int]:
    """`check_data__<kit>`: the `check-data` command a kit pack names (see `companion.kit.pack.bound`)."""
    from companion.kit.pack import unbound

    game = unbound(attribute, "check_data")
    if game is None:
        raise AttributeError(attribute)

    def command(argv: Sequence[str] | None = None) -> int:
        return check_data(game, argv)

    return command


if __name__ == "__main__":
    sys.exit(main())
