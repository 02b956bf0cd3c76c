"""`companion demo --game thunderbirds_solitaire --out DIR`: a seeded Solitaire game played through the real app
on a virtual screen, by touch, with a screenshot of every screen it passes.

The moves are the seeded player's (`bot.py`), each made by touching the buttons a player would. The game is kept
in a scratch directory with the shipped data alone (or with the overlay folder `--overlay` names, read and never
changed), so the demo plays the same everywhere and never touches the player's saved games or corrections. The
screenshots and `summary.md` go into DIR; when DIR holds a file of the demo's names that it did not write, into a
new folder inside it (`run-2`...): the demo never deletes or overwrites a file it did not write. The harness is
the shell's (`companion.ui.demo_harness`); here is the script.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.ui.demo_harness import Demo, Outcome, run
from companion.ui.demo_output import Output
from companion.ui.touch_player import Script

GAME = "thunderbirds_solitaire"


class SolitaireDemo(Demo):
    title = "# Companion demo: Thunderbirds Solitaire"
    description = (__doc__ or "").splitlines()[0]
    game = GAME
    default_out = Path("artifacts/demo-solitaire")
    output = Output(subfolder="run")
    own_data = True

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--seed", type=int, default=7, help="the game's seed and the player's choices")
        parser.add_argument("--deck", choices=("basic", "advanced"), default="basic")
        parser.add_argument("--dealing", choices=("companion", "table"), default="table")
        parser.add_argument("--overlay", type=Path, default=None, help="a folder of completed data to play with")
        parser.add_argument("--turns", type=int, default=5, help="the game is declared won after this many turns")

    def problem(self, args: argparse.Namespace) -> str | None:
        if args.overlay is not None and not args.overlay.is_dir():
            return f"--overlay {args.overlay}: no such folder"
        return None

    def environment(self, args: argparse.Namespace, scratch: Path) -> dict[str, str]:
        """Its own saved games, data and config file (`own_data`), with the `--overlay` given copied in."""
        if args.overlay is not None:
            shutil.copytree(args.overlay, scratch / "data" / "overlay" / GAME)
        return super().environment(args, scratch)

    def script(self, app: Any, args: argparse.Namespace, out: Path) -> Script:
        from companion.games.thunderbirds_solitaire.bot import Habits
        from companion.games.thunderbirds_solitaire.ui.autoplay import AutoPlayer, PlayReport

        self.report = report = PlayReport()
        player = AutoPlayer(app.pilot, out, report, seed=args.seed, habits=Habits(turns=args.turns))
        yield from player.pick_game(GAME)
        yield from player.tap("card_editor")  # what the player completes from the box
        yield from player.tap("tab:basic")
        yield from player.tap("back")
        yield from player.start(args.deck, args.dealing, args.seed)
        yield from player.play()
        yield from player.tap("open:history")

    def facts(self, args: argparse.Namespace, outcome: Outcome) -> list[str]:
        report: Any = self.report
        data = f"the overlay in {args.overlay}" if args.overlay else "the shipped data (nothing of the cards known)"
        dealer = "the companion" if args.dealing == "companion" else "the table"
        return [
            f"- Game: {args.deck} deck, dealt by {dealer}, seed {args.seed}, with {data}",
            f"- Result: {report.outcome or 'unfinished'} (declared after {args.turns} turns by the demo's player)",
            f"- Turns: {report.turns}, actions made by touch: {report.actions}",
        ]


def main(argv: Sequence[str] | None = None) -> int:
    return run(SolitaireDemo(), argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
