"""The visual language of the board: which look each situation gets, for colour and single-colour builds.

Colour is never the only signal: the current scheme blinks, urgency on the disaster track speeds up its
blinking, and single-colour builds carry everything through on/off/blink patterns alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.devices.light import OFF, WHITE, Blink, Colour, Light
from companion.games.thunderbirds.lights.view import DISASTER_SLOTS, HoodMark

HOOD_COLOUR: Colour = (170, 0, 255)
EVENT_COLOUR: Colour = (255, 120, 0)
SCHEME_COLOUR: Colour = (255, 0, 0)
FOILED_COLOUR: Colour = (0, 255, 0)
ACTION_COLOUR: Colour = (0, 170, 255)
WIN_COLOUR: Colour = (0, 255, 0)
LOSS_COLOUR: Colour = (255, 0, 0)

#: Blink periods (s) of occupied disaster slots 1..7: steady, then faster and faster towards the skull.
URGENCY_PERIODS: tuple[float | None, ...] = (None, None, None, None, 1.6, 0.8, 0.3)

SLOW = Blink(2.0, 0.5)
FAST = Blink(0.5, 0.5)
BLIP = Blink(2.0, 0.125)  # a short flash every two seconds: "something is here"
WIN_EVEN = Blink(1.0, 0.5)
WIN_ODD = Blink(1.0, 0.5, phase=0.5)  # neighbours alternate: a pattern no game situation produces
LOSS = Blink(0.5, 0.5)


def _urgency_colour(slot: int) -> Colour:
    """Yellow at slot 1 to red at slot 7."""
    green = round(200 * (DISASTER_SLOTS - slot) / (DISASTER_SLOTS - 1))
    return (255, green, 0)


def _urgency_blink(slot: int) -> Blink | None:
    period = URGENCY_PERIODS[slot - 1]
    return None if period is None else Blink(period, 0.5)


@dataclass(frozen=True)
class Style:
    """Every look the frame function hands out, built once (frames are computed many times a second)."""

    hood: Light
    marks: dict[HoodMark, Light]
    disaster: tuple[Light, ...]  # by slot - 1
    skull_warning: Light  # slot 7 is occupied: the next disaster loses the game
    skull_reached: Light
    actions: Light
    win_even: Light
    win_odd: Light
    loss: Light
    loss_cause: Light
    flash: Light  # animations: a plain bright flash
    success: Light
    failure: Light

    def character(self, colour: Colour) -> Light:
        raise NotImplementedError


@dataclass(frozen=True)
class ColourStyle(Style):
    def character(self, colour: Colour) -> Light:
        return Light(colour, 1.0)


@dataclass(frozen=True)
class MonoStyle(Style):
    def character(self, colour: Colour) -> Light:
        return Light(WHITE, 1.0)


COLOUR_STYLE = ColourStyle(
    hood=Light(HOOD_COLOUR, 1.0),
    marks={
        HoodMark.PLAIN: OFF,
        HoodMark.EVENT_HIDDEN: Light(EVENT_COLOUR, 0.35),
        HoodMark.EVENT_REVEALED: Light(EVENT_COLOUR, 0.08),
        HoodMark.SCHEME_PENDING: Light(SCHEME_COLOUR, 0.35),
        HoodMark.SCHEME_CURRENT: Light(SCHEME_COLOUR, 1.0, Blink(1.0, 0.75)),
        HoodMark.SCHEME_FOILED: Light(FOILED_COLOUR, 0.3),
    },
    disaster=tuple(
        Light(_urgency_colour(k), min(1.0, 0.4 + 0.1 * k), _urgency_blink(k)) for k in range(1, DISASTER_SLOTS + 1)
    ),
    skull_warning=Light(SCHEME_COLOUR, 1.0, _urgency_blink(DISASTER_SLOTS)),
    skull_reached=Light(LOSS_COLOUR, 1.0),
    actions=Light(ACTION_COLOUR, 0.6),
    win_even=Light(WIN_COLOUR, 1.0, WIN_EVEN),
    win_odd=Light(WIN_COLOUR, 1.0, WIN_ODD),
    loss=Light(LOSS_COLOUR, 1.0, LOSS),
    loss_cause=Light(LOSS_COLOUR, 1.0),
    flash=Light(WHITE, 1.0),
    success=Light(WIN_COLOUR, 1.0),
    failure=Light(LOSS_COLOUR, 1.0),
)

ON = Light(WHITE, 1.0)

MONO_STYLE = MonoStyle(
    hood=ON,
    marks={
        HoodMark.PLAIN: OFF,
        HoodMark.EVENT_HIDDEN: Light(WHITE, 1.0, BLIP),
        HoodMark.EVENT_REVEALED: OFF,
        HoodMark.SCHEME_PENDING: Light(WHITE, 1.0, SLOW),
        HoodMark.SCHEME_CURRENT: Light(WHITE, 1.0, FAST),
        HoodMark.SCHEME_FOILED: OFF,
    },
    disaster=tuple(Light(WHITE, 1.0, _urgency_blink(k)) for k in range(1, DISASTER_SLOTS + 1)),
    skull_warning=Light(WHITE, 1.0, _urgency_blink(DISASTER_SLOTS)),
    skull_reached=ON,
    actions=ON,
    win_even=Light(WHITE, 1.0, WIN_EVEN),
    win_odd=Light(WHITE, 1.0, WIN_ODD),
    loss=Light(WHITE, 1.0, LOSS),
    loss_cause=ON,
    flash=ON,
    success=ON,
    failure=ON,
)


def style_for(rgb: bool) -> Style:
    return COLOUR_STYLE if rgb else MONO_STYLE
