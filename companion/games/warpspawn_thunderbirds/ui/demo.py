"""`companion demo --game warpspawn_thunderbirds --out DIR`: a seeded game played through the real app by touch.

Every move is chosen by the pack's bot (each seat with its own hand) and made by touching the screen as players
would: the upkeep's "Next", hands behind the hand-over step, pawns and squares on the grid. The first time the app
shows each screen, pop-up or stage of the hand-over, it is saved as a numbered screenshot in DIR, with `summary.md`
telling the game and listing any layout problem found. Without a display the demo starts its own virtual screen
(Xvfb). The game is kept in a scratch directory, so the demo never adds to the saved games; in DIR it writes its own
numbered screenshots and `summary.md`, and removes nothing.
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion demo --game warpspawn_thunderbirds", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--out", type=Path, default=Path("artifacts/demo-warpspawn"), help="where the screenshots go")
    parser.add_argument("--seed", type=int, default=5, help="the game's seed")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--board", type=int, default=12, choices=(10, 12, 20), help="the board's size")
    parser.add_argument("--actions", type=int, default=0, help="stop after this many actions (0: the whole game)")
    parser.add_argument("--size", type=parse_size, default=(800, 480), help="window size, e.g. 720x1280")
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(argv or ()))
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
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
    from companion.games.warpspawn_thunderbirds.ui.autoplay import AutoPlayer, PlayReport
    from companion.ui.app import CompanionApp
    from companion.ui.pilot import Pilot

    report = PlayReport()
    outcome: dict[str, Any] = {"error": None}
    seen: set[str] = set()

    def first_time(name: str) -> bool:
        if name in seen:
            return False
        seen.add(name)
        return True

    class DemoApp(CompanionApp):
        def on_start(self) -> None:
            self.pilot = Pilot(self)
            player = AutoPlayer(self.pilot, out, report, shoot=first_time)

            def script() -> Any:
                yield from player.start(args.players, args.board, args.seed)
                yield from player.play(max_actions=args.actions or 100_000)
                yield from player.to_grid()
                if self.pilot.has("open:history"):
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
    print(summary)
    return 0 if outcome["error"] is None else 1


def _summary(args: argparse.Namespace, report: Any, outcome: dict[str, Any]) -> str:
    state = outcome.get("state")
    problems = [f"{label}: {p}" for label, found in (outcome.get("layout") or {}).items() for p in found]
    if state is not None and state.outcome is not None:
        result = "won by " + ", ".join(state.outcome.winners) + (" (a tie)" if state.outcome.is_tie else "")
        scores = ", ".join(f"{s.colour} {len(s.rescues)}" for s in state.seats)
    else:
        result, scores = "unfinished", ", ".join(f"{s.colour} {len(s.rescues)}" for s in state.seats) if state else "-"
    lines = [
        "# Companion demo: Warpspawn Thunderbirds",
        "",
        f"- Game: {args.players} players, {args.board} x {args.board} board, seed {args.seed}",
        f"- Screen: {args.size[0]}x{args.size[1]}, language {args.lang}",
        f"- Result: {result}; rescues: {scores}",
        f"- Turns: {state.turn if state is not None else '-'}, actions made by touch: {report.actions}",
        f"- Hand-over steps: {sum(1 for stage, _texts in report.handovers if stage == 'cover')}",
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
