"""What every game's scripted player does the same way, inside a pilot script: note the screen shown (and a pop-up
over it), check its layout, photograph it; touch a button once it shows; read what a touch made; type on the
docked keyboard. A game's autoplay adds only its route from a move to the touches that make it.

Used by `companion demo` (`companion.ui.demo_harness`), the UI tests and the benchmark.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Script = Generator[Any, None, None]


@dataclass
class TouchReport:
    """What happened, for the demo's summary and the tests' assertions."""

    actions: int = 0
    screens: list[str] = field(default_factory=list)
    screenshots: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    game_id: int | None = None


def popup_kind() -> str:
    """The kind of the app's pop-up shown now ("" when none)."""
    from kivy.core.window import Window

    from companion.ui.widgets.popups import AppPopup

    return next((str(child.kind) for child in Window.children if isinstance(child, AppPopup)), "")


class TouchPlayer:
    """Runs inside a pilot script: `yield from player.tap(key)`...

    `shoot(name)` says whether to photograph a screen (default: every screen passed), `prefix` starts the
    screenshots' names; with `tap_visits` off, a screen is noted only when `visit` is asked for."""

    def __init__(
        self,
        pilot: Any,
        out: Path | None,
        report: TouchReport,
        shoot: Callable[[str], bool] | None = None,
        check_layout: bool = True,
        prefix: str = "",
        tap_visits: bool = True,
    ) -> None:
        self.pilot = pilot
        self.app = pilot.app
        self.out = out
        self.report = report
        self.shoot = shoot or (lambda _name: True)
        self.check = check_layout
        self.prefix = prefix
        self.tap_visits = tap_visits
        self._last_screen = ""

    def popup_kind(self) -> str:
        return popup_kind()

    def visit(self, label: str | None = None) -> Script:
        """Notes the screen shown (and any pop-up), checks its layout and takes its screenshot."""
        name = label or self.pilot.visit_name()
        popup = popup_kind()
        if popup:
            name = f"{name}+{popup}"
        if name == self._last_screen and label is None:
            return
        self._last_screen = name
        yield from self.photograph(name)

    def photograph(self, name: str) -> Script:
        """Notes the screen as `name`, checks its layout and takes its screenshot (when `shoot` wants it)."""
        self.report.screens.append(name)
        lens = getattr(self.pilot, "lens", None)
        if lens is not None:  # a screen tour (companion.ui.screen_tour): at every size, in its own folders
            yield from lens.look(name)
            return
        yield self.pilot.drawn()
        if self.check:
            self.pilot.check_layout(f"{len(self.report.screens):04d}-{name}")
        if self.out is not None and self.shoot(name):
            path = self.out / f"{self.prefix}{len(self.report.screenshots) + 1:04d}-{name}.png"
            self.report.screenshots.append(path.name)
            yield self.pilot.screenshot(path)

    def before_tap(self, key: str) -> None:
        """What a finger does before touching `key` (a game's list may scroll its row into view)."""

    def tap(self, key: str) -> Script:
        """Touches the button `key` once it shows, waits for the app to settle, notes the screen. An action the
        screen offers in a chooser (the plain play screen's groups) is reached through its group's button."""
        opener = self.pilot.opener(key)
        if opener is not None:
            yield from self.tap(opener)
        self.before_tap(key)
        yield self.pilot.button(key)
        self.pilot.tap(key)
        yield self.pilot.settle()
        if self.tap_visits:
            yield from self.visit()

    def pick_game(self, game: str) -> Script:
        """On Home: waits for `game` on the picker, notes Home, picks it."""
        yield self.pilot.settle()
        yield self.pilot.until(lambda: self.pilot.has(f"game:{game}"), f"{game} on Home's picker", timeout=60)
        yield from self.visit()
        yield from self.tap(f"game:{game}")

    def version(self) -> int:
        return int(self.app.controller.snapshot.version)

    def taken(self, before: int, what: str) -> Script:
        """Waits until the game has taken the action touched since `before`, and notes it."""
        yield self.pilot.until(lambda: self.version() > before, f"the game to take {what}")
        self.report.actions += 1
        entry = self.app.controller.snapshot.entry
        if entry is not None:
            self.report.labels.append(entry.label)

    def act(self, key: str, reveal: str | None = "reveal", on_reveal: Callable[[], None] | None = None) -> Script:
        """A touch that sends one action: waits for the game to take it; the pop-up it brings (the dice, a card)
        is noted by `on_reveal`, photographed as `reveal` (None: as the screen it shows) and closed with OK."""
        before = self.version()
        yield from self.tap(key)
        yield from self.taken(before, key)
        yield self.pilot.settle()
        if self.pilot.has("reveal:ok"):
            if on_reveal is not None:
                on_reveal()
            yield from (self.visit() if reveal is None else self.photograph(reveal))
            yield from self.tap("reveal:ok")

    def dismiss_reveals(self) -> Script:
        while self.pilot.has("reveal:ok"):
            yield from self.tap("reveal:ok")

    def close_popup(self, keys: tuple[str, ...] = ("reveal:ok", "popup:cancel", "popup:close")) -> Script:
        """Closes the pop-up shown by its first button of `keys`, or directly when it has none of them."""
        from companion.ui.widgets.popups import close_popups

        key = next((k for k in keys if self.pilot.has(k)), None)
        if key is not None:
            yield from self.tap(key)
        else:
            close_popups()
            yield self.pilot.settle()


