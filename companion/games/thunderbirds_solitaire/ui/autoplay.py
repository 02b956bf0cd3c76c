"""Plays Solitaire through the real screens: the bot (`bot.py`) picks each move, and the pilot performs it the way a
player would, by touching the buttons that lead to it (the rescue chooser and the dice for a roll, the Lady
Penelope screen for her phase, the declaration's question...). Used by `companion demo` and the UI tests.

`type_text` (letters typed on Kivy's docked on-screen keyboard) is the shell's, named here for the tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.games.thunderbirds_solitaire import actions as a
from companion.games.thunderbirds_solitaire import bot
from companion.ui.action_keys import act
from companion.ui.touch_player import Script, TouchPlayer, TouchReport, popup_kind, type_text

__all__ = ["AutoPlayer", "PlayReport", "popup_kind", "route", "screen_of", "type_text"]


@dataclass
class PlayReport(TouchReport):
    """What happened, for the demo's summary and the tests' assertions."""

    turns: int = 0
    outcome: str = ""


def route(action: Any) -> list[str]:
    """The buttons a player touches, in order, to perform `action` from the screen its phase is played on."""
    key = act(action)
    if isinstance(action, a.TurnCard) and action.card is not None:
        return ["open:turn-named", key]
    if isinstance(action, a.RollDice):
        return [
            "open:rescue",
            f"rescue:chain:{action.chain}",
            *[f"dice:more:{die}" for die in action.dice],
            "rescue:roll",
        ]
    if isinstance(action, a.EnterRoll):
        faces = [f"face:add:{symbol}" for symbol in action.symbols]
        return ["open:rescue", f"rescue:chain:{action.chain}", *faces, "rescue:enter"]
    if isinstance(action, a.AllocateDie | a.StoreDie):
        return [f"die:{action.die}", key]
    if isinstance(action, a.DeclareOutcome):
        return [f"open:declare:{action.result}", f"declare:{action.result}:confirm"]
    if isinstance(action, a.SetSymbols):
        return [f"open:symbols:{action.card}", *[f"symbol:add:{s}" for s in action.symbols], "symbol:save"]
    return [key]


def screen_of(state: Any) -> str:
    """Where the next action of this state is touched."""
    if state.phase == "setup":
        return "setup"
    if state.rescue is not None:
        return "rescue"
    if state.phase in ("lp-move", "lp-escort"):
        return "lady-penelope"
    return "table"


class AutoPlayer(TouchPlayer):
    """Runs inside a pilot script: `yield from player.play(...)`."""

    def __init__(
        self,
        pilot: Any,
        out: Path | None,
        report: PlayReport,
        seed: int = 0,
        shoot: Callable[[str], bool] | None = None,
        check_layout: bool = True,
        habits: bot.Habits | None = None,
    ) -> None:
        super().__init__(pilot, out, report, shoot, check_layout)
        self.report: PlayReport = report
        self.rng = random.Random(seed)
        self.memory = bot.Memory()
        self.habits = habits or bot.Habits()

    # --- a whole game --------------------------------------------------------------------------------------------

    def start(self, deck: str = "basic", dealing: str = "table", seed: int = 0) -> Script:
        """From Home: the game picked, New game with its options, the set-up screen."""
        self.app.next_seed = seed
        yield self.pilot.settle()
        yield from self.visit()
        if self.pilot.has("game:thunderbirds_solitaire"):
            yield from self.tap("game:thunderbirds_solitaire")
        yield from self.tap("new_game")
        yield from self.tap(f"option:deck:{deck}")
        yield from self.tap(f"option:dealing:{dealing}")
        yield from self.tap("start_game")
        yield self.pilot.until(lambda: self.pilot.screen_name() == "setup", "the set-up screen")
        yield from self.visit()
        snapshot = self.app.controller.snapshot
        self.report.game_id = snapshot.game_id if snapshot else None

    def play(self, max_actions: int = 1000, stop: Callable[[Any], bool] | None = None) -> Script:
        """Plays until the game is over (or `stop(state)` says so), one bot choice at a time."""
        while self.report.actions < max_actions:
            yield from self.dismiss_reveals()
            state = self.app.controller.snapshot.state
            if state.outcome is not None or (stop is not None and stop(state)):
                break
            action = bot.next_action(state, self.rng, self.memory, self.habits)
            if action is None:
                break
            yield from self.perform(action)
        yield from self.dismiss_reveals()
        final = self.app.controller.snapshot.state
        self.report.turns = final.turn
        if final.outcome is not None:
            self.report.outcome = final.outcome
            yield self.pilot.until(lambda: self.pilot.screen_name() == "over", "the end of the game")
            yield from self.visit()

    def perform(self, action: Any) -> Script:
        """Touches the way to `action` from wherever the app is, and waits until the game has taken it."""
        yield from self.go_to(screen_of(self.app.controller.snapshot.state))
        before = self.app.controller.snapshot.version
        for key in route(action):
            yield from self.tap(key)
        yield from self.taken(before, act(action))

    def go_to(self, wanted: str) -> Script:
        """Back to the screen where the next action starts, closing what is open over it."""
        for _attempt in range(6):
            if self.pilot.screen_name() == wanted and not popup_kind():
                return
            if popup_kind():
                yield from self.close_popup()
                continue
            done = next((k for k in ("setup:start", "lp:done", "rescue:done") if self.pilot.has(k)), None)
            if done is not None:
                yield from self.tap(done)
            elif self.pilot.has("back"):
                yield from self.tap("back")
            else:
                self.app.go(wanted)
                yield self.pilot.settle()
