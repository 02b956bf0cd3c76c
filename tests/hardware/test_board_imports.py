"""The on-screen mirror without buttons needs no GPIO library: the app does not load gpiozero for it (memory and
start-up on a kiosk without LEDs), and loads it as soon as buttons are configured."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import sys
from companion.config import Config, ButtonsConfig
from companion.devices.board import start_board
config = Config() if sys.argv[1] == "mirror" else Config(buttons=ButtonsConfig(pins={"end_turn": 17}))
if sys.argv[1] != "mirror":
    from gpiozero.pins.mock import MockFactory
    factory = MockFactory()
else:
    factory = None
board = start_board(config, 15, lambda command: None, pin_factory=factory, tick=False)
print("gpiozero" in sys.modules, board.buttons is not None)
board.close()
"""


def loaded(kind: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, kind], capture_output=True, text=True, check=True, timeout=60
    ).stdout.strip()


def test_the_mirror_alone_does_not_load_gpiozero() -> None:
    assert loaded("mirror") == "False False"


def test_buttons_load_it() -> None:
    assert loaded("buttons") == "True True"
