"""Light maps of other games than Thunderbirds: `[lights.maps] <game>` (or `hardware/maps/<game>/`), checked
against that game's own LED names and groups (its `LightScene`), with the same messages naming the key; a
game without a map for the configured hardware gets none and a reason; Thunderbirds' map is `[lights] map`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.config import ConfigError, game_light_map, load_config
from companion.devices.board import start_board
from companion.devices.light import Frame, Light
from companion.devices.scene import LightScene

LENGTH = 15


class Layout:
    """The toy game's layout: every LED lit white when the view is True."""

    def __init__(self, names: tuple[str, ...], rgb: bool) -> None:
        self.names, self.rgb = names, rgb

    def __contains__(self, name: object) -> bool:
        return name in self.names

    def index(self, name: str) -> int:
        return self.names.index(name)

    def frame(self, view: Any, now: float, animations: Any = ()) -> Frame:
        return Frame({name: Light((255, 255, 255), 1.0 if view else 0.0) for name in self.names})

    def animation(self, moment: Any, start: float) -> Any:
        raise AssertionError("the toy game has no animations")


def toy_scene() -> LightScene:
    names = ("score.1", "score.2", "score.3", "turn")
    return LightScene(
        game="toy",
        names=names,
        required=names[:3],
        groups={"score": names[:3]},
        names_help="score.1-score.3, turn",
        sizes={},
        make_layout=Layout,
        view=bool,
        moments=lambda events: (),
        mirror_rows=(names,),
        required_reason=lambda name: f"{name} has no LED: the toy game lights its whole score track",
    )


def config(tmp_path: Path, text: str) -> Any:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return load_config(path, environ={}, hood_length=LENGTH)


def test_another_games_map_is_checked_against_its_own_leds(tmp_path: Path) -> None:
    loaded = config(
        tmp_path,
        '[lights]\nbackend = "serial"\n\n[lights.maps.toy]\nbackend = "serial"\nchain = ["score", "-", "turn"]\n',
    )
    assert loaded.lights.map is not None and loaded.lights.map.hood_length == LENGTH  # Thunderbirds' own
    light_map, why = game_light_map(loaded, "toy", toy_scene())
    assert why is None and light_map is not None
    assert dict(light_map.leds) == {"score.1": 0, "score.2": 1, "score.3": 2, "turn": 4}
    assert light_map.layout().names == ("score.1", "score.2", "score.3", "turn")


def test_a_map_missing_a_required_led_names_the_game_and_the_led(tmp_path: Path) -> None:
    loaded = config(
        tmp_path, '[lights]\nbackend = "serial"\n\n[lights.maps.toy]\nbackend = "serial"\nchain = ["score.1", "turn"]\n'
    )
    light_map, why = game_light_map(loaded, "toy", toy_scene())
    assert light_map is None
    assert why == (
        f"{tmp_path / 'config.toml'}: [lights.maps] toy: chain: "
        "score.2 has no LED: the toy game lights its whole score track"
    )


def test_a_map_naming_another_games_led_is_refused(tmp_path: Path) -> None:
    loaded = config(
        tmp_path, '[lights]\nbackend = "serial"\n\n[lights.maps.toy]\nbackend = "serial"\nchain = ["score", "hood"]\n'
    )
    _light_map, why = game_light_map(loaded, "toy", toy_scene())
    assert why is not None and "'hood' is not an LED of this board (score.1-score.3, turn)" in why


def test_a_game_without_a_map_for_the_hardware_says_why(tmp_path: Path) -> None:
    loaded = config(tmp_path, '[lights]\nbackend = "serial"\n')
    assert game_light_map(loaded, "toy", toy_scene()) == (None, "this game has no light map for the serial lights")
    mirror = config(tmp_path, "")
    assert game_light_map(mirror, "toy", toy_scene()) == (None, None)  # the mirror needs no map


def test_maps_must_be_a_table_of_games(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"\[lights\] maps: expected a table of game names"):
        config(tmp_path, '[lights]\nmaps = "toy.toml"\n')


def test_the_mirror_shows_the_open_games_scene(tmp_path: Path) -> None:
    board = start_board(config(tmp_path, ""), toy_scene(), on_command=lambda _command: None, tick=False)
    try:
        assert board.mirror is not None and board.scene is not None and board.scene.game == "toy"
        board.lights.update(True)
        assert sorted(board.mirror.latest) == ["score.1", "score.2", "score.3", "turn"]
        assert not board.mirror.latest["turn"].is_dark
    finally:
        board.close()
