"""Board: tap a Thunderbird to see where it can go, tap a region to move it; load, unload and transfer."""

from __future__ import annotations

from companion.ui.presenters.board import present_board
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets import board_map as _widgets  # noqa: F401  (registers the widgets its kv uses)
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import TouchButton


class BoardScreen(BaseScreen):
    selected: str | None = None

    def render_key(self) -> object:
        return (super().render_key(), self.selected)

    def on_pre_enter(self, *args: object) -> None:
        self.selected = self.params.get("vehicle")
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot
        if snapshot is None:
            return
        defs = app.pack.defs_for(snapshot.state)
        view = present_board(snapshot.state, defs, snapshot.legal, self.selected, app.pack.character_name,
                             app.describe)
        ids = self.ids
        ids.title.text = view.title
        ids.hint.text = view.hint
        ids.map.edges = list(view.edges)
        ids.map.regions = list(view.regions)
        for button, chip in zip(refill(ids.vehicles, len(view.vehicles), self._vehicle_button), view.vehicles):
            button.text, button.action_key = chip.label, chip.key
            button.role = "primary" if chip.selected else "normal"
            button.vehicle = chip.id
            button.base_font_size = app.font_small
        for button, operation in zip(refill(ids.operations, len(view.operations), self._operation_button),
                                     view.operations):
            button.text, button.action_key = operation.label, operation.key
            button.height, button.base_font_size = app.target, app.font_small

    def _vehicle_button(self) -> TouchButton:
        button = TouchButton(base_font_size=self.app.font_small)
        button.bind(on_release=lambda b: self.select(b.vehicle))
        return button

    def _operation_button(self) -> TouchButton:
        app = self.app
        button = TouchButton(size_hint_y=None, height=app.target, base_font_size=app.font_small)
        button.bind(on_release=lambda b: app.perform(b.action_key))
        return button

    def on_kv_post(self, base_widget: object) -> None:
        self.ids.map.on_region = self.show_region

    def show_region(self, region: str) -> None:
        self._open_region(region)

    def _open_region(self, region: str) -> None:
        from companion.locale import _
        from companion.ui.presenters.board import region_details
        from companion.ui.widgets.popups import PopupButton, show_popup

        snapshot = self.app.controller.snapshot
        if snapshot is None:
            return
        defs = self.app.pack.defs_for(snapshot.state)
        lines = region_details(snapshot.state, defs, region, self.app.pack.character_name)
        show_popup(self.app.pack.region_name(region), list(lines), [PopupButton("popup:close", _("Close"))],
                   kind="card")

    def select(self, vehicle: str) -> None:
        self.selected = vehicle
        self.refresh()