# --- typing on the docked keyboard ------------------------------------------------------------------------------


def docked_keyboard() -> Any:
    """Kivy's on-screen keyboard when it is docked in the window (a text field has the focus), else None."""
    from kivy.core.window import Window
    from kivy.uix.vkeyboard import VKeyboard

    for child in Window.children:
        if isinstance(child, VKeyboard):
            return child
    return None


def _centre(keyboard: Any, mode: str, fits: Callable[[Any], bool]) -> tuple[float, float] | None:
    """Where the first key of the layout `mode` (normal, shift...) that `fits` is, in window pixels."""
    layout = keyboard.available_layouts[keyboard.layout]
    geometry = keyboard.layout_geometry
    for line in range(1, layout["rows"] + 1):
        for index, key in enumerate(layout.get(f"{mode}_{line}", [])):
            if fits(key):
                (x, y), (w, h) = geometry[f"LINE_{line}"][index]
                return keyboard.to_parent(x + w / 2, y + h / 2)  # a Scatter: its own transform, then the window
    return None


def _key_centre(keyboard: Any, wanted: str, mode: str) -> tuple[float, float] | None:
    def typing(key: Any) -> bool:
        _shown, internal, special, _size = key
        return bool(internal == wanted and (special is None or len(special) == 1 or special == "spacebar"))

    return _centre(keyboard, mode, typing)


def _special_centre(keyboard: Any, special: str) -> tuple[float, float] | None:
    return _centre(keyboard, keyboard.layout_mode, lambda key: key[2] == special)


def _laid_out(keyboard: Any) -> bool:
    """The keyboard is shown and has placed its keys (it does so a frame after it appears)."""
    if keyboard is None:
        return False
    rows = keyboard.available_layouts[keyboard.layout]["rows"]
    return f"LINE_{rows}" in keyboard.layout_geometry


def type_text(pilot: Any, field_key: str, text: str) -> Script:
    """Touches the text field `field_key`, then each letter of `text` on the docked keyboard (capitals with its
    Caps Lock key), then touches outside both to put the keyboard away."""
    from kivy.core.window import Window

    from companion.ui.pilot import SyntheticTouch

    yield pilot.drawn()  # a field made in this frame lays its text out on the next one
    pilot.tap(pilot.find(field_key))
    yield pilot.until(lambda: _laid_out(docked_keyboard()), "the on-screen keyboard")
    keyboard = docked_keyboard()

    def press(position: tuple[float, float] | None) -> None:
        touch = SyntheticTouch(*(position or (0, 0)))
        touch.down()
        touch.up()

    for letter in text:
        upper = letter.isupper()
        if (upper and not keyboard.have_capslock) or (not upper and letter.isalpha() and keyboard.have_capslock):
            press(_special_centre(keyboard, "capslock"))
            yield pilot.settle(frames=1)
        centre = _key_centre(keyboard, letter, keyboard.layout_mode) or _key_centre(keyboard, letter.lower(), "normal")
        if centre is None:
            raise AssertionError(f"no key {letter!r} on the on-screen keyboard")
        press(centre)
        yield pilot.settle(frames=1)
    if keyboard.have_capslock:
        press(_special_centre(keyboard, "capslock"))
        yield pilot.settle(frames=1)
    # A touch outside the field and the keyboard (the screen's title, at the top) puts the keyboard away.
    press((Window.width / 2, Window.height - pilot.app.target / 2))
    yield pilot.until(lambda: docked_keyboard() is None, "the keyboard to go away")
