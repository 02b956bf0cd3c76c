"""Leaving a game for Home puts its lights out: the on-screen strip (and the board) shows no game's lights."""

from __future__ import annotations


def test_the_strip_goes_dark_when_the_game_is_left(run_app) -> None:
    report = run_app("lights_after_leaving")
    assert report.ok, report.error
    assert report.notes["lit_in_game"] > 0
    assert report.notes["lit_on_home"] == 0
