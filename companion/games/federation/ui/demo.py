"""`companion demo --game federation --out DIR`: a seeded Federation game played by touch in the real app on a
virtual screen, each screen it passes saved as a numbered screenshot in DIR with `summary.md` (the game, the
actions made, any layout problem found).

Three races explore the map turn after turn: a fleet enters the first system it may, faces the Enigma found
there, tries diplomacy or takes control, builds where it can, and the turn ends with its revenue; then the
revenue, the victory watch, our readings, the turn's checklist and the history. Without a display the demo
starts its own virtual screen (Xvfb). The game is kept in a scratch directory (the saved games are untouched),
and the demo writes only its own files in DIR (it deletes nothing). The harness is the shell's
(`companion.ui.demo_harness`); here is the script.
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

RACES = ("federation", "klingon", "romulan")


class FederationDemo(Demo):
    title = "# Companion demo: Federation (Warp Empires)"
    # The docstring's first paragraph, whole: its first line alone stops mid-sentence.
    description = first_paragraph(__doc__)
    game = "federation"
    default_out = Path("artifacts/demo-federation")
    output = Output(rule="beside")

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--seed", type=int, default=15, help="the game's seed (its dice)")
        parser.add_argument("--turns", type=int, default=3, help="how many turns to play")

    def script(self, app: Any, args: argparse.Namespace, out: Path) -> Script:
        return Touches(app.pilot, out, self.report).script(args.seed, args.turns)

    def facts(self, args: argparse.Namespace, outcome: Outcome) -> list[str]:
        state = outcome.state
        winner = outcome.pack.rules.outcome(state) if state is not None else None
        return [
            f"- Game: {', '.join(RACES)}, 6 systems besides the Homesystems, seed {args.seed}",
            f"- Turn reached: {state.turn if state is not None else 0}; winner: {winner or 'none yet'}",
            f"- Actions made by touch: {len(outcome.history)}",
        ]

    def actions(self, outcome: Outcome) -> list[str]:
        return list(outcome.history)


class Touches(TouchPlayer):
    """The demo's touches: each one waits for the app to settle; each new screen or pop-up is photographed."""

    def __init__(self, pilot: Any, out: Path, report: Any) -> None:
        super().__init__(pilot, out, report, tap_visits=False)

    def act_through(self, key: str, then: str) -> Script:
        """A touch that opens a pop-up whose `then` button sends the action: the pop-up photographed, then `act`."""
        yield from self.tap(key)
        yield from self.photograph(key.replace(":", "-"))
        yield from super().act(then)

    def script(self, seed: int, turns: int) -> Script:
        pilot = self.pilot
        app = pilot.app
        yield pilot.until(lambda: pilot.has("game:federation"), "Federation on Home's picker")
        yield from self.tap("game:federation")
        yield from self.photograph("home")
        app.next_seed = seed
        yield from self.tap("new_game")
        for race in ("federation", "klingon"):  # the form's two races taken away, then tapped in seat order
            yield from self.tap(f"race:{race}")
        for race in RACES:
            yield from self.tap(f"race:{race}")
        yield from self.tap("systems:6")
        yield from self.photograph("new-game")
        yield from self.tap("start_game")
        yield pilot.until(lambda: pilot.screen_name() == "table" and app.controller.snapshot is not None, "the list")
        for turn in range(turns):
            yield from self.photograph(f"turn-{turn + 1}")
            for race in RACES:
                if app.pack.rules.outcome(app.controller.snapshot.state) is not None:
                    break
                yield from self.fleet(race, with_science=turn == 0)
            if app.pack.rules.outcome(app.controller.snapshot.state) is not None:
                break
            yield from self.act("act:EndTurn")
        for screen in ("revenue", "victory", "readings", "turn"):
            yield from self.tap(f"open:{screen}")
            yield from self.photograph(screen)
            yield from self.tap("back")
        yield from self.tap("open:history")
        yield from self.photograph("history")

    def fleet(self, race: str, with_science: bool) -> Script:
        """A fleet of `race` enters the first system it may; what can be done there is done, then back."""
        pilot = self.pilot
        yield from self.tap("open:enter")
        systems = pilot.keys("enter:system:")
        if not systems:
            yield from self.tap("back")
            return
        yield from self.tap(systems[0])
        if not pilot.has(f"enter:race:{race}"):  # a stack of this race already waits there
            yield from self.tap("back")
            return
        yield from self.tap(f"enter:race:{race}")
        if with_science:
            yield from self.tap("enter:ship:science-vessel")
        yield from self.photograph(f"enter-{race}")
        yield from self.act("enter:go")
        yield pilot.until(lambda: pilot.screen_name() == "system", "the system's record")
        yield from self.photograph(f"system-{race}")
        if pilot.has(f"roll:enigma:{race}"):
            yield from self.act_through(f"roll:enigma:{race}", "roll:confirm")
        if pilot.has(f"roll:diplomacy:{race}"):
            yield from self.act_through(f"roll:diplomacy:{race}", "roll:confirm")
        else:
            control = [key for key in pilot.keys("act:SetOwner:") if key.endswith(f":{race}")]
            if control:
                yield from self.act(control[0])
        for kind in ("colony", "shipyard", "terraform"):
            if pilot.has(f"build:{kind}"):
                yield from self.act_through(f"build:{kind}", "roll:confirm")
                break
        yield from self.tap("back")


def main(argv: Sequence[str] | None = None) -> int:
    return run(FederationDemo(), argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
