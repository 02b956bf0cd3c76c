"""The config file: where it is found, defaults, and errors that name the file and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import config as config_module
from companion.config import ConfigError, config_path, load_config, load_config_or_default, read_config
from companion.paths import ROOT

LENGTH = 15


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def load(tmp_path: Path, text: str, env: dict[str, str] | None = None, length: int = LENGTH):
    return load_config(write(tmp_path, text), environ=env or {}, hood_length=length)


def error(tmp_path: Path, text: str, env: dict[str, str] | None = None, length: int = LENGTH) -> str:
    with pytest.raises(ConfigError) as caught:
        load(tmp_path, text, env, length)
    message = str(caught.value)
    assert message.startswith(str(tmp_path / "config.toml") + ": ") or message.startswith("COMPANION_LIGHTS")
    return message


# --- finding the file ---------------------------------------------------------------------------------------


def test_the_environment_variable_wins(tmp_path: Path) -> None:
    assert config_path({"COMPANION_CONFIG": str(tmp_path / "x.toml")}) == tmp_path / "x.toml"


def test_the_system_file_then_the_users(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    system = tmp_path / "etc.toml"
    monkeypatch.setattr(config_module, "SYSTEM_CONFIG", system)
    monkeypatch.setenv("COMPANION_CONFIG_DIR", str(tmp_path / "user"))
    assert config_path({}) == tmp_path / "user" / "config.toml"
    system.write_text("")
    assert config_path({}) == system


def test_a_missing_file_means_the_defaults(tmp_path: Path) -> None:
    config = load_config(tmp_path / "absent.toml", environ={}, hood_length=LENGTH)
    assert config.source is None
    assert config.lights.backend == "mirror" and config.lights.map is None
    assert config.general.language == "en" and config.general.keep_awake and config.general.sounds
    assert dict(config.buttons.pins) == {}


def test_the_example_file_is_valid_and_complete() -> None:
    example = ROOT / "config" / "companion.example.toml"
    config = load_config(example, environ={}, hood_length=LENGTH)
    assert config.source == example
    text = example.read_text()
    for key in (
        "language",
        "state_dir",
        "keep_awake",
        "sounds",
        "serial_console",
        "backend",
        "map",
        "colour",
        "port",
        "baud",
        "brightness",
        "end_turn",
        "roll",
        "confirm",
        "undo",
        "long_press",
        "bounce_time",
    ):
        assert f"{key} =" in text, f"the example documents {key}"


# --- reading ------------------------------------------------------------------------------------------------


def test_every_section(tmp_path: Path) -> None:
    config = load(
        tmp_path,
        """
        [general]
        language = "fr"
        state_dir = "/var/lib/companion"
        keep_awake = false
        sounds = false

        [gpio]
        serial_console = false

        [lights]
        backend = "serial"
        port = "/dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00"
        baud = 230400
        brightness = 0.3

        [buttons]
        end_turn = 5
        roll = 6
        confirm = 13
        undo = 13
        long_press = 2
        bounce_time = 0.1
        """,
    )
    assert config.general.language == "fr" and config.general.state_dir == Path("/var/lib/companion")
    assert not config.general.keep_awake and not config.gpio.serial_console
    assert config.lights.backend == "serial" and config.lights.baud == 230400 and config.lights.brightness == 0.3
    assert config.lights.map is not None and config.lights.map.rgb
    assert config.lights.map.leds["hood.0"] == 18 and config.lights.map.leds["disaster.skull"] == 7
    assert dict(config.buttons.pins) == {"end_turn": 5, "roll": 6, "confirm": 13, "undo": 13}
    assert config.buttons.long_press == 2.0 and config.buttons.bounce_time == 0.1


def test_the_environment_overrides_the_back_end(tmp_path: Path) -> None:
    config = load(tmp_path, '[lights]\nbackend = "mirror"\n', env={"COMPANION_LIGHTS": "shift595"})
    assert config.lights.backend == "shift595" and config.lights.backend_from_env
    assert config.lights.map is not None and config.lights.map.shift595 is not None
    message = error(tmp_path, "", env={"COMPANION_LIGHTS": "neon"})
    assert message.startswith("COMPANION_LIGHTS: 'neon' is not a lights back-end")


def test_colour_or_single_colour(tmp_path: Path) -> None:
    """The map says what the build is; [lights] colour overrides it (a strip of plain white LEDs, say)."""
    assert load(tmp_path, '[lights]\nbackend = "serial"\n').lights.map.rgb is True
    mono = load(tmp_path, '[lights]\nbackend = "serial"\ncolour = false\n').lights
    assert mono.colour is False and mono.map is not None and mono.map.rgb is False
    assert not mono.map.layout().rgb
    assert "[lights] colour: expected true or false" in error(tmp_path, '[lights]\ncolour = "yes"\n')


def test_an_inline_map(tmp_path: Path) -> None:
    config = load(
        tmp_path,
        """
        [lights]
        backend = "serial"
        [lights.map]
        backend = "serial"
        chain = ["hood-reversed", "-", "disaster"]
        """,
        length=4,
    )
    assert config.lights.map is not None
    assert [config.lights.map.leds[f"hood.{i}"] for i in range(4)] == [3, 2, 1, 0]
    assert config.lights.map.leds["disaster.1"] == 5 and config.lights.map.chain_length == 13


def test_a_map_file_beside_the_config(tmp_path: Path) -> None:
    (tmp_path / "my-board.toml").write_text('backend = "serial"\nchain = ["disaster", "hood"]\n')
    config = load(tmp_path, '[lights]\nbackend = "serial"\nmap = "my-board.toml"\n')
    assert config.lights.map is not None and config.lights.map.source == str(tmp_path / "my-board.toml")


def test_a_longer_hood_track_lengthens_the_chain(tmp_path: Path) -> None:
    """The track's length comes from the game data: the same map gives the Hood more positions."""
    short = load(tmp_path, '[lights]\nbackend = "shift595"\n', length=15).lights.map
    long = load(tmp_path, '[lights]\nbackend = "shift595"\n', length=20).lights.map
    assert short is not None and long is not None
    assert short.chain_length == 27 and long.chain_length == 32
    assert long.leds["hood.19"] == 31 and short.leds["disaster.1"] == long.leds["disaster.1"]


