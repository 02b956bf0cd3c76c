"""Drives the real app with touch events, the way a player's finger would: find a button by what it does, touch
it, wait for the game to settle, take a screenshot. Used by the demo, the UI tests and the benchmark.

A script is a generator: it yields `Wait`s (or seconds) and the pilot resumes it on a later frame once the wait
is over, so Kivy's main loop keeps running between steps exactly as it does for players.
"""

from __future__ import annotations

import logging
import time
import traceback
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.input.motionevent import MotionEvent
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.ui.layout_check import Problem, check_layout

log = logging.getLogger(__name__)


class SyntheticTouch(MotionEvent):
    """A finger on the screen at window pixel (x, y), dispatched through Kivy's normal input path."""

    def __init__(self, x: float, y: float) -> None:
        width, height = Window.size
        super().__init__(
            "pilot",
            id(self),
            {"x": x / max(1.0, width - 1.0), "y": y / max(1.0, height - 1.0)},
            is_touch=True,
            type_id="touch",
        )
        self.profile = ["pos"]

    def depack(self, args: dict[str, float]) -> None:
        self.sx = args["x"]
        self.sy = args["y"]
        super().depack(args)

    def down(self) -> None:
        EventLoop.post_dispatch_input("begin", self)

    def up(self) -> None:
        EventLoop.post_dispatch_input("end", self)


@dataclass
class Wait:
    """Resume the script once `until()` holds and `frames` frames have been drawn since it first held."""

    until: Callable[[], bool]
    timeout: float = 20.0
    frames: int = 0
    what: str = ""
    started: float = field(default_factory=time.monotonic)
    held_at_frame: int | None = None
    #: What to report on a timeout (e.g. the buttons shown instead).
    describe: Callable[[], Any] | None = None


class PilotError(AssertionError):
    pass


