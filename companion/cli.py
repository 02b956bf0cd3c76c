"""The `companion` command: this file only routes; each sub-command lives in the module that owns its job (its
`--help` is there). `HELP` is what `companion --help` prints."""

from __future__ import annotations

import importlib
import os
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path

HELP = """\
The table companion: the touchscreen app beside the board game, and its commands.

companion [run]              start the touchscreen app (the default)
companion --version          print the version
companion games              the installed games: name, title, kind, players, how complete their data is
companion demo --out DIR     play a seeded game through the real app on a virtual screen, with screenshots
companion scenario FILE...   apply scenario files of any game (a file's `game` key or --game picks it)
companion odds FILE          exact rescue odds for a scenario's position
companion simulate           bot-played games: win rate, causes of defeat, score
companion hw-test            walk every LED, echo button presses, report the serial link
companion serve [--port N]   the table's pages for phones and a TV, without the touchscreen app
companion import FILE        add an exported game (a .json file) as a new saved game
companion check-data         validate the game data and the user overlay; report what is missing
companion kit check|add|list a game declared in one TOML file: check it, add it, list those installed

demo, scenario, odds, simulate, check-data and hw-test take --game NAME (Thunderbirds when not given); a game
that does not provide a command says so. Each command's options: companion COMMAND --help.
"""

#: The shell's own sub-commands -> "module:function"; each takes the remaining argv and returns an exit code.
COMMANDS: dict[str, str] = {
    "run": "companion.ui.launch:main",
    "games": "companion.cli:games",
    "hw-test": "companion.hardware_check:main",
    "import": "companion.imports:main",
    "kit": "companion.kit.cli:main",
    "scenario": "companion.engine.scenario_cli:main",  # every game's files: the file or --game picks the game
    "serve": "companion.web.serve:main",  # the phones' and TV's pages without the touchscreen app
}
#: Sub-commands a game's pack answers (`Pack.commands`), for the game `--game` names.
GAME_COMMANDS: tuple[str, ...] = ("demo", "odds", "simulate", "check-data")


def main(argv: Sequence[str] | None = None) -> int:
    try:
        code = _route(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (`companion check-data --list | head`): the rest is not wanted, and Python's
        # flush at exit would fail again. The standard library's recipe: point stdout at /dev/null, exit 1.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return code


def _route(argv: Sequence[str] | None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help", "help"):
        print(HELP.strip())
        return 0
    if args and args[0] == "--version":
        from companion import __version__

        print(f"companion {__version__}")
        return 0
    command = "run"
    if args and not args[0].startswith("-"):
        command = args.pop(0)
    if command in GAME_COMMANDS:
        return _game_command(command, args)
    target = COMMANDS.get(command)
    if target is None:
        known = ", ".join([*COMMANDS, *GAME_COMMANDS])
        print(f"companion: unknown command {command!r}; try one of: {known}", file=sys.stderr)
        return 2
    return _call(target, args)


def _call(target: str, args: list[str]) -> int:
    module_name, _, function = target.partition(":")
    handler = getattr(importlib.import_module(module_name), function)
    return int(handler(args) or 0)


def take_game(args: list[str]) -> str | None:
    """Removes `--game NAME` (or `--game=NAME`) from `args` and returns NAME, or None when absent."""
    for index, arg in enumerate(args):
        if arg == "--game" and index + 1 < len(args):
            name = args[index + 1]
            del args[index : index + 2]
            return name
        if arg.startswith("--game="):
            del args[index]
            return arg.split("=", 1)[1]
    return None


def scenario_game(args: Sequence[str]) -> str | None:
    """The `game` field of the scenario file among `args` (None when the file names none or cannot be read:
    the game's own command then reports the file's problem)."""
    for arg in args:
        if arg.startswith("-") or not arg.endswith(".toml"):
            continue
        try:
            data = tomllib.loads(Path(arg).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            return None
        game = data.get("game")
        return game if isinstance(game, str) else None
    return None


def _game_command(command: str, args: list[str]) -> int:
    from companion.engine import registry
    from companion.engine.errors import UnknownGame

    name = take_game(args)
    if name is None and command == "odds":
        name = scenario_game(args)
    name = name or registry.DEFAULT_GAME
    try:
        pack = registry.pack(name)
    except UnknownGame as error:
        skipped = [problem for problem in registry.problems() if problem.name == name]
        print(f"companion {command}: {skipped[0] if skipped else error}", file=sys.stderr)
        return 2
    target = pack.commands.get(command)
    if target is None:
        print(f"companion {command}: the game {name} has no {command!r} command", file=sys.stderr)
        return 2
    if "-h" in args or "--help" in args:
        try:
            code = _call(target, args)
        except SystemExit as done:  # argparse's help, printed
            code = int(done.code or 0)
        print(game_option_help(command, name))
        return code
    return _call(target, args)


def game_option_help(command: str, game: str) -> str:
    """The `--game` option of a game's command, which the shell takes before the game's own options: what its
    `--help` adds."""
    from companion.engine import registry

    names = ", ".join(info.name for info in registry.available())
    return (
        f"\nthe game:\n  --game NAME           which game's {command} (default {registry.DEFAULT_GAME};"
        f" the options above are {game}'s)\n                        installed: {names}"
    )


def games(argv: Sequence[str] = ()) -> int:
    """`companion games`: every installed game, and the packs and kits that could not be read (file and line).
    `--lang` gives the titles and how complete each game's data is in that language (the columns' names and the
    kinds are the words the other commands take, in English)."""
    import argparse

    from companion.engine import registry
    from companion.locale import LANGUAGES, set_language

    parser = argparse.ArgumentParser(prog="companion games", description="List the installed games.")
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help="language of the titles and the data status")
    args = parser.parse_args(list(argv))
    if args.lang is not None:
        set_language(args.lang)
    rows = [("name", "title", "kind", "players", "data")]
    for info in registry.available():
        try:
            status = registry.pack(info.name).data_status().label()
        except Exception as error:  # one broken game never hides the others
            status = f"cannot be loaded: {error}"
        low, high = info.players
        rows.append((info.name, info.title.text(), info.support, f"{low}-{high}" if low != high else str(low), status))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[-1])
    problems = registry.problems()
    for problem in problems:
        print(f"skipped {problem.name}: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
