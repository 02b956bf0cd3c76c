"""Board: tap a Thunderbird to see where it can go, tap a region to move it; load, unload and transfer."""

from __future__ import annotations

from typing import Any

from companion.games.thunderbirds.ui.presenters.board import BoardView, Operation, present_board
from companion.ui.recently_used import RecentlyUsed
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets import board_map as _widgets  # noqa: F401  (registers the widgets its kv uses)
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import TouchButton

#: Load, unload and transfer buttons kept for reuse beyond the ones shown, by what they do and say.
OPERATIONS_KEPT = 8
#: Textures a Thunderbird's button keeps (picked, not picked, pressed) and the hint keeps (one per kind of pick).
CHIP_LOOKS, HINT_LOOKS = 3, 3
#: Views kept for the current game position (one per Thunderbird picked), so picking one again costs nothing.
VIEWS_KEPT = 8


class BoardScreen(BaseScreen):
    selected: str | None = None

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Picking a Thunderbird swaps the list of operations: the buttons made for each one are kept (a new Kivy
        # button costs milliseconds, a changed text a new texture), so picking it again only re-parents them.
        self._operation_buttons: RecentlyUsed[Operation, TouchButton] = RecentlyUsed()
        self._views: RecentlyUsed[str | None, BoardView] = RecentlyUsed()
        self._views_of: tuple[Any, ...] = ()

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
        view = self._view(snapshot)
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
        self._fill_operations(view.operations)

    def _view(self, snapshot: Any) -> BoardView:
        """The presenter's view of this position with this Thunderbird picked, made once per position and pick."""
        from companion import locale

        app = self.app
        defs = app.pack.defs_for(snapshot.state)
        position = (snapshot, defs, locale.language())
        if len(self._views_of) != len(position) or any(a is not b for a, b in zip(self._views_of, position)):
            self._views.clear()
            self._views_of = position
        view = self._views.take(self.selected)
        if view is None:
            view = present_board(
                snapshot.state, defs, snapshot.legal, self.selected, app.pack.character_name, app.describe
            )
            self._views.keep(self.selected, view, VIEWS_KEPT)
        return view

    def _fill_operations(self, operations: tuple[Operation, ...]) -> None:
        app = self.app
        kept = self._operation_buttons
        shown = []
        for operation in operations:
            button = kept.take(operation)
            if button is None:
                button = self._operation_button()
                button.text, button.action_key = operation.label, operation.key
                kept.keep(operation, button, len(operations) + OPERATIONS_KEPT)
            button.height, button.base_font_size = app.target, app.font_small
            shown.append(button)
        box = self.ids.operations
        if list(reversed(box.children)) != shown:
            box.clear_widgets()
            for button in shown:
                box.add_widget(button)

    def _vehicle_button(self) -> TouchButton:
        button = TouchButton(base_font_size=self.app.font_small)
        button.kept_textures = CHIP_LOOKS  # picked (dark text on the accent) and not
        button.bind(on_release=lambda b: self.select(b.vehicle))
        return button

    def _operation_button(self) -> TouchButton:
        app = self.app
        button = TouchButton(size_hint_y=None, height=app.target, base_font_size=app.font_small)
        button.bind(on_release=lambda b: app.perform(b.action_key))
        return button

    def on_kv_post(self, base_widget: object) -> None:
        self.ids.map.on_region = self.show_region
        self.ids.hint.kept_textures = HINT_LOOKS  # the hint goes back and forth with the Thunderbird picked

    def show_region(self, region: str) -> None:
        self._open_region(region)

    def _open_region(self, region: str) -> None:
        from companion.games.thunderbirds.ui.presenters.board import region_details
        from companion.locale import _
        from companion.ui.widgets.popups import PopupButton, show_popup

        snapshot = self.app.controller.snapshot
        if snapshot is None:
            return
        defs = self.app.pack.defs_for(snapshot.state)
        lines = region_details(snapshot.state, defs, region, self.app.pack.character_name)
        show_popup(
            self.app.pack.region_name(region), list(lines), [PopupButton("popup:close", _("Close"))], kind="card"
        )

    def select(self, vehicle: str) -> None:
        self.selected = vehicle
        self.refresh()
