"""Scheme: the current scheme's requirements as a checklist; foil it when everything is in place."""

from __future__ import annotations

from companion.games.thunderbirds.ui.presenters.scheme import present_scheme
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.popups import PopupText
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import TouchButton


class SchemeScreen(BaseScreen):
    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.picked: list[tuple[str, str]] = []
        self._version = -1

    def render_key(self) -> object:
        return (super().render_key(), tuple(self.picked))

    def on_pre_enter(self, *args: object) -> None:
        """Each visit starts a new choice of tokens to discard (the screen stays built between visits)."""
        self.picked = []
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot
        if snapshot is None:
            return
        if snapshot.version != self._version:
            self._version = snapshot.version
            self.picked = []
        view = present_scheme(
            snapshot.state,
            app.pack.defs_for(snapshot.state),
            snapshot.legal,
            app.describe,
            self.picked,
            app.pack.character_name,
        )
        ids = self.ids
        ids.title.text = view.heading
        ids.level.text = f"{view.level} · {view.confidence}" if view.level else view.confidence
        ids.status.text = view.status
        texts: list[tuple[str, str]] = []
        if view.complete_hint:
            texts.append((view.complete_hint, "title"))
        for item in view.checklist:
            mark = "✓" if item.done else ("?" if item.done is None else "✗")
            style = "good" if item.done else ("normal" if item.done is None else "bad")
            texts.append((f"{mark} {item.text}", style))
        if view.story:
            texts.append((view.story, "dim"))
        texts += [(line.text, line.style) for line in view.track]
        for label, (text, style) in zip(refill(ids.lines, len(texts), PopupText), texts):
            label.text, label.style = text, style
        foils = ids.foils
        if view.complete_key or any(getattr(child, "is_foil", False) is not True for child in foils.children):
            foils.clear_widgets()  # the last visit asked which tokens to discard, or to enter the card
        if view.complete_key:  # the card first: entered once, the rules check it from then on
            enter = TouchButton(
                text=view.complete_label,
                action_key=view.complete_key,
                role="primary",
                size_hint_y=None,
                height=app.target,
            )
            enter.bind(on_release=lambda b: app.perform(b.action_key))
            foils.add_widget(enter)
        else:
            for button, choice in zip(refill(foils, len(view.foils), self._foil_button), view.foils):
                button.text, button.action_key, button.height = choice.label, choice.key, app.target
        if view.confirm_key:
            foils.add_widget(PopupText(text=view.picked, style="title"))
            for option in view.discard_options:
                button = TouchButton(
                    text=option.label,
                    action_key=option.key,
                    disabled=not option.enabled,
                    size_hint_y=None,
                    height=app.target,
                )
                button.bind(on_release=lambda _b, k=option.key: self.pick(k))
                foils.add_widget(button)
            confirm = TouchButton(
                text=view.confirm_label,
                action_key=view.confirm_key,
                role="success",
                size_hint_y=None,
                height=app.target,
            )
            confirm.bind(on_release=lambda _b: self.confirm())
            foils.add_widget(confirm)

    def _foil_button(self) -> TouchButton:
        app = self.app
        button = TouchButton(role="success", size_hint_y=None, height=app.target)
        button.is_foil = True
        button.bind(on_release=lambda b: app.perform(b.action_key))
        return button

    def pick(self, key: str) -> None:
        _prefix, player, kind = key.split(":")
        self.picked.append((player, kind))
        self.refresh()

    def confirm(self) -> None:
        from companion.games.thunderbirds.ui.presenters.scheme import confirmed_foil

        self.app.send_action(confirmed_foil(self.picked))
