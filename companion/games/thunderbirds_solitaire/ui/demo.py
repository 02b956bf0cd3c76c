"""`companion demo --game thunderbirds_solitaire --out DIR`: a seeded Solitaire game played through the real app
on a virtual screen, by touch, with a screenshot of every screen it passes.

The moves are the seeded player's (`bot.py`), each made by touching the buttons a player would. The game is kept
in a scratch directory with the shipped data alone (or with the overlay folder `--overlay` names, read and never
changed), so the demo plays the same everywhere and never touches the player's saved games or corrections. The
screenshots and `summary.md` go into DIR; when DIR already holds files, into a new folder inside it (`run-2`...):
the demo never deletes or overwrites a file it did not write.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.ui.launch import has_screen, parse_size
from companion.ui.xvfb import XvfbError, start_xvfb, stop_xvfb

GAME = "thunderbirds_solitaire"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=f"companion demo --game {GAME}", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("artifacts/demo-solitaire"), help="where the screenshots go")
    parser.add_argument("--seed", type=int, default=7, help="the game's seed and the player's choices")
    parser.add_argument("--deck", choices=("basic", "advanced"), default="basic")
    parser.add_argument("--dealing", choices=("companion", "table"), default="table")
    parser.add_argument("--overlay", type=Path, default=None, help="a folder of completed data to play with")
    parser.add_argument("--turns", type=int, default=5, help="the game is declared won after this many turns")
    parser.add_argument("--size", type=parse_size, default=(800, 480), help="window size, e.g. 720x1280")
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    return parser


def output_folder(out: Path) -> Path:
    """`out`, or a new `run-N` folder inside it when it already holds files (none is ever replaced)."""
    if not out.exists() or not any(out.iterdir()):
        return out
    number = 2
    while (out / f"run-{number}").exists():
        number += 1
    return out / f"run-{number}"


def scratch_environment(scratch: Path) -> dict[str, str]:
    """The demo's own saved games, data and config file, all in `scratch`. The config file is written empty (every
    default): a config file named by COMPANION_CONFIG must exist, and the machine's own (its lights, its state
    directory) has no place in a demo."""
    config = scratch / "config.toml"
    config.write_text("# The demo plays with every default.\n", encoding="utf-8")
    return {
        "COMPANION_STATE_DIR": str(scratch / "state"),
        "COMPANION_DATA_DIR": str(scratch / "data"),
        "COMPANION_CONFIG": str(config),
    }


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(argv or ()))
    if args.overlay is not None and not args.overlay.is_dir():
        print(f"companion demo: --overlay {args.overlay}: no such folder", file=sys.stderr)
        return 2
    out = output_folder(args.out.resolve())
    out.mkdir(parents=True, exist_ok=True)
    xvfb = None
    if not has_screen():
        try:
            xvfb, display = start_xvfb()
        except XvfbError as error:
            raise SystemExit(f"companion demo: no display, and {error}") from None
        os.environ["DISPLAY"] = display
    scratch = Path(tempfile.mkdtemp(prefix="companion-demo-"))
    os.environ.update(scratch_environment(scratch))
    os.environ.setdefault("KIVY_HOME", str(scratch / "kivy"))
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    if args.overlay is not None:
        shutil.copytree(args.overlay, scratch / "data" / "overlay" / GAME)
    try:
        return _run(args, out)
    finally:
        if xvfb is not None:
            stop_xvfb(xvfb)
        shutil.rmtree(scratch, ignore_errors=True)


def _run(args: argparse.Namespace, out: Path) -> int:
    from companion.ui.launch import prepare_kivy

    prepare_kivy(args.size, False, None)
    from companion.games.thunderbirds_solitaire.bot import Habits
    from companion.games.thunderbirds_solitaire.ui.autoplay import AutoPlayer, PlayReport
    from companion.ui.app import CompanionApp
    from companion.ui.pilot import Pilot

    report = PlayReport()
    outcome: dict[str, Any] = {"error": None}

    class DemoApp(CompanionApp):
        def on_start(self) -> None:
            self.pilot = Pilot(self)
            player = AutoPlayer(self.pilot, out, report, seed=args.seed, habits=Habits(turns=args.turns))

            def script() -> Any:
                yield self.pilot.settle()
                yield self.pilot.until(lambda: self.pilot.has(f"game:{GAME}"), "the game picker")
                yield from player.tap(f"game:{GAME}")
                yield from player.tap("card_editor")  # what the player completes from the box
                yield from player.tap("tab:basic")
                yield from player.tap("back")
                yield from player.start(args.deck, args.dealing, args.seed)
                yield from player.play()
                yield from player.tap("open:history")

            def done(error: BaseException | None) -> None:
                if error is not None:
                    outcome["error"] = "".join(traceback.format_exception(error))
                outcome["layout"] = self.pilot.layout_problems
                outcome["config"] = tuple(self.config_problems)
                self.stop()

            self.pilot.run(script(), done)

    DemoApp(language=args.lang).run()
    summary = _summary(args, report, outcome)
    (out / "summary.md").write_text(summary, encoding="utf-8")
    print(summary)
    return 0 if outcome["error"] is None else 1


def _summary(args: argparse.Namespace, report: Any, outcome: dict[str, Any]) -> str:
    problems = [f"{label}: {p}" for label, found in (outcome.get("layout") or {}).items() for p in found]
    data = f"the overlay in {args.overlay}" if args.overlay else "the shipped data (nothing of the cards known)"
    lines = [
        "# Companion demo: Thunderbirds Solitaire",
        "",
        f"- Game: {args.deck} deck, dealt by {'the companion' if args.dealing == 'companion' else 'the table'},"
        f" seed {args.seed}, with {data}",
        f"- Screen: {args.size[0]}x{args.size[1]}, language {args.lang}",
        f"- Result: {report.outcome or 'unfinished'} (declared after {args.turns} turns by the demo's player)",
        f"- Turns: {report.turns}, actions made by touch: {report.actions}",
        f"- Screens passed: {len(report.screens)}, screenshots: {len(report.screenshots)}",
        f"- Layout problems: {len(problems)}",
    ]
    lines += [f"  - {p}" for p in problems[:50]]
    config = outcome.get("config") or ()
    lines.append(f"- Config problems: {len(config)}")
    lines += [f"  - {p}" for p in config]
    if outcome.get("error"):
        lines += ["", "## Stopped by an error", "", "```", outcome["error"].rstrip(), "```"]
    lines += ["", "## Screenshots", ""]
    lines += [f"{i}. {name}" for i, name in enumerate(report.screenshots, start=1)]
    lines += ["", "## Actions", ""]
    lines += [f"{i}. {label}" for i, label in enumerate(report.labels, start=1)]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
