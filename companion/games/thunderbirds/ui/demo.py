"""`companion demo --out DIR`: a seeded game played through the real app on a virtual screen.

Every move is chosen by the game's bot and made by touching the screen, as a player would. Each screen the
game passes is saved as a numbered screenshot in DIR, with `summary.md` telling the game and listing any layout
problem found on the way. Without a display, the demo starts its own virtual screen (Xvfb). The game is kept
in a scratch directory, so the demo never adds to the saved games. The demo removes only what an earlier demo
wrote in DIR, and writes into a fresh subfolder rather than over a file of its names it did not write
(`companion.ui.demo_output`).
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

from companion.ui.demo_output import prepare_output, record_output
from companion.ui.launch import has_screen, parse_size
from companion.ui.xvfb import XvfbError, start_xvfb, stop_xvfb


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion demo", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("artifacts/demo"), help="where the screenshots go")
    parser.add_argument("--seed", type=int, default=34, help="the game's seed (34: a two-player win)")
    parser.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4))
    parser.add_argument(
        "--difficulty", default="introduction", choices=("introduction", "standard", "heroic", "legendary")
    )
    parser.add_argument("--size", type=parse_size, default=(800, 480), help="window size, e.g. 720x1280")
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(argv or ()))
    out: Path = prepare_output(args.out.resolve())
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
        return _run(args, out)
    finally:
        if xvfb is not None:
            stop_xvfb(xvfb)
        shutil.rmtree(scratch, ignore_errors=True)


def _run(args: argparse.Namespace, out: Path) -> int:
    from companion.ui.launch import prepare_kivy

    prepare_kivy(args.size, False, None)
    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport
    from companion.ui.app import CompanionApp
    from companion.ui.pilot import Pilot

    report = PlayReport()
    outcome: dict[str, Any] = {"error": None}

    class DemoApp(CompanionApp):
        def on_start(self) -> None:
            self.pilot = Pilot(self)
            player = AutoPlayer(self.pilot, out, report)

            def script() -> Any:
                yield from player.start(args.players, args.difficulty, args.seed)
                yield from player.play()
                yield from player.tap("open:history")

            def done(error: BaseException | None) -> None:
                if error is not None:
                    outcome["error"] = "".join(traceback.format_exception(error))
                snapshot = self.controller.snapshot if self.controller else None
                outcome["state"] = snapshot.state if snapshot else None
                outcome["layout"] = self.pilot.layout_problems
                self.stop()

            self.pilot.run(script(), done)

    DemoApp(language=args.lang).run()
    summary = _summary(args, report, outcome)
    (out / "summary.md").write_text(summary, encoding="utf-8")
    record_output(out, [*report.screenshots, "summary.md"])
    print(summary)
    print(f"Screenshots and summary in {out}")
    return 0 if outcome["error"] is None else 1


def _summary(args: argparse.Namespace, report: Any, outcome: dict[str, Any]) -> str:
    from companion.games.thunderbirds.loader import default_definitions
    from companion.games.thunderbirds.scoring import score

    state = outcome.get("state")
    final = score(state, default_definitions()) if state is not None else None
    problems = [f"{label}: {p}" for label, found in (outcome.get("layout") or {}).items() for p in found]
    lines = [
        "# Companion demo",
        "",
        f"- Game: {args.players} player{'' if args.players == 1 else 's'}, {args.difficulty}, seed {args.seed}",
        f"- Screen: {args.size[0]}x{args.size[1]}, language {args.lang}",
        f"- Result: {report.outcome or 'unfinished'}" + (f" ({report.reason})" if report.reason else ""),
        f"- Score: {final.total if final else '-'}",
        f"- Turns: {report.turns}, actions made by touch: {report.actions}",
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


if __name__ == "__main__":
    sys.exit(main())
