"""A game's data changing under its saved games (the players completed or corrected a card): every saved game keeps
the position it reached with the data it was played with (`pin_saved_games` before the change), resumes exactly,
redoes the steps as they were played, and an undo that would replay old steps with the new data stops there and
says why. The game here reads a value of its data at every step, as Thunderbirds reads a card's effect."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.engine import registry
from companion.engine.chance import Chance
from companion.engine.errors import IllegalAction
from companion.engine.session import Session, pin_saved_games
from companion.engine.store import Store

from .toygame import SETUP as TOY_SETUP
from .toygame import Roll as ToyRoll

#: The game's data, as an overlay file would give it: what a Score is worth.
DATA = {"points": 1}


@dataclass(frozen=True)
class Tally:
    counter: int
    rng: int = 0


@dataclass(frozen=True)
class Score:
    pass


@dataclass(frozen=True)
class Spend:
    pass


class TallyRules:
    name = "tally"
    state_format = 1

    def initial_state(self, setup: Mapping[str, Any], chance: Chance) -> Tally:
        return Tally(0)

    def apply(self, state: Tally, action: Score | Spend, chance: Chance) -> tuple[Tally, tuple[Any, ...]]:
        if isinstance(action, Score):
            return dataclasses.replace(state, counter=state.counter + DATA["points"]), ()
        if state.counter < 2:
            raise IllegalAction("Spending takes 2.")
        return dataclasses.replace(state, counter=state.counter - 2), ()

    def describe(self, action: Score | Spend, state: Tally) -> str:
        return type(action).__name__

    def encode_action(self, action: Score | Spend) -> dict[str, Any]:
        return {"type": type(action).__name__}

    def decode_action(self, data: Mapping[str, Any]) -> Score | Spend:
        return Score() if data["type"] == "Score" else Spend()

    def encode_state(self, state: Tally) -> dict[str, Any]:
        return {"counter": state.counter, "rng": state.rng}

    def decode_state(self, data: Mapping[str, Any]) -> Tally:
        return Tally(data["counter"], data["rng"])

    def summary(self, state: Tally) -> dict[str, Any]:
        return {"counter": state.counter}


@pytest.fixture(autouse=True)
def tally() -> Iterator[None]:
    registry.register(TallyRules())
    DATA["points"] = 1
    yield
    DATA["points"] = 1
    registry.forget("tally")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store.open(tmp_path / "companion.db")
    yield opened
    opened.close()


def played(store: Store, *actions: Score | Spend) -> Session:
    session = Session.new(store, registry.get("tally"), {}, 7)
    for action in actions:
        session.dispatch(action)
    return session


def test_a_saved_game_resumes_as_played_after_its_data_changed(store: Store) -> None:
    session = played(store, Score(), Score(), Score())
    assert pin_saved_games(store, "tally") == 1
    DATA["points"] = 5
    resumed = Session.resume(store, session.game_id)
    assert (resumed.cursor, resumed.state.counter) == (3, 3)
    resumed.dispatch(Score())  # played with the new data
    again = Session.resume(store, session.game_id)
    assert (again.cursor, again.state.counter) == (4, 8)


def test_without_the_pin_the_same_log_replays_into_another_game(store: Store) -> None:
    """Why the pin is taken: the log alone, replayed with the new data, is not the game that was played."""
    session = played(store, Score(), Score(), Score())
    DATA["points"] = 5
    assert Session.resume(store, session.game_id).state.counter == 15


def test_undo_across_the_change_stops_there_and_says_why(store: Store) -> None:
    session = played(store, Score(), Score(), Score())
    pin_saved_games(store, "tally")
    DATA["points"] = 5
    resumed = Session.resume(store, session.game_id)
    with pytest.raises(IllegalAction, match="Undo stops at step 3: the cards were changed there"):
        resumed.undo()
    assert (resumed.cursor, resumed.state.counter) == (3, 3)
    assert Session.resume(store, session.game_id).cursor == 3


def test_undo_goes_on_where_the_change_made_no_difference(store: Store) -> None:
    session = played(store, Score(), Score(), Score())
    pin_saved_games(store, "tally")
    resumed = Session.resume(store, session.game_id)  # the data changed elsewhere: these steps replay the same
    assert resumed.undo().state.counter == 2 and resumed.undo().state.counter == 1


def test_undo_to_the_start_is_checked_too(store: Store) -> None:
    """The setup is rebuilt with today's data: back to the start is refused when the first steps no longer lead
    where they did."""
    session = played(store, Score(), Score())
    pin_saved_games(store, "tally")
    DATA["points"] = 4
    resumed = Session.resume(store, session.game_id)
    with pytest.raises(IllegalAction, match="Undo stops at step 2"):
        resumed.undo_to(0)


def test_redo_gives_the_steps_as_they_were_played(store: Store) -> None:
    session = played(store, Score(), Score(), Score())
    session.undo()
    session.undo()
    pin_saved_games(store, "tally")
    DATA["points"] = 5
    resumed = Session.resume(store, session.game_id)
    assert [resumed.redo().state.counter, resumed.redo().state.counter] == [2, 3]


def test_a_new_step_after_an_undo_across_the_change_keeps_the_game_exact(store: Store) -> None:
    """The open game undoes below the change from memory (exact), then plays on with the new data: the stored
    state the undo came back to is kept, so a resume never replays the old steps with the new data."""
    session = played(store, Score(), Score(), Score())
    pin_saved_games(store, "tally", live=session)
    DATA["points"] = 5
    assert session.undo().state.counter == 2
    session.dispatch(Score())
    assert session.state.counter == 7
    resumed = Session.resume(store, session.game_id)
    assert (resumed.cursor, resumed.state.counter) == (3, 7)


def test_a_position_that_no_longer_replays_resumes_at_the_stored_state(store: Store) -> None:
    """Undone below the change, then the power went: the undone position does not replay with the new data (the
    Spend no longer fits), so the game resumes at the stored state after it, exact, its log whole."""
    session = played(store, Score(), Score(), Spend())
    pin_saved_games(store, "tally", live=session)
    DATA["points"] = 0
    session.undo()
    resumed = Session.resume(store, session.game_id)
    assert (resumed.cursor, resumed.state.counter) == (3, 0)
    assert len(resumed.history()) == 3


def test_every_saved_game_of_that_game_is_pinned_and_no_other(store: Store) -> None:
    first = played(store, Score(), Score())
    second = played(store, Score())
    other = Session.new(store, registry.get("toy"), TOY_SETUP, 3)
    other.dispatch(ToyRoll())
    assert pin_saved_games(store, "tally", live=second) == 2
    assert store.snapshot_seqs(first.game_id) == (2,) and store.snapshot_seqs(second.game_id) == (1,)
    assert store.snapshot_seqs(other.game_id) == ()
    assert pin_saved_games(store, "tally") == 0  # already pinned, not played since
    first_again = Session.resume(store, first.game_id)
    first_again.dispatch(Score())
    assert pin_saved_games(store, "tally") == 1 and store.snapshot_seqs(first.game_id) == (2, 3)
