"""Two dice with the Thunderbirds faces: pips for 1 to 5 and the Hood's face for the sixth.

A roll tumbles the dice for a moment before they settle on the logged outcome (the outcome is known already:
the animation only shows it). The tumbling faces cycle in a fixed order; nothing here is random.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.graphics import Color, InstructionGroup, RoundedRectangle, SmoothEllipse, SmoothLine
from kivy.properties import BooleanProperty, NumericProperty
from kivy.uix.label import Label
from kivy.uix.relativelayout import RelativeLayout

from companion.ui.theme import colour

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.28, 0.72), (0.72, 0.28)),
    3: ((0.25, 0.75), (0.5, 0.5), (0.75, 0.25)),
    4: ((0.28, 0.28), (0.28, 0.72), (0.72, 0.28), (0.72, 0.72)),
    5: ((0.26, 0.26), (0.26, 0.74), (0.5, 0.5), (0.74, 0.26), (0.74, 0.74)),
}
TUMBLE_SECONDS = 0.7
TUMBLE_STEP = 0.07
TUMBLE_ORDER = (3, 0, 5, 1, 4, 2)


class DieView(RelativeLayout):
    """One die; `value` 0 is the Hood face (purple, with the word "Hood"), `ignored` crosses it out."""

    value = NumericProperty(1)
    ignored = BooleanProperty(False)
    rolling = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._hood_label = Label(text="", bold=True, color=(1, 1, 1, 1))
        self.add_widget(self._hood_label)
        # RelativeLayout keeps its own matrix instructions in canvas.before: draw in a group, never clear them.
        self._face = InstructionGroup()
        self.canvas.before.add(self._face)
        self.bind(size=self._draw, value=self._draw, ignored=self._draw, rolling=self._draw)

    def _draw(self, *_: Any) -> None:
        side = min(self.width, self.height) * 0.92
        if side <= 2:
            return
        x0, y0 = (self.width - side) / 2, (self.height - side) / 2
        face = self._face
        face.clear()
        hood = self.value == 0
        self._hood_label.text = "Hood" if hood else ""
        self._hood_label.font_size = side * 0.24
        self._hood_label.size = self.size
        face.add(Color(*(colour("hood") if hood else (0.96, 0.96, 0.94, 1))))
        face.add(RoundedRectangle(pos=(x0, y0), size=(side, side), radius=[side * 0.14]))
        face.add(Color(*colour("accent" if self.rolling else "text_dim")))
        face.add(SmoothLine(rounded_rectangle=(x0, y0, side, side, side * 0.14), width=2))
        if not hood:
            face.add(Color(0.08, 0.08, 0.1, 1))
            radius = side * 0.09
            for px, py in PIPS.get(int(self.value), ()):
                face.add(
                    SmoothEllipse(pos=(x0 + px * side - radius, y0 + py * side - radius), size=(2 * radius, 2 * radius))
                )
        if self.ignored:
            face.add(Color(*colour("danger")))
            face.add(SmoothLine(points=[x0, y0, x0 + side, y0 + side], width=3))


class DiceBox(RelativeLayout):
    """The two dice of a rescue; `show(values, tumble=...)` settles them, tumbling the changed ones first."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.dice = [
            DieView(size_hint=(0.5, 1), pos_hint={"x": 0, "y": 0}),
            DieView(size_hint=(0.5, 1), pos_hint={"x": 0.5, "y": 0}),
        ]
        for die in self.dice:
            self.add_widget(die)
        self._event: Any = None
        self._target: tuple[int, ...] = ()
        self._tumbling: set[int] = set()
        self._elapsed = 0.0

    @property
    def is_tumbling(self) -> bool:
        return self._event is not None

    def show(self, values: tuple[int, ...], ignored: int | None = None, tumble: tuple[int, ...] = ()) -> None:
        self._target = values
        for index, die in enumerate(self.dice):
            die.ignored = ignored == index
            die.opacity = 1 if index < len(values) else 0
        if tumble and values:
            self._tumbling = set(tumble)
            self._elapsed = 0.0
            if self._event is None:
                App.get_running_app().animation_started()
                self._event = Clock.schedule_interval(self._step, TUMBLE_STEP)
            return
        if self._event is None:
            self._settle()

    def _step(self, dt: float) -> None:
        self._elapsed += dt
        if self._elapsed >= TUMBLE_SECONDS:
            self._event.cancel()
            self._event = None
            self._settle()
            App.get_running_app().animation_finished()
            return
        tick = int(self._elapsed / TUMBLE_STEP)
        for index in self._tumbling:
            self.dice[index].rolling = True
            self.dice[index].value = TUMBLE_ORDER[(tick + 2 * index) % len(TUMBLE_ORDER)]

    def _settle(self) -> None:
        for index, die in enumerate(self.dice):
            die.rolling = False
            if index < len(self._target):
                die.value = self._target[index]
        self._tumbling = set()
