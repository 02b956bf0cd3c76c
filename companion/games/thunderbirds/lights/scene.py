"""Thunderbirds' `LightScene`: its LED names (the Hood track as long as the game data says, the disaster track
and its skull, the status LEDs), the groups its light maps may write, and the view of a game the frame is
drawn from."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.devices.scene import LightScene
from companion.games.thunderbirds.lights.layout import (
    ACTION_LEDS,
    CHARACTER_LEDS,
    DISASTER_LEDS,
    SKULL,
    STATUS_LEDS,
    Layout,
    all_leds,
    hood_leds,
    track_leds,
)
from companion.locale import _


def make_scene(sizes: Mapping[str, int] | None = None) -> LightScene:
    """The scene for a Hood track of `sizes["hood"]` spaces (None: the length in the game data)."""
    if sizes and "hood" in sizes:
        hood_length = int(sizes["hood"])
    else:
        from companion.games.thunderbirds.loader import default_definitions

        hood_length = default_definitions().hood_track.length
    hood = hood_leds(hood_length)

    def required_reason(name: str) -> str:
        if name in hood:
            message = _("{name} has no LED: the Hood track has {count} spaces in the game data (hood.0-hood.{last})")
        else:
            message = _("{name} has no LED: every build must light the whole disaster track and the skull")
        return message.format(name=name, count=hood_length, last=hood_length - 1)

    return LightScene(
        game="thunderbirds",
        names=all_leds(hood_length),
        required=track_leds(hood_length),
        groups={
            "hood": hood,
            "hood-reversed": tuple(reversed(hood)),
            "disaster": (*DISASTER_LEDS, SKULL),
            "disaster-reversed": (SKULL, *reversed(DISASTER_LEDS)),
            "actions": ACTION_LEDS[:3],
            "characters": CHARACTER_LEDS,
        },
        names_help=(
            f"hood.0-hood.{hood_length - 1}, disaster.1-disaster.7, disaster.skull, status.turn, "
            "status.actions.1-4, status.character.<id>"
        ),
        sizes={"hood": hood_length},
        make_layout=lambda names, rgb: Layout(hood_length=hood_length, rgb=rgb, names=names),
        view=_view,
        moments=_moments,
        mirror_rows=(hood, (*DISASTER_LEDS, SKULL), STATUS_LEDS),
        required_reason=required_reason,
    )


def _view(state: Any) -> Any:
    from companion.games.thunderbirds.lights.thunderbirds_view import board_view
    from companion.games.thunderbirds.setup import definitions_for

    return board_view(state, definitions_for(state.setup))


def _moments(events: Iterable[Any]) -> tuple[Any, ...]:
    from companion.games.thunderbirds.lights.thunderbirds_view import moments

    return moments(events)
