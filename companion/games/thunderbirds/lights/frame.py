"""The pure function from what is on the table to what every LED shows."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from companion.devices.light import OFF, Frame, Light
from companion.games.thunderbirds.lights.animations import Animation
from companion.games.thunderbirds.lights.names import (
    SKULL,
    TURN,
    action_led,
    character_led,
    disaster_led,
    hood_led,
)
from companion.games.thunderbirds.lights.style import Style, style_for
from companion.games.thunderbirds.lights.view import CHARACTER_COLOURS, DISASTER_SLOTS, BoardView, HoodMark

if TYPE_CHECKING:
    from companion.games.thunderbirds.lights.layout import Layout

_LOSING_MARKS = (HoodMark.SCHEME_CURRENT, HoodMark.SCHEME_PENDING)


def frame(view: BoardView, layout: Layout, now: float, animations: Iterable[Animation] = ()) -> Frame:
    """Every LED of `layout` for `view` at time `now`, animations laid on top in the order given.

    Pure: the same arguments always give the same frame. `now` matters only for the animations (blinking is
    part of each light's description and is resolved by whoever shows it).
    """
    style = style_for(layout.rgb)
    lights = _outcome(view, layout, style) if view.outcome else _table(view, style)
    for animation in animations:
        lights.update(animation.overlay(layout, style, now))
    return Frame({name: lights.get(name, OFF) for name in layout.names})


def _table(view: BoardView, style: Style) -> dict[str, Light]:
    lights: dict[str, Light] = {}
    marks = style.marks
    for space, mark in enumerate(view.marks):
        lights[hood_led(space)] = marks[mark]
    lights[hood_led(view.hood_space)] = style.hood

    for slot, occupied in enumerate(view.disasters, start=1):
        if occupied:
            lights[disaster_led(slot)] = style.disaster[slot - 1]
    if view.skull:
        lights[SKULL] = style.skull_reached
    elif view.disasters[DISASTER_SLOTS - 1]:
        lights[SKULL] = style.skull_warning

    if view.character is not None:
        look = style.character(CHARACTER_COLOURS[view.character])
        lights[TURN] = look
        lights[character_led(view.character)] = look
    for n in range(1, view.actions_left + 1):
        lights[action_led(n)] = style.actions
    return lights


def _outcome(view: BoardView, layout: Layout, style: Style) -> dict[str, Light]:
    """Won: every LED blinks, neighbours alternating. Lost: everything blinks together, the cause stays lit."""
    if view.outcome == "won":
        return {name: style.win_odd if i % 2 else style.win_even for i, name in enumerate(layout.names)}
    lights = dict.fromkeys(layout.names, style.loss)
    if view.skull:
        lights[SKULL] = style.loss_cause
    if view.marks[view.hood_space] in _LOSING_MARKS:
        lights[hood_led(view.hood_space)] = style.loss_cause
    return lights
