"""Screen lifetimes and navigation: which screen shows, when one is built (on its first visit, or ahead in idle
frames once a game is on its table), and when one is let go (a Kivy widget costs ~100 kB).

The open pack's screens (`Pack.screens`) stand in for the shell's of the same name; another pack's game opened,
every screen but Home goes and the old pack's kv rules are unloaded, so its class names never meet another's.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import partial
from typing import Any

from kivy.clock import Clock
from kivy.lang import Builder

from companion import paths
from companion.paths import KV_DIR
from companion.ui.memory import MemoryKeeper
from companion.ui.navigation import NavigationStack
from companion.ui.widgets.popups import prepare_popup

#: The shell's screens: `companion.ui.screens.<module>` defines the class, `kv/<module>.kv` styles it. The open
#: game's pack adds its own (`Pack.screens`); a pack's screen of the same name stands in for the shell's.
SCREENS: dict[str, tuple[str, str]] = {
    "home": ("home", "HomeScreen"),
    "settings": ("settings", "SettingsScreen"),
    "help": ("help", "HelpScreen"),
    "history": ("history", "HistoryScreen"),
    "new_game": ("plain", "PlainNewGameScreen"),
    "play": ("plain", "PlayScreen"),
    "handover": ("plain", "HandoverScreen"),
    "backups": ("backups", "BackupsScreen"),
}

#: The delay between two screens built ahead (in idle frames) once a game is on its table (`Pack.built_ahead`).
BUILD_AHEAD_SECONDS = 0.4

#: The shell's screens kept built once visited (with the open pack's `kept_screens`); others are rebuilt.
KEPT_SCREENS = frozenset({"home"})


class ScreensHost:
    def __init__(
        self, manager: Any, pack: Callable[[], Any], snapshot: Callable[[], Any], memory: MemoryKeeper
    ) -> None:
        self.manager = manager
        self.nav = NavigationStack()
        self._pack = pack
        self._snapshot = snapshot
        self._memory = memory
        self._kv_loaded: set[str] = set()

    def go(self, name: str, **params: Any) -> None:
        self._show(*self.nav.go(name, params))

    def back(self) -> None:
        self._show(*self.nav.back())

    def ensure_screen(self, name: str) -> Any:
        """Screens are built on their first visit (start-up builds only Home): the open pack's, else the shell's."""
        manager = self.manager
        if not manager.has_screen(name):
            spec = self._pack().screens.get(name)
            if spec is not None:
                kv = str(paths.ROOT / spec.kv) if spec.kv else None
                module_name, _sep, class_name = spec.screen_class.partition(":")
            else:
                module, class_name = SCREENS[name]
                kv, module_name = str(KV_DIR / f"{module}.kv"), f"companion.ui.screens.{module}"
            if kv is not None and kv not in self._kv_loaded:
                Builder.load_file(kv)
                self._kv_loaded.add(kv)
            screen_class = getattr(importlib.import_module(module_name), class_name)
            manager.add_widget(screen_class(name=name))
        return manager.get_screen(name)

    def refresh_current(self) -> None:
        screen = self.manager.current_screen
        if screen is not None:
            screen.refresh()
            screen._shown_key = screen.render_key()

    def refresh_home(self) -> None:
        """Home shows the saved games and the installed games anew, when it is showing (else on its next visit)."""
        if self.manager.current == "home":
            self.refresh_current()

    def table_screen(self) -> str:
        """The screen play goes on from (players roam from it to the pack's other screens)."""
        return str(getattr(self._pack(), "table_screen", "play"))

    def release_pack(self, pack: Any) -> None:
        """Every screen but Home goes (the shell's are rebuilt on the next visit), and `pack`'s kv rules are
        unloaded: its class names never meet another pack's."""
        for screen in list(self.manager.screens):
            if screen.name != "home":
                self.manager.remove_widget(screen)
        for spec in pack.screens.values():
            kv = str(paths.ROOT / spec.kv) if spec.kv else None
            if kv in self._kv_loaded:
                Builder.unload_file(kv)
                self._kv_loaded.discard(kv)

    def _show(self, name: str, params: dict[str, Any]) -> None:
        screen = self.ensure_screen(name)
        screen.params = params
        if self.manager.current == name:
            screen.refresh()
        else:
            self.manager.current = name
        self._release_screens(keep=name)
        if name == self.table_screen():
            self._build_ahead()
        self._memory.trim_soon()

    def _release_screens(self, keep: str) -> None:
        """Screens visited now and then are let go when left; the pack's kept screens (the Table, the Board...) and
        Home stay built for quick returns."""
        kept = KEPT_SCREENS | self._pack().kept_screens
        for screen in list(self.manager.screens):
            if screen.name != keep and screen.name not in kept:
                self.manager.remove_widget(screen)

    def _build_ahead(self) -> None:
        """Once a game is on the Table, the screens players open from it (and the pop-up) are built in the idle
        frames that follow, one per frame: a first visit would otherwise spend the touch's frame building."""
        pack = self._pack()
        missing = [name for name in pack.built_ahead if not self.manager.has_screen(name)]

        # A screen is built ahead only while its game's pack is still the open one (players may leave at once).
        def build_ahead(name: str) -> None:
            if self._pack() is pack:
                self._build_screen_ahead(name)

        steps: list[Callable[[], Any]] = [partial(build_ahead, name) for name in missing]
        steps += [prepare_popup, self._memory.freeze_long_lived]
        for index, step in enumerate(steps):
            Clock.schedule_once(lambda _dt, work=step: work(), BUILD_AHEAD_SECONDS * (index + 1))

    def _build_screen_ahead(self, name: str) -> None:
        """Builds the screen and fills it once from the game (its lists' widgets made), unless it is showing."""
        screen = self.ensure_screen(name)
        if self._snapshot() is not None and self.manager.current != name:
            screen.refresh()

    def follow(self, snapshot: Any) -> None:
        """After a game update: the screen its state asks for (a rescue, the game's end), else the one showing
        refilled (the Rescue screen stays after the rescue settles, showing the result until players go back).
        The cards changed under the game ("reread"): the players stay where they are."""
        pack = self._pack()
        wanted, current, table = pack.screen_for(snapshot.state), self.nav.current, self.table_screen()
        if snapshot.kind == "reread":
            self.refresh_current()
        elif wanted != table and current != wanted:
            self.go(wanted)
        elif wanted == table and current is not None and current == getattr(pack, "game_over_screen", None):
            self.go(table)
        else:
            self.refresh_current()
