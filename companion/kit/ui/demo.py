"""`companion demo --game <kit> --out DIR`: a seeded game of a kit played through the real app, by touch, on a
virtual screen (Xvfb when there is no display), with a screenshot of each screen it passes.

Its files in DIR are named after the game (`<kit>-0001-home.png`..., `<kit>-summary.md`) and listed in
`<kit>-demo-files.txt`; a later demo of the same game replaces only those. When DIR already holds a file of that
game's names that no demo wrote, the demo stops before writing anything: it never deletes or overwrites a file
it did not write. The game is played in a scratch directory, so the demo never adds to the saved games.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import traceback
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from companion.ui.launch import has_screen, parse_size
from companion.ui.xvfb import XvfbError, start_xvfb, stop_xvfb


def build_parser(game: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=f"companion demo --game {game}", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("artifacts/demo"), help="where the screenshots go")
    parser.add_argument("--seed", type=int, default=7, help="the game's seed")
    parser.add_argument("--players", type=int, default=None, help="how many play (the kit's smallest by default)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds played")
    parser.add_argument("--size", type=parse_size, default=(800, 480), help="window size, e.g. 720x1280")
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    return parser


def manifest(out: Path, game: str) -> Path:
    return out / f"{game}-demo-files.txt"


def clear_previous(out: Path, game: str) -> str | None:
    """Removes the files the last demo of `game` wrote in `out` (and only those); the name of a file of this
    game's names that no demo wrote, if there is one (then nothing is removed)."""
    listed = manifest(out, game)
    ours = set(listed.read_text(encoding="utf-8").split()) if listed.exists() else set()
    theirs = sorted(
        path.name for path in out.glob(f"{game}-*") if path.name not in ours and path != listed and path.is_file()
    )
    if theirs:
        return theirs[0]
    for name in ours:
        (out / name).unlink(missing_ok=True)
    return None


def run_demo(game: str, argv: Sequence[str] | None = None) -> int:
    args = build_parser(game).parse_args(list(argv or ()))
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    clash = clear_previous(out, game)
    if clash is not None:
        print(
            f"companion demo: {out / clash} was not written by a demo; choose another folder (--out)",
            file=sys.stderr,
        )
        return 2
    xvfb = None
    if not has_screen():
        try:
            xvfb, display = start_xvfb()
        except XvfbError as error:
            raise SystemExit(f"companion demo: no display, and {error}") from None
        os.environ["DISPLAY"] = display
    scratch = tempfile.mkdtemp(prefix="companion-demo-")
    os.environ["COMPANION_STATE_DIR"] = str(Path(scratch) / "state")
    os.environ.setdefault("KIVY_HOME", str(Path(scratch) / "kivy"))
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    try:
        return _run(game, args, out)
    finally:
        if xvfb is not None:
            stop_xvfb(xvfb)
        shutil.rmtree(scratch, ignore_errors=True)


def _run(game: str, args: argparse.Namespace, out: Path) -> int:
    from companion.ui.launch import prepare_kivy

    prepare_kivy(args.size, False, None)
    from companion.engine import registry
    from companion.kit.ui.autoplay import KitPlayer, KitReport
    from companion.ui.app import CompanionApp
    from companion.ui.pilot import Pilot

    info = registry.info(game)
    players = args.players or info.players[0]
    report = KitReport()
    outcome: dict[str, Any] = {"error": None}
    written = manifest(out, game)

    class DemoApp(CompanionApp):
        def on_start(self) -> None:
            self.pilot = Pilot(self)
            player = KitPlayer(self.pilot, out, report, prefix=f"{game}-")

            def script() -> Any:
                yield from player.start(game, players, args.seed)
                yield from player.play_rounds(args.rounds)
                yield from player.tap("open:menu")
                yield from player.tap("open:history")

            def done(error: BaseException | None) -> None:
                if error is not None:
                    outcome["error"] = "".join(traceback.format_exception(error))
                outcome["layout"] = self.pilot.layout_problems
                self.stop()

            self.pilot.run(script(), done)

    try:
        DemoApp(language=args.lang).run()
    finally:
        summary_name = f"{game}-summary.md"
        written.write_text("\n".join([*report.screenshots, summary_name]) + "\n", encoding="utf-8")
    summary = _summary(game, players, args, report, outcome)
    (out / summary_name).write_text(summary, encoding="utf-8")
    print(summary)
    return 0 if outcome["error"] is None else 1


def _summary(game: str, players: int, args: argparse.Namespace, report: Any, outcome: dict[str, Any]) -> str:
    problems = [f"{label}: {p}" for label, found in (outcome.get("layout") or {}).items() for p in found]
    lines = [
        f"# Companion demo: {game}",
        "",
        f"- Game: {game}, {players} players, seed {args.seed}, {args.rounds} rounds",
        f"- Screen: {args.size[0]}x{args.size[1]}, language {args.lang}",
        f"- Actions made by touch: {report.actions}",
        f"- Screens passed: {len(report.screens)}, screenshots: {len(report.screenshots)}",
        f"- Layout problems: {len(problems)}",
    ]
    lines += [f"  - {p}" for p in problems[:50]]
    if outcome.get("error"):
        lines += ["", "## Stopped by an error", "", "```", outcome["error"].rstrip(), "```"]
    lines += ["", "## Screenshots", ""]
    lines += [f"{i}. {name}" for i, name in enumerate(report.screenshots, start=1)]
    lines += ["", "## Actions", ""]
    lines += [f"{i}. {label}" for i, label in enumerate(report.labels, start=1)]
    return "\n".join(lines) + "\n"


def __getattr__(attribute: str) -> Callable[[Sequence[str] | None], int]:
    """`main__<kit>`: the `demo` command a kit pack names (see `companion.kit.pack.bound`)."""
    from companion.kit.pack import unbound

    game = unbound(attribute, "main")
    if game is None:
        raise AttributeError(attribute)
    return partial(run_demo, game)


if __name__ == "__main__":
    sys.exit(run_demo(sys.argv[1], sys.argv[2:]))
