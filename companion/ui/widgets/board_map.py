"""The schematic board map: region buttons placed at the presenter's positions, edges drawn beneath them
(Earth links in white, the orange Thunderbird 3 path dashed), wrap-around links leaving one side of the map and
entering the other, as on the printed board."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.graphics import Color, Line
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout

from companion.ui.theme import colour


class RegionButton(ButtonBehavior, BoxLayout):
    region = StringProperty("")
    name = StringProperty("")
    pieces = StringProperty("")
    domain = StringProperty("earth")
    is_here = BooleanProperty(False)
    is_destination = BooleanProperty(False)
    distance = StringProperty("")
    action_key = StringProperty("")


class BoardMap(FloatLayout):
    regions = ListProperty([])
    edges = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._buttons: dict[str, RegionButton] = {}
        self.bind(pos=self._layout, size=self._layout, regions=self._layout, edges=self._layout)

    def region_button(self, region: str) -> RegionButton | None:
        return self._buttons.get(region)

    def _layout(self, *_: Any) -> None:
        app = App.get_running_app()
        width, height = self.size
        if width <= 1 or height <= 1:
            return
        box_w = max(app.target, width * 0.128)
        box_h = max(app.target, height * 0.16)
        wanted = {spot.id for spot in self.regions}
        for region in list(self._buttons):
            if region not in wanted:
                self.remove_widget(self._buttons.pop(region))
        for spot in self.regions:
            button = self._buttons.get(spot.id)
            if button is None:
                button = RegionButton(size_hint=(None, None))
                button.bind(on_release=self._tapped)
                self._buttons[spot.id] = button
                self.add_widget(button)
            button.size = (max(box_w, width * 0.136) if spot.domain == "space" else box_w, box_h)
            cx = min(max(self.x + spot.x * width, self.x + box_w / 2), self.right - box_w / 2)
            cy = min(max(self.y + spot.y * height, self.y + box_h / 2), self.top - box_h / 2)
            button.center = (cx, cy)
            button.region = spot.id
            button.name = spot.name
            button.pieces = spot.pieces
            button.domain = spot.domain
            button.is_here = spot.is_here
            button.is_destination = bool(spot.destination_key)
            button.distance = spot.distance
            button.action_key = spot.destination_key or f"region:{spot.id}"
        self._draw_edges()

    def _draw_edges(self) -> None:
        self.canvas.before.clear()
        width, height = self.size
        with self.canvas.before:
            for edge in self.edges:
                ax, ay = self.x + edge.a[0] * width, self.y + edge.a[1] * height
                bx, by = self.x + edge.b[0] * width, self.y + edge.b[1] * height
                if edge.network == "tb3-path":
                    Color(*colour("accent"))
                    Line(points=[ax, ay, bx, by], width=2, dash_length=8, dash_offset=5)
                    continue
                Color(*colour("text_dim")[:3], 0.7)
                if edge.wraps:
                    left, right = ((ax, ay), (bx, by)) if ax < bx else ((bx, by), (ax, ay))
                    middle = (left[1] + right[1]) / 2
                    Line(points=[left[0], left[1], self.x, middle], width=1.3)
                    Line(points=[right[0], right[1], self.right, middle], width=1.3)
                else:
                    Line(points=[ax, ay, bx, by], width=1.3)

    def _tapped(self, button: RegionButton) -> None:
        App.get_running_app().perform(button.action_key)
