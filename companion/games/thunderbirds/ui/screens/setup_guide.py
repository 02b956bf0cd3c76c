"""The set-up guide shown after dealing a new game: one step per screenful."""

from __future__ import annotations

from kivy.factory import Factory

from companion.games.thunderbirds.ui.presenters.setup_guide import present_setup_guide
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import TouchButton


class SetupGuideScreen(BaseScreen):
    index = 0

    def on_pre_enter(self, *args: object) -> None:
        step = self.params.get("step")
        if step is not None:  # back from entering a card: the step it was entered from
            self.index = int(step)
        elif self.params.get("restart", True):
            self.index = 0
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot
        if snapshot is None:
            return
        view = present_setup_guide(
            snapshot.state, app.pack.defs_for(snapshot.state), self.index, app.pack.character_name, app.has_lights()
        )
        self.index = view.index
        ids = self.ids
        ids.title.text = f"{view.title} · {view.position}"
        ids.step_title.text = view.step.title
        ids.next.text = view.next_label
        ids.next.action_key = "guide:start" if view.is_last else "guide:next"
        ids.previous.text = view.previous_label
        ids.previous.disabled = view.index == 0
        # The same few text widgets from page to page: a page turn changes texts, it does not make widgets.
        for label, line in zip(refill(ids.lines, len(view.step.lines), Factory.PopupText), view.step.lines):
            label.text, label.style = line.text, line.style
        for button, spec in zip(refill(ids.cards, len(view.step.buttons), self._card_button), view.step.buttons):
            button.text, button.action_key, button.role = spec.label, spec.key, spec.role
            button.height = app.target
        self._last = view.is_last

    def _card_button(self) -> TouchButton:
        button = TouchButton(size_hint_y=None, height=self.app.target)
        button.bind(on_release=lambda b: self.enter_card(b.action_key))
        return button

    def enter_card(self, key: str) -> None:
        """To the card editor on that card; Back there comes back to this step (this screen may be rebuilt)."""
        self.app.nav.remember(step=self.index)
        self.app.perform(key)

    def visit_name(self) -> str:
        return f"setup_guide-{self.index + 1}"

    def render_key(self) -> object:
        return (super().render_key(), self.index)

    def next_step(self) -> None:
        if getattr(self, "_last", False):
            self.app.go("table")
            return
        self.index += 1
        self.refresh()

    def previous_step(self) -> None:
        self.index = max(0, self.index - 1)
        self.refresh()
