"""The pack's lights through the generic lights, the way a build is set up: the config file as docs/config.md
writes it, the app's lights link fed a real game, the shipped light maps checked against the scene, the serial
build's map driving the host-run Pico firmware behind a pty, and `companion hw-test --game` walking the map."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from companion import hardware_check as hw_test
from companion.devices.lightmap import MAPS_DIR, parse_map
from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds.light_scene import make_scene
from companion.games.warpspawn_thunderbirds.lights import TURN_SECONDS, lights, shown
from companion.games.warpspawn_thunderbirds.loader import default_definitions
from companion.games.warpspawn_thunderbirds.rules import apply
from companion.games.warpspawn_thunderbirds.simulate import start
from companion.games.warpspawn_thunderbirds.state import GameState, Seat, evolve
from companion.games.warpspawn_thunderbirds.views import public_view
from companion.ui.lights import LightsLink

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: the pty controller of the hardware tests
from hardware.pty_device import PtyController

DEFS = default_definitions()
GAME = "warpspawn_thunderbirds"
MAPS = MAPS_DIR / GAME


def step(state: GameState, action: object, dice: tuple[int, ...] = ()) -> tuple[GameState, tuple[object, ...]]:
    chance = LiveChance(state.rng, [d - 1 for d in dice])
    after, events = apply(state, action, chance, DEFS)
    return evolve(after, rng=chance.rng_after), events


def two_new_emergencies() -> tuple[GameState, tuple[object, ...]]:
    """Turn 1's Alert: a 4 brings two emergencies, at (2, 3) and (9, 10)."""
    return step(start(2, 12, 1, DEFS), act.Alert(), (4, 2, 3, 1, 9, 10, 6))


def write_config(text: str) -> Path:
    path = Path(os.environ["COMPANION_CONFIG"])
    path.write_text(text, encoding="utf-8")
    return path


def test_the_scene_names_every_board_and_its_groups() -> None:
    scene = make_scene()
    assert scene.game == GAME and scene.sizes == {"board": 12}
    assert scene.names[:2] == ("col.1", "col.2") and "col.20" in scene.names and "row.20" in scene.names
    assert scene.groups["col"] == scene.groups["col-12"] and len(scene.groups["row-20"]) == 20
    assert scene.groups["status.player"] == tuple(f"status.player.{c}" for c in ("red", "blue", "green", "yellow"))
    assert scene.required == scene.groups["col-10"] + scene.groups["row-10"]
    assert make_scene({"board": 20}).groups["col"] == scene.groups["col-20"]
    assert registry.pack(GAME).lights is not None  # the shell finds it through the pack


@pytest.mark.parametrize("build", sorted(p.name for p in MAPS.glob("*.toml")))
def test_every_shipped_map_is_a_build_of_the_scene(build: str) -> None:
    import tomllib

    light_map = parse_map(tomllib.loads((MAPS / build).read_text(encoding="utf-8")), make_scene(), False, build)
    size = 10 if "-10" in build else 20 if "-20" in build else 12
    assert light_map.leds["status.player.red"] == 0 and light_map.leds["col.1"] == 4
    assert light_map.leds[f"row.{size}"] == 2 * size + 3 == light_map.chain_length - 1
    assert f"col.{size + 1}" not in light_map.leds


def test_a_map_without_the_rows_is_refused_naming_them(tmp_path: Path) -> None:
    from companion.devices.errors import LightMapError

    with pytest.raises(LightMapError, match=r"row\.1 has no LED: every build lights the columns and rows"):
        parse_map({"backend": "serial", "chain": ["status.player", "col-12"]}, make_scene(), False)


