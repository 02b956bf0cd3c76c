"""Thunder Road's `LightScene`: a pure function of the public race.

- `turn`: the colour of the team whose turn it is (blinking once the race is won: the winner's colour);
- `move.1`..`move.3`: the current player's moves this round, lit as they are taken;
- `car.<seat>.<size>` (seats 1 to 4): each team's cars in its colour, full when operable, dim with one damage,
  red blinking when inoperable, off when eliminated (the level and the blink tell them apart, not only colour);
- `final`: blinks white once the final tile is laid.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.devices.light import Blink, Colour, Light
from companion.devices.lit_layout import LitLayout
from companion.devices.scene import LightScene
from companion.games.thunder_road.definitions import SIZES
from companion.games.thunder_road.state import ROUNDS, RaceState

GAME = "thunder_road"
SEATS = 4
#: The team colours' light (the set-up's colour labels).
RGB: Mapping[str, Colour] = {
    "red": (230, 0, 0),
    "blue": (0, 60, 255),
    "green": (0, 200, 40),
    "yellow": (240, 200, 0),
    "black": (90, 90, 90),
    "white": (255, 255, 255),
}
INOPERABLE = Light((255, 0, 0), 1.0, Blink(1.0, 0.5))
FINAL = Light((255, 255, 255), 1.0, Blink(0.6, 0.5))
WINNER = Blink(0.5, 0.5)


def car_led(seat: int, size: str) -> str:
    return f"car.{seat + 1}.{size}"


NAMES: tuple[str, ...] = (
    "turn",
    "move.1",
    "move.2",
    "move.3",
    "final",
    *(car_led(seat, size) for seat in range(SEATS) for size in SIZES),
)


def lights(state: RaceState) -> dict[str, Light]:
    """The look of every lit LED (the others are off)."""
    lit: dict[str, Light] = {}
    if state.winner is not None and state.winner >= 0:
        lit["turn"] = Light(RGB.get(state.colours[state.winner], (255, 255, 255)), 1.0, WINNER)
    elif not state.is_over:
        seat = state.turns.current
        colour = RGB.get(state.colours[seat], (255, 255, 255))
        lit["turn"] = Light(colour, 1.0)
        left = state.turns.turns_left(ROUNDS) or 0
        for move in range(1, 4 - left):
            lit[f"move.{move}"] = Light(colour, 1.0)
    if state.final:
        lit["final"] = FINAL
    for car in state.cars:
        if car.eliminated:
            continue
        colour = RGB.get(state.colours[car.seat], (255, 255, 255))
        if not car.operable:
            lit[car_led(car.seat, car.size)] = INOPERABLE
        else:
            lit[car_led(car.seat, car.size)] = Light(colour, 1.0 if not car.damage else 0.3)
    return lit


def make_scene(sizes: Mapping[str, int] | None = None) -> LightScene:
    cars = tuple(name for name in NAMES if name.startswith("car."))
    return LightScene(
        game=GAME,
        names=NAMES,
        required=("turn",),
        groups={"move": ("move.1", "move.2", "move.3"), "car": cars},
        names_help="turn, move.1-move.3, final, car.<1-4>.<small|medium|large>",
        sizes={},
        make_layout=lambda names, rgb: LitLayout(names, rgb, lights),
        view=lambda view: view,
        moments=lambda events: (),
        mirror_rows=(
            ("turn", "move.1", "move.2", "move.3", "final"),
            *(tuple(car_led(seat, size) for size in SIZES) for seat in range(SEATS)),
        ),
        required_reason=lambda name: f"{name} has no LED: every build shows whose turn it is",
    )
