"""Physical buttons on the table (gpiozero's MockFactory: real gpiozero code, simulated pins) press the same
buttons as a finger: end the turn, confirm the reveal."""

from __future__ import annotations

import os
from pathlib import Path


def test_table_buttons_end_the_turn_and_confirm(run_app) -> None:
    config = Path(os.environ["COMPANION_CONFIG"])
    config.write_text("[buttons]\nend_turn = 17\nconfirm = 27\nbounce_time = 0.02\n", encoding="utf-8")
    report = run_app("table_buttons", args={"end_turn": "17", "confirm": "27"}, env={"GPIOZERO_PIN_FACTORY": "mock"})
    assert report.ok, report.error
    assert report.notes["buttons"] == ["GPIO 17: end_turn", "GPIO 27: confirm"]
    assert report.notes["paused"] is True  # the first press only asked: three actions were left
    assert "ends the turn" in report.notes["label"]
    assert report.notes["reveal_closed"] is True
    assert report.layout_problems() == []