def test_the_recording_lights_show_a_game_from_the_config_file_as_users_write_it() -> None:
    write_config('[lights]\nbackend = "recording"\n')
    link = LightsLink(on_command=lambda _command: None).start(registry.pack(GAME))
    try:
        assert link.scene is not None and link.scene.game == GAME and link.board is not None
        state, events = two_new_emergencies()
        link.update(state, events)
        backend = link.board.backend
        lit = {name for name, light in backend.latest.items() if not light.is_dark}
        assert lit == {"col.2", "row.3", "col.9", "row.10"}
        first = {name for name, light in backend.latest.items() if not light.at(0.5).is_dark}
        second = {name for name, light in backend.latest.items() if not light.at(TURN_SECONDS + 0.5).is_dark}
        assert (first, second) == ({"col.2", "row.3"}, {"col.9", "row.10"})
        # Whatever the hands hold, the lights are the same: they are fed the public view only.
        state, _ = step(state, act.Organize())
        state, _ = step(state, act.RollForOrder(), (9, 3))
        link.update(state, ())
        before = dict(backend.latest)
        other = evolve(state, seats=tuple(Seat(s.colour, s.pawns, ("delay",) * 6, s.rescues) for s in state.seats))
        link.update(other, ())
        assert dict(backend.latest) == before
        assert not backend.latest["status.player.red"].is_dark and backend.latest["status.player.blue"].is_dark
    finally:
        link.close()


def test_the_serial_build_drives_the_pico_firmware_with_the_shipped_map(tmp_path: Path) -> None:
    device = PtyController(tmp_path / "usb-pico", leds=28, name="pico on a pty")
    device.plug()
    write_config(f'[lights]\nbackend = "serial"\nport = "{device.link}"\nbrightness = 1.0\n')
    link = LightsLink(on_command=lambda _command: None).start(registry.pack(GAME))
    try:
        assert link.is_hardware, link.status()
        state, events = two_new_emergencies()
        link.update(state, events)
        # The shipped map: status LEDs 0-3, col.1 at 4 (col.N at N + 3), row.1 at 16 (row.N at N + 15).
        places = {"col.2": 5, "row.3": 18, "col.9": 12, "row.10": 25}
        assert device.wait_for(lambda c: all(c.look(i)[:3] != (0, 0, 0) for i in places.values()))
        controller = device.controller
        assert controller is not None
        expected = lights(public_view(state), DEFS)
        period_ms = int(2 * TURN_SECONDS * 1000)
        for now_ms in range(50, 2 * period_ms, 100):  # between the turns' edges (floats round there)
            on = {name for name, index in places.items() if controller.pixel(index, now_ms) != (0, 0, 0)}
            assert on == set(shown(expected, now_ms / 1000)), now_ms
        dark = set(range(28)) - set(places.values())
        assert all(controller.look(i)[:3] == (0, 0, 0) for i in dark)
    finally:
        link.close()
        device.unplug()


def test_hw_test_walks_the_games_map_on_the_pico(tmp_path: Path) -> None:
    device = PtyController(tmp_path / "usb-pico", leds=28, name="pico on a pty")
    device.plug()
    lit: list[list[int]] = []

    def look(seconds: float) -> None:
        """Instead of waiting: the LED the walk lit, as the Pico shows it."""

        def shows(controller: object) -> list[int]:
            return [i for i in range(28) if controller.look(i)[:3] != (0, 0, 0)]

        previous = lit[-1] if lit else None
        device.wait_for(lambda c: len(shows(c)) == 1 and shows(c) != previous)  # the walk's next packet arrived
        lit.append(shows(device.controller))

    try:
        config = write_config(
            f'[lights]\nbackend = "serial"\nport = "{device.link}"\n\n[lights.maps]\n{GAME} = "serial-ws2812"\n'
        )
        out = io.StringIO()
        code = hw_test.main(
            ["--config", str(config), "--game", GAME, "--step", "0", "--buttons", "0"], out=out, wait=look
        )
        text = out.getvalue()
        assert code == 0, text
        walked = [line.split()[1:4:2] for line in text.splitlines() if "/28 " in line]
        names = [name for name, _position in walked]
        assert names[:2] == ["col.1", "col.2"] and names[12] == "row.1" and names[-1] == "status.player.yellow"
        assert len(names) == 28 and ["col.1", "4"] in walked and ["status.player.red", "0"] in walked
        assert lit == [[int(position)] for _name, position in walked]  # each LED alone, where the map says
        assert "refused packets 0" in text
    finally:
        device.unplug()
