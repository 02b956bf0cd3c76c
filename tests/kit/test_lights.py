"""A kit game's LEDs: the track or counter its `[lights]` names, one LED per space or value, lit from the public
view through the app's own lights link (the recording back-end), and light maps for a kit through the same config
as every game (`[lights.maps] <kit>`), checked against the kit's LED names with messages naming the LED."""

from __future__ import annotations

import dataclasses
import io
import os
from pathlib import Path
from typing import Any

import pytest

from companion import hardware_check as hw_test
from companion.config import game_light_map, load_config
from companion.devices.light import Light
from companion.devices.scene import scene_of
from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.kit import actions as act
from companion.kit.catalogue import user_kits_dir
from companion.kit.lights import SEAT_COLOURS, SHARED, TURN
from companion.kit.schema import KitError, parse_kit
from companion.kit.state import KitState
from companion.ui.lights import LightsLink
from tests.hardware.pty_device import PtyController

from .kits import SMALL, start


def played(state: KitState, *actions: object) -> KitState:
    for action in actions:
        chance = LiveChance(state.rng)
        state, _events = registry.pack(state.kit.name).rules.apply(state, action, chance)
        state = dataclasses.replace(state, rng=chance.rng_after)
    return state


@pytest.fixture
def recording(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_LIGHTS", "recording")


def lit(frame: Any) -> dict[str, Light]:
    return {name: light for name, light in frame.items() if not light.is_dark}


def test_dice_race_lights_its_race_track_one_led_per_space() -> None:
    scene = scene_of(registry.pack("dice_race"))
    assert scene is not None and scene.game == "dice_race"
    assert scene.names == tuple(f"track.race.{n}" for n in range(31)) == scene.required
    assert scene.groups["track"] == scene.names and scene.groups["track-reversed"] == scene.names[::-1]
    assert scene.names_help == "track.race.0-track.race.30"
    assert sum(len(row) for row in scene.mirror_rows) == 31 and all(len(row) <= 20 for row in scene.mirror_rows)
    assert scene_of(registry.pack("thunder_road_upkeep")).names[0] == "track.lead-tile.3"


def test_the_recording_back_end_shows_each_marker_in_its_players_colour(recording: None) -> None:
    pack = registry.pack("dice_race")
    state = start(pack.setup_for(3, {}))
    first = state.current
    state = played(state, act.MoveMarker("race", "p1", to=4), act.MoveMarker("race", "p2", to=10))
    link = LightsLink(lambda _command: None).start(pack)
    try:
        assert type(link.board.backend).__name__ == "RecordingBackend"
        link.update(state, ())
        shown = lit(link.board.backend.latest)
        spaces = {0: [2], 4: [0], 10: [1]}
        assert set(shown) == {f"track.race.{at}" for at in spaces}
        for at, (seat,) in spaces.items():
            light = shown[f"track.race.{at}"]
            assert light.colour == SEAT_COLOURS[seat] and light.level == 1.0
            assert light.blink == (TURN if seat == first else None)
        # Two markers on one space: white, and still blinking for the player to play.
        link.update(played(state, act.MoveMarker("race", "p3", to=4)), ())
        both = lit(link.board.backend.latest)["track.race.4"]
        assert both.colour == SHARED and (both.blink is not None) == (first in (0, 2))
    finally:
        link.close()


def test_a_counter_is_a_bar_up_to_its_value(recording: None) -> None:
    folder = user_kits_dir()
    folder.mkdir(parents=True)
    (folder / "small.toml").write_text(SMALL, encoding="utf-8")
    registry.rescan()
    pack = registry.pack("small")
    scene = scene_of(pack)
    assert scene is not None
    assert scene.names == (
        "counter.threat.-2",
        "counter.threat.-1",
        "counter.threat.0",
        "counter.threat.1",
        "counter.threat.2",
        "counter.threat.3",
    )
    state = played(
        start(pack.setup_for(2, {})), act.ChangeCounter("threat", None, 1), act.ChangeCounter("threat", None, 1)
    )
    layout = scene.complete(rgb=False)
    frame = lit(layout.frame(scene.view(pack.public_view(state)), 0.0))
    assert {name: light.level for name, light in frame.items()} == {
        "counter.threat.-2": 0.25,
        "counter.threat.-1": 0.25,
        "counter.threat.0": 0.25,
        "counter.threat.1": 0.25,
        "counter.threat.2": 1.0,
    }
    registry.forget("small")
    registry.rescan()


def test_a_counter_lit_on_the_board_needs_its_limits() -> None:
    text = SMALL.replace("min = -2\nmax = 3\n", "min = -2\n")
    with pytest.raises(KitError) as raised:
        parse_kit(text, "small.toml")
    line = text.splitlines().index('counter = "threat"') + 1
    assert str(raised.value.problems[0]) == (
        f"small.toml:{line}: lights.counter: a counter lit on the board needs a min and a max (one LED each)"
    )


def config(tmp_path: Path, text: str) -> Any:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return load_config(path, environ={}, hood_length=15)


def test_a_kits_light_map_uses_its_groups_through_the_same_config(tmp_path: Path) -> None:
    scene = scene_of(registry.pack("dice_race"))
    loaded = config(
        tmp_path,
        '[lights]\nbackend = "serial"\n\n[lights.maps.dice_race]\nbackend = "serial"\nchain = ["track-reversed"]\n',
    )
    light_map, why = game_light_map(loaded, "dice_race", scene)
    assert why is None and light_map is not None
    assert light_map.leds["track.race.30"] == 0 and light_map.leds["track.race.0"] == 30
    short = config(
        tmp_path,
        '[lights]\nbackend = "serial"\n\n[lights.maps.dice_race]\nbackend = "serial"\n'
        'chain = ["track.race.0", "track.race.1"]\n',
    )
    light_map, why = game_light_map(short, "dice_race", scene)
    assert light_map is None and why is not None
    assert "track.race.2 has no LED: the track Race track has 31 spaces (0 to 30), one LED each" in why


#: The config file as docs/kit.md writes it for a kit, on a Pico at `port`.
SERIAL_MAP = """\
[lights]
backend = "serial"
port = "{port}"
brightness = 1.0

[lights.maps.dice_race]
backend = "serial"
chain = ["track-reversed"]
"""


def test_a_kits_track_on_the_pico_from_the_config_file_as_users_write_it(tmp_path: Path) -> None:
    """docs/kit.md's example map, in the config file the app reads: the race track wired last space first on one
    WS2812 strip of the host-run Pico firmware behind a pty; the app's lights link fed a real game."""
    device = PtyController(tmp_path / "usb-pico", leds=31, name="pico on a pty")
    device.plug()
    Path(os.environ["COMPANION_CONFIG"]).write_text(SERIAL_MAP.format(port=device.link), encoding="utf-8")
    pack = registry.pack("dice_race")
    state = start(pack.setup_for(3, {}))
    state = played(state, act.MoveMarker("race", "p1", to=4), act.MoveMarker("race", "p2", to=10))
    link = LightsLink(lambda _command: None).start(pack)
    try:
        assert link.is_hardware, link.status()
        link.update(state, ())
        places = {30 - space: seat for space, seat in ((4, 0), (10, 1), (0, 2))}  # track-reversed
        assert device.wait_for(lambda c: all(c.look(i)[:3] != (0, 0, 0) for i in places))
        controller = device.controller
        assert controller is not None
        for index, seat in places.items():
            red, green, blue, period, _shape = controller.look(index)
            expected = SEAT_COLOURS[seat]
            strongest = max(range(3), key=lambda c: expected[c])
            assert (red, green, blue)[strongest] == max(red, green, blue) > 0, (index, seat)
            assert (period != 0) == (seat == state.current), "the space of the player to play blinks"
        assert all(controller.look(i)[:3] == (0, 0, 0) for i in set(range(31)) - set(places))
    finally:
        link.close()
        device.unplug()


def test_hw_test_walks_a_kits_map_on_the_pico(tmp_path: Path) -> None:
    device = PtyController(tmp_path / "usb-pico", leds=31, name="pico on a pty")
    device.plug()
    lit: list[list[int]] = []

    def look(seconds: float) -> None:
        """Instead of waiting: the LED the walk lit, as the Pico shows it."""

        def shows(controller: Any) -> list[int]:
            return [i for i in range(31) if controller.look(i)[:3] != (0, 0, 0)]

        previous = lit[-1] if lit else None
        device.wait_for(lambda c: len(shows(c)) == 1 and shows(c) != previous)
        lit.append(shows(device.controller))

    try:
        config = Path(os.environ["COMPANION_CONFIG"])
        config.write_text(SERIAL_MAP.format(port=device.link), encoding="utf-8")
        out = io.StringIO()
        code = hw_test.main(
            ["--config", str(config), "--game", "dice_race", "--step", "0", "--buttons", "0"], out=out, wait=look
        )
        text = out.getvalue()
        assert code == 0, text
        walked = [line.split()[1:4:2] for line in text.splitlines() if "/31 " in line]
        assert [name for name, _at in walked] == [f"track.race.{space}" for space in range(31)]
        assert walked[0] == ["track.race.0", "30"] and walked[-1] == ["track.race.30", "0"]
        assert lit == [[int(at)] for _name, at in walked]  # each LED alone, where the map says
    finally:
        device.unplug()
