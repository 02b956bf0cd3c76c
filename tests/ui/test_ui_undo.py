"""Undo and redo through the screen: the Table's undo, History's redo and "back to here", the same card on a
redone draw, and a new action dropping the redo tail."""

from __future__ import annotations


def test_undo_and_redo_by_touch(run_app) -> None:
    report = run_app("undo_redo", size="800x480", lang="en")
    assert report.ok, report.error
    notes = report.notes
    assert notes["played"] >= 3
    assert "ends the turn" in notes["last_label"]  # the undone and redone step is the disaster draw
    assert notes["after_undo_cursor"] == notes["played"] - 1
    assert notes["redo_matches_undo_state"] is True
    assert notes["redo_to_end_matches"] is True  # the same disaster card comes back
    assert notes["start_matches"] is True
    assert notes["forward_again_matches"] is True
    assert notes["redo_after_new_action"] is False
    assert notes["history_after_new_action"] == notes["played"]
    assert report.layout_problems() == []
