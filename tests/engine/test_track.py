"""Tracks: slots numbered from 1 that shift right keeping gaps, and a marker that stops on the last space."""

from __future__ import annotations

import pytest

from companion.engine.errors import IllegalAction
from companion.engine.track import MarkerTrack, SlotTrack


def test_shift_right_keeps_the_gaps() -> None:
    track = SlotTrack.empty(6).place(1, "a").place(2, "b").place(4, "c")
    shifted, overflow = track.shift_right()
    assert shifted.occupied() == ((2, "a"), (3, "b"), (5, "c"))
    assert overflow == ()
    assert track.occupied() == ((1, "a"), (2, "b"), (4, "c"))


def test_shift_right_pushes_the_last_card_off() -> None:
    track = SlotTrack(("a", None, "b"))
    shifted, overflow = track.shift_right()
    assert shifted.slots == (None, "a", None)
    assert overflow == ("b",)


def test_place_refuses_a_taken_or_missing_slot() -> None:
    track = SlotTrack.empty(3).place(2, "a")
    with pytest.raises(IllegalAction):
        track.place(2, "b")
    with pytest.raises(IllegalAction):
        track.place(0, "b")
    with pytest.raises(IllegalAction):
        track.place(4, "b")
    with pytest.raises(IllegalAction):
        track.place(1, "a")


def test_remove_slot_of_and_move() -> None:
    track = SlotTrack.empty(4).place(1, "a").place(3, "b")
    assert track.slot_of("b") == 3
    assert track.slot_of("zz") is None
    assert track.card_at(3) == "b" and track.card_at(2) is None
    assert track.remove("a").occupied() == ((3, "b"),)
    assert track.move("a", 4).occupied() == ((3, "b"), (4, "a"))
    assert track.move("a", 1) == track
    with pytest.raises(IllegalAction):
        track.move("a", 3)
    with pytest.raises(IllegalAction):
        track.remove("zz")
    assert not track.is_full
    assert SlotTrack(("a", "b")).is_full


def test_marker_advance_reports_the_spaces_entered_and_stops_at_the_end() -> None:
    marker = MarkerTrack(length=5, position=1)
    moved, entered = marker.advance(2)
    assert (moved.position, entered) == (3, (2, 3))
    moved, entered = moved.advance(4)
    assert (moved.position, entered) == (4, (4,))
    assert moved.is_at_end
    assert moved.advance() == (moved, ())
    assert marker.advance(0) == (marker, ())


def test_marker_move_to() -> None:
    marker = MarkerTrack(length=3)
    assert marker.move_to(2).position == 2
    with pytest.raises(IllegalAction):
        marker.move_to(3)
    with pytest.raises(ValueError):
        MarkerTrack(length=3, position=3)
    with pytest.raises(ValueError):
        marker.advance(-1)


@pytest.mark.parametrize(
    "slots",
    [
        ("a", None, "b"),
        (None, None, None),
        ("a", "b", "c"),
        (None, "a", None),
        ("x",),
        ("a", "x", None),
        ("a", None, "x"),
    ],
)
def test_push_in_is_shift_right_then_place_on_slot_one(slots: tuple[str | None, ...]) -> None:
    track = SlotTrack(slots)
    try:
        shifted, overflow = track.shift_right()
        expected: object = (shifted.place(1, "x"), overflow)
    except IllegalAction as refusal:
        expected = str(refusal)
    try:
        got: object = track.push_in("x")
    except IllegalAction as refusal:
        got = str(refusal)
    assert got == expected


def test_push_in_on_a_track_without_slots_is_refused_like_place() -> None:
    with pytest.raises(IllegalAction, match="slot 1"):
        SlotTrack(()).push_in("x")
