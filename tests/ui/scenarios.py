"""Scripts the UI tests run inside the real app (see driver.py). Each is a generator that touches, waits and
records what the test then checks in `notes`."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any

Script = Generator[Any, None, None]


def smoke(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    yield pilot.settle()
    notes["screen"] = pilot.screen_name()
    yield pilot.screenshot(out / "01-home.png")
    pilot.check_layout("home")
    pilot.tap("settings")
    yield pilot.settle()
    notes["after_tap"] = pilot.screen_name()
    yield pilot.screenshot(out / "02-settings.png")
    pilot.check_layout("settings")