class Pilot:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.frames = 0
        self._pending_shots: list[tuple[Path, Callable[[Path], None] | None]] = []
        self._script: Iterator[Any] | None = None
        self._wait: Wait | None = None
        self._done: Callable[[BaseException | None], None] | None = None
        self._tick_event: Any = None
        self.layout_problems: dict[str, list[Problem]] = {}
        Window.bind(on_flip=self._on_flip)

    # --- finding widgets -----------------------------------------------------------------------------------

    def widgets(self) -> Iterator[Widget]:
        stack: list[Widget] = list(Window.children)
        while stack:
            widget = stack.pop()
            yield widget
            stack.extend(widget.children)

    def find(self, key: str, required: bool = True) -> Widget | None:
        """The shown, enabled button whose `action_key` is `key`."""
        for widget in self.widgets():
            if getattr(widget, "action_key", None) == key and self._is_shown(widget):
                return widget
        if required:
            shown = sorted(k for k in self.keys())
            raise PilotError(f"no button {key!r} on screen {self.screen_name()!r}; shown: {shown}")
        return None

    def keys(self, prefix: str = "") -> list[str]:
        return [
            w.action_key
            for w in self.widgets()
            if getattr(w, "action_key", "") and w.action_key.startswith(prefix) and self._is_shown(w)
        ]

    def texts(self) -> list[str]:
        """Every text shown now (the screen's and a pop-up's): what a player can read, for a test to check."""
        return [
            w.text for w in self.widgets() if isinstance(getattr(w, "text", None), str) and w.text and self._is_shown(w)
        ]

    def has(self, key: str) -> bool:
        return self.find(key, required=False) is not None

    def opener(self, key: str) -> str | None:
        """The button that shows `key` when it is not in sight (the plain play screen's chooser of a kind of
        action): the shown screen's `opener_for`, if it has one, with no pop-up open. Asked on every scripted
        touch: the screen's answer comes first, the walk over the widgets only for a key in a chooser."""
        manager = self.app.screen_manager
        find = getattr(manager.current_screen, "opener_for", None) if manager is not None else None
        group = find(key) if find is not None else None
        if group is None or any(isinstance(child, ModalView) for child in Window.children) or self.has(key):
            return None
        return group

    def screen_name(self) -> str:
        manager = self.app.screen_manager
        return manager.current if manager is not None else ""

    def visit_name(self) -> str:
        """The current screen with what it shows (the Rescue screen's stage, the Adjust section...)."""
        manager = self.app.screen_manager
        if manager is None:
            return ""
        screen = manager.current_screen
        return screen.visit_name() if hasattr(screen, "visit_name") else manager.current

    @staticmethod
    def _is_shown(widget: Widget) -> bool:
        if getattr(widget, "disabled", False):
            return False
        node: Widget | None = widget
        while node is not None:
            if node.opacity <= 0.01:
                return False
            if node.parent is node:
                break
            node = node.parent
            if node is Window:
                return True
        return False

    # --- touching ------------------------------------------------------------------------------------------

    def tap(self, target: str | Widget) -> Widget:
        widget = self.find(target) if isinstance(target, str) else target
        assert widget is not None
        self._lay_out(widget)
        self._scroll_into_view(widget)
        x, y = widget.to_window(*widget.center)
        touch = SyntheticTouch(x, y)
        touch.down()
        touch.up()
        log.debug("tap %s", getattr(widget, "action_key", widget))
        return widget

    @staticmethod
    def _lay_out(widget: Widget) -> None:
        """Runs any pending layout above `widget` now, so its position is where it will be drawn."""
        from kivy.uix.layout import Layout

        chain = []
        node = widget
        while node is not None and node is not Window:
            chain.append(node)
            node = node.parent
        for node in reversed(chain):
            if isinstance(node, Layout):
                node.do_layout()

    def _scroll_into_view(self, widget: Widget) -> None:
        node = widget.parent
        while node is not None and node is not Window:
            if isinstance(node, ScrollView):
                node.scroll_to(widget, padding=0, animate=False)
                # scroll_to moves the content at once; recompute positions before the touch.
                node._update_effect_bounds()
                node.update_from_scroll()
                return
            node = node.parent

    def open_from_home(self, game: str, key: str, screen: str) -> Generator[Any, None, None]:
        """A script's steps from Home: `game` picked on the picker once it shows, the button `key` touched, then
        `screen` shown and settled (New game, the data editor...)."""
        yield self.settle()
        yield self.until(lambda: self.has(f"game:{game}"), f"{game} on Home's picker", timeout=60)
        self.tap(f"game:{game}")
        yield self.settle()
        self.tap(key)
        yield self.until(lambda: self.screen_name() == screen, screen)
        yield self.settle()

    # --- waiting -------------------------------------------------------------------------------------------

    def settled(self) -> bool:
        """No game work on its way and nothing animating: what a screenshot or the next touch may rely on."""
        app = self.app
        worker = getattr(app, "worker", None)
        if worker is not None and not worker.is_idle:
            return False
        return not getattr(app, "is_animating", lambda: False)()

    def settle(self, timeout: float = 30.0, frames: int = 0) -> Wait:
        return Wait(self.settled, timeout, frames, "the app to settle")

    def button(self, key: str, timeout: float = 30.0) -> Wait:
        """Wait until the button `key` is shown and the app has settled."""
        return Wait(lambda: self.has(key) and self.settled(), timeout, 0, f"button {key}", describe=self.keys)

    def until(self, predicate: Callable[[], bool], what: str, timeout: float = 30.0) -> Wait:
        return Wait(lambda: predicate() and self.settled(), timeout, 0, what)

    def drawn(self) -> Wait:
        """Wait for the next drawn frame: everything laid out and on screen (before a check or a screenshot)."""
        return Wait(self.settled, 30.0, 1, "a drawn frame")

    def _told(self) -> str:
        """What the app last told the players (its notice, the worker's last error): why a wait never ended."""
        app = self.app
        controller = getattr(app, "controller", None)
        told = [("notice", getattr(app, "notice", "")), ("last error", getattr(controller, "last_error", None))]
        return "".join(f"; {name}: {text!r}" for name, text in told if text)

    # --- screenshots and layout ----------------------------------------------------------------------------

    def screenshot(self, path: Path, then: Callable[[Path], None] | None = None) -> Wait:
        """Saves the next drawn frame (read before the buffers flip, so it is exactly what is shown)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        self._pending_shots.append((path, then))
        Window.canvas.ask_update()
        return Wait(lambda: not any(p == path for p, _ in self._pending_shots), 10.0, 0, f"screenshot {path.name}")

    def check_layout(self, label: str) -> list[Problem]:
        problems = check_layout(Window)
        self.layout_problems[label] = problems
        return problems

    def _on_flip(self, *_: Any) -> None:
        self.frames += 1
        if not self._pending_shots:
            return
        from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels

        from companion.ui.png import write_png

        width, height = Window.size
        data = glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE)
        shots, self._pending_shots = self._pending_shots, []
        for path, then in shots:
            write_png(path, data, width, height)
            if then is not None:
                then(path)

    # --- running a script ----------------------------------------------------------------------------------

    def run(self, script: Generator[Any, None, None], done: Callable[[BaseException | None], None]) -> None:
        self._script = script
        self._done = done
        self._wait = Wait(lambda: True, frames=1)
        self._tick_event = Clock.schedule_interval(self._tick, 0)

    def _tick(self, _dt: float) -> None:
        wait = self._wait
        try:
            if wait is not None:
                if not wait.until():
                    wait.held_at_frame = None
                    if time.monotonic() - wait.started > wait.timeout:
                        seen = f"; shown: {wait.describe()}" if wait.describe else ""
                        raise PilotError(
                            f"timed out waiting for {wait.what or 'a condition'} on"
                            f" {self.screen_name()}{seen}{self._told()}"
                        )
                    return
                if wait.held_at_frame is None:
                    wait.held_at_frame = self.frames
                if self.frames - wait.held_at_frame < wait.frames:
                    Window.canvas.ask_update()
                    return
            assert self._script is not None
            step = next(self._script)
            if isinstance(step, (int, float)):
                deadline = time.monotonic() + float(step)
                step = Wait(lambda: time.monotonic() >= deadline, float(step) + 5, 0, "a pause")
            elif step is None:
                step = Wait(lambda: True, frames=1)
            self._wait = step
            self._wait.started = time.monotonic()
        except StopIteration:
            self._finish(None)
        except BaseException as error:  # reported to whoever runs the script
            log.error("pilot script failed:\n%s", traceback.format_exc())
            self._finish(error)

    def _finish(self, error: BaseException | None) -> None:
        if self._tick_event is not None:
            self._tick_event.cancel()
            self._tick_event = None
        if self._done is not None:
            done, self._done = self._done, None
            done(error)
