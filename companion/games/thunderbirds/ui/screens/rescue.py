"""Rescue: bonuses and odds before the roll, the dice, tokens after the roll, the result, the joker reward."""

from __future__ import annotations

from typing import Any

from companion.games.thunderbirds import events as ev
from companion.games.thunderbirds.ui.presenters.rescue import present_rescue, reward_action
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets import dice as _widgets  # noqa: F401  (registers the widgets its kv uses)
from companion.ui.widgets import game as _game_widgets  # noqa: F401  (the rescue-type icon)
from companion.ui.widgets.popups import PopupText
from companion.ui.widgets.text import TouchButton


class RescueScreen(BaseScreen):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.chosen_fabs: set[str] = set()
        self.picked: list[str] = []
        self.result_events: tuple[Any, ...] = ()
        self._seen_version = -1
        self._disaster: str | None = None

    def on_pre_enter(self, *args: object) -> None:
        disaster = self.params.get("disaster")
        if disaster is not None and disaster != self._disaster:
            self.chosen_fabs = set()
            self.result_events = ()
        self._disaster = disaster or self._disaster
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot
        if snapshot is None:
            return
        tumble: tuple[int, ...] = ()
        if snapshot.version != self._seen_version:
            self._seen_version = snapshot.version
            if snapshot.kind == "action":
                for event in snapshot.events:
                    if isinstance(event, ev.DiceRolled):
                        tumble = tuple(range(len(event.faces)))
                        self.result_events = ()
                    elif isinstance(event, ev.DieRerolled):
                        tumble += (event.die,)
                    elif isinstance(event, ev.RescueStarted):
                        self._disaster = event.disaster
                if any(isinstance(e, (ev.RescueSucceeded, ev.RescueFailed)) for e in snapshot.events):
                    self.result_events = snapshot.events
                    self.picked = []
                elif self.result_events and any(isinstance(e, ev.TokenGained) for e in snapshot.events):
                    self.result_events = self.result_events + snapshot.events
            elif snapshot.kind in ("undo", "redo", "load"):
                self.result_events = ()
                self.picked = []
        state = snapshot.state
        view = present_rescue(
            state,
            app.pack.defs_for(state),
            snapshot.legal,
            self._disaster,
            sorted(self.chosen_fabs),
            self.result_events,
            app.pack.character_name,
            self.picked,
        )
        self._stage = view.stage
        ids = self.ids
        ids.title.text = view.title
        ids.card_line.text = view.card_line
        ids.type_icon.rescue_type = view.rescue_type or ""
        ids.type_icon.opacity = 1 if view.rescue_type else 0
        ids.bonus_total.text = view.bonus_total
        ids.score.text = view.score_line
        ids.advice.text = view.advice
        ids.picked.text = view.reward_picked
        ids.dice.height = app.target * 2 if view.dice else 0
        ids.dice.opacity = 1 if view.dice else 0
        if view.dice:
            ids.dice.show(view.dice, view.ignored_die, tumble)
        lines = ids.lines
        lines.clear_widgets()
        for line in view.result_lines + view.bonus_lines + view.odds_lines:
            lines.add_widget(PopupText(text=line.text, style=line.style))
        buttons = ids.buttons
        buttons.clear_widgets()
        for spec in view.fab_toggles + view.buttons + view.reward_choices:
            button = TouchButton(
                text=spec.label,
                role=spec.role,
                action_key=spec.key,
                disabled=not spec.enabled,
                size_hint_y=None,
                height=app.target,
            )
            button.bind(on_release=lambda _b, key=spec.key: self.press(key))
            buttons.add_widget(button)

    def press(self, key: str) -> None:
        app = self.app
        if key == "rescue:done":
            self.result_events = ()
            app.go("table")
        elif key.startswith("fab:"):
            card = key[4:]
            self.chosen_fabs ^= {card}
            self.refresh()
        elif key.startswith("reward:"):
            self.picked.append(key[7:])
            snapshot = app.controller.snapshot
            action = reward_action(snapshot.legal, self.picked) if snapshot else None
            if action is not None:
                app.send_action(action)
            self.refresh()
        else:
            app.perform(key)

    def visit_name(self) -> str:
        return f"rescue-{getattr(self, '_stage', 'none')}"

    def render_key(self) -> object:
        return None  # its dice and results follow each update: always rebuilt

    def is_animating(self) -> bool:
        return self.ids.dice.is_tumbling
