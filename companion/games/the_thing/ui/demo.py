"""`companion demo --game the_thing --out DIR`: a seeded game of The Thing – Norwegian Outpost played by touch in
the real app on a virtual screen, each public screen it passes saved as a numbered screenshot in DIR with
`summary.md`.

New game for five players; each seat looks at its infection token behind the hand-over step (photographed
covered only: the demo never photographs a secret); then rounds of public chores (the weather die, each phase
ended, phase 8 with the Leader token's holder) with one lone encounter's bag draw a round, looked at behind the
cover; in the last round Red escapes by the base helicopter, its driver picked in the play screen's chooser; then
the history. The harness is the shell's (`companion.ui.demo_harness`); here is the script.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.ui.demo_harness import Demo, Outcome, first_paragraph, run
from companion.ui.demo_output import Output
from companion.ui.touch_player import Script, TouchPlayer


class ThingDemo(Demo):
    title = "# Companion demo: The Thing – Norwegian Outpost"
    description = first_paragraph(__doc__)
    game = "the_thing"
    default_out = Path("artifacts/demo-the-thing")
    output = Output(rule="beside")

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--seed", type=int, default=7, help="the game's seed (its draws)")
        parser.add_argument("--players", type=int, default=5, choices=range(4, 9), help="4 to 8 players")
        parser.add_argument("--rounds", type=int, default=2, help="how many rounds to play")

    def script(self, app: Any, args: argparse.Namespace, out: Path) -> Script:
        return Touches(app.pilot, out, self.report).script(args.seed, args.players, args.rounds)

    def facts(self, args: argparse.Namespace, outcome: Outcome) -> list[str]:
        state = outcome.state
        return [
            f"- Game: {args.players} players, seed {args.seed}, the bag on the screen",
            f"- Round reached: {state.turns.round if state is not None else 0}",
            f"- Actions made by touch: {len(outcome.history)} (the secret steps photographed covered only)",
        ]

    def actions(self, outcome: Outcome) -> list[str]:
        return list(outcome.history)


class Touches(TouchPlayer):
    """Every touch waits for the app; only public screens and covers are photographed."""

    def __init__(self, pilot: Any, out: Path, report: Any) -> None:
        super().__init__(pilot, out, report, tap_visits=False)

    def secret(self, seat: int, choice: str, shoot: bool) -> Script:
        """The hand-over step: the cover (photographed), Show, the choice at once, the cover again, back."""
        pilot = self.pilot
        yield from self.tap(f"open:handover:{seat}")
        yield pilot.until(lambda: pilot.screen_name() == "handover", "the hand-over step")
        if shoot:
            yield from self.photograph("hand-over-cover")
        yield from self.tap("secret:show")
        before = self.version()
        yield from self.tap(choice)
        yield from self.taken(before, choice)
        if shoot:
            yield from self.photograph("hand-over-hidden")
        yield from self.dismiss_reveals()
        yield from self.tap("secret:done")
        yield pilot.until(lambda: pilot.screen_name() == "play", "the play screen")

    def escape(self) -> Script:
        """Red drives the base helicopter away alone: the vehicle's chooser (photographed), then the departure."""
        driver = "act:Board:base-helicopter:0:human"
        opener = self.pilot.opener(driver)
        if opener is not None:
            yield from self.tap(opener)
            yield from self.photograph("escape-chooser")
        yield from self.act(driver)
        yield from self.act("act:Depart")
        yield from self.photograph("escaped")

    def script(self, seed: int, players: int, rounds: int) -> Script:
        pilot = self.pilot
        app = pilot.app
        yield from self.pick_game("the_thing")
        app.next_seed = seed
        yield from self.tap("new_game")
        yield pilot.until(lambda: pilot.screen_name() == "new_game", "New game")
        yield from self.tap(f"players:{players}")
        yield from self.photograph("new-game")
        yield from self.tap("start_game")
        yield pilot.until(lambda: pilot.screen_name() == "play" and app.controller.snapshot is not None, "the game")
        yield from self.photograph("set-up")
        for seat in range(players):
            yield from self.secret(seat, f"act:LookAtToken:{seat}", shoot=seat == 0)
        for round_ in range(rounds):
            yield from self.act("act:RollWeather")
            for _ in range(3):
                yield from self.act("act:EndPhase")
            drawer = (round_ + 1) % players
            yield from self.act(f"act:DrawFromBag:{drawer}")
            yield from self.photograph(f"round-{round_ + 1}-phase-4")
            yield from self.secret(drawer, f"act:ReturnToken:{drawer}", shoot=round_ == 0)
            if round_ == rounds - 1:
                yield from self.escape()
            for _ in range(4):
                yield from self.act("act:EndPhase")
            yield from self.photograph(f"round-{round_ + 1}-phase-8")
            yield from self.act(f"act:MoveNpcs:{(round_ + 2) % players}")
        yield from self.tap("open:menu")
        yield from self.tap("open:history")
        yield from self.photograph("history")


def main(argv: Sequence[str] | None = None) -> int:
    return run(ThingDemo(), argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
