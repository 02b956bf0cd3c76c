"""The table's lights and buttons as the app shows and hears them: the on-screen LED strip when there are no board
lights, the config file's problems told once, and a physical button pressed as the screen's own button would be.
The link itself (`companion.ui.lights.LightsLink`) starts and feeds the board on the session worker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.clock import Clock
from kivy.core.window import Window

from companion.locale import ngettext
from companion.ui.lights import LightsLink

#: How long the notice bar names the config file's problems at start-up.
CONFIG_NOTICE_SECONDS = 20.0


class PhysicalTable:
    def __init__(
        self,
        backend: str | None,
        buttons_of: Callable[[str], tuple[str, ...]],
        notify: Callable[..., None],
        on_ready: Callable[[], None],
    ) -> None:
        self.lights = LightsLink(self._command_from_thread, backend)
        self._buttons_of = buttons_of
        self._notify = notify
        self._on_ready = on_ready
        #: Every problem of the config file (each bad key left out), read when the lights start: Home shows them.
        self.config_problems: tuple[str, ...] = ()
        self._config_problems_told = False

    def ready(self, link: LightsLink, holder: Any, state: Any, submit: Callable[[Callable[[], Any]], Any]) -> None:
        """The lights started (on the worker): the strip below the screen mirrors them when there is no board,
        and they show the game in play at once."""
        from companion.ui.widgets.led_strip import LedStrip, strip_height

        self._config_read(link.config_problems)
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
        if state is not None:
            submit(lambda: link.update(state, ()))
        self._on_ready()

    def _config_read(self, problems: tuple[str, ...]) -> None:
        """The config file's problems go on Home (as a broken card overlay's do); the notice bar says so once, at
        start (Settings lists them too)."""
        self.config_problems = problems
        if problems and not self._config_problems_told:
            self._config_problems_told = True
            count = len(problems)
            text = ngettext(
                "The config file has {count} problem: see Home.",
                "The config file has {count} problems: see Home.",
                count,
            )
            self._notify(text.format(count=count), CONFIG_NOTICE_SECONDS)

    def _command_from_thread(self, command: str) -> None:
        """A button on the table (called on gpiozero's thread): the same as touching the screen's button."""
        Clock.schedule_once(lambda _dt: self.physical_command(command), 0)

    def physical_command(self, command: str) -> None:
        for key in self._buttons_of(command):
            button = find_button(key)
            if button is not None:
                button.trigger_action(duration=0)
                return

    def has_lights(self) -> bool:
        return bool(self.lights.is_hardware)

    def status(self) -> str:
        return self.lights.status()

    def test_pattern(self) -> None:
        self.lights.test_pattern()


def find_button(key: str) -> Any:
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
