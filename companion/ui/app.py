"""The composition root: the one place that builds and wires the session worker, the game controller, the
lights, the buttons and the screens. Everything else receives what it needs from here."""

from __future__ import annotations

import gc
import importlib
import logging
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.metrics import Metrics as KivyMetrics
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import ScreenManager

from companion import locale, paths
from companion.engine import registry
from companion.locale import _, ngettext
from companion.paths import KV_DIR
from companion.ui.action_keys import act
from companion.ui.controller import GameController, GameSnapshot
from companion.ui.fonts import register_fonts
from companion.ui.lights import LightsLink
from companion.ui.memory import return_freed_memory
from companion.ui.navigation import NavigationStack
from companion.ui.settings import UiSettings, load_settings, save_settings
from companion.ui.sounds import Sounds
from companion.ui.theme import Metrics, colour
from companion.ui.widgets import text as _text_widgets  # noqa: F401  (registers FitLabel, TouchButton for kv)
from companion.ui.widgets.clipping import PlainScreenManager
from companion.ui.widgets.popups import PopupButton, prepare_popup, show_popup
from companion.ui.worker import SessionWorker

log = logging.getLogger(__name__)

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


#: Backups of the game database: at the end of each game, and when the last one is five minutes old and the
#: database changed since (`companion.backup`); looked for every minute, on a thread of their own.
BACKUP_EVERY_SECONDS = 300
BACKUP_CHECK_SECONDS = 60
#: How long the notice bar names the card overlay's skipped cards at start-up.
OVERLAY_NOTICE_SECONDS = 20.0

#: The delay between two screens built ahead (in idle frames) once a game is on its table (`Pack.built_ahead`).
BUILD_AHEAD_SECONDS = 0.4

#: The shell's screens kept built once visited (with the open pack's `kept_screens`); others are rebuilt.
KEPT_SCREENS = frozenset({"home"})

#: What Home's "Add a game from a USB stick" runs (with the app): games added at run time are kit files.
ADD_GAME_FROM_STICK = "companion.kit.ui.stick:add_from_stick"


def first_pack() -> Any:
    """The game Home offers first: Thunderbirds when installed (read alone: no scan before the first frame), else
    the first installed game."""
    from companion.engine.errors import UnknownGame

    try:
        return registry.pack(registry.DEFAULT_GAME)
    except UnknownGame:
        return registry.pack(registry.available()[0].name)