# --- errors that name the key ---------------------------------------------------------------------------------


def test_unknown_keys_and_sections(tmp_path: Path) -> None:
    assert "[lights] color: unknown key" in error(tmp_path, "[lights]\ncolor = true\n")
    assert "[display]: unknown section" in error(tmp_path, "[display]\nwidth = 3\n")
    assert "[general] langage: unknown key" in error(tmp_path, '[general]\nlangage = "fr"\n')


def test_wrong_values(tmp_path: Path) -> None:
    assert '[general] language: expected "en" or "fr", got \'de\'' in error(tmp_path, '[general]\nlanguage = "de"\n')
    assert "[lights] brightness: expected a number from 0 to 1" in error(tmp_path, "[lights]\nbrightness = 3\n")
    assert "[lights] backend: expected one of mirror" in error(tmp_path, '[lights]\nbackend = "dmx"\n')
    assert "[general] sounds: expected true or false" in error(tmp_path, '[general]\nsounds = "yes"\n')
    assert "[buttons] long_press: expected seconds" in error(tmp_path, "[buttons]\nlong_press = 0\n")


def test_not_toml(tmp_path: Path) -> None:
    assert "not valid TOML" in error(tmp_path, "[lights\n")


def test_not_text(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b'[general]\nlanguage = "\xff\xfe"\n')
    with pytest.raises(ConfigError) as caught:
        load_config(path, environ={}, hood_length=LENGTH)
    assert str(caught.value) == f"{path}: not UTF-8 text (byte 22)"
    config, problem = load_config_or_default(path, environ={}, hood_length=LENGTH)
    assert problem == str(caught.value) and config.lights.backend == "mirror"
    (tmp_path / "board.toml").write_bytes(b'backend = "serial"\n# \xff\n')
    assert "[lights] map (" in error(tmp_path, '[lights]\nbackend = "serial"\nmap = "board.toml"\n')


def test_a_pin_used_twice_in_the_map(tmp_path: Path) -> None:
    pins = list(range(2, 14)) + [16, 18, 27]  # 15 pins for the Hood track
    disaster = [19, 20, 21, 22, 23, 24, 25, 26]
    pins[3] = 17
    disaster[1] = 17
    message = error(
        tmp_path,
        f"""
        [lights]
        backend = "gpio"
        [lights.map]
        backend = "gpio"
        [lights.map.pins]
        hood = {pins}
        disaster = {disaster}
        """,
    )
    assert message.endswith("config.toml: [lights] map: pin 17 is used twice (hood.3, disaster.2)")


