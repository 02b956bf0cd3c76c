"""A fleet enters a system: pick the system, the race and the ships that matter, then Enter; the exploration roll
shows as three dice in the pop-up, and the system's record opens."""

from __future__ import annotations

from typing import Any

from companion.games.federation.ui.presenters.enter import EnterForm, EnterView, present_enter
from companion.games.federation.ui.screens.common import FedScreen
from companion.ui.presenters.lines import ButtonView
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import TouchButton


class FedEnterScreen(FedScreen):
    form = EnterForm()
    _view: EnterView | None = None

    def render_key(self) -> object:
        return (super().render_key(), self.form)

    def on_pre_enter(self, *args: Any) -> None:
        chosen = str(self.params.get("system") or "") or None
        self.form = EnterForm(system=chosen)  # a new fleet each time: nothing of the last one is kept
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        snapshot = self.snapshot
        if snapshot is None or not self.app.pack.is_loaded:
            return
        view = present_enter(snapshot.state, self.defs, snapshot.legal, self.form)
        self._view = view
        ids = self.ids
        ids.title.text = view.title
        ids.systems_label.text = view.systems_label
        ids.races_label.text = view.races_label
        ids.ships_label.text = view.ships_label
        ids.what.text = view.what_happens
        ids.go.text = view.go.label
        ids.go.disabled = not view.go.enabled
        self._buttons(ids.systems, view.systems)
        self._buttons(ids.races, view.races)
        self._buttons(ids.ships, view.ships)

    def _buttons(self, box: Any, specs: tuple[ButtonView, ...]) -> None:
        def make() -> TouchButton:
            button = TouchButton()
            button.bind(on_release=lambda b: self.press(b.action_key))
            return button

        for button, spec in zip(refill(box, len(specs), make), specs):
            button.text, button.role, button.action_key = spec.label, spec.role, spec.key
            button.disabled = not spec.enabled

    def press(self, key: str) -> None:
        _enter, what, value = key.split(":", 2)
        form = self.form
        if what == "system":
            form = EnterForm(system=value, race=form.race, ships=form.ships)
        elif what == "race":
            form = EnterForm(system=form.system, race=value, ships=form.ships)
        elif what == "ship":
            form = form.toggle_ship(value)
        self.form = form
        self.refresh()

    def go(self) -> None:
        view = self._view
        app = self.app
        if view is None or view.action is None or app.controller is None:
            return
        system = view.action.system

        def entered(_snapshot: Any) -> None:
            app.go(app.pack_table_screen())
            app.go("system", system=system)

        app.controller.dispatch(view.action, on_done=entered)
