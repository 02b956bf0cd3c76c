"""The victory watch: each race's systems against the threshold, in words, numbers and a bar with the mark."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.games.federation.ui.presenters.victory import present_victory
from companion.games.federation.ui.screens.common import FedScreen
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import FitLabel


class FedShareBar(Widget):
    share = NumericProperty(0.0)
    threshold = NumericProperty(1.0)
    won = BooleanProperty(False)


class FedVictoryScreen(FedScreen):
    def refresh(self) -> None:
        snapshot = self.snapshot
        if snapshot is None or not self.app.pack.is_loaded:
            return
        view = present_victory(snapshot.state, self.defs)
        ids = self.ids
        ids.title.text = view.title
        ids.rule.text = view.rule
        ids.status.text = view.status
        ids.unowned.text = view.unowned
        for row, watch in zip(refill(ids.races, len(view.races), self._row), view.races):
            label, bar = row.children[1], row.children[0]
            label.text = watch.text
            label.bold = watch.has_won
            bar.share, bar.threshold, bar.won = watch.share, watch.threshold, watch.has_won

    @staticmethod
    def _row() -> Any:
        app = App.get_running_app()
        row = BoxLayout(orientation="vertical", size_hint_y=None, height=app.target * 1.3, spacing=app.gap * 0.3)
        row.add_widget(FitLabel(base_font_size=app.font_body))
        row.add_widget(FedShareBar())
        return row