def test_reserved_and_impossible_pins(tmp_path: Path) -> None:
    assert "[buttons] roll: pin 14 is reserved for the serial console" in error(tmp_path, "[buttons]\nroll = 14\n")
    assert load(tmp_path, "[gpio]\nserial_console = false\n[buttons]\nroll = 14\n").buttons.pins["roll"] == 14
    assert "[buttons] roll: pin 0 is reserved for the HAT ID EEPROM" in error(tmp_path, "[buttons]\nroll = 0\n")
    assert "[buttons] roll: pin 28 does not exist" in error(tmp_path, "[buttons]\nroll = 28\n")
    assert "[buttons] roll: pin -1 does not exist" in error(tmp_path, "[buttons]\nroll = -1\n")
    assert "[buttons] roll: 'five' is not a pin number" in error(tmp_path, '[buttons]\nroll = "five"\n')
    message = error(tmp_path, '[lights]\nbackend = "gpio"\n')
    assert "[lights] map: pins.disaster[7]: pin 14 is reserved for the serial console" in message


def test_a_map_that_does_not_cover_the_tracks(tmp_path: Path) -> None:
    message = error(tmp_path, '[gpio]\nserial_console = false\n[lights]\nbackend = "gpio"\n', length=16)
    assert "[lights] map: pins.hood: expected a list of 16 pins" in message
    message = error(tmp_path, '[lights]\nbackend = "serial"\n[lights.map]\nbackend = "serial"\nchain = ["hood"]\n')
    assert "[lights] map: chain: disaster.1 has no LED" in message
    message = error(tmp_path, '[lights]\nbackend = "shift595"\n', length=21)
    assert "chain: 33 positions, but 4 registers have 32 outputs" in message


def test_buttons_clash_with_lights_and_with_each_other(tmp_path: Path) -> None:
    message = error(tmp_path, '[lights]\nbackend = "shift595"\n[buttons]\nroll = 17\n')
    assert message.endswith("[buttons] roll: pin 17 is used twice (shift595 data, [buttons] roll)")
    message = error(tmp_path, "[buttons]\nroll = 6\nconfirm = 6\n")
    assert "pin 6 is used twice ([buttons] roll, [buttons] confirm)" in message
    assert load(tmp_path, "[buttons]\nconfirm = 6\nundo = 6\n").buttons.pins == {"confirm": 6, "undo": 6}


def test_a_map_wired_for_another_back_end(tmp_path: Path) -> None:
    message = error(tmp_path, '[lights]\nbackend = "serial"\nmap = "shift595-chain"\n')
    assert "wired for the shift595 back-end, not serial" in message
    assert "no light map at" in error(tmp_path, '[lights]\nbackend = "serial"\nmap = "nowhere"\n')


# --- starting anyway --------------------------------------------------------------------------------------------


def test_a_broken_light_map_falls_back_to_the_mirror_and_keeps_the_rest(tmp_path: Path) -> None:
    path = write(tmp_path, '[general]\nlanguage = "fr"\n[lights]\nbackend = "gpio"\n[buttons]\nroll = 6\n')
    config, problem = load_config_or_default(path, environ={}, hood_length=LENGTH)
    assert problem is not None and "pin 14 is reserved" in problem
    assert config.lights.backend == "mirror" and config.lights.map is None, "no build to drive: the mirror"
    assert config.general.language == "fr" and dict(config.buttons.pins) == {"roll": 6}, "the rest still counts"


def test_a_broken_environment_falls_back_too(tmp_path: Path) -> None:
    config, problem = load_config_or_default(
        tmp_path / "none.toml", environ={"COMPANION_LIGHTS": "x"}, hood_length=LENGTH
    )
    assert config.lights.backend == "mirror" and problem is not None and "COMPANION_LIGHTS" in problem


def test_all_is_well(tmp_path: Path) -> None:
    config, problem = load_config_or_default(write(tmp_path, "[buttons]\nroll = 6\n"), environ={}, hood_length=LENGTH)
    assert problem is None and config.buttons.pins == {"roll": 6}


def test_the_hood_length_comes_from_the_game_data(tmp_path: Path) -> None:
    from companion.games.thunderbirds.loader import default_definitions

    length = default_definitions().hood_track.length
    config = load_config(write(tmp_path, '[lights]\nbackend = "serial"\n'), environ={})
    assert config.lights.map is not None and config.lights.map.hood_length == length


# --- one bad key loses only that key ------------------------------------------------------------------------


def test_an_unknown_key_in_general_loses_only_that_key(tmp_path: Path) -> None:
    """A typo in [general] used to throw away the whole file: the language, the lights and the buttons."""
    path = write(
        tmp_path,
        '[general]\nlanguage = "fr"\nvolume = 11\n[lights]\nbackend = "shift595"\n[buttons]\nroll = 6\n',
    )
    config = read_config(path, environ={}, hood_length=LENGTH)
    assert [str(p) for p in config.problems] == [
        f"{path}: [general] volume: unknown key (expected one of: language, state_dir, keep_awake, sounds)"
    ]
    assert config.general.language == "fr"
    assert config.lights.backend == "shift595" and config.lights.map is not None
    assert dict(config.buttons.pins) == {"roll": 6}
    assert config.source == path


