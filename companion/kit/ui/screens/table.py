"""The kit's table screen: any kit file on screen (see `presenters/table.py`). Touches become actions through the
app; the timer's display ticks with Kivy's Clock, and a pause sends the time this screen measured."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from kivy.clock import Clock
from kivy.properties import StringProperty

from companion.kit import actions as act
from companion.kit.ui.presenters.rows import RowButton
from companion.kit.ui.presenters.table import Offer, TimerClock, present_table, timer_view
from companion.kit.ui.screens.rows import KitRow, fill_buttons, fill_rows, fill_tabs
from companion.locale import domain
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.popups import PopupButton, show_popup

_, ngettext = domain("kit")

#: How often the running timer's display is looked at (it changes once a second).
TIMER_TICK_SECONDS = 0.25

__all__ = ["KitRow", "KitTableScreen"]  # KitRow is the list's viewclass: importing this module registers it


class KitTableScreen(BaseScreen):
    timer_style = StringProperty("normal")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.section = "turn"
        #: The marker each track's spaces move (track id -> marker id), chosen on this screen.
        self.chosen_markers: dict[str, str] = {}
        self.timer_clock = TimerClock()
        self._ticker: Any = None
        self._timer_text = ""
        self._timer_second = -1

    def render_key(self) -> object:
        return (super().render_key(), self.section, tuple(sorted(self.chosen_markers.items())))

    def visit_name(self) -> str:
        return f"table-{self.section}"

    def refresh(self) -> None:
        pack, snapshot = self.context.pack, self.context.snapshot
        if snapshot is None:
            return
        state = snapshot.state
        now = time.monotonic()
        self.timer_clock.observe(snapshot.game_id, state, now)
        view = present_table(
            pack, state, snapshot.legal, self.section, self.chosen_markers, self.timer_clock.shown_ms(state, now)
        )
        self.section = view.section
        ids = self.ids
        ids.title.text = view.title
        ids.undo.disabled = not snapshot.can_undo
        fill_tabs(ids.sections, view.tabs, self.show_section)
        fill_rows(ids.rows, self, view.rows)
        self._show_timer(view.timer)
        if state.timer_running and not view.is_over:
            if self._ticker is None:
                self._ticker = Clock.schedule_interval(self._tick, TIMER_TICK_SECONDS)
        else:
            self._stop_ticker()

    def _show_timer(self, timer: Any) -> None:
        bar = self.ids.timer_bar
        if timer is None:
            bar.height, bar.opacity, bar.disabled = 0, 0, True
            fill_buttons(self.ids.timer_buttons, (), self.press)
            return
        bar.height, bar.opacity, bar.disabled = self.app.target, 1, False
        self.timer_style = timer.style
        if timer.text != self._timer_text:
            self.ids.timer.text = self._timer_text = timer.text
        fill_buttons(self.ids.timer_buttons, timer.buttons, self.press)

    def _tick(self, _dt: float) -> None:
        """The running timer's display, once a second: only the timer's line is written again."""
        pack, snapshot = self.context.pack, self.context.snapshot
        if snapshot is None or self.manager is None or self.manager.current != self.name:
            self._stop_ticker()
            return
        shown = self.timer_clock.shown_ms(snapshot.state, time.monotonic())
        if shown // 1000 == self._timer_second:
            return  # the line shows whole seconds: nothing to write until the next one
        self._timer_second = shown // 1000
        timer = timer_view(pack.public_view(snapshot.state), Offer(pack, snapshot.state, snapshot.legal), shown)
        if timer is not None:
            self.timer_style = timer.style
            if timer.text != self._timer_text:
                self.ids.timer.text = self._timer_text = timer.text

    def _stop_ticker(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            self._ticker = None

    def on_leave(self, *_: Any) -> None:
        self._stop_ticker()

    def show_section(self, section: str) -> None:
        self.section = section
        self.refresh()
        self._shown_key = self.render_key()
        self.ids.rows.to_top()  # another section starts at its top

    def press(self, spec: RowButton) -> None:
        context = self.context
        key = spec.key
        if spec.action is not None:
            context.send(spec.action)
        elif key.startswith(("act:", "open:")):
            context.perform(key)
        elif key.startswith("marker:"):
            _prefix, track, marker = key.split(":", 2)
            self.chosen_markers[track] = marker
            self.refresh()
            self._shown_key = self.render_key()
        elif key == "timer:pause":
            context.send(act.PauseTimer(self.timer_clock.ran_ms(time.monotonic())))
        elif key == "end:ask":
            end_game = partial(context.perform, "act:EndGame")
            show_popup(
                _("End the game now?"),
                [_("The game is marked over; undo brings it back.")],
                [
                    PopupButton("end:keep", _("Keep playing")),
                    PopupButton("end:confirm", _("End the game"), end_game, role="danger"),
                ],
            )
