"""One screen tour for every pack: inside one app, every screen and pop-up a pack reaches, each checked for layout
and photographed at every supported window size and in both languages.

The app is launched at the first size; for each size the window is resized once, in place (as a tablet turned on
its side is), with the dpi of the display that size stands for, and the tour is walked in each language at that
size. So one app run replaces the six runs (three sizes, two languages) each pack's tour used to take, and a look
costs one layout check and one screenshot. The shell tours what every pack has (Home, Settings, Backups, Help, New
game); the open pack's hooks (`companion.ui.pack_ui.PackUi.tour`) reach its own screens, and a pack without a tour
of its own gets the shell's default one (a new game started, its set-up guide, its table, the screens the table
opens, the menu, History).

Run by `tests/ui/test_ui_screen_tour.py` through `tests/ui/driver.py` (the `screen_tour` scenario).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Script = Generator[Any, None, None]

#: The window sizes every screen is checked at: the official 7" display, a 10" tablet, a phone-like portrait.
SIZES: tuple[tuple[int, int], ...] = ((800, 480), (1280, 800), (720, 1280))
LANGUAGES: tuple[str, ...] = ("en", "fr")
#: Frames drawn after a resize has settled before the check: the screen showing is refilled, then its text fitted.
RESIZE_FRAMES = 3


def size_name(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def walk_name(language: str, size: tuple[int, int]) -> str:
    """One walk of the tour: its language and window size ("en/800x480"), the key of its looks and notes."""
    return f"{language}/{size_name(size)}"


@dataclass
class ScreenTour:
    """Runs inside a pilot script. `look(name)` checks and photographs what is shown; a pack's tour (and its
    scripted player, through `pilot.lens`) calls it for each screen and pop-up it reaches."""

    pilot: Any
    out: Path
    sizes: tuple[tuple[int, int], ...] = SIZES
    languages: tuple[str, ...] = LANGUAGES
    #: What the test prepared for the pack's tour beyond the shipped data (the kit's: "stick").
    prepared: dict[str, str] = field(default_factory=dict)
    #: What the pack's tour records for its test, by walk ("en/800x480": {...}).
    notes: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: Every name looked at, by walk, in order.
    looked: dict[str, list[str]] = field(default_factory=dict)
    language: str = ""
    size: tuple[int, int] = (0, 0)

    @property
    def app(self) -> Any:
        return self.pilot.app

    @property
    def walk(self) -> str:
        return walk_name(self.language, self.size)

    @property
    def note(self) -> dict[str, Any]:
        """The notes of the walk under way."""
        return self.notes.setdefault(self.walk, {})

    def look(self, name: str) -> Script:
        """Photographs what is shown at the walk's size and checks the layout of that frame: one frame drawn a
        look (the check reads the widgets as they were drawn for the photograph)."""
        seen = self.looked.setdefault(self.walk, [])
        seen.append(name)
        yield self.pilot.settle()
        yield from self.photograph(self.out / self.language / size_name(self.size) / f"{len(seen):04d}-{name}.png")
        self.pilot.check_layout(f"{self.walk}/{len(seen):04d}-{name}")

    def photograph(self, path: Path) -> Script:
        """The next frame drawn, saved as a PNG (`Pilot.screenshot`)."""
        yield self.pilot.screenshot(path)

    def resize(self, size: tuple[int, int]) -> Script:
        """The window at `size`, with the dpi of the display it stands for, laid out and drawn again."""
        from kivy.core.window import Window
        from kivy.metrics import Metrics

        from companion.ui.theme import dpi_for_size

        self.size = size
        if tuple(Window.size) == size:
            yield self.pilot.drawn()
            return
        Metrics.dpi = dpi_for_size(*size)
        Window.size = size
        yield self.pilot.until(lambda: tuple(Window.size) == size, f"the window at {size_name(size)}")
        yield self.pilot.settle(frames=RESIZE_FRAMES)

    def switch_language(self, language: str) -> Script:
        """The language changed the way Settings changes it: at once, every screen drawn again in it."""
        from companion.locale import language as current

        self.language = language
        if current() != language:
            self.app.change_settings(language=language)
        yield self.pilot.settle(frames=2)

    def tap(self, key: str, look: str | None = None) -> Script:
        """Touches `key` once it shows and waits for the app to settle; then looks at the result as `look`."""
        yield self.pilot.button(key)
        self.pilot.tap(key)
        yield self.pilot.settle()
        if look is not None:
            yield from self.look(look)

    def home(self) -> Script:
        """Back on Home with no game open and no pop-up (between two walks, after a pack's tour)."""
        from companion.ui.widgets.popups import close_popups

        close_popups()
        if self.app.controller.snapshot is not None:
            self.app.commands.leave_game()
        else:
            self.app.screens.go("home")
        yield self.pilot.until(lambda: self.pilot.screen_name() == "home", "Home")


def run_tour(pilot: Any, out: Path, game: str, notes: dict[str, Any], prepared: dict[str, str] | None = None) -> Script:
    """The whole tour of `game`: at each size (the window set once, the first being the size the app was launched
    at, so its checks are a fresh launch's), in each language, the shell's screens, then the pack's. `notes` gets
    what the test checks (`looked`, the pack's `notes`)."""
    tour = ScreenTour(pilot, out, prepared=dict(prepared or {}))
    pilot.lens = tour
    try:
        for size in tour.sizes:
            yield from tour.resize(size)
            for language in tour.languages:
                yield from tour.switch_language(language)
                yield from shell_tour(tour, game)
                yield from tour.app.pack_ui.tour(tour)
                yield from tour.home()
    finally:
        pilot.lens = None
    notes["looked"] = tour.looked
    notes["notes"] = tour.notes


def shell_tour(tour: ScreenTour, game: str) -> Script:
    """What every pack shows the same way: Home with the game picked, Settings, Backups, Help, New game."""
    pilot = tour.pilot
    yield pilot.settle()
    yield pilot.until(lambda: pilot.has(f"game:{game}"), f"{game} on Home's picker", timeout=60)
    yield from tour.tap(f"game:{game}")
    yield pilot.until(lambda: tour.app.pack.info.name == game and tour.app.pack.is_loaded, f"{game} loaded")
    yield from tour.look("home")
    for key in ("settings", "backups", "help"):
        yield from tour.tap(key, look=key)
        yield from tour.tap("back")
    yield from tour.tap("new_game", look="new_game")
    yield from tour.tap("back")
    yield pilot.until(lambda: pilot.screen_name() == "home", "Home")


def default_pack_tour(tour: ScreenTour) -> Script:
    """A pack's tour when it has none of its own: its data editor from Home (when it has one), New game started
    as it is offered, each page of the set-up guide, the table, each of the pack's screens the table opens, the
    menu and History."""
    yield from editor_tour(tour)
    yield from game_tour(tour)


def editor_tour(tour: ScreenTour) -> Script:
    """The pack's data editor, opened from Home as a player opens it."""
    editor = tour.app.pack.editor_screen
    if editor:
        yield from tour.tap("card_editor", look=editor)
        yield from tour.tap("back")
        yield tour.pilot.until(lambda: tour.pilot.screen_name() == "home", "Home")


def game_tour(tour: ScreenTour) -> Script:
    """A new game as New game offers it: its set-up guide, then its table (`table_tour`)."""
    pilot, app = tour.pilot, tour.app
    yield from tour.tap("new_game")
    if not pilot.has("start_game"):
        return
    yield from tour.tap("start_game")
    yield pilot.until(lambda: app.controller.snapshot is not None, "the new game")
    page = 0
    while pilot.screen_name() == "setup_guide" and pilot.has("guide:next"):
        page += 1
        yield from tour.look(f"setup_guide-{page}")
        yield from tour.tap("guide:next")
    if pilot.has("guide:start"):
        yield from tour.look(f"setup_guide-{page + 1}")
        yield from tour.tap("guide:start")
    yield from table_tour(tour)


def table_tour(tour: ScreenTour) -> Script:
    """The table showing, each of the pack's screens the table opens, the menu and History."""
    pilot, app = tour.pilot, tour.app
    table = pilot.screen_name()
    yield from tour.look(table)
    for screen in sorted(app.pack.screens):
        key = f"open:{screen}"
        if pilot.screen_name() == table and pilot.has(key):
            yield from tour.tap(key, look=screen)
            if pilot.has("back"):
                yield from tour.tap("back")
    if pilot.has("open:menu"):
        yield from tour.tap("open:menu", look=f"{table}+menu")
        if pilot.has("open:history"):
            yield from tour.tap("open:history", look="history")
            yield from tour.tap("back")
