"""The board lights as a café sets them up: the config file written as docs/config.md shows, no environment variable,
no tap in Settings. The real app opens a Thunderbirds game by touch and the LEDs show it: on gpiozero's mock pins
(direct GPIO), through a 74HC595 chain's bit stream on those pins, and on the host-run controller firmware behind a
pty. Settings, reached by touch, says which back-end is in use and that the config file chose it."""

from __future__ import annotations

import json
import os
from pathlib import Path

from companion.config import load_config
from tests.hardware.pty_device import PtyController


def write_config(text: str) -> Path:
    """The file COMPANION_CONFIG names (as the service's `Environment=COMPANION_CONFIG=...` would)."""
    config = Path(os.environ["COMPANION_CONFIG"])
    config.write_text(text, encoding="utf-8")
    return config


def leds(config: Path) -> dict[str, object]:
    """Where each LED of the configured build is wired, as the test reads the shipped map (not the app's)."""
    light_map = load_config(config, environ={}).lights.map
    assert light_map is not None
    return dict(light_map.leds)


def assert_board_shows(lit: dict[str, bool], hood: int, occupied: list[int]) -> None:
    """The position the app dealt, on single-colour LEDs: the Hood's space on, each disaster card of slots 1-4
    on (5 to 7 blink), every empty slot and the skull off."""
    assert lit[f"hood.{hood}"], "the Hood's space is lit"
    for slot in range(1, 8):
        if slot in occupied and slot <= 4:
            assert lit[f"disaster.{slot}"], f"slot {slot} holds a card"
        elif slot not in occupied:
            assert not lit[f"disaster.{slot}"], f"slot {slot} is empty"
    assert not lit["disaster.skull"]


def test_gpio_leds_from_the_config_file_alone_even_over_an_old_settings_file(run_app) -> None:
    config = write_config('[gpio]\nserial_console = false\n\n[lights]\nbackend = "gpio"\n')
    # A settings file as the app wrote it before: every key, the lights' default "mirror" included, saved when the
    # players changed the language. It used to hide the config file's back-end for good.
    old = {"language": "en", "lights_backend": "mirror", "keep_awake": True, "sounds": True}
    (Path(os.environ["COMPANION_CONFIG_DIR"]) / "ui-settings.json").write_text(json.dumps(old), encoding="utf-8")
    report = run_app("lights_from_config", env={"GPIOZERO_PIN_FACTORY": "mock"})
    assert report.ok, report.error
    notes = report.notes
    assert notes["backend"] == "gpio" and notes["factory"] == "MockFactory"
    pins = {int(pin): bool(state) for pin, state in notes["pins"].items()}
    assert_board_shows({name: pins[int(pin)] for name, pin in leds(config).items()}, notes["hood"], notes["occupied"])
    assert notes["status"].startswith("Board lights: gpio")
    assert notes["status"].endswith(f"(from the config file {config})")
    assert notes["chosen"] == ["lights:config"] and notes["home_problems"] == []
    assert report.layout_problems() == []


def test_a_shift_register_chain_from_the_config_file_alone(run_app) -> None:
    config = write_config('[lights]\nbackend = "shift595"\n')
    light_map = load_config(config, environ={}).lights.map
    assert light_map is not None and light_map.shift595 is not None
    wiring = light_map.shift595
    args = {"data": str(wiring.data), "clock": str(wiring.clock), "latch": str(wiring.latch)}
    report = run_app(
        "lights_from_config", args={**args, "outputs": str(wiring.outputs)}, env={"GPIOZERO_PIN_FACTORY": "mock"}
    )
    assert report.ok, report.error
    notes = report.notes
    assert notes["backend"] == "shift595"
    chain = [bool(bit) for bit in notes["chain"]]
    assert any(chain), "the chain latched a frame"
    assert_board_shows({name: chain[int(out)] for name, out in leds(config).items()}, notes["hood"], notes["occupied"])
    assert f"(from the config file {config})" in notes["status"]


def test_the_serial_controller_from_the_config_file_alone(run_app, tmp_path: Path) -> None:
    link = tmp_path / "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00"  # as /dev/serial/by-id/ names it
    controller = PtyController(link, leds=40)
    controller.plug()
    try:
        config = write_config(f'[lights]\nbackend = "serial"\nport = "{link}"\n')
        report = run_app("lights_from_config")
        assert report.ok, report.error
        assert controller.controller is not None
        looks = {name: controller.controller.look(int(position)) for name, position in leds(config).items()}
    finally:
        controller.unplug()
    notes = report.notes
    assert notes["backend"] == "serial"
    red, green, blue, period, _shape = looks[f"hood.{notes['hood']}"]
    assert period == 0 and blue > green and red > green, "the Hood's space: steady purple"
    for slot in range(1, 8):
        r, g, b, period, _shape = looks[f"disaster.{slot}"]
        if slot in notes["occupied"] and slot <= 4:
            assert period == 0 and r > 0 and b == 0, f"slot {slot}: a card, steady yellow to orange"
        elif slot not in notes["occupied"]:
            assert (r, g, b) == (0, 0, 0), f"slot {slot} is empty"
    assert f"(from the config file {config})" in notes["status"]
