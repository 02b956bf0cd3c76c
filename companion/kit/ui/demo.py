"""`companion demo --game <kit> --out DIR`: a seeded game of a kit played through the real app, by touch, on a
virtual screen (Xvfb when there is no display), with a screenshot of each screen it passes.

Its files in DIR are named after the game (`<kit>-0001-home.png`..., `<kit>-summary.md`) and listed in
`<kit>-demo-files.txt`; a later demo of the same game replaces only those. When DIR already holds a file of that
game's names that no demo wrote, the demo stops before writing anything: it never deletes or overwrites a file
it did not write. The game is played in a scratch directory, so the demo never adds to the saved games. The
harness is the shell's (`companion.ui.demo_harness`); here is the script.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from companion.ui.demo_harness import Demo, Outcome, run
from companion.ui.demo_output import Output
from companion.ui.touch_player import Script


class KitDemo(Demo):
    description = (__doc__ or "").splitlines()[0]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game
        self.title = f"# Companion demo: {game}"
        self.output = Output(rule="named", prefix=f"{game}-")

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--seed", type=int, default=7, help="the game's seed")
        parser.add_argument("--players", type=int, default=None, help="how many play (the kit's smallest by default)")
        parser.add_argument("--rounds", type=int, default=2, help="rounds played")

    def players(self, args: argparse.Namespace) -> int:
        from companion.engine import registry

        return int(args.players or registry.info(self.game).players[0])

    def script(self, app: Any, args: argparse.Namespace, out: Path) -> Script:
        from companion.kit.ui.autoplay import KitPlayer

        player = KitPlayer(app.pilot, out, self.report, prefix=self.output.prefix)
        yield from player.start(self.game, self.players(args), args.seed)
        yield from player.play_rounds(args.rounds)
        yield from player.tap("open:menu")
        yield from player.tap("open:history")

    def facts(self, args: argparse.Namespace, outcome: Outcome) -> list[str]:
        return [
            f"- Game: {self.game}, {self.players(args)} players, seed {args.seed}, {args.rounds} rounds",
            f"- Actions made by touch: {self.report.actions}",
        ]


def run_demo(game: str, argv: Sequence[str] | None = None) -> int:
    return run(KitDemo(game), argv)


def __getattr__(attribute: str) -> Callable[[Sequence[str] | None], int]:
    """`main__<kit>`: the `demo` command a kit pack names (see `companion.kit.pack.bound`)."""
    from companion.kit.pack import unbound

    game = unbound(attribute, "main")
    if game is None:
        raise AttributeError(attribute)
    return partial(run_demo, game)


if __name__ == "__main__":
    sys.exit(run_demo(sys.argv[1], sys.argv[2:]))