def test_every_problem_is_reported_and_each_bad_key_alone_is_left_out(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
        [general]
        language = "de"
        sounds = false
        [display]
        width = 3
        [lights]
        backend = "serial"
        brightness = 3
        port = "/dev/ttyACM0"
        [buttons]
        end_turn = 99
        roll = 6
        confirm = 6
        long_press = 0
        """,
    )
    config = read_config(path, environ={}, hood_length=LENGTH)
    keys = [problem.key for problem in config.problems]
    assert keys == [
        "[display]",
        "[general] language",
        "[buttons] end_turn",
        "[buttons] confirm",
        "[buttons] long_press",
        "[lights] brightness",
    ]
    assert all(str(problem).startswith(f"{path}: ") for problem in config.problems)
    assert config.general.language == "en" and config.general.sounds is False
    assert (
        config.lights.backend == "serial" and config.lights.port == "/dev/ttyACM0" and config.lights.brightness == 0.6
    )
    assert dict(config.buttons.pins) == {"roll": 6} and config.buttons.long_press == 1.5
    with pytest.raises(ConfigError) as first:
        load_config(path, environ={}, hood_length=LENGTH)
    assert first.value is not None and str(first.value) == str(config.problems[0])


def test_a_button_on_an_led_pin_is_left_out_and_the_lights_kept(tmp_path: Path) -> None:
    path = write(tmp_path, '[gpio]\nserial_console = false\n[lights]\nbackend = "gpio"\n[buttons]\nend_turn = 4\n')
    config = read_config(path, environ={}, hood_length=LENGTH)
    assert [p.key for p in config.problems] == ["[buttons] end_turn"]
    assert "pin 4 is used twice (hood.0, [buttons] end_turn)" in str(config.problems[0])
    assert config.lights.backend == "gpio" and config.lights.map is not None and not config.buttons.pins


def test_a_bad_environment_variable_keeps_the_files_back_end(tmp_path: Path) -> None:
    path = write(tmp_path, '[lights]\nbackend = "shift595"\n')
    config = read_config(path, environ={"COMPANION_LIGHTS": "laser"}, hood_length=LENGTH)
    assert [str(p) for p in config.problems][0].startswith("COMPANION_LIGHTS: 'laser' is not a lights back-end")
    assert config.lights.backend == "shift595" and config.lights.backend_source == "file"


def test_who_chose_the_back_end(tmp_path: Path) -> None:
    path = write(tmp_path, '[lights]\nbackend = "shift595"\n')
    assert read_config(path, environ={}, hood_length=LENGTH).lights.backend_source == "file"
    from_env = read_config(path, environ={"COMPANION_LIGHTS": "serial"}, hood_length=LENGTH).lights
    assert (from_env.backend, from_env.backend_source) == ("serial", "env")
    chosen = read_config(path, {"COMPANION_LIGHTS": "serial"}, LENGTH, chosen_backend="mirror").lights
    assert (chosen.backend, chosen.backend_source, chosen.map) == ("mirror", "chosen", None)
    assert read_config(tmp_path / "none.toml", environ={}, hood_length=LENGTH).lights.backend_source == "default"


def test_a_config_file_named_by_the_environment_must_exist(tmp_path: Path) -> None:
    missing = tmp_path / "missing.toml"
    config = read_config(environ={"COMPANION_CONFIG": str(missing)}, hood_length=LENGTH)
    assert [str(p) for p in config.problems] == [f"COMPANION_CONFIG={missing}: there is no such file"]
    assert config.source is None and config.lights.backend == "mirror"
    assert read_config(missing, environ={}, must_exist=True).problems[0].key == ""
    assert read_config(missing, environ={}, hood_length=LENGTH).problems == (), "the default place may be empty"


def test_a_problem_of_the_defaults_names_no_file_that_does_not_exist(tmp_path: Path) -> None:
    absent = tmp_path / "config.toml"
    config = read_config(absent, environ={"COMPANION_LIGHTS": "gpio"}, hood_length=LENGTH)
    (problem,) = config.problems
    assert str(absent) not in str(problem)
    assert str(problem).startswith("no config file (the defaults): [lights] map: pins.disaster[7]: pin 14 is reserved")
