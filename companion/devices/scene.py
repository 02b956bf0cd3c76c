"""What one game shows on the board's LEDs, as the lights see it: the generic half of the lights.

A pack that lights the board gives a `LightScene` (its `LightsSpec.scene` names the factory): the names of its
LEDs in canonical order, the ones every build must have, the shorthands a light map may use for a run of LEDs
(`hood`, `hood-reversed`...), how the on-screen mirror lays them out, and three pure functions: the scene's view
of a (public) game state, the moments of its events worth an animation, and a layout that turns a view into a
frame. The controller, the back-ends, the light maps and the mirror know a game only through this.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol


class Animation(Protocol):
    """A short effect laid over the frame for a while (a chase, a flash)."""

    def is_over(self, now: float) -> bool: ...


class SceneLayout(Protocol):
    """The LEDs one build has for one scene, in canonical order, and how the scene draws them."""

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def rgb(self) -> bool: ...

    def __contains__(self, name: object) -> bool: ...

    def index(self, name: str) -> int: ...

    def frame(self, view: Any, now: float, animations: Iterable[Any] = ()) -> Any:
        """Every LED of the layout for `view` at `now` (a `companion.devices.light.Frame`); pure."""
        ...

    def animation(self, moment: Any, start: float) -> Animation: ...


@dataclass(frozen=True)
class LightScene:
    """One game's lights. Pure data and pure functions: a pack builds it without Kivy or hardware."""

    game: str
    #: Every LED name the scene knows, in canonical order (the order of a complete build and of the mirror).
    names: tuple[str, ...]
    #: The LEDs every build of this game must have (a light map without one of them is refused).
    required: tuple[str, ...]
    #: Shorthands a light map may write for a run of LEDs, in wiring order ("hood" -> "hood.0", "hood.1"...).
    groups: Mapping[str, tuple[str, ...]]
    #: One line naming the LEDs, for a light map's error messages ("hood.0-hood.14, disaster.1-7, ...").
    names_help: str
    #: Lengths read from the game's data (the Hood track's spaces): a map's groups follow them.
    sizes: Mapping[str, int]
    #: `(names, rgb) -> SceneLayout`: the layout of a build with these LEDs.
    make_layout: Callable[[tuple[str, ...], bool], SceneLayout]
    #: The scene's view of a public game state (what the frame is computed from).
    view: Callable[[Any], Any]
    #: The moments of a game's public events that get an animation.
    moments: Callable[[Iterable[Any]], tuple[Any, ...]]
    #: The on-screen mirror's rows of LEDs, top to bottom.
    mirror_rows: tuple[tuple[str, ...], ...] = ()
    #: Why a name is required, per name ("the Hood track has 15 spaces..."): a map missing it says this.
    required_reason: Callable[[str], str] = field(default=lambda name: name)

    def layout(self, names: Iterable[str], rgb: bool) -> SceneLayout:
        order = {name: i for i, name in enumerate(self.names)}
        unknown = [n for n in names if n not in order]
        if unknown:
            raise ValueError(f"unknown LED names: {', '.join(unknown)}")
        return self.make_layout(tuple(sorted(set(names), key=order.__getitem__)), rgb)

    def complete(self, rgb: bool = True) -> SceneLayout:
        """Every LED of the scene: the on-screen mirror's layout."""
        return self.make_layout(self.names, rgb)


def scene_of(pack: Any, sizes: Mapping[str, int] | None = None) -> LightScene | None:
    """The pack's scene (its `LightsSpec.scene` factory called with `sizes`), or None when it has no lights."""
    spec = getattr(pack, "lights", None)
    if spec is None:
        return None
    module_name, _sep, attribute = spec.scene.partition(":")
    factory = getattr(importlib.import_module(module_name), attribute)
    scene: LightScene | None = factory(sizes)
    return scene


def scene_for(game: str, sizes: Mapping[str, int] | None = None) -> LightScene | None:
    """The scene of an installed game, through the registry (the lights import no pack)."""
    from companion.engine import registry

    return scene_of(registry.pack(game), sizes)


def default_scene(hood_length: int | None = None) -> LightScene:
    """The scene of the game `[lights] map` is for (Thunderbirds, the default game): a number is its Hood
    track's length, None reads it from the game's data."""
    from companion.engine import registry

    scene = scene_for(registry.DEFAULT_GAME, None if hood_length is None else {"hood": hood_length})
    if scene is None:
        raise LookupError(f"the game {registry.DEFAULT_GAME} has no lights")
    return scene
