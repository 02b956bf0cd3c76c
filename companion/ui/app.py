"""The composition root: builds the session worker, the game controller, the screens' host, the game commands, the
lights and buttons, and the context screens are given, and wires them to one another. What each part does lives
in its own module (`screens_host`, `commands`, `physical`, `memory`, `context`); the app only composes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.metrics import Metrics as KivyMetrics
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty

from companion import locale
from companion.locale import _
from companion.paths import KV_DIR
from companion.ui.commands import GameCommands
from companion.ui.compat import OlderNames
from companion.ui.context import ScreenContext
from companion.ui.controller import GameController, GameSnapshot
from companion.ui.fonts import register_fonts
from companion.ui.frames import Frames
from companion.ui.memory import MemoryKeeper, return_freed_memory
from companion.ui.pack_ui import hooks_for
from companion.ui.physical import PhysicalTable
from companion.ui.screens_host import ScreensHost
from companion.ui.settings import UiSettings, read_settings, save_settings
from companion.ui.shelf import GameShelf, first_pack
from companion.ui.sounds import Sounds
from companion.ui.theme import Metrics, colour
from companion.ui.widgets import text as _text_widgets  # noqa: F401  (registers FitLabel, TouchButton for kv)
from companion.ui.widgets.clipping import PlainScreenManager
from companion.ui.worker import SessionWorker
from companion.web.link import attached, start_if_enabled

#: Backups of the game database: at the end of each game, and when the last one is five minutes old and the
#: database changed since (`companion.backup`); looked for every minute, on a thread of their own.
BACKUP_EVERY_SECONDS, BACKUP_CHECK_SECONDS = 300, 60
#: How long the notice bar names the card overlay's skipped cards at start-up.
OVERLAY_NOTICE_SECONDS = 20.0


class CompanionApp(OlderNames, App):
    title = "Table companion"
    language = StringProperty(locale.DEFAULT_LANGUAGE)
    portrait = BooleanProperty(False)
    target, gap = NumericProperty(48), NumericProperty(6)
    font_small, font_body, font_title, font_big = (NumericProperty(n) for n in (13, 16, 22, 31))
    #: A short message shown at the bottom (an illegal action's reason, a saved file...).
    notice = StringProperty("")
    settings = ObjectProperty(UiSettings(), rebind=True)

    def __init__(self, language: str | None = None, store_path: Path | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._language_override, self._store_path = language, store_path
        #: The game Home has chosen or the open game's (`companion.engine.pack.Pack`), and its Kivy-side hooks.
        self.pack: Any = first_pack()
        self._pack_ui: Any = None
        self.shelf = GameShelf(self.pack)
        self.memory = MemoryKeeper()
        self.screen_manager: Any = None
        self._notice_clear: Any = None
        self.frames = Frames()
        self._first_frame_drawn = False
        #: The seed of the next new game (the demo and the tests fix it); None draws a fresh one.
        self.next_seed: int | None = None
        self.web: Any = None  # `companion.web.link.WebLink` while the phones' view runs

    def current_pack(self) -> Any:
        return self.pack

    # --- start-up -----------------------------------------------------------------------------------------

    def build(self) -> Any:
        self.worker = SessionWorker(deliver=self._deliver)
        self.backup_worker = SessionWorker(deliver=self._deliver, name="backup-worker")
        self.controller = GameController(self.worker, self.pack, self._store_path, self.backup_worker)
        self.controller.on_snapshot(self._on_snapshot)
        settings = self.worker.call(read_settings)
        if self._language_override:
            settings = settings.for_this_run(language=self._language_override)
        self.settings = settings
        locale.set_language(settings.language)
        locale.on_language_change(self._on_language_changed)
        Window.clearcolor = colour("background")
        Window.allow_screensaver = not settings.keep_awake
        Window.bind(size=self._on_window_size, on_touch_up=self.memory.trim_soon)
        self._on_window_size(Window, Window.size)
        register_fonts()
        for kv in sorted((KV_DIR / "widgets").glob("*.kv")):
            Builder.load_file(str(kv))
        self.screen_manager = PlainScreenManager()
        root = Builder.load_file(str(KV_DIR / "app.kv"))
        root.ids.screens.add_widget(self.screen_manager)
        current = self.current_pack
        self.screens = ScreensHost(self.screen_manager, current, lambda: self.controller.snapshot, self.memory)
        perform = lambda what, argument: self.pack_ui.perform(what, argument)  # noqa: E731
        self.commands = GameCommands(
            self.controller, self.screens, current, self.show_notice, self.choose_game, perform
        )
        parts = (self.controller, self.commands, self.screens, self.worker, current, self.show_notice, self.shelf)
        self.context = ScreenContext(*parts, self.list_games)
        self.controller.on_error(self.context.tell_error)
        buttons = lambda command: self.pack.buttons.get(command, ())  # noqa: E731
        self.table = PhysicalTable(settings.lights_backend, buttons, self.show_notice, self.refresh_current)
        self.lights, self.sounds = self.table.lights, Sounds()
        self.commands.on_leave = lambda: self.worker.submit(self.lights.clear)  # after the session closes
        self.controller.on_worker_update(lambda state, events: self.lights.update(state, events))
        self.screens.go("home")
        # The first frame comes first; the data, the saved games and the lights load right after it.
        Window.bind(on_flip=self._after_first_frame)
        return root

    def _after_first_frame(self, *_: Any) -> None:
        Window.unbind(on_flip=self._after_first_frame)
        self._first_frame_drawn = True
        self.memory.freeze_start_up()
        self.worker.submit(self.pack.load, self._pack_loaded, self.context.tell_error)
        self.controller.open_store(self._store_opened)
        self.list_games()
        # A look for a due backup every minute, kept up even when this open fails: a later one may not.
        Clock.schedule_interval(lambda _dt: self.controller.backup_if_due(BACKUP_EVERY_SECONDS), BACKUP_CHECK_SECONDS)
        pack = self.pack
        self.worker.submit(lambda: self.lights.start(pack), self._lights_ready, self.context.tell_error)
        # The pack's caches (Thunderbirds' odds tables), built once behind the rest: its first screens are instant.
        self.worker.submit(pack.warm)
        if self.settings.sounds:
            self.worker.submit(self.sounds.prepare)
        self.backup_worker.submit(
            lambda: start_if_enabled(self.current_pack), self._web_started, self.context.tell_error
        )
        # The start-up work leaves its scratch (the data files read, the odds tables' working lists) freed.
        self.worker.submit(return_freed_memory)

    def _web_started(self, started: Any) -> None:
        self.web = attached(started, self.controller, self.show_notice, self._deliver)  # the phones' pages, if on

    def _pack_loaded(self, _data: Any) -> None:
        self.refresh_current()
        if self.pack.problems_notice:  # a broken card overlay, skipped: say which cards to fix
            self.show_notice(self.pack.problems_notice, OVERLAY_NOTICE_SECONDS)

    def _store_opened(self, _notice: str | None) -> None:
        self.refresh_current()
        # A backup now when the last one is older than the interval: a kiosk restarted daily still gets its
        # backups, and an idle café does not rotate away its history (nothing changed).
        self.controller.backup_if_due(BACKUP_EVERY_SECONDS)

    def _lights_ready(self, link: Any) -> None:
        snapshot = self.controller.snapshot
        self.table.ready(link, self.root.ids.led_strip_holder, snapshot and snapshot.state, self.worker.submit)

    # --- the games -----------------------------------------------------------------------------------------

    @property
    def pack_ui(self) -> Any:
        """The open pack's Kivy-side hooks (`companion.ui.pack_ui.PackUi`), made on first use."""
        if self._pack_ui is None or self._pack_ui.pack is not self.pack:
            self._pack_ui = hooks_for(self, self.pack)
        return self._pack_ui

    def choose_game(self, name: str) -> bool:
        """Makes `name` the game Home starts and edits; False (and a notice) when it cannot be loaded. Another
        pack's screens, kv rules and pop-up hooks are let go, and the lights switch to the new game's scene."""
        if name == self.pack.info.name:
            return True
        pack = self.shelf.open(name, self.show_notice)
        if pack is None:
            return False
        if self.controller.snapshot is not None:
            self.controller.close_game()
        self.screens.release_pack(self.pack)
        self.pack, self._pack_ui = pack, None
        self.memory.new_pack()
        self.controller.use_pack(pack)
        if not pack.is_loaded:
            self.worker.submit(pack.load, self._pack_loaded, self.context.tell_error)
        self.worker.submit(lambda: self.lights.switch(pack), self._lights_ready, self.context.tell_error)
        return True

    def list_games(self) -> None:
        """The installed games looked for again on the worker, then Home refreshed. Not before the first frame: the
        scan would hold the interpreter while it is drawn (the first frame's own call comes right after it)."""
        if self._first_frame_drawn:
            self.shelf.list_games(self.worker.submit, self.screens.refresh_home, self.context.tell_error)

    def add_game_from_stick(self) -> None:
        self.shelf.add_game_from_stick(self.context)

    def _on_snapshot(self, snapshot: GameSnapshot) -> None:
        self.memory.trim_soon()
        if snapshot.kind == "action" and snapshot.events:
            self.sounds.play_all(self.pack.sounds(snapshot.events) if self.settings.sounds else ())
            self.pack_ui.after_action(snapshot)
        if snapshot.kind == "action" and self.pack.rules.is_terminal(snapshot.state):
            self.controller.backup_if_due(0)  # the game just ended: keep it safe now
        self.screens.follow(snapshot)

    # --- messages, settings, layout and language -----------------------------------------------------------

    def show_notice(self, text: str, seconds: float = 6.0) -> None:
        self.notice = text
        if self._notice_clear is not None:
            self._notice_clear.cancel()
        self._notice_clear = Clock.schedule_once(lambda _dt: setattr(self, "notice", ""), seconds)

    def change_settings(self, **changes: Any) -> None:
        """Applies at once (language live, screen awake) and saves on the worker (never in a frame)."""
        settings = self.settings = self.settings.with_changes(**changes)
        if "keep_awake" in changes:
            Window.allow_screensaver = not settings.keep_awake
        if "language" in changes and changes["language"] != locale.language():
            locale.set_language(settings.language)
        self.worker.submit(lambda: save_settings(settings))
        if changes.get("sounds"):
            self.worker.submit(self.sounds.prepare)
        if "lights_backend" in changes:
            restart = lambda: self.lights.restart(settings.lights_backend)  # noqa: E731
            self.worker.submit(restart, self._lights_ready, self.context.tell_error)
        self.defer(self.refresh_current)

    def _on_window_size(self, _window: Any, size: tuple[int, int]) -> None:
        metrics = Metrics(dpi=float(KivyMetrics.dpi), width=int(size[0]), height=int(size[1]))
        self.portrait = metrics.is_portrait
        for name in ("target", "gap", "font_small", "font_body", "font_title", "font_big"):
            setattr(self, name, getattr(metrics, name))
        if self.screen_manager is not None:  # turned on its side: the screen showing is laid out again at once
            self.defer(self.refresh_current)

    def _on_language_changed(self, language: str) -> None:
        self.language = language
        self.title = _("Table companion")
        self.defer(self.refresh_current)

    def on_stop(self) -> None:
        worker, lights, backups = (getattr(self, name, None) for name in ("worker", "lights", "backup_worker"))
        if worker is not None and lights is not None:
            worker.submit(lights.close)
        if self.web is not None:
            self.web.stop()
        for each in (worker, backups):
            if each is not None:
                each.stop()

    def _deliver(self, callback: Callable[[], None]) -> None:
        Clock.schedule_once(lambda _dt: callback(), 0)
