"""`companion demo --out DIR`: a seeded game played through the real app on a virtual screen.

Every move is chosen by the game's bot and made by touching the screen, as a player would. Each screen the
game passes is saved as a numbered screenshot in DIR, with `summary.md` telling the game and listing any layout
problem found on the way. Without a display, the demo starts its own virtual screen (Xvfb). The game is kept
in a scratch directory, so the demo never adds to the saved games. The demo removes only what an earlier demo
wrote in DIR, and writes into a fresh subfolder rather than over a file of its names it did not write
(`companion.ui.demo_output`). The harness is the shell's (`companion.ui.demo_harness`); here is the script.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.ui.demo_harness import Demo, Outcome, run
from companion.ui.touch_player import Script


class ThunderbirdsDemo(Demo):
    description = (__doc__ or "").splitlines()[0]

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--seed", type=int, default=34, help="the game's seed (34: a two-player win)")
        parser.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4))
        parser.add_argument(
            "--difficulty", default="introduction", choices=("introduction", "standard", "heroic", "legendary")
        )

    def script(self, app: Any, args: argparse.Namespace, out: Path) -> Script:
        from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

        self.report = report = PlayReport()
        player = AutoPlayer(app.pilot, out, report)
        yield from player.start(args.players, args.difficulty, args.seed)
        yield from player.play()
        yield from player.tap("open:history")

    def facts(self, args: argparse.Namespace, outcome: Outcome) -> list[str]:
        from companion.games.thunderbirds.loader import default_definitions
        from companion.games.thunderbirds.scoring import score

        report: Any = self.report
        final = score(outcome.state, default_definitions()) if outcome.state is not None else None
        return [
            f"- Game: {args.players} player{'' if args.players == 1 else 's'}, {args.difficulty}, seed {args.seed}",
            f"- Result: {report.outcome or 'unfinished'}" + (f" ({report.reason})" if report.reason else ""),
            f"- Score: {final.total if final else '-'}",
            f"- Turns: {report.turns}, actions made by touch: {report.actions}",
        ]


def main(argv: Sequence[str] | None = None) -> int:
    return run(ThunderbirdsDemo(), argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
