"""A scene's layout from one pure function `lights(view) -> {name: Light}` (the LEDs it leaves out are off): what a
scene without animations needs of `companion.devices.scene.SceneLayout`, written once."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from companion.devices.light import OFF, Frame, Light


class LitLayout:
    """The LEDs one build has, in the scene's canonical order, lit by `lights`."""

    def __init__(self, names: tuple[str, ...], rgb: bool, lights: Callable[[Any], Mapping[str, Light]]) -> None:
        self.names = names
        self.rgb = rgb
        self.lights = lights
        self._index = {name: i for i, name in enumerate(names)}

    def __contains__(self, name: object) -> bool:
        return name in self._index

    def index(self, name: str) -> int:
        return self._index[name]

    def frame(self, view: Any, now: float, animations: Iterable[Any] = ()) -> Frame:
        shown = self.lights(view)
        return Frame({name: shown.get(name, OFF) for name in self.names})

    def animation(self, moment: Any, start: float) -> Any:
        raise ValueError("this scene has no animations")
