"""One LED's look: colour, brightness and blink. Immutable values, so frames can be compared and diffed cheaply."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

Colour = tuple[int, int, int]

BLACK: Colour = (0, 0, 0)
WHITE: Colour = (255, 255, 255)


@dataclass(frozen=True, slots=True)
class Blink:
    """On for `duty` of every `period` seconds; `phase` (a fraction of the period) shifts the pattern.

    Blinking is defined against an absolute clock, so every LED with the same pattern blinks in step.
    """

    period: float
    duty: float = 0.5
    phase: float = 0.0

    def __post_init__(self) -> None:
        if self.period <= 0:
            raise ValueError("a blink period must be positive")
        if not 0.0 < self.duty < 1.0:
            raise ValueError("a blink duty must be strictly between 0 and 1")

    def is_on(self, now: float) -> bool:
        return (now / self.period + self.phase) % 1.0 < self.duty


@dataclass(frozen=True, slots=True)
class Light:
    """`level` is the brightness (0-1) relative to the build's overall brightness; colour is ignored by
    single-colour LEDs, where any non-black colour at a level above 0 means "on"."""

    colour: Colour = BLACK
    level: float = 0.0
    blink: Blink | None = None

    @property
    def is_dark(self) -> bool:
        return self.level <= 0.0 or self.colour == BLACK

    def at(self, now: float) -> Light:
        """This light as it looks at `now`: a steady light (blinking resolved to on or off)."""
        if self.blink is None:
            return self
        if self.blink.is_on(now):
            return Light(self.colour, self.level)
        return OFF

    def rgb(self, scale: float = 1.0) -> Colour:
        """The colour at this light's level (blinking ignored), scaled by the build's brightness, as 0-255 bytes."""
        if self.is_dark:
            return BLACK
        k = max(0.0, min(1.0, self.level * scale))
        r, g, b = self.colour
        return (round(r * k), round(g * k), round(b * k))

    def intensity(self, scale: float = 1.0) -> float:
        """Brightness (0-1) for a single-colour LED: the level, times the colour's strongest channel."""
        if self.is_dark:
            return 0.0
        return max(0.0, min(1.0, self.level * scale * max(self.colour) / 255))


OFF = Light()


class Frame(Mapping[str, Light]):
    """The look of every LED of a build, by name (`hood.3`, `disaster.skull`, `status.turn`). Read-only."""

    __slots__ = ("_lights",)

    def __init__(self, lights: Mapping[str, Light]) -> None:
        self._lights: dict[str, Light] = dict(lights)

    def __getitem__(self, name: str) -> Light:
        return self._lights[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._lights)

    def __len__(self) -> int:
        return len(self._lights)

    def __repr__(self) -> str:
        lit = {k: v for k, v in self._lights.items() if not v.is_dark}
        return f"Frame({len(self._lights)} LEDs, lit={lit!r})"

    def changes_from(self, previous: Mapping[str, Light] | None) -> dict[str, Light]:
        """The lights that differ from `previous` (all of them when there is no previous frame)."""
        if previous is None:
            return dict(self._lights)
        return {name: light for name, light in self._lights.items() if previous.get(name) != light}

    def at(self, now: float) -> Frame:
        """The frame as it looks at `now`, for back-ends that cannot blink on their own."""
        return Frame({name: light.at(now) for name, light in self._lights.items()})

    def is_blinking(self) -> bool:
        return any(light.blink is not None for light in self._lights.values())
