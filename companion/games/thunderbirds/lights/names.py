"""How the LEDs of a Thunderbirds build are named, by where they sit on the board.

Names say where an LED sits on the board: `hood.<space>` (spaces numbered as in the game data, 0 = start),
`disaster.1` ... `disaster.7`, `disaster.skull`, and optional status LEDs (`status.turn`, `status.actions.<n>`,
`status.character.<id>`). The tracks are mandatory in every build; status LEDs are optional. The frame and the
animations spell names through here; `layout` (which draws them) too.
"""

from __future__ import annotations

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
