"""Kivy's config.ini for the official touchscreens, as the installer writes it, read by the real Kivy."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.ui.xvfb import virtual_screen
from tests.system.conftest import run_installer

#: Prints Kivy's configuration as JSON after Kivy has read (and, if it wanted to, rewritten) config.ini.
DUMP_CONFIG = """
import json
from kivy.config import Config
print(json.dumps({section: dict(Config.items(section)) for section in Config.sections()}))
"""

#: Opens Kivy's window with that configuration and prints what it became.
OPEN_WINDOW = """
import json
from kivy.core.window import Window
from kivy.config import Config
print(json.dumps({"size": list(Window.size), "fullscreen": Window.fullscreen, "show_cursor": Window.show_cursor,
                  "keyboard_mode": Config.get("kivy", "keyboard_mode")}))
"""


def kivy_config(*args: str) -> str:
    result = run_installer("--print-kivy-config", *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def run_kivy(script: str, kivy_home: Path, extra_env: dict[str, str] | None = None) -> dict[str, object]:
    env = {**os.environ, "KIVY_HOME": str(kivy_home), "KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1", **(extra_env or {})}
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def kivy_defaults(tmp_path: Path) -> dict[str, dict[str, str]]:
    home = tmp_path / "kivy-defaults"
    home.mkdir()
    return run_kivy(DUMP_CONFIG, home)


@pytest.mark.parametrize(
    ("args", "width", "height", "input_section"),
    [
        (("--display", "dsi-800x480"), "800", "480", {"mtdev_%(name)s": "probesysfs,provider=mtdev"}),
        (("--display", "dsi2-720x1280"), "720", "1280", {"mtdev_%(name)s": "probesysfs,provider=mtdev"}),
        (
            ("--display", "dsi-800x480", "--touch", "hidinput"),
            "800",
            "480",
            {"hid_%(name)s": "probesysfs,provider=hidinput"},
        ),
        (("--display", "hdmi"), "1280", "800", {"mouse": "mouse", "hid_%(name)s": "probesysfs,provider=hidinput"}),
    ],
    ids=["touch-display-1", "touch-display-2", "touch-display-1-hidinput", "hdmi"],
)
def test_kivy_reads_the_config_as_written_and_keeps_it(
    tmp_path: Path, args: tuple[str, ...], width: str, height: str, input_section: dict[str, str]
) -> None:
    kivy_home = Path(os.environ["KIVY_HOME"])
    written = kivy_config(*args)
    config_file = kivy_home / "config.ini"
    config_file.write_text(written)

    seen = run_kivy(DUMP_CONFIG, kivy_home)

    # Kivy did not "upgrade" the file (which would reset fullscreen): it is byte for byte what was installed.
    assert config_file.read_text() == written
    graphics = seen["graphics"]
    assert isinstance(graphics, dict)
    assert graphics["fullscreen"] == "auto"
    assert (graphics["width"], graphics["height"]) == (width, height)
    assert graphics["allow_screensaver"] == "0"
    # On the touch panels only the touchscreen feeds touches; HDMI adds the mouse.
    assert seen["input"] == input_section
    assert seen["kivy"]["exit_on_escape"] == "0"
    assert seen["kivy"]["log_enable"] == "0"


def test_config_has_every_setting_this_kivy_expects(tmp_path: Path) -> None:
    """A setting missing from config.ini would make Kivy fail at start-up where it reads it."""
    defaults = kivy_defaults(tmp_path)
    written_home = tmp_path / "kivy-written"
    written_home.mkdir()
    (written_home / "config.ini").write_text(kivy_config("--display", "dsi-800x480"))
    seen = run_kivy(DUMP_CONFIG, written_home)
    for section, options in defaults.items():
        if section == "input":
            continue
        assert set(seen[section]) == set(options), section
    assert seen["kivy"]["config_version"] == defaults["kivy"]["config_version"]


@pytest.mark.parametrize(
    ("display", "width", "height"),
    [("dsi-800x480", 800, 480), ("dsi2-720x1280", 720, 1280)],
    ids=["touch-display-1", "touch-display-2-portrait"],
)
def test_window_fills_the_screen_without_a_cursor(
    xvfb_program: str, tmp_path: Path, display: str, width: int, height: int
) -> None:
    """The real Kivy window on a screen of the panel's size (X11 here, KMS on the Pi: same config)."""
    kivy_home = Path(os.environ["KIVY_HOME"])
    (kivy_home / "config.ini").write_text(kivy_config("--display", display))
    with virtual_screen(f"{width}x{height}x24") as screen:
        seen = run_kivy(OPEN_WINDOW, kivy_home, {"DISPLAY": screen, "SDL_VIDEODRIVER": "x11"})
    assert seen["size"] == [width, height]
    assert seen["fullscreen"] == "auto"
    assert seen["show_cursor"] is False
    # No physical keyboard on a kiosk: the card editor's text fields bring up Kivy's docked keyboard.
    assert seen["keyboard_mode"] == "systemanddock"
