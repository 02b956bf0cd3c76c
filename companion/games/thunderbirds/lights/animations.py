"""Short animations for the moments that matter, laid over the frame for a second or so.

An animation is a value (the moment and when it started); what it shows at any instant is a pure function of
the elapsed time, so tests step an injected clock instead of sleeping.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.devices.light import OFF, Light
from companion.games.thunderbirds.lights.names import DISASTER_LEDS, TURN, disaster_led, hood_led
from companion.games.thunderbirds.lights.style import Style
from companion.games.thunderbirds.lights.view import DisasterDrawn, HoodMoved, Moment, RescueResolved

if TYPE_CHECKING:
    from companion.games.thunderbirds.lights.layout import Layout

#: The Hood's chase: seconds per space, then the new space flashes FLASHES times (FLASH_PERIOD each).
CHASE_STEP = 0.15
FLASH_PERIOD = 0.2
FLASHES = 3
#: A disaster drawn: the whole track blinks once (the cards shift), then the new card's slot flashes.
SHIFT_BLINK = 0.3
#: A rescue: two slow pulses when won, four quick ones when lost (told apart without colour).
SUCCESS_PULSE, SUCCESS_PULSES = 0.4, 2
FAILURE_PULSE, FAILURE_PULSES = 0.15, 4


def _pulse(elapsed: float, period: float) -> bool:
    """On for the first half of each period."""
    return (elapsed / period) % 1.0 < 0.5


def _hood_path(moment: HoodMoved) -> range:
    step = 1 if moment.to_space >= moment.from_space else -1
    return range(moment.from_space, moment.to_space + step, step)


@dataclass(frozen=True, slots=True)
class Animation:
    moment: Moment
    started: float

    @property
    def duration(self) -> float:
        moment = self.moment
        if isinstance(moment, HoodMoved):
            return len(_hood_path(moment)) * CHASE_STEP + FLASHES * FLASH_PERIOD
        if isinstance(moment, DisasterDrawn):
            return SHIFT_BLINK + FLASHES * FLASH_PERIOD
        if moment.success:
            return SUCCESS_PULSE * SUCCESS_PULSES
        return FAILURE_PULSE * FAILURE_PULSES

    def is_over(self, now: float) -> bool:
        return now >= self.started + self.duration

    def overlay(self, layout: Layout, style: Style, now: float) -> dict[str, Light]:
        """The lights this animation takes over at `now` (nothing before it starts or once it is over)."""
        elapsed = now - self.started
        if elapsed < 0 or elapsed >= self.duration:
            return {}
        moment = self.moment
        if isinstance(moment, HoodMoved):
            return _hood_overlay(moment, style, elapsed)
        if isinstance(moment, DisasterDrawn):
            return _disaster_overlay(moment, style, elapsed)
        return _rescue_overlay(moment, style, elapsed)


def _hood_overlay(moment: HoodMoved, style: Style, elapsed: float) -> dict[str, Light]:
    path = _hood_path(moment)
    chase = len(path) * CHASE_STEP
    if elapsed < chase:
        head = path[int(elapsed / CHASE_STEP)]
        return {hood_led(space): style.hood if space == head else OFF for space in path}
    on = _pulse(elapsed - chase, FLASH_PERIOD)
    return {hood_led(moment.to_space): style.flash if on else OFF}


def _disaster_overlay(moment: DisasterDrawn, style: Style, elapsed: float) -> dict[str, Light]:
    if elapsed < SHIFT_BLINK:
        look = style.flash if _pulse(elapsed, SHIFT_BLINK) else OFF
        return dict.fromkeys(DISASTER_LEDS, look)
    on = _pulse(elapsed - SHIFT_BLINK, FLASH_PERIOD)
    return {disaster_led(moment.slot): style.flash if on else OFF}


def _rescue_overlay(moment: RescueResolved, style: Style, elapsed: float) -> dict[str, Light]:
    if moment.success:
        look = style.success if _pulse(elapsed, SUCCESS_PULSE) else OFF
    else:
        look = style.failure if _pulse(elapsed, FAILURE_PULSE) else OFF
    return dict.fromkeys((*DISASTER_LEDS, TURN), look)
