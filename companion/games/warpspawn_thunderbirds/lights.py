"""The board's lights, a pure function of the public view: LED strips along two edges of the printed grid
(`col.1`..`col.N` along the top, `row.1`..`row.N` down the left side) and one status LED per colour
(`status.player.<colour>`).

- A new emergency (placed by this turn's Alert) lights its column and its row, so the players find its square at
  once: brightly from the Alert until the first move phase, dimly through the move phases. Several new emergencies
  take turns (each its own colour on colour builds), so the crossing is never ambiguous; an LED two of them share
  stays lit through both their turns.
- The status LED of the player whose move phase it is shows that player's colour; it blinks while their card
  waits for a Delay. At the end, the winners' LEDs blink (several when tied).

Taking turns is written as blinking, not as time passing: each emergency's LEDs blink on for their share of one
period, in step with the others', so the lights stay a function of the view alone (the serial controller blinks
them on its own clock, and a game resumed after a power cut shows them at once). The shares and offsets are whole
sixteenths of the period, as the serial protocol carries them (hardware/PROTOCOL.md).

Hands never reach this function: it reads `views.PublicView` only.
"""

from __future__ import annotations

from companion.devices.light import Blink, Colour, Light
from companion.games.warpspawn_thunderbirds.definitions import Definitions
from companion.games.warpspawn_thunderbirds.views import PublicView

#: Seconds each new emergency keeps the lights when several arrived together (three turns fit in one blink period
#: of the serial protocol, at most 5.1 s).
TURN_SECONDS = 1.6
#: A colour per new emergency of one Alert (at most three arrive together), none of them a player's colour.
MARK_COLOURS: tuple[Colour, ...] = ((255, 255, 255), (0, 220, 220), (220, 0, 220))
BRIGHT = 1.0
DIM = 0.25
WAITING = Blink(0.8, 0.5)
WINNER = Blink(0.5, 0.5)
SIXTEENTHS = 16


def names(size: int, colours: tuple[str, ...]) -> tuple[str, ...]:
    """Every LED of a build for this board, in canonical order (columns, rows, then the status LEDs)."""
    return columns(size) + rows(size) + tuple(status_led(c) for c in colours)


def columns(size: int) -> tuple[str, ...]:
    return tuple(f"col.{n}" for n in range(1, size + 1))


def rows(size: int) -> tuple[str, ...]:
    return tuple(f"row.{n}" for n in range(1, size + 1))


def status_led(colour: str) -> str:
    return f"status.player.{colour}"


def turn_blink(slots: list[int], count: int) -> Blink | None:
    """How an LED lit by the new emergencies `slots` (their order among `count`) blinks: on during their turns of
    one period, steady when it serves them all."""
    if count <= 1 or len(slots) >= count:
        return None
    width = SIXTEENTHS // count  # each turn's share, in sixteenths of the period
    taken = set(slots)
    first = next(s for s in slots if (s - 1) % count not in taken)  # where the run of turns begins
    start = first * width
    end = ((first + len(slots) - 1) % count) * width + width
    if end <= start:  # the run goes round the end of the period
        end += SIXTEENTHS
    return Blink(TURN_SECONDS * count, (end - start) / SIXTEENTHS, (-start % SIXTEENTHS) / SIXTEENTHS)


def lights(view: PublicView, defs: Definitions) -> dict[str, Light]:
    """The look of every lit LED (the others are off): `names(...)` lists them all."""
    lit: dict[str, Light] = {}
    new = [e for e in view.board if e.is_new]
    if new and view.phase != "over":
        level = BRIGHT if view.phase in ("organization", "response") else DIM
        slots: dict[str, list[int]] = {}
        for index, emergency in enumerate(new):
            col, row = emergency.square
            slots.setdefault(f"col.{col}", []).append(index)
            slots.setdefault(f"row.{row}", []).append(index)
        for name, served in slots.items():
            colour = MARK_COLOURS[served[0] % len(MARK_COLOURS)]
            lit[name] = Light(colour, level, turn_blink(served, len(new)))
    if view.outcome is not None:
        for colour_id in view.outcome.winners:
            lit[status_led(colour_id)] = Light(defs.colours[colour_id].rgb, BRIGHT, WINNER)
    elif view.moving is not None:
        look = Light(defs.colours[view.moving].rgb, BRIGHT, WAITING if view.pending is not None else None)
        lit[status_led(view.moving)] = look
    return lit


def shown(lit: dict[str, Light], now: float) -> dict[str, Light]:
    """The LEDs on at `now` (blinking resolved): what a player sees at that moment."""
    return {name: light.at(now) for name, light in lit.items() if not light.at(now).is_dark}
