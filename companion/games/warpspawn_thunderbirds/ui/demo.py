"""`companion demo --game warpspawn_thunderbirds --out DIR`: a seeded game played through the real app by touch.

Every move is chosen by the pack's bot (each seat with its own hand) and made by touching the screen as players
would: the upkeep's "Next", hands behind the hand-over step, pawns and squares on the grid. The first time the app
shows each screen, pop-up or stage of the hand-over, it is saved as a numbered screenshot in DIR, with `summary.md`
telling the game and listing any layout problem found. Without a display the demo starts its own virtual screen
(Xvfb). The game is kept in a scratch directory, so the demo never adds to the saved games; in DIR it writes its own
numbered screenshots and `summary.md`, and removes nothing. The harness is the shell's
(`companion.ui.demo_harness`); here is the script.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.ui.demo_harness import Demo, Outcome, run
from companion.ui.demo_output import Output
from companion.ui.touch_player import Script


class WarpspawnDemo(Demo):
    title = "# Companion demo: Warpspawn Thunderbirds"
    description = (__doc__ or "").splitlines()[0]
    game = "warpspawn_thunderbirds"
    default_out = Path("artifacts/demo-warpspawn")
    output = Output(rule="beside")

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--seed", type=int, default=5, help="the game's seed")
        parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
        parser.add_argument("--board", type=int, default=12, choices=(10, 12, 20), help="the board's size")
        parser.add_argument("--actions", type=int, default=0, help="stop after this many actions (0: the whole game)")

    def script(self, app: Any, args: argparse.Namespace, out: Path) -> Script:
        from companion.games.warpspawn_thunderbirds.ui.autoplay import AutoPlayer, PlayReport

        seen: set[str] = set()

        def first_time(name: str) -> bool:
            fresh = name not in seen
            seen.add(name)
            return fresh

        self.report = report = PlayReport()
        player = AutoPlayer(app.pilot, out, report, shoot=first_time)
        yield from player.start(args.players, args.board, args.seed)
        yield from player.play(max_actions=args.actions or 100_000)
        yield from player.to_grid()
        if app.pilot.has("open:history"):
            yield from player.tap("open:history")

    def facts(self, args: argparse.Namespace, outcome: Outcome) -> list[str]:
        state = outcome.state
        report: Any = self.report
        scores = ", ".join(f"{s.colour} {len(s.rescues)}" for s in state.seats) if state is not None else "-"
        result = "unfinished"
        if state is not None and state.outcome is not None:
            result = "won by " + ", ".join(state.outcome.winners) + (" (a tie)" if state.outcome.is_tie else "")
        return [
            f"- Game: {args.players} players, {args.board} x {args.board} board, seed {args.seed}",
            f"- Result: {result}; rescues: {scores}",
            f"- Turns: {state.turn if state is not None else '-'}, actions made by touch: {report.actions}",
            f"- Hand-over steps: {sum(1 for stage, _texts in report.handovers if stage == 'cover')}",
        ]


def main(argv: Sequence[str] | None = None) -> int:
    return run(WarpspawnDemo(), argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
