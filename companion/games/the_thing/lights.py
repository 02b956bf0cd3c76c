"""The board's lights, a pure function of the public view: the Leader's seat in its colour (`leader.<n>`), the
round's phase (`phase.1`..`phase.8`), the dog on its track (`dog.1`..`dog.20`: the track's length is not known
here, so a build wires as many as its track has). During the UFO escape the phase LEDs show the sequence cards
activated; at the end the Leader LEDs blink. Secrets never reach it: the shell passes `public_view` only."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.devices.light import OFF, Blink, Colour, Frame, Light
from companion.devices.scene import LightScene
from companion.games.the_thing.state import ThingState

GAME = "the_thing"
SEATS = 8
PHASES = 8
DOG_SPACES = 20
#: The seats' colours as the companion names them (names.SEATS), for colour builds.
SEAT_RGB: tuple[Colour, ...] = (
    (255, 0, 0),
    (0, 200, 0),
    (0, 80, 255),
    (255, 200, 0),
    (255, 255, 255),
    (90, 90, 90),
    (255, 110, 0),
    (160, 0, 220),
)
PHASE_RGB: Colour = (0, 180, 255)
DOG_RGB: Colour = (255, 60, 0)
OVER = Blink(0.8, 0.5)

LEADER = tuple(f"leader.{n}" for n in range(1, SEATS + 1))
PHASE = tuple(f"phase.{n}" for n in range(1, PHASES + 1))
DOG = tuple(f"dog.{n}" for n in range(1, DOG_SPACES + 1))


def lights(view: ThingState) -> dict[str, Light]:
    """The look of every lit LED (the others are off)."""
    lit: dict[str, Light] = {}
    leader = view.turns.first
    lit[LEADER[leader]] = Light(SEAT_RGB[leader], 1.0, OVER if view.outcome else None)
    if view.ufo is not None:
        for n in range(view.ufo.activated):
            lit[PHASE[n]] = Light(DOG_RGB, 1.0)
    else:
        lit[PHASE[view.turns.phase]] = Light(PHASE_RGB, 1.0)
    lit[DOG[min(view.dog, DOG_SPACES - 1)]] = Light(DOG_RGB, 1.0)
    return lit


class ThingLayout:
    """The LEDs one build has, in the scene's canonical order (`companion.devices.scene.SceneLayout`)."""

    def __init__(self, names: tuple[str, ...], rgb: bool) -> None:
        self.names = names
        self.rgb = rgb
        self._index = {name: i for i, name in enumerate(names)}

    def __contains__(self, name: object) -> bool:
        return name in self._index

    def index(self, name: str) -> int:
        return self._index[name]

    def frame(self, view: Any, now: float, animations: Iterable[Any] = ()) -> Frame:
        shown = lights(view)
        return Frame({name: shown.get(name, OFF) for name in self.names})

    def animation(self, moment: Any, start: float) -> Any:
        raise ValueError("The Thing's lights have no animations")


def make_scene(sizes: Mapping[str, int] | None = None) -> LightScene:
    return LightScene(
        game=GAME,
        names=LEADER + PHASE + DOG,
        required=PHASE,
        groups={"leader": LEADER, "phase": PHASE, "dog": DOG},
        names_help="leader.1-leader.8, phase.1-phase.8, dog.1-dog.20",
        sizes={"dog": DOG_SPACES},
        make_layout=lambda names, rgb: ThingLayout(names, rgb),
        view=lambda view: view,
        moments=lambda events: (),
        mirror_rows=(LEADER, PHASE, DOG),
        required_reason=lambda name: f"{name} has no LED: every build shows the round's eight phases",
    )
