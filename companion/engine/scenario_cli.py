"""`companion scenario [--game NAME] FILE... [--json] [--lang en|fr]`: apply scenario files of any game.

The game is the file's `game` key, else `--game`, else Thunderbirds; a file and `--game` that disagree are refused,
and a file whose keys belong to another installed game says which `--game` it needs. Exit codes: 0 the script ran
and every expectation held; 1 an expectation failed; 2 an action was illegal (its one-line reason on standard
output, unless the scenario expected exactly that error), the file is malformed (one line naming the file and the
field, on standard error) or the game's data do not load (each problem on a line, naming its file and field). With
several files, the worst of their codes.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from companion.engine import scenario as format_
from companion.engine.data.problems import DataError
from companion.engine.errors import UnknownGame
from companion.engine.scenario import ScenarioError, ScenarioGame, ScenarioResult
from companion.locale import LANGUAGES, _, set_language


class _NoGame(Exception):
    """The game named is not installed, or reads no scenario files: `companion scenario: <why>`."""


def main(argv: Sequence[str] | None = None, game: str | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    prog = "companion scenario" if game is None else f"companion scenario --game {game}"
    language = argparse.ArgumentParser(prog=prog, add_help=False)
    language.add_argument("--lang", choices=LANGUAGES, default="en")
    set_language(language.parse_known_args(argv)[0].lang)  # `--help` in the language asked for too
    parser = argparse.ArgumentParser(
        prog=prog,
        description=_("Apply scenario files: a position, forced dice and a script of actions, with checks."),
    )
    parser.add_argument("files", type=Path, nargs="+", metavar="FILE", help=_("a scenario file (TOML)"))
    if game is None:
        from companion.engine import registry

        installed = ", ".join(info.name for info in registry.available())
        parser.add_argument(
            "--game",
            metavar="NAME",
            help=_("the game the files are for, when they do not say (game = NAME); installed: {names}").format(
                names=installed
            ),
        )
    parser.add_argument("--json", action="store_true", help=_("print the state, events and checks as JSON"))
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help=_("language of reasons and labels"))
    args = parser.parse_args(argv)
    forced = game or args.game
    codes, outputs = [], []
    for path in args.files:
        if len(args.files) > 1 and not args.json:
            print(f"== {path}")
        try:
            code, out = _run_one(path, forced, args.json)
        except _NoGame as why:
            print(f"companion scenario: {why}", file=sys.stderr)
            return 2
        codes.append(code)
        if out is not None:
            outputs.append({"file": str(path), **out} if len(args.files) > 1 else out)
    if outputs:
        print(json.dumps(outputs if len(args.files) > 1 else outputs[0], indent=2, ensure_ascii=False))
    return max(codes)


def command(game: str) -> Callable[[Sequence[str] | None], int]:
    """`main` for one game, as `companion scenario --game GAME` (a pack's `python -m ...scenario_cli`)."""

    def game_main(argv: Sequence[str] | None = None) -> int:
        return main(argv, game)

    return game_main


def _run_one(path: Path, forced: str | None, as_json: bool) -> tuple[int, dict[str, Any] | None]:
    try:
        data = format_.read(path)
        game = _game_for(data, str(path), forced)
        scenario = format_.parse(game, data, str(path), base=path.parent)
        result = format_.run(game, scenario)
    except (ScenarioError, DataError) as error:  # a malformed file, or the game's own data that do not load
        print(error.message, file=sys.stderr)
        return 2, None
    if result.error is not None and "error" not in scenario.expect:
        print(result.error)
        return 2, None
    code = 0 if result.ok else 1
    if as_json:
        return code, format_.output(game, result)
    for line in _text(game, scenario, result):
        print(line)
    return code, None


def _game_for(data: dict[str, Any], file: str, forced: str | None) -> ScenarioGame[Any]:
    """The game a file is run as; a file that names another game than `--game`, or whose keys are another
    game's, is refused with the `--game` it needs."""
    from companion.engine import registry

    named = data.get("game") if isinstance(data.get("game"), str) else None
    name = forced or named or registry.DEFAULT_GAME
    game = _hooks(name)
    if forced and named and named != forced:
        try:
            format_.parse(game, data, file)
        except ScenarioError as conflict:
            hint = _("run it with --game {game}, or without --game").format(game=named)
            raise ScenarioError(f"{conflict.message}; {hint}") from None
    if named is None and data and not game.fits(data):
        other = next((g for g in _installed() if g.game != game.game and g.fits(data)), None)
        if other is not None:
            hint = _("this file reads as a {title} scenario: run it with --game {game}").format(
                title=other.title, game=other.game
            )
            if forced is None:
                raise ScenarioError(f"{file}: {hint}")
            try:
                format_.parse(game, data, file)
            except ScenarioError as wrong:
                raise ScenarioError(f"{wrong.message}; {hint}") from None
    return game


def _hooks(name: str) -> ScenarioGame[Any]:
    from companion.engine import registry

    try:
        pack = registry.pack(name)
    except UnknownGame as error:
        skipped = [problem for problem in registry.problems() if problem.name == name]
        raise _NoGame(skipped[0] if skipped else error) from None
    found = game_of(pack)
    if found is None:
        raise _NoGame(_("the game {game} has no '{command}' command").format(game=name, command="scenario"))
    return found


def game_of(pack: object) -> ScenarioGame[Any] | None:
    """The `ScenarioGame` a pack names in its optional `scenario` attribute, or None."""
    target = getattr(pack, "scenario", None)
    if not isinstance(target, str):
        return None
    module, _sep, attribute = target.partition(":")
    found = getattr(importlib.import_module(module), attribute)
    return found if isinstance(found, ScenarioGame) else None


def _installed() -> Iterator[ScenarioGame[Any]]:
    """Every installed game that reads scenario files (a game that cannot be loaded is passed over)."""
    from companion.engine import registry

    for info in registry.available():
        try:
            found = game_of(registry.pack(info.name))
        except Exception:  # a broken pack never hides the others' hint
            continue
        if found is not None:
            yield found


def _text(game: ScenarioGame[Any], scenario: format_.Scenario, result: ScenarioResult[Any]) -> Iterator[str]:
    if scenario.name:
        yield scenario.name
    for index, label in enumerate(result.labels):
        yield f"{index + 1}. {label}"
        yield from (f"   {line}" for at, line in result.lines if at == index)
    if result.error is not None:
        yield _("refused (action {n}): {reason}").format(n=(result.error_action or 0) + 1, reason=result.error)
    ending = game.outcome_line(result.state, result.defs)
    if ending is not None:
        yield ending
    for check in result.checks:
        yield _("{mark}: {path} = {actual} (expected {expected})").format(
            mark=_("ok") if check.ok else _("FAILED"),
            path=check.path,
            actual=repr(check.actual),
            expected=repr(check.expected),
        )


if __name__ == "__main__":
    sys.exit(main())
