"""Plays the scripted race (`plan.py`) through the real app, by touch: the demo and the UI tests.

Each step is a touch on the button of its action on the play screen, found by its key (`act:...`); the pop-up an
action brings (the dice, a damage token, the final tile) is photographed and closed with OK.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.thunder_road.plan import next_action
from companion.ui.action_keys import act
from companion.ui.touch_player import Script, TouchPlayer

GAME = "thunder_road"


class RacePlayer(TouchPlayer):
    #: Each pop-up an action brought: its title and lines, for the tests and the demo's notes.
    reveals: list[tuple[str, list[str]]]

    @property
    def state(self) -> Any:
        return self.app.controller.snapshot.state

    def start(self, players: int, seed: int) -> Script:
        """From Home: the game picked, New game, the players, started; on the play screen."""
        self.app.next_seed = seed
        yield from self.pick_game(GAME)
        yield from self.tap("new_game")
        yield from self.tap(f"players:{players}")
        yield from self.tap("start_game")
        yield self.pilot.until(lambda: self.pilot.screen_name() == "table", "the table screen")
        yield self.pilot.settle()
        yield from self.visit()
        self.report.game_id = self.app.controller.snapshot.game_id

    def press(self, action: object) -> Script:
        """Touches the action's button (its section's tab first), waits until the game has it, photographs and
        closes its pop-up."""
        from companion.games.thunder_road.ui.presenters.table import section_of

        section = section_of(action)
        if getattr(self.app.screen_manager.current_screen, "section", section) != section:
            yield from self.tap(f"section:{section}")
        yield from self.act(act(action), reveal=None, on_reveal=self.note_reveal)

    def note_reveal(self) -> None:
        from kivy.core.window import Window

        from companion.ui.widgets.popups import AppPopup

        if not hasattr(self, "reveals"):
            self.reveals = []
        for popup in (child for child in Window.children if isinstance(child, AppPopup)):
            self.reveals.append((str(popup.title), [str(w.text) for w in popup.ids.lines.children[::-1]]))

    def play(self, after_each: Callable[[], None] | None = None, limit: int = 200) -> Script:
        """The scripted race to its end (two rounds), `after_each` called once each action is shown."""
        defs = self.app.pack.race_rules.definitions
        for _ in range(limit):
            action = next_action(self.state, defs)
            if action is None:
                return
            yield from self.press(action)
            if after_each is not None:
                after_each()
