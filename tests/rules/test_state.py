"""The state's small helpers: copying with changes, the die, where things are."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest

from companion.games.thunderbirds import events
from companion.games.thunderbirds.state import (
    DIE,
    HOOD_FACE,
    Hand,
    PendingRescue,
    assign,
    evolve,
    lookup,
    quick_init,
    reassign,
)

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


def test_evolve_keeps_the_original_and_gives_a_frozen_equal_copy() -> None:
    state = game()
    same = evolve(state)
    assert same == state and same is not state and same.__dict__ is not state.__dict__
    with pytest.raises(dataclasses.FrozenInstanceError):
        same.hood = 4
    assert state.hood == 0


@quick_init
@dataclass(frozen=True)
class _Record:
    name: str
    count: int = 2
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class _PlainRecord:
    name: str
    count: int = 2
    tags: tuple[str, ...] = ()


def test_quick_init_records_behave_like_their_dataclass() -> None:
    quick, plain = _Record("a", tags=("x",)), _PlainRecord("a", tags=("x",))
    assert dataclasses.astuple(quick) == dataclasses.astuple(plain) == ("a", 2, ("x",))
    assert quick == _Record("a", 2, ("x",)) and hash(quick) == hash(_Record("a", 2, ("x",)))
    assert repr(quick) == repr(plain).replace("_PlainRecord", "_Record")
    assert quick != _Record("a", 3, ("x",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        quick.count = 5
    with pytest.raises(TypeError):
        _Record()
    with pytest.raises(TypeError):
        _Record("a", 1, (), 4)
    with pytest.raises(TypeError):
        _Record("a", nonsense=1)


def test_quick_init_refuses_what_it_cannot_copy() -> None:
    with pytest.raises(TypeError):

        @quick_init
        @dataclass(frozen=True)
        class _Checked:
            value: int

            def __post_init__(self) -> None:
                pass

    with pytest.raises(TypeError):

        @quick_init
        @dataclass(frozen=True)
        class _Listed:
            items: tuple[int, ...] = dataclasses.field(default_factory=tuple)


def test_events_and_hands_keep_their_defaults() -> None:
    assert events.VehicleMoved("tb1", "asia", "europe").carried == ()
    assert Hand("john").tokens == (0, 0, 0, 0, 0) and Hand("john").fabs == ()
    assert PendingRescue(0, "x", (1, 2)).rerolls == 0


def test_reassign_is_lookup_then_assign() -> None:
    pairs = (("tb1", "asia"), ("tb2", "europe"))
    for key in ("tb1", "tb2", "tb3"):
        assert reassign(pairs, key, "africa") == (lookup(pairs, key), assign(pairs, key, "africa"))
    assert reassign((), "tb1", "asia") == (None, (("tb1", "asia"),))
