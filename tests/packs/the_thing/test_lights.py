"""The lights show the Leader's seat in its colour, the round's phase and the dog's space, from the public view:
two states that differ only in what the seats hide give the same frame."""

from __future__ import annotations

from dataclasses import replace

from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.engine.turns import Turns
from companion.games.the_thing.lights import SEAT_RGB, make_scene
from companion.games.the_thing.state import ALIEN, HUMAN

PACK = registry.pack("the_thing")


def lit(frame: object) -> dict[str, tuple[int, int, int]]:
    return {name: light.rgb() for name, light in frame.items() if not light.is_dark}  # type: ignore[attr-defined]


def test_leader_phase_and_dog_are_lit_from_the_public_view() -> None:
    scene = make_scene()
    layout = scene.complete()
    state = PACK.rules.initial_state({"players": 6}, LiveChance(5))
    state = replace(state, turns=Turns(seats=6, first=3, current=3, phase=7), dog=4)
    assert lit(layout.frame(scene.view(PACK.public_view(state)), 0.0)) == {
        "leader.4": SEAT_RGB[3],
        "phase.8": (0, 180, 255),
        "dog.5": (255, 60, 0),
    }
    other = replace(state, deal=tuple(HUMAN if t == ALIEN else ALIEN for t in state.deal), rng=state.rng + 7)
    assert layout.frame(PACK.public_view(other), 0.0) == layout.frame(PACK.public_view(state), 0.0)


def test_a_build_needs_the_phase_leds_and_may_light_a_shorter_dog_track() -> None:
    scene = make_scene()
    assert scene.required == tuple(f"phase.{n}" for n in range(1, 9))
    short = scene.layout(["phase.1", "dog.1", "dog.2"], rgb=False)
    state = PACK.rules.initial_state({"players": 4}, LiveChance(1))
    assert set(lit(short.frame(PACK.public_view(state), 0.0))) == {"phase.1", "dog.1"}
