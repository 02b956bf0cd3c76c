"""A kit game on the board's LEDs: the track or the counter its `[lights]` section names, one LED per space or
value, through the same lights config as every game (`[lights.maps] <kit name>`, see docs/config.md).

LED names: `track.<id>.<space>` for each space of the track (numbered as in the kit file), or
`counter.<id>.<value>` for each value of the counter from its `min` to its `max`. A map may write the group
`track` (or `counter`) for all of them in order, `track-reversed` (`counter-reversed`) for the far end first.

What they show, from the public view only:

- a track: the space of each marker in its player's colour (seat 1 red, 2 blue, 3 green, 4 yellow, 5 purple...;
  a shared track's markers in the same colours by their order in the file); two markers or more on one space in
  white; the space of the player whose turn it is blinks, so a single-colour build shows it too;
- a counter: the current player's value (or the shared one) as a bar, dim up to the value and bright on it.

Pure: no Kivy, gpiozero or pyserial. The shell finds a kit's scene by name (`scene__<kit>`, see `pack.bound`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from companion.devices.light import Blink, Colour, Light
from companion.devices.lit_layout import LitLayout
from companion.devices.scene import LightScene
from companion.kit.definition import KitDefinition
from companion.kit.state import KitState
from companion.locale import domain

_, ngettext = domain("kit")

#: A colour per seat (and per marker of a shared track), in seat order; more seats than colours wrap around.
SEAT_COLOURS: tuple[Colour, ...] = (
    (255, 0, 0),
    (0, 64, 255),
    (0, 200, 0),
    (255, 200, 0),
    (160, 0, 255),
    (0, 220, 220),
    (255, 100, 0),
    (255, 60, 160),
)
SHARED: Colour = (255, 255, 255)
BRIGHT = 1.0
DIM = 0.25
#: The space of the marker whose player is to play.
TURN = Blink(1.0, 0.7)


@dataclass(frozen=True)
class KitLights:
    """The scene's view of a position: which marker indexes stand on each lit LED's number (a track), or the
    value shown (a counter), and which marker index is the current player's."""

    marked: tuple[tuple[int, tuple[int, ...]], ...] = ()
    value: int | None = None
    current: int | None = None


def track_leds(track_id: str, first: int, last: int) -> tuple[str, ...]:
    return tuple(f"track.{track_id}.{space}" for space in range(first, last + 1))


def counter_leds(counter_id: str, low: int, high: int) -> tuple[str, ...]:
    return tuple(f"counter.{counter_id}.{value}" for value in range(low, high + 1))


def kit_view(kit: KitDefinition, state: KitState) -> KitLights:
    """What the LEDs show for `state` (a public view), by the kit's `[lights]`."""
    lights = kit.lights
    if lights is None:
        return KitLights()
    if lights.track is not None:
        index, spec = state.kit.track(lights.track)
        positions = state.tracks[index].positions
        by_space: dict[int, list[int]] = {}
        for number, (_marker, at) in enumerate(positions):
            by_space.setdefault(at, []).append(number)
        current = state.current if spec.per_player and not state.is_over else None
        return KitLights(tuple((at, tuple(markers)) for at, markers in sorted(by_space.items())), None, current)
    assert lights.counter is not None
    index, counter = state.kit.counter(lights.counter)
    values = state.counters[index].values
    if counter.per_player:
        return KitLights((), values[state.current], state.current)
    return KitLights((), values[0], None)


def kit_lights(prefix: str, rgb: bool, names: frozenset[str], view: KitLights) -> dict[str, Light]:
    """The lit LEDs of one build (`names`, with the track's or the counter's `prefix`) for a position."""
    lit: dict[str, Light] = {}
    for at, markers in view.marked:
        name = f"{prefix}{at}"
        if name not in names:
            continue  # a saved game whose kit had a longer track than the file has now
        colour = seat_colour(markers[0]) if len(markers) == 1 else SHARED
        blink = TURN if view.current is not None and view.current in markers else None
        lit[name] = Light(colour if rgb else SHARED, BRIGHT, blink)
    if view.value is not None:
        colour = seat_colour(view.current) if view.current is not None else SHARED
        for name in names:
            value = int(name.rsplit(".", 1)[1])
            if value < view.value:
                lit[name] = Light(colour if rgb else SHARED, DIM)
            elif value == view.value:
                lit[name] = Light(colour if rgb else SHARED, BRIGHT)
    return lit


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def make_scene(kit: KitDefinition) -> LightScene | None:
    """The LED scene of a kit whose `[lights]` names a track or a counter (None when it names neither)."""
    lights = kit.lights
    if lights is None:
        return None
    if lights.track is not None:
        track = kit.track(lights.track)[1]
        group = "track"
        prefix = f"track.{track.id}."
        names = track_leds(track.id, track.first, track.last)
        what = _("the track {track} has {count} spaces ({first} to {last})").format(
            track=track.name.text(), count=track.length, first=track.first, last=track.last
        )
    else:
        assert lights.counter is not None
        counter = kit.counter(lights.counter)[1]
        if counter.minimum is None or counter.maximum is None:
            return None  # the kit check refuses it; a game in progress from an older file lights nothing
        group = "counter"
        prefix = f"counter.{counter.id}."
        names = counter_leds(counter.id, counter.minimum, counter.maximum)
        what = _("the counter {counter} goes from {low} to {high}").format(
            counter=counter.name.text(), low=counter.minimum, high=counter.maximum
        )

    def required_reason(name: str) -> str:
        return _("{name} has no LED: {what}, one LED each").format(name=name, what=what)

    def view(state: Any) -> KitLights:
        return kit_view(kit, state)

    return LightScene(
        game=kit.name,
        names=names,
        required=names,
        groups={group: names, f"{group}-reversed": tuple(reversed(names))},
        names_help=f"{names[0]}-{names[-1]}",
        sizes={group: len(names)},
        make_layout=lambda chosen, rgb: LitLayout(chosen, rgb, partial(kit_lights, prefix, rgb, frozenset(chosen))),
        view=view,
        moments=lambda _events: (),
        mirror_rows=_rows(names),
        required_reason=required_reason,
    )


def _rows(names: tuple[str, ...], per_row: int = 20) -> tuple[tuple[str, ...], ...]:
    """The on-screen mirror's rows: a long track on a few rows rather than LEDs too small to see."""
    rows = max(1, -(-len(names) // per_row))
    size = -(-len(names) // rows)
    return tuple(names[i : i + size] for i in range(0, len(names), size))


def scene_of_kit(name: str, sizes: Mapping[str, int] | None = None) -> LightScene | None:
    """The scene of the installed kit `name` (its file as it is now)."""
    from companion.engine import registry
    from companion.kit.pack import KitPack

    pack = registry.pack(name)
    return make_scene(pack.definition) if isinstance(pack, KitPack) else None


def __getattr__(attribute: str) -> Callable[[Mapping[str, int] | None], LightScene | None]:
    """`scene__<kit>`: the factory a kit pack's `LightsSpec.scene` names (see `companion.kit.pack.bound`)."""
    from companion.kit.pack import unbound

    kit = unbound(attribute, "scene")
    if kit is None:
        raise AttributeError(attribute)

    def scene(sizes: Mapping[str, int] | None = None) -> LightScene | None:
        return scene_of_kit(kit, sizes)

    return scene
