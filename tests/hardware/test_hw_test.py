"""`companion hw-test` on mock pins and on the pty controller."""

from __future__ import annotations

import io
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from companion import hardware_check as hw_test
from companion.games.thunderbirds.lights.layout import track_leds

from .pty_device import PtyController

GPIO_CONFIG = """
[gpio]
serial_console = false
[lights]
backend = "gpio"
[buttons]
end_turn = 2
roll = 3
confirm = 15
undo = 15
long_press = 5
"""


def test_it_walks_every_led_in_order_and_echoes_buttons(tmp_path: Path, mock_factory: MockFactory) -> None:
    config = tmp_path / "config.toml"
    config.write_text(GPIO_CONFIG)
    out = io.StringIO()

    def person(seconds: float) -> None:
        """Instead of waiting: the LEDs are looked at, the buttons pressed."""
        if "Press the buttons" in out.getvalue():
            for pin in (3, 2, 15):
                mock_factory.pin(pin).drive_low()
                mock_factory.pin(pin).drive_high()

    code = hw_test.main(["--config", str(config), "--step", "0"], pin_factory=mock_factory, out=out, wait=person)
    text = out.getvalue()
    assert code == 0, text
    walked = [line.split()[1] for line in text.splitlines() if "/23 " in line]
    assert walked == list(track_leds(15)), "every LED, in order"
    assert "hood.0" in text and "GPIO 4" in text
    assert [line for line in text.splitlines() if line.startswith("Button:")] == [
        "Button: roll (GPIO 3)",
        "Button: end_turn (GPIO 2)",
        "Button: confirm (GPIO 15)",
    ]


def test_each_led_lights_alone(tmp_path: Path, mock_factory: MockFactory) -> None:
    config = tmp_path / "config.toml"
    config.write_text(GPIO_CONFIG)
    lit: list[list[int]] = []
    pins = [4, 17, 27, 22, 10, 9, 11, 5, 6, 13, 19, 26, 21, 20, 16, 12, 7, 8, 25, 24, 23, 18, 14]

    def look(seconds: float) -> None:
        lit.append([p for p in pins if mock_factory.pin(p).state])

    assert (
        hw_test.main(
            ["--config", str(config), "--step", "0", "--buttons", "0"],
            pin_factory=mock_factory,
            out=io.StringIO(),
            wait=look,
        )
        == 0
    )
    assert lit == [[p] for p in pins]
    assert not any(mock_factory.pin(p).state for p in pins), "all dark at the end"


def test_it_reports_the_serial_link(tmp_path: Path) -> None:
    device = PtyController(tmp_path / "usb-pico", leds=40, name="pico on a pty")
    device.plug()
    try:
        config = tmp_path / "config.toml"
        config.write_text(f'[lights]\nbackend = "serial"\nport = "{device.link}"\n')
        out = io.StringIO()
        code = hw_test.main(["--config", str(config), "--step", "0", "--buttons", "0"], out=out, wait=lambda s: None)
        text = out.getvalue()
        assert code == 0, text
        assert "connected to pico on a pty (40 LEDs)" in text
        assert "position 18" in text and "not written" not in text
        assert "refused packets 0" in text
    finally:
        device.unplug()


def test_no_controller_is_a_failure_but_still_lists_the_leds(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[lights]\nbackend = "serial"\nport = "{tmp_path / "absent"}"\n')
    out = io.StringIO()
    assert hw_test.main(["--config", str(config), "--step", "0", "--link", "0.2"], out=out, wait=lambda s: None) == 1
    assert "not connected" in out.getvalue() and "disaster.skull" in out.getvalue()


def test_a_config_problem_is_reported(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[lights]\nbackend = 3\n")
    out = io.StringIO()
    assert hw_test.main(["--config", str(config)], out=out) == 2
    assert "[lights] backend" in out.getvalue()


def test_without_hardware(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[general]\nlanguage = "en"\n')
    out = io.StringIO()
    assert hw_test.main(["--config", str(config)], out=out) == 0
    assert "No LED hardware is configured" in out.getvalue()


def test_a_config_file_named_that_does_not_exist_is_one_line(tmp_path: Path) -> None:
    out = io.StringIO()
    assert hw_test.main(["--config", str(tmp_path / "none.toml")], out=out) == 2
    assert out.getvalue() == f"Config problem: {tmp_path / 'none.toml'}: there is no such file\n"


def test_every_config_problem_is_printed_one_per_line(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[general]\nlangage = "fr"\n[lights]\nbackend = 3\n')
    out = io.StringIO()
    assert hw_test.main(["--config", str(config)], out=out) == 2
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and "[general] langage: unknown key" in lines[0] and "[lights] backend" in lines[1]


def test_the_recording_back_end_is_named_not_called_unset(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[lights]\nbackend = "recording"\n')
    out = io.StringIO()
    assert hw_test.main(["--config", str(config), "--buttons", "0"], out=out) == 0
    assert "No LED hardware is configured" not in out.getvalue()
    assert "The recording back-end drives no LEDs" in out.getvalue()


def test_a_game_without_a_map_is_named_with_where_its_map_was_looked_for(tmp_path: Path) -> None:
    from companion.devices.lightmap import MAPS_DIR

    config = tmp_path / "config.toml"
    config.write_text(GPIO_CONFIG)
    out = io.StringIO()
    assert hw_test.main(["--config", str(config), "--game", "warpspawn_thunderbirds"], out=out) == 2
    expected = MAPS_DIR / "warpspawn_thunderbirds" / "gpio-direct.toml"
    assert out.getvalue() == (
        "Config problem: Warpspawn Thunderbirds (warpspawn_thunderbirds) has no light map for the gpio lights: "
        f"{config} has no [lights.maps] warpspawn_thunderbirds, and there is no {expected}.\n"
    )
