"""The board's lights, a pure function of the public view: LED strips along two edges of the printed grid
(`col.1`..`col.N` along the top, `row.1`..`row.N` down the left side) and one status LED per colour
(`status.player.<colour>`).

- A new emergency (placed by this turn's Alert) lights its column and its row, so the players find its square at
  once: brightly from the Alert until the first move phase, dimly through the move phases. Several new emergencies
  take turns, two seconds each (colour builds also give each its own colour), so the crossing is never ambiguous.
- The status LED of the player whose move phase it is shows that player's colour; it blinks while their card
  waits for a Delay. At the end, the winners' LEDs blink (several when tied).

Hands never reach this function: it reads `views.PublicView` only.
"""

from __future__ import annotations

from companion.devices.light import Blink, Colour, Light
from companion.games.warpspawn_thunderbirds.definitions import Definitions
from companion.games.warpspawn_thunderbirds.views import PublicView

#: Seconds each new emergency keeps the lights when several arrived together.
TURN_SECONDS = 2.0
#: A colour per new emergency of one Alert (at most three arrive together), none of them a player's colour.
MARK_COLOURS: tuple[Colour, ...] = ((255, 255, 255), (0, 220, 220), (220, 0, 220))
BRIGHT = 1.0
DIM = 0.25
WAITING = Blink(0.8, 0.5)
WINNER = Blink(0.5, 0.5)


def names(size: int, colours: tuple[str, ...]) -> tuple[str, ...]:
    """Every LED of a build for this board, in the order of the serial map (columns, rows, then the status LEDs)."""
    return (
        tuple(f"col.{n}" for n in range(1, size + 1))
        + tuple(f"row.{n}" for n in range(1, size + 1))
        + tuple(f"status.player.{c}" for c in colours)
    )


def lights(view: PublicView, defs: Definitions, now: float = 0.0) -> dict[str, Light]:
    """The look of every lit LED (the others are off): `names(...)` lists them all."""
    lit: dict[str, Light] = {}
    new = [e for e in view.board if e.is_new]
    if new and view.phase != "over":
        level = BRIGHT if view.phase in ("organization", "response") else DIM
        shown = int(now // TURN_SECONDS) % len(new)
        colour = MARK_COLOURS[shown % len(MARK_COLOURS)]
        col, row = new[shown].square
        lit[f"col.{col}"] = Light(colour, level)
        lit[f"row.{row}"] = Light(colour, level)
    if view.outcome is not None:
        for colour_id in view.outcome.winners:
            lit[f"status.player.{colour_id}"] = Light(defs.colours[colour_id].rgb, BRIGHT, WINNER)
    elif view.moving is not None:
        look = Light(defs.colours[view.moving].rgb, BRIGHT, WAITING if view.pending is not None else None)
        lit[f"status.player.{view.moving}"] = look
    return lit
