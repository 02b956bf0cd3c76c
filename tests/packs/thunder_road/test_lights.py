"""Thunder Road's lights, a pure function of the public race: whose turn in the team's colour, the round's moves
taken, each car operable (full), damaged (dim), inoperable (red, blinking) or eliminated (off), the final tile."""

from __future__ import annotations

import dataclasses

from companion.devices.light import OFF
from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.engine.rng import seed_state
from companion.engine.turns import Turns
from companion.games.thunder_road.lights.scene import INOPERABLE, RGB, make_scene
from companion.games.thunder_road.rules import RULES


def test_the_frame_shows_the_turn_the_moves_the_cars_and_the_final_tile() -> None:
    state = RULES.initial_state({"players": 2, "colour_1": "green", "colour_2": "blue"}, LiveChance(seed_state(2)))
    cars = {car.id: car for car in state.cars}
    cars["1-small"] = dataclasses.replace(cars["1-small"], damage=("a", "b"))
    cars["1-medium"] = dataclasses.replace(cars["1-medium"], damage=("c",))
    cars["1-large"] = dataclasses.replace(cars["1-large"], eliminated=True)
    state = dataclasses.replace(
        state,
        cars=tuple(cars.values()),
        turns=Turns(seats=2, first=0, current=0, acted=(2, 1)),
        final=True,
    )
    scene = make_scene()
    frame = scene.complete().frame(scene.view(state), 0.0)
    assert frame["turn"].colour == RGB["green"]
    assert frame["move.1"].colour == frame["move.2"].colour == RGB["green"] and frame["move.3"] == OFF
    assert frame["car.1.small"].level == 1.0 and frame["car.1.small"].colour == RGB["green"]
    assert frame["car.2.small"] == INOPERABLE
    assert frame["car.2.medium"].colour == RGB["blue"] and frame["car.2.medium"].level < 1.0
    assert frame["car.2.large"] == OFF and frame["car.3.small"] == OFF
    assert frame["final"].blink is not None


def test_the_pack_names_its_scene() -> None:
    pack = registry.pack("thunder_road")
    assert pack.lights is not None and pack.lights.scene.endswith(":make_scene")


def test_the_race_s_moments_have_their_sounds() -> None:
    from companion.games.thunder_road import events as ev
    from companion.games.thunder_road.pack import sounds
    from companion.ui.sounds import TONES

    assert sounds((ev.RoundStarted(2, 0),)) == ("engine",)
    assert sounds((ev.ShotFired("0-small", "1-small", "any", True), ev.CarInoperable("1-small"))) == (
        "shot",
        "explosion",
    )
    assert sounds((ev.SlamRolled("large", "small", None, "ahead"),)) == ("crash",)
    assert {"engine", "crash", "shot", "explosion"} <= set(TONES)
