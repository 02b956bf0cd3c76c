"""The Table's action list starts at its top for each new turn, wherever the last player left it."""

from __future__ import annotations


def test_a_new_turn_shows_its_actions_from_the_top(run_app) -> None:
    report = run_app("table_scroll")
    assert report.ok, report.error
    notes = report.notes
    assert notes["overflows"], "the list must be longer than its area for this test to mean anything"
    assert notes["scrolled_before"] < 0.5  # scrolled away from the top
    assert notes["scrolled_after"] > 0.98 and abs(notes["gap_at_top_after"]) <= 1.5
