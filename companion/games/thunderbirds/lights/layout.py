"""Which LEDs a build has (`Layout`), by name; the names themselves are spelled in `names`, re-exported here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.games.thunderbirds.lights.animations import Animation
from companion.games.thunderbirds.lights.frame import frame
from companion.games.thunderbirds.lights.names import (
    ACTION_LEDS,
    CHARACTER_LEDS,
    DISASTER_LEDS,
    MAX_ACTION_LEDS,
    SKULL,
    STATUS_LEDS,
    TURN,
    action_led,
    all_leds,
    character_led,
    disaster_led,
    hood_led,
    hood_leds,
    track_leds,
)

__all__ = [
    "Layout",
    "ACTION_LEDS",
    "CHARACTER_LEDS",
    "DISASTER_LEDS",
    "MAX_ACTION_LEDS",
    "SKULL",
    "STATUS_LEDS",
    "TURN",
    "action_led",
    "all_leds",
    "character_led",
    "disaster_led",
    "hood_led",
    "hood_leds",
    "track_leds",
]


@dataclass(frozen=True)
class Layout:
    """The LEDs present in one build, in canonical order, and whether they can show colours."""

    hood_length: int
    rgb: bool
    names: tuple[str, ...]
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        order = {name: i for i, name in enumerate(all_leds(self.hood_length))}
        unknown = [n for n in self.names if n not in order]
        if unknown:
            raise ValueError(f"unknown LED names: {', '.join(unknown)}")
        ordered = tuple(sorted(set(self.names), key=order.__getitem__))
        object.__setattr__(self, "names", ordered)
        object.__setattr__(self, "_index", {n: i for i, n in enumerate(ordered)})

    @classmethod
    def complete(cls, hood_length: int, rgb: bool = True) -> Layout:
        """Every known LED: the on-screen mirror and tests use this."""
        return cls(hood_length=hood_length, rgb=rgb, names=all_leds(hood_length))

    def __contains__(self, name: object) -> bool:
        return name in self._index

    def index(self, name: str) -> int:
        return self._index[name]

    def frame(self, view: Any, now: float, animations: Iterable[Any] = ()) -> Any:
        """The frame of `view` (a `BoardView`) on this build: `companion.devices.scene.SceneLayout`."""
        return frame(view, self, now, animations)

    def animation(self, moment: Any, start: float) -> Any:
        return Animation(moment, start)
