"""Picking Thunderbirds on the Board, back and forth, in the real app: each pick shows that Thunderbird's
operations and hint, and a pick seen before reuses what the Board made for it (the operation buttons, the
picked button's and the hint's textures) instead of making them again. The map and the buttons stay
layout-clean throughout.

The scenario runs through tests/ui/driver.py; it is registered here rather than in scenarios.py."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from runs import scenario_notes

SCENARIO = r"""
def board_picks(pilot, out, args, notes):
    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    player = AutoPlayer(pilot, None, PlayReport(), check_layout=False)
    yield from player.at_table(actions=6)
    pilot.tap("open:board")
    yield pilot.settle(frames=1)
    board = pilot.app.screen_manager.get_screen("board")
    picks = []
    for vehicle in ("tb2", "tb1", "tb2", "tb1"):
        yield pilot.button(f"vehicle:{vehicle}")
        pilot.tap(f"vehicle:{vehicle}")
        # Kivy holds a tapped button down for a moment: read it once it shows the pick.
        yield pilot.until(lambda: pilot.find(f"vehicle:{vehicle}").state == "normal", "the button released")
        yield pilot.settle(frames=2)
        chip = pilot.find(f"vehicle:{vehicle}")
        view = board._view(pilot.app.controller.snapshot)
        shown = [b for b in reversed(board.ids.operations.children)]
        picks.append({
            "vehicle": vehicle,
            "operations": [b.action_key for b in shown],
            "operation_labels": [b.text for b in shown],
            "expected": [o.key for o in view.operations],
            "expected_labels": [o.label for o in view.operations],
            "button_ids": [id(b) for b in shown],
            "chip_texture": id(chip.texture),
            "chip_size": list(chip.texture_size),
            "hint": board.ids.hint.text,
            "expected_hint": view.hint,
            "hint_texture": id(board.ids.hint.texture),
            "problems": [str(p) for p in pilot.check_layout(f"board-{vehicle}-{len(picks)}")],
        })
    notes["picks"] = picks
"""


@pytest.fixture(scope="module")
def picks(xvfb_display: str, tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    notes = scenario_notes(xvfb_display, tmp_path_factory.mktemp("board-picks"), "board_picks", SCENARIO)
    return notes["picks"]


def test_each_pick_shows_that_thunderbirds_operations_and_hint(picks: list[dict[str, Any]]) -> None:
    for pick in picks:
        assert pick["operations"] == pick["expected"], pick["vehicle"]
        assert pick["operation_labels"] == pick["expected_labels"], pick["vehicle"]
        assert pick["hint"] == pick["expected_hint"] and pick["hint"], pick["vehicle"]
        assert pick["chip_size"][0] > 0
        assert pick["problems"] == [], pick["vehicle"]
    assert picks[0]["operations"] != picks[1]["operations"]  # the two Thunderbirds offer different things


def test_a_pick_seen_before_reuses_what_was_made_for_it(picks: list[dict[str, Any]]) -> None:
    first_tb2, first_tb1, second_tb2, second_tb1 = picks
    assert second_tb2["button_ids"] == first_tb2["button_ids"]
    assert second_tb1["button_ids"] == first_tb1["button_ids"]
    assert second_tb2["chip_texture"] == first_tb2["chip_texture"]
    assert second_tb2["hint_texture"] == first_tb2["hint_texture"]
    assert second_tb1["hint_texture"] == first_tb1["hint_texture"]
    assert first_tb2["hint_texture"] != first_tb1["hint_texture"]
