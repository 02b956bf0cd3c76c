"""`companion demo --game thunder_road --out DIR`: a seeded two-player race played through the real app on a
virtual screen, by touch, with a screenshot of every screen and pop-up it passes.

Round 1 without shooting (a car takes two damage and goes inoperable, the lead tile is left twice and the fifth
tile is announced as the final tile), round 2 with a Repair and shots. The game is kept in a scratch directory
with the shipped data, so the demo never touches the player's saved games. The harness is the shell's
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

GAME = "thunder_road"


class RaceDemo(Demo):
    title = "# Companion demo: Thunder Road: Vendetta"
    description = (__doc__ or "").splitlines()[0]
    game = GAME
    default_out = Path("artifacts/demo-thunder-road")
    output = Output(subfolder="run")
    own_data = True

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--seed", type=int, default=None, help="the race's seed (default: the first that fits)")

    def seed(self, args: argparse.Namespace) -> int:
        from companion.games.thunder_road.loader import default_definitions
        from companion.games.thunder_road.plan import seed_for_plan

        return int(args.seed) if args.seed is not None else seed_for_plan(default_definitions())

    def script(self, app: Any, args: argparse.Namespace, out: Path) -> Script:
        from companion.games.thunder_road.ui.autoplay import RacePlayer

        player = RacePlayer(app.pilot, out, self.report)
        yield from player.start(2, self.seed(args))
        yield from player.play()
        yield from player.tap("open:menu")
        yield from player.tap("open:history")

    def facts(self, args: argparse.Namespace, outcome: Outcome) -> list[str]:
        return [
            f"- Race: 2 players, seed {self.seed(args)}, two rounds by the script of plan.py",
            f"- Actions made by touch: {self.report.actions}",
        ]


def main(argv: Sequence[str] | None = None) -> int:
    return run(RaceDemo(), argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
