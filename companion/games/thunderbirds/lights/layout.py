"""Which LEDs a build has, by name, and how names are spelled.

Names say where an LED sits on the board: `hood.<space>` (spaces numbered as in the game data, 0 = start),
`disaster.1` ... `disaster.7`, `disaster.skull`, and optional status LEDs (`status.turn`, `status.actions.<n>`,
`status.character.<id>`). The tracks are mandatory in every build; status LEDs are optional.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.games.thunderbirds.lights.view import CHARACTERS, DISASTER_SLOTS

SKULL = "disaster.skull"
TURN = "status.turn"
#: Up to four "actions left" LEDs: three actions a turn, a fourth for a Determination token.
MAX_ACTION_LEDS = 4


def hood_led(space: int) -> str:
    return f"hood.{space}"


def disaster_led(slot: int) -> str:
    return f"disaster.{slot}"


def action_led(n: int) -> str:
    return f"status.actions.{n}"


def character_led(character: str) -> str:
    return f"status.character.{character}"


DISASTER_LEDS: tuple[str, ...] = tuple(disaster_led(k) for k in range(1, DISASTER_SLOTS + 1))
ACTION_LEDS: tuple[str, ...] = tuple(action_led(n) for n in range(1, MAX_ACTION_LEDS + 1))
CHARACTER_LEDS: tuple[str, ...] = tuple(character_led(c) for c in CHARACTERS)
STATUS_LEDS: tuple[str, ...] = (TURN, *ACTION_LEDS, *CHARACTER_LEDS)


def hood_leds(hood_length: int) -> tuple[str, ...]:
    return tuple(hood_led(i) for i in range(hood_length))


def track_leds(hood_length: int) -> tuple[str, ...]:
    """The LEDs every build must have: one per Hood-track space, one per disaster slot, and the skull."""
    return (*hood_leds(hood_length), *DISASTER_LEDS, SKULL)


def all_leds(hood_length: int) -> tuple[str, ...]:
    """Every LED name the frame function knows, in canonical order."""
    return (*track_leds(hood_length), *STATUS_LEDS)


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
        from companion.games.thunderbirds.lights.frame import frame

        return frame(view, self, now, animations)

    def animation(self, moment: Any, start: float) -> Any:
        from companion.games.thunderbirds.lights.animations import Animation

        return Animation(moment, start)

    def missing_track_leds(self) -> tuple[str, ...]:
        return tuple(n for n in track_leds(self.hood_length) if n not in self._index)