class CompanionApp(App):
    title = "Table companion"
    language = StringProperty(locale.DEFAULT_LANGUAGE)
    portrait = BooleanProperty(False)
    target = NumericProperty(48)
    gap = NumericProperty(6)
    font_small = NumericProperty(13)
    font_body = NumericProperty(16)
    font_title = NumericProperty(22)
    font_big = NumericProperty(31)
    #: A short message shown at the bottom (an illegal action's reason, a saved file...).
    notice = StringProperty("")
    settings = ObjectProperty(UiSettings(), rebind=True)

    def __init__(self, language: str | None = None, store_path: Path | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._language_override = language
        self._store_path = store_path
        self.nav = NavigationStack()
        self.worker: SessionWorker | None = None
        #: The game Home has chosen or the open game's (`companion.engine.pack.Pack`), and its Kivy-side hooks.
        self.pack: Any = first_pack()
        #: The installed games and the declarations that failed, scanned on the worker after the first frame.
        self.installed: tuple[Any, ...] = (self.pack.info,)
        self.pack_problems: tuple[Any, ...] = ()
        #: The USB sticks plugged in (looked for with the games): Home then offers to add a game from one.
        self.usb_sticks: tuple[Path, ...] = ()
        self._pack_ui: Any = None
        self.controller: GameController | None = None
        self.screen_manager: ScreenManager | None = None
        self._notice_clear: Any = None
        self._trim_event: Any = None
        self._long_lived_frozen = False
        self._animations = 0
        self._kv_loaded: set[str] = set()
        self._first_frame_drawn = False
        #: The seed of the next new game (the demo and the tests fix it); None draws a fresh one.
        self.next_seed: int | None = None
        #: Every problem of the config file (each bad key left out), read when the lights start: Home shows them.
        self.config_problems: tuple[str, ...] = ()
        self._config_problems_told = False

    # --- start-up -----------------------------------------------------------------------------------------

    def build(self) -> Any:
        self.worker = SessionWorker(deliver=self._deliver)
        self.backup_worker = SessionWorker(deliver=self._deliver, name="backup-worker")
        self.controller = GameController(self.worker, self.pack, self._store_path, self.backup_worker)
        self.controller.on_snapshot(self._on_snapshot)
        self.controller.on_error(self._on_error)
        settings = self.worker.call(self._load_settings)
        if self._language_override:
            settings = settings.for_this_run(language=self._language_override)
        self.settings = settings
        self._apply_language(settings.language)
        locale.on_language_change(self._on_language_changed)
        Window.clearcolor = colour("background")
        Window.allow_screensaver = not settings.keep_awake
        Window.bind(size=self._on_window_size)
        Window.bind(on_touch_up=self._trim_soon)
        self._on_window_size(Window, Window.size)
        register_fonts()
        for kv in sorted((KV_DIR / "widgets").glob("*.kv")):
            Builder.load_file(str(kv))
        self.screen_manager = PlainScreenManager()
        root = Builder.load_file(str(KV_DIR / "app.kv"))
        root.ids.screens.add_widget(self.screen_manager)
        self.lights = LightsLink(self._physical_command, settings.lights_backend)
        self.sounds = Sounds()
        self.controller.on_worker_update(lambda state, events: self.lights.update(state, events))
        self._show("home", {})
        self.nav.go("home")
        # The first frame comes first; the data, the saved games and the lights load right after it.
        Window.bind(on_flip=self._after_first_frame)
        return root

    def _after_first_frame(self, *_: Any) -> None:
        Window.unbind(on_flip=self._after_first_frame)
        self._first_frame_drawn = True
        # Kivy's start-up objects live as long as the app: keep the collector from walking them again and
        # again (long collections are what a touch would otherwise wait on now and then).
        gc.freeze()
        assert self.worker is not None and self.controller is not None
        self.worker.submit(self.pack.load, self._pack_loaded, self._on_error)
        self.controller.open_store(self._store_opened)
        self.list_games()
        # A look for a due backup every minute, kept up even when this open fails: a later one may not.
        Clock.schedule_interval(lambda _dt: self.controller.backup_if_due(BACKUP_EVERY_SECONDS), BACKUP_CHECK_SECONDS)
        pack = self.pack
        self.worker.submit(lambda: self.lights.start(pack), self._lights_ready, self._on_error)
        # The pack's caches (Thunderbirds' odds tables), built once behind the rest: its first screens are instant.
        self.worker.submit(pack.warm)
        if self.settings.sounds:
            self.worker.submit(self.sounds.prepare)
        # The start-up work leaves its scratch (the data files read, the odds tables' working lists) freed.
        self.worker.submit(return_freed_memory)

    def _pack_loaded(self, _data: Any) -> None:
        self.refresh_current()
        if self.pack.problems_notice:  # a broken card overlay, skipped: say which cards to fix
            self.show_notice(self.pack.problems_notice, OVERLAY_NOTICE_SECONDS)

    def list_games(self) -> None:
        """Lists the installed games on the worker (the registry keeps its scan until `registry.rescan()`: a kit
        added, a pack installed) and refreshes Home with them. Not before the first frame: the scan would hold
        the interpreter while the first frame is drawn (the first frame's own call comes right after it)."""
        assert self.worker is not None
        if not self._first_frame_drawn:
            return

        def look() -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[Path, ...]]:
            from companion.exports import removable_drives

            return registry.available(), registry.problems(), tuple(removable_drives())

        self.worker.submit(look, self._games_listed, self._on_error)

    def _games_listed(self, found: tuple[tuple[Any, ...], tuple[Any, ...], tuple[Path, ...]]) -> None:
        self.installed, self.pack_problems, self.usb_sticks = found
        if self.screen_manager is not None and self.screen_manager.current == "home":
            self.refresh_current()

    def add_game_from_stick(self) -> None:
        """Home's "Add a game from a USB stick": a game declared in one file (a kit) copied into the user's data."""
        module_name, _sep, function = ADD_GAME_FROM_STICK.partition(":")
        getattr(importlib.import_module(module_name), function)(self)

    def _store_opened(self, _notice: str | None) -> None:
        self.refresh_current()
        # A backup now when the last one is older than the interval: a kiosk restarted daily still gets its
        # backups, and an idle café does not rotate away its history (nothing changed).
        if self.controller is not None:
            self.controller.backup_if_due(BACKUP_EVERY_SECONDS)

    def ensure_screen(self, name: str) -> Any:
        """Screens are built on their first visit (start-up builds only Home): the open pack's, else the shell's."""
        manager = self.screen_manager
        assert manager is not None
        if not manager.has_screen(name):
            spec = self.pack.screens.get(name)
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

    # --- the games -----------------------------------------------------------------------------------------

    @property
    def pack_ui(self) -> Any:
        """The open pack's Kivy-side hooks (`companion.ui.pack_ui.PackUi`), made on first use."""
        if self._pack_ui is None or self._pack_ui.pack is not self.pack:
            from companion.ui.pack_ui import PackUi

            hooks: Any = PackUi
            if self.pack.ui:
                module_name, _sep, class_name = self.pack.ui.partition(":")
                hooks = getattr(importlib.import_module(module_name), class_name)
            self._pack_ui = hooks(self, self.pack)
        return self._pack_ui

    def choose_game(self, name: str) -> bool:
        """Makes `name` the game Home starts and edits; False (and a notice) when it cannot be loaded. Another
        pack's screens, kv rules and pop-up hooks are let go, and the lights switch to the new game's scene."""
        if name == self.pack.info.name:
            return True
        try:
            pack = registry.pack(name)
        except Exception as error:  # a broken pack never takes the app down
            log.exception("game %s could not be loaded", name)
            self.show_notice(_("The game {name} could not be loaded: {problem}").format(name=name, problem=error))
            return False
        if self.controller is not None and self.controller.snapshot is not None:
            self.controller.close_game()
        self._release_pack_screens()
        self.pack = pack
        self._pack_ui = None
        self._long_lived_frozen = False
        assert self.controller is not None and self.worker is not None
        self.controller.use_pack(pack)
        if not pack.is_loaded:
            self.worker.submit(pack.load, self._pack_loaded, self._on_error)
        lights = getattr(self, "lights", None)
        if lights is not None:
            self.worker.submit(lambda: lights.switch(pack), self._lights_ready, self._on_error)
        return True

    def _release_pack_screens(self) -> None:
        """Every screen but Home goes (the shell's are rebuilt on the next visit), and the pack's kv rules are
        unloaded: its class names never meet another pack's."""
        manager = self.screen_manager
        if manager is None:
            return
        for screen in list(manager.screens):
            if screen.name != "home":
                manager.remove_widget(screen)
        for spec in self.pack.screens.values():
            if spec.kv:
                kv = str(paths.ROOT / spec.kv)
                if kv in self._kv_loaded:
                    Builder.unload_file(kv)
                    self._kv_loaded.discard(kv)

    def saved_game_line(self, game: Any) -> tuple[str, Any] | None:
        """Home's words for a saved game, from its own game's pack; None when that game is not installed."""
        from companion.engine.errors import UnknownGame
        from companion.engine.pack import default_saved_game_line

        try:
            info = registry.info(game.game)
        except UnknownGame:
            return None
        try:
            return info.title.text(), registry.pack(game.game).saved_game_line(game.summary)
        except Exception:  # a pack that cannot write its line still lists its game
            log.exception("saved game line of %s", game.game)
            return info.title.text(), default_saved_game_line(game.summary, str, str)

    def new_game(self) -> None:
        """Home's New game: the chosen game's own New game screen, or the shell's drawn from its declaration."""
        self.go(self.pack.new_game_screen or "new_game")

    def open_editor(self) -> None:
        if self.pack.editor_screen:
            self.go(self.pack.editor_screen)

    def _load_settings(self) -> UiSettings:
        """The Settings screen's choices over the config file's [general] section (both optional)."""
        from companion.config import load_general_or_default

        general = load_general_or_default()  # a problem in the file is reported by the lights' full load
        paths.use_state_dir(general.state_dir)
        return load_settings(
            UiSettings(
                language=general.language,
                keep_awake=general.keep_awake,
                sounds=general.sounds,
                chosen=frozenset(),
                configured=general.given,
            )
        )

    def on_stop(self) -> None:
        if self.worker is not None:
            lights = getattr(self, "lights", None)
            if lights is not None:
                self.worker.submit(lights.close)
            self.worker.stop()
        backups = getattr(self, "backup_worker", None)
        if backups is not None:
            backups.stop()

    def _deliver(self, callback: Callable[[], None]) -> None:
        Clock.schedule_once(lambda _dt: callback(), 0)

    # --- layout and language -------------------------------------------------------------------------------

    def _on_window_size(self, _window: Any, size: tuple[int, int]) -> None:
        metrics = Metrics(dpi=float(KivyMetrics.dpi), width=int(size[0]), height=int(size[1]))
        self.portrait = metrics.is_portrait
        self.target = metrics.target
        self.gap = metrics.gap
        self.font_small = metrics.font_small
        self.font_body = metrics.font_body
        self.font_title = metrics.font_title
        self.font_big = metrics.font_big

    def _apply_language(self, language: str) -> None:
        locale.set_language(language)

    def _on_language_changed(self, language: str) -> None:
        self.language = language
        self.title = _("Table companion")
        self.defer(self.refresh_current)

    # --- navigation ----------------------------------------------------------------------------------------

    def go(self, name: str, **params: Any) -> None:
        screen_name, screen_params = self.nav.go(name, params)
        self._show(screen_name, screen_params)

    def back(self) -> None:
        screen_name, screen_params = self.nav.back()
        self._show(screen_name, screen_params)

    def defer(self, work: Callable[[], Any]) -> None:
        """Runs `work` on the next frame. Touches are answered in the frame right after them instead (screens
        are built once and refilled, so that frame is quick): a frame put off shows the player nothing new."""
        self._animations += 1

        def run(_dt: float) -> None:
            try:
                work()
            finally:
                self._animations -= 1

        Clock.schedule_once(run, 0)

    def _show(self, name: str, params: dict[str, Any]) -> None:
        assert self.screen_manager is not None
        screen = self.ensure_screen(name)
        screen.params = params
        if self.screen_manager.current == name:
            screen.refresh()
        else:
            self.screen_manager.current = name
        self._release_screens(keep=name)
        if name == self.pack_table_screen():
            self._build_ahead()
        self._trim_soon()

    def _trim_soon(self, *_: Any) -> None:
        """Returns freed memory in the frame after this one: after a touch has been answered and a screen shown,
        once what they freed (an old screen, the build's scratch) is free; nothing else happens in that frame."""
        if self._trim_event is None:
            self._trim_event = Clock.create_trigger(self._return_memory, 0)
        self._trim_event()

    @staticmethod
    def _return_memory(*_: Any) -> None:
        """What the last touch's work left in reference cycles (replaced widgets and texts, a screen's scratch) is
        collected first, from the young generations only (at most 3 ms here, 30 times over the benchmark's walk;
        the long-lived objects are not walked), then the pages freed are handed back (under a millisecond)."""
        gc.collect(1)
        return_freed_memory()

    def _build_ahead(self) -> None:
        """Once a game is on the Table, the screens players open from it (and the pop-up) are built in the idle
        frames that follow, one per frame: a first visit would otherwise spend the touch's frame building."""
        manager = self.screen_manager
        assert manager is not None
        pack = self.pack
        missing = [name for name in pack.built_ahead if not manager.has_screen(name)]

        # A screen is built ahead only while its game's pack is still the open one (players may leave at once).
        def build_ahead(name: str) -> None:
            if self.pack is pack:
                self._build_screen_ahead(name)

        steps: list[Callable[[], Any]] = [partial(build_ahead, name) for name in missing]
        steps.append(prepare_popup)
        steps.append(self._freeze_long_lived)
        for index, step in enumerate(steps):
            Clock.schedule_once(lambda _dt, work=step: work(), BUILD_AHEAD_SECONDS * (index + 1))

    def _freeze_long_lived(self) -> None:
        """Once per run, when the game's screens are all built: Kivy's start-up objects were frozen after the first
        frame, and what exists now (the kept screens and the pop-up, the card data, the odds tables) also stays
        until the app stops, so after one full collection it is put out of the collector's sight too. A full
        collection then walks only what came later: it took 10 to 50 ms here in whatever frame it fell (several
        times that on a Pi), walking objects that can never be garbage. Frozen objects are still freed when
        nothing refers to them."""
        if self._long_lived_frozen:
            return
        self._long_lived_frozen = True
        gc.collect()
        gc.freeze()

    def _build_screen_ahead(self, name: str) -> None:
        """Builds the screen and fills it once from the game (its lists' widgets made), unless it is showing."""
        screen = self.ensure_screen(name)
        snapshot = self.controller.snapshot if self.controller else None
        if snapshot is not None and self.screen_manager is not None and self.screen_manager.current != name:
            screen.refresh()

    def _release_screens(self, keep: str) -> None:
        """Screens visited now and then are let go when left (a Kivy widget costs ~100 kB); the Table, the
        Board, the Scheme, the Rescue screen and Home stay built for quick returns."""
        manager = self.screen_manager
        assert manager is not None
        kept = KEPT_SCREENS | self.pack.kept_screens
        for screen in list(manager.screens):
            if screen.name != keep and screen.name not in kept:
                manager.remove_widget(screen)

    def refresh_current(self) -> None:
        if self.screen_manager is not None and self.screen_manager.current_screen is not None:
            screen = self.screen_manager.current_screen
            screen.refresh()
            screen._shown_key = screen.render_key()

    # --- the game ------------------------------------------------------------------------------------------

    def resume_game(self, game_id: int) -> None:
        """Opens the saved game in its own game's screens (its pack made current first)."""
        assert self.controller is not None
        game = next((g.game for g in self.controller.saved_games if g.game_id == game_id), self.pack.info.name)
        if not self.choose_game(game):
            return
        self.controller.resume(game_id, lambda snapshot: self.go(self._screen_for(snapshot)))

    def export_game(self, game_id: int) -> None:
        """One tap on Home: the game as a JSON file on a USB stick (or in the state directory)."""
        assert self.controller is not None
        self.controller.export_game(
            game_id, None, lambda path: self.show_notice(_("Game exported to {file}").format(file=path), 12.0)
        )

    def restore_backup(self, path: Path, line: Any) -> None:
        """The Backups screen's Restore, once confirmed: the saved games put back (the game in play closed, the
        current ones kept as a backup set aside), then Home with them."""
        assert self.controller is not None

        def restored(_games: Any) -> None:
            self.show_notice(_("The saved games are back as they were on {when}.").format(when=line.when), 12.0)
            self.go("home")

        self.controller.restore_backup(path, restored)

    def import_export(self, path: Path) -> None:
        """The Backups screen's Import: the exported game added as a new saved game (or the reason it is not)."""
        assert self.controller is not None

        def imported(result: Any) -> None:
            notice = _("{file} imported as saved game {number}.").format(file=path.name, number=result.game_id)
            self.show_notice(f"{notice} {result.corrected}".strip(), 12.0)
            if self.screen_manager is not None and self.screen_manager.current == "home":
                self.refresh_current()

        self.controller.import_export(path, imported)

    def delete_game(self, row: Any) -> None:
        """Home's Delete: asks first (a deleted game cannot be brought back), then deletes on the worker; Home
        refreshes when the list changes."""
        from companion.ui.presenters.home import delete_question

        assert self.controller is not None
        controller = self.controller
        question = delete_question(row)

        def deleted(_games: Any) -> None:
            if self.screen_manager is not None and self.screen_manager.current == "home":
                self.refresh_current()
            self.show_notice(_("Game deleted."), 6.0)

        def confirmed() -> None:
            controller.delete_game(row.game_id, deleted)

        show_popup(
            question.title,
            list(question.lines),
            [
                PopupButton("delete:keep", question.keep_label),
                PopupButton("delete:confirm", question.delete_label, confirmed, role="danger"),
            ],
        )

    def start_game(self, setup: dict[str, Any], seed: int) -> None:
        assert self.controller is not None
        self.controller.new_game(setup, seed, lambda _snapshot: self.go(self.pack.first_screen()))

    def describe(self, action: Any) -> str:
        snapshot = self.controller.snapshot if self.controller else None
        if snapshot is None:
            return type(action).__name__
        try:
            return self.pack.describe(action, snapshot.state)
        except Exception:  # a label must never break the screen
            log.exception("describe failed")
            return type(action).__name__

    def legal_by_key(self) -> dict[str, Any]:
        snapshot = self.controller.snapshot if self.controller else None
        return {act(action): action for action in snapshot.legal} if snapshot else {}

    def send_action(self, action: Any) -> bool:
        """Sends one action; ignored (False) while the previous one is still being saved."""
        assert self.controller is not None
        return self.controller.dispatch(action)

    def perform(self, key: str) -> None:
        """What a button with this key does: dispatch a legal action, or open a screen or a chooser."""
        if key.startswith("act:"):
            action = self.legal_by_key().get(key)
            if action is None:
                self.show_notice(_("That is no longer possible."))
                return
            self.send_action(action)
            return
        target = key.split(":")
        if target[0] != "open" or len(target) < 2:
            return
        what, argument = target[1], (target[2] if len(target) > 2 else None)
        if what in ("history", "settings", "help"):
            self.go(what)
        elif what == "handover" and argument is not None:
            self.go("handover", seat=argument)
        else:
            self.pack_ui.perform(what, argument)

    def undo(self) -> None:
        assert self.controller is not None
        self.controller.undo()

    def redo(self) -> None:
        assert self.controller is not None
        self.controller.redo()

    def open_menu(self) -> None:
        choices = []
        if "adjust" in self.pack.screens:
            choices.append(PopupButton("open:adjust", _("Adjust (the table is right)"), lambda: self.go("adjust")))
        snapshot = self.controller.snapshot if self.controller else None
        if self.pack.info.hides_information and snapshot is not None:
            for seat, seat_name in enumerate(self.pack.seats(snapshot.state)):
                choices.append(
                    PopupButton(
                        f"open:handover:{seat}",
                        _("Private: {seat}").format(seat=seat_name),
                        partial(self.go, "handover", seat=str(seat)),
                    )
                )
        choices += [
            PopupButton("open:history", _("History: undo and redo"), lambda: self.go("history")),
            PopupButton("open:settings", _("Settings"), lambda: self.go("settings")),
            PopupButton("open:help", _("Help"), lambda: self.go("help")),
            PopupButton("open:home", _("Leave the game (it is saved)"), self.leave_game),
        ]
        show_popup(_("Menu"), [], [PopupButton("popup:cancel", _("Back to the game"))], kind="chooser", choices=choices)

    def leave_game(self) -> None:
        assert self.controller is not None
        self.controller.close_game()
        lights = getattr(self, "lights", None)
        if lights is not None and self.worker is not None:
            self.worker.submit(lights.clear)  # after the session closes: no game's lights on Home
        self.go("home")

    def pack_table_screen(self) -> str:
        """The screen play goes on from (players roam from it to the pack's other screens)."""
        return str(getattr(self.pack, "table_screen", "play"))

    def _screen_for(self, snapshot: GameSnapshot) -> str:
        return self.pack.screen_for(snapshot.state)

    def _on_snapshot(self, snapshot: GameSnapshot) -> None:
        self._trim_soon()
        if snapshot.kind == "action" and snapshot.events:
            self._play_sounds(snapshot.events)
            self._reveal(snapshot)
        if snapshot.kind == "action" and self.pack.rules.is_terminal(snapshot.state) and self.controller is not None:
            self.controller.backup_if_due(0)  # the game just ended: keep it safe now
        if snapshot.kind == "reread":  # the cards changed under the game: the players stay where they are
            self.refresh_current()
            return
        wanted = self._screen_for(snapshot)
        current = self.nav.current
        table = self.pack_table_screen()
        if wanted != table and current != wanted:
            self.go(wanted)
        elif wanted == table and current is not None and current == getattr(self.pack, "game_over_screen", None):
            self.go(table)
        else:
            # The Rescue screen stays after the rescue settles, to show the result until players go back.
            self.refresh_current()

    def _play_sounds(self, events: tuple[Any, ...]) -> None:
        if not self.settings.sounds:
            return
        for sound in self.pack.sounds(events):
            self.sounds.play(sound)

    def _reveal(self, snapshot: GameSnapshot) -> None:
        self.pack_ui.after_action(snapshot)

    def _on_error(self, error: BaseException) -> None:
        message = getattr(error, "message", None) or str(error)
        self.show_notice(message)

    # --- lights --------------------------------------------------------------------------------------------

    def has_lights(self) -> bool:
        lights = getattr(self, "lights", None)
        return bool(lights and lights.is_hardware)

    def _lights_ready(self, link: LightsLink) -> None:
        from companion.ui.widgets.led_strip import LedStrip, strip_height

        self._config_read(link.config_problems)

        holder = self.root.ids.led_strip_holder
        holder.clear_widgets()
        mirror = link.mirror
        if mirror is not None:
            scene = link.scene
            strip = LedStrip(hood_length=link.hood_length, rows=[list(r) for r in scene.mirror_rows] if scene else [])
            holder.add_widget(strip)
            holder.height = strip_height()
            strip.watch(mirror)
        else:
            holder.height = 0
        snapshot = self.controller.snapshot if self.controller else None
        if snapshot is not None and self.worker is not None:
            state = snapshot.state
            self.worker.submit(lambda: link.update(state, ()))
        self.refresh_current()

    def _config_read(self, problems: tuple[str, ...]) -> None:
        """The config file's problems go on Home (as a broken card overlay's do); the notice bar says so once, at
        start (Settings lists them too)."""
        self.config_problems = problems
        if problems and not self._config_problems_told:
            self._config_problems_told = True
            count = len(problems)
            self.show_notice(
                ngettext(
                    "The config file has {count} problem: see Home.",
                    "The config file has {count} problems: see Home.",
                    count,
                ).format(count=count),
                OVERLAY_NOTICE_SECONDS,
            )

    def _physical_command(self, command: str) -> None:
        """A button on the table (called on gpiozero's thread): the same as touching the screen's button."""
        Clock.schedule_once(lambda _dt: self.physical_command(command), 0)

    def physical_command(self, command: str) -> None:
        keys = self.pack.buttons.get(command, ())
        for key in keys:
            button = self.find_button(key)
            if button is not None:
                button.trigger_action(duration=0)
                return

    def find_button(self, key: str) -> Any:
        """The shown, enabled button whose key is `key` (or starts with it, for a key ending in ':')."""
        stack = list(Window.children)
        while stack:
            widget = stack.pop()
            stack.extend(widget.children)
            found = getattr(widget, "action_key", "")
            if found and (found == key or (key.endswith(":") and found.startswith(key))):
                if not getattr(widget, "disabled", False) and hasattr(widget, "trigger_action"):
                    return widget
        return None

    def lights_status(self) -> str:
        lights = getattr(self, "lights", None)
        return lights.status() if lights is not None else ""

    def lights_test_pattern(self) -> None:
        lights = getattr(self, "lights", None)
        if lights is not None:
            lights.test_pattern()

    # --- animations (the pilot waits for them before touching or taking a screenshot) ---------------------

    def animation_started(self) -> None:
        self._animations += 1

    def animation_finished(self) -> None:
        self._animations = max(0, self._animations - 1)

    def is_animating(self) -> bool:
        return self._animations > 0

    def keep_games_as_played(self, game: str) -> None:
        """Call on the worker just before a data editor writes `game`'s data: its saved games keep what they
        were played with (`GameController.keep_games_as_played`)."""
        if self.controller is not None:
            self.controller.keep_games_as_played(game)

    # --- messages and settings -----------------------------------------------------------------------------

    def show_notice(self, text: str, seconds: float = 6.0) -> None:
        self.notice = text
        if self._notice_clear is not None:
            self._notice_clear.cancel()
        self._notice_clear = Clock.schedule_once(lambda _dt: setattr(self, "notice", ""), seconds)

    def change_settings(self, **changes: Any) -> None:
        """Applies at once (language live, screen awake) and saves on the worker (never in a frame)."""
        settings = self.settings.with_changes(**changes)
        self.settings = settings
        if "keep_awake" in changes:
            Window.allow_screensaver = not settings.keep_awake
        if "language" in changes and changes["language"] != locale.language():
            self._apply_language(settings.language)
        assert self.worker is not None
        self.worker.submit(lambda: save_settings(settings))
        if changes.get("sounds"):
            self.worker.submit(self.sounds.prepare)
        if "lights_backend" in changes:
            self.worker.submit(lambda: self.lights.restart(settings.lights_backend), self._lights_ready, self._on_error)
        self.defer(self.refresh_current)
