"""The state's small helpers: copying with changes, the die, where things are."""

from __future__ import annotations

import pytest

from companion.games.thunderbirds.state import DIE, HOOD_FACE, PendingRescue, evolve

from .positions import game


def test_evolve_copies_with_changes_and_refuses_unknown_fields() -> None:
    state = game()
    moved = evolve(state, hood=3)
    assert moved.hood == 3 and state.hood == 0 and moved.players is state.players
    with pytest.raises(TypeError, match="no field"):
        evolve(state, hod=3)


def test_the_die_face_index_is_its_value_and_the_hood_adds_nothing() -> None:
    assert [face.value for face in DIE.faces] == [0, 1, 2, 3, 4, 5]
    assert DIE.faces[HOOD_FACE].symbol == "hood"
    rescue = PendingRescue(0, "sun-probe", (2, HOOD_FACE), teamwork=1, bonus=7)
    assert rescue.score == 11 and rescue.hood_faces == 1
    assert PendingRescue(0, "x", (HOOD_FACE, HOOD_FACE), ignored_die=0).hood_faces == 1


def test_where_characters_are() -> None:
    state = game(position={"vehicles": {"tb2": "asia"}, "cargo": ["tb4"]})
    assert state.character_region("gordon") == "asia"  # in Thunderbird 4, inside Thunderbird 2
    assert state.occupants("tb2") == ("virgil",)
    assert state.is_played("virgil") and not state.is_played("john")
