"""The Costs screen (the pack's data editor): the costs the module leaves empty, entered from the players' rules,
saved in the user's data directory (never in the shipped files), read again by the pack at once."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.uix.boxlayout import BoxLayout

from companion.games.federation import overlay
from companion.games.federation.ui.presenters.costs import CostsDraft, present_costs
from companion.games.federation.ui.screens.common import FedScreen
from companion.locale import domain
from companion.ui.data_editor import save_data
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import FitLabel, TouchButton

_, ngettext = domain("federation")


class FedCostsScreen(FedScreen):
    draft: CostsDraft | None = None

    def render_key(self) -> None:
        return None  # the draft changes under it: always drawn afresh

    def on_pre_enter(self, *args: Any) -> None:
        self.draft = None  # what is saved, each time the screen opens
        super().on_pre_enter(*args)

    def saved(self) -> dict[str, int]:
        return CostsDraft.of(self.defs).known()

    def refresh(self) -> None:
        pack = self.app.pack
        if not pack.is_loaded:
            return
        if self.draft is None:
            self.draft = CostsDraft.of(self.defs)
        view = present_costs(self.defs, self.draft, self.saved(), overlay.RELATIVE, pack.problems)
        ids = self.ids
        ids.title.text = view.title
        ids.note.text = view.note
        ids.problems.text = "\n".join(view.problems)
        ids.save.text = view.save.label
        ids.save.disabled = not view.save.enabled
        for row, spec in zip(refill(ids.rows, len(view.rows), self._row), view.rows):
            label, value, *buttons = reversed(row.children)
            label.text = f"{spec.name}\n{spec.note}"
            value.text = spec.value
            for button, button_spec in zip(buttons, spec.buttons):
                button.text, button.action_key = button_spec.label, button_spec.key
                button.disabled = not button_spec.enabled

    def _row(self) -> Any:
        app = App.get_running_app()
        row = BoxLayout(size_hint_y=None, height=app.target * 1.3, spacing=app.gap)
        row.add_widget(FitLabel(base_font_size=app.font_body))
        row.add_widget(FitLabel(bold=True, halign="center", size_hint_x=None, width=app.target * 1.6))
        for width in (1.0, 1.0, 2.2):
            button = TouchButton(size_hint_x=None, width=app.target * width)
            button.bind(on_release=lambda b: self.press(b.action_key))
            row.add_widget(button)
        return row

    def press(self, key: str) -> None:
        _cost, slot, what = key.split(":")
        draft = self.draft
        if draft is None:
            return
        if what == "up":
            draft = draft.step(slot, 1)
        elif what == "down":
            draft = draft.step(slot, -1)
        else:
            draft = draft.set(slot, None)
        self.draft = draft
        self.refresh()

    def save(self) -> None:
        """Writes the costs on the worker, reads the data again, then says where they went."""
        draft = self.draft
        app = self.app
        if draft is None or app.worker is None:
            return
        values = draft.known()

        def done(path: Any) -> None:
            self.draft = None
            app.show_notice(_("Costs saved in {file}").format(file=path), 8.0)
            self.refresh()

        save_data(app, lambda: overlay.write_values(values), done)
