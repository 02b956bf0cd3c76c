"""Plays Solitaire through the real screens: the bot (`bot.py`) picks each move, and the pilot performs it the way a
player would, by touching the buttons that lead to it (the rescue chooser and the dice for a roll, the Lady
Penelope screen for her phase, the declaration's question...). Used by `companion demo` and the UI tests.

Also `type_text`: letters typed by touching the keys of Kivy's docked on-screen keyboard, as on a kiosk.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.games.thunderbirds_solitaire import actions as a
from companion.games.thunderbirds_solitaire import bot
from companion.ui.action_keys import act
from companion.ui.widgets.popups import close_popups

log = logging.getLogger(__name__)

Script = Generator[Any, None, None]


@dataclass
class PlayReport:
    """What happened, for the demo's summary and the tests' assertions."""

    actions: int = 0
    turns: int = 0
    outcome: str = ""
    screens: list[str] = field(default_factory=list)
    screenshots: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    game_id: int | None = None


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


class AutoPlayer:
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
        self.pilot = pilot
        self.app = pilot.app
        self.out = out
        self.report = report
        self.rng = random.Random(seed)
        self.memory = bot.Memory()
        self.habits = habits or bot.Habits()
        #: Whether to take a screenshot of a screen, given its name (default: every screen it passes).
        self.shoot = shoot or (lambda _name: True)
        self.check = check_layout
        self._last_screen = ""

    # --- screens passed ------------------------------------------------------------------------------------------

    def visit(self, label: str | None = None) -> Script:
        """Notes the screen shown (and any pop-up), checks its layout and takes its screenshot."""
        name = label or self.pilot.visit_name()
        popup = popup_kind()
        if popup:
            name = f"{name}+{popup}"
        if name == self._last_screen and label is None:
            return
        self._last_screen = name
        self.report.screens.append(name)
        yield self.pilot.drawn()
        if self.check:
            self.pilot.check_layout(f"{len(self.report.screens):04d}-{name}")
        if self.out is not None and self.shoot(name):
            path = self.out / f"{len(self.report.screenshots) + 1:04d}-{name}.png"
            self.report.screenshots.append(path.name)
            yield self.pilot.screenshot(path)

    def tap(self, key: str) -> Script:
        yield self.pilot.button(key)
        self.pilot.tap(key)
        yield self.pilot.settle()
        yield from self.visit()

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
        yield self.pilot.until(lambda: self.app.controller.snapshot.version > before, f"the game to take {act(action)}")
        self.report.actions += 1
        entry = self.app.controller.snapshot.entry
        if entry is not None:
            self.report.labels.append(entry.label)

    def go_to(self, wanted: str) -> Script:
        """Back to the screen where the next action starts, closing what is open over it."""
        for _attempt in range(6):
            if self.pilot.screen_name() == wanted and not popup_kind():
                return
            if popup_kind():
                key = next((k for k in ("reveal:ok", "popup:cancel", "popup:close") if self.pilot.has(k)), None)
                if key is not None:
                    yield from self.tap(key)
                else:
                    close_popups()
                    yield self.pilot.settle()
                continue
            done = next((k for k in ("setup:start", "lp:done", "rescue:done") if self.pilot.has(k)), None)
            if done is not None:
                yield from self.tap(done)
            elif self.pilot.has("back"):
                yield from self.tap("back")
            else:
                self.app.go(wanted)
                yield self.pilot.settle()

    def dismiss_reveals(self) -> Script:
        while self.pilot.has("reveal:ok"):
            yield from self.tap("reveal:ok")


def popup_kind() -> str:
    from kivy.core.window import Window

    from companion.ui.widgets.popups import AppPopup

    for child in Window.children:
        if isinstance(child, AppPopup):
            return str(child.kind)
    return ""


# --- typing on the docked keyboard ------------------------------------------------------------------------------


def docked_keyboard() -> Any:
    """Kivy's on-screen keyboard when it is docked in the window (a text field has the focus), else None."""
    from kivy.core.window import Window
    from kivy.uix.vkeyboard import VKeyboard

    for child in Window.children:
        if isinstance(child, VKeyboard):
            return child
    return None


def _key_centre(keyboard: Any, wanted: str, mode: str) -> tuple[float, float] | None:
    """Where the key typing `wanted` is, in window pixels, in the keyboard's layout `mode` (normal, shift...)."""
    layout = keyboard.available_layouts[keyboard.layout]
    geometry = keyboard.layout_geometry
    for line in range(1, layout["rows"] + 1):
        keys = layout.get(f"{mode}_{line}", [])
        for index, key in enumerate(keys):
            _shown, internal, special, _size = key
            if internal == wanted and (special is None or len(special) == 1 or special == "spacebar"):
                (x, y), (w, h) = geometry[f"LINE_{line}"][index]
                return keyboard.to_parent(x + w / 2, y + h / 2)  # a Scatter: its own transform, then the window
    return None


def _special_centre(keyboard: Any, special: str) -> tuple[float, float] | None:
    layout = keyboard.available_layouts[keyboard.layout]
    geometry = keyboard.layout_geometry
    for line in range(1, layout["rows"] + 1):
        for index, key in enumerate(layout.get(f"{keyboard.layout_mode}_{line}", [])):
            if key[2] == special:
                (x, y), (w, h) = geometry[f"LINE_{line}"][index]
                return keyboard.to_parent(x + w / 2, y + h / 2)  # a Scatter: its own transform, then the window
    return None


def _laid_out(keyboard: Any) -> bool:
    """The keyboard is shown and has placed its keys (it does so a frame after it appears)."""
    if keyboard is None:
        return False
    rows = keyboard.available_layouts[keyboard.layout]["rows"]
    return f"LINE_{rows}" in keyboard.layout_geometry


def type_text(pilot: Any, field_key: str, text: str) -> Script:
    """Touches the text field `field_key`, then each letter of `text` on the docked keyboard (capitals with its
    Caps Lock key), then touches outside both to put the keyboard away."""
    from companion.ui.pilot import SyntheticTouch

    yield pilot.drawn()  # a field made in this frame lays its text out on the next one
    field_widget = pilot.find(field_key)
    pilot.tap(field_widget)
    yield pilot.until(lambda: _laid_out(docked_keyboard()), "the on-screen keyboard")
    keyboard = docked_keyboard()

    def press(position: tuple[float, float]) -> None:
        touch = SyntheticTouch(*position)
        touch.down()
        touch.up()

    for letter in text:
        upper = letter.isupper()
        if upper and not keyboard.have_capslock:
            press(_special_centre(keyboard, "capslock") or (0, 0))
            yield pilot.settle(frames=1)
        elif not upper and letter.isalpha() and keyboard.have_capslock:
            press(_special_centre(keyboard, "capslock") or (0, 0))
            yield pilot.settle(frames=1)
        centre = _key_centre(keyboard, letter, keyboard.layout_mode) or _key_centre(keyboard, letter.lower(), "normal")
        if centre is None:
            raise AssertionError(f"no key {letter!r} on the on-screen keyboard")
        press(centre)
        yield pilot.settle(frames=1)
    if keyboard.have_capslock:
        press(_special_centre(keyboard, "capslock") or (0, 0))
        yield pilot.settle(frames=1)
    # A touch outside the field and the keyboard (the screen's title, at the top) puts the keyboard away.
    from kivy.core.window import Window

    press((Window.width / 2, Window.height - pilot.app.target / 2))
    yield pilot.until(lambda: docked_keyboard() is None, "the keyboard to go away")
