"""What the lights and buttons are given to start: their part of the configuration, as plain values.

The config file is read elsewhere (`companion.config`, which builds these); the devices only receive them, so a
test, the hardware check or another front end can start a board without any file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from companion.devices.lightmap import LightMap

#: The command fired by holding a button down; it may share its button with one short-press command.
LONG_PRESS_COMMAND = "undo"


@dataclass(frozen=True)
class LightsConfig:
    backend: str = "mirror"
    #: The resolved build for gpio, shift595 and serial; None for mirror and recording.
    map: LightMap | None = None
    port: str = "auto"
    baud: int = 115200
    brightness: float = 0.6
    #: Colour (True) or single-colour (False) build; None: the map's own setting (the mirror: colour).
    colour: bool | None = None
    #: Set when COMPANION_LIGHTS chose the back-end.
    backend_from_env: bool = False
    #: Who chose the back-end: "chosen" (the Settings screen), "env" (COMPANION_LIGHTS), "file", "default".
    backend_source: str = "default"
    #: `[lights.maps]`: a build name, path or table per game other than Thunderbirds (whose map is `map`),
    #: resolved against that game's LEDs when one of its games is opened (`game_light_map`).
    maps: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    #: The folder a relative map path is read from (the config file's).
    folder: Path | None = None


@dataclass(frozen=True)
class ButtonsConfig:
    pins: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))  # command -> BCM pin
    long_press: float = 1.5  # seconds held for the long-press command (undo)
    bounce_time: float = 0.05  # seconds; gpiozero ignores edges closer together than this


class BoardConfig(Protocol):
    """What `board.start_board` reads: the lights' and the buttons' settings (`companion.config.Config` has both)."""

    @property
    def lights(self) -> LightsConfig: ...

    @property
    def buttons(self) -> ButtonsConfig: ...
