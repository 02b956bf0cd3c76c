"""The Thunderbirds rules inside the engine's session: a real SQLite log, undo and redo, resume after closing."""

from __future__ import annotations

from pathlib import Path

from companion.engine.chance import LiveChance
from companion.engine.registry import get
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.thunderbirds.actions import AdjustDisaster, AdjustPiece, Rescue
from companion.games.thunderbirds.rules import RULES, legal_actions

from .test_legal import pick


def test_a_whole_game_through_the_session(tmp_path: Path) -> None:
    assert get("thunderbirds") is RULES
    store = Store.open(tmp_path / "games.db")
    session = Session.new(store, RULES, {"players": 3, "difficulty": "standard"}, seed=42)
    chooser = LiveChance(7)
    states = [session.state]
    for _ in range(150):
        legal = legal_actions(session.state)
        if not legal:
            break
        session.dispatch(pick(legal, session.state, chooser))
        states.append(session.state)
    labels = [entry.label for entry in session.history()]
    assert all(labels) and len(labels) == len(states) - 1
    assert Session.rebuild_from_log(store, session.game_id) == session.state
    game_id = session.game_id
    store.close()

    store = Store.open(tmp_path / "games.db")
    resumed = Session.resume(store, game_id)
    assert resumed.state == states[-1]
    back = min(20, len(states) - 1)
    for _ in range(back):
        resumed.undo()
    assert resumed.state == states[-1 - back]
    for _ in range(back):
        resumed.redo()
    assert resumed.state == states[-1]
    summary = store.list_games()[0]
    assert summary is not None
    store.close()


def test_undoing_a_roll_and_redoing_it_rolls_the_same_dice(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "games.db")
    setup = {"players": 2, "difficulty": "introduction", "characters": ["virgil", "scott"]}
    session = Session.new(store, RULES, setup, seed=3)
    session.dispatch(AdjustDisaster("the-uninvited", 5))
    session.dispatch(AdjustPiece("tb2", "africa"))
    session.dispatch(Rescue("the-uninvited"))
    first = session.state.pending
    assert first is not None
    session.undo()
    session.redo()
    assert session.state.pending == first
    session.undo()
    session.dispatch(Rescue("the-uninvited"))
    assert session.state.pending == first  # no fishing: the PRNG came back with the undo
    store.close()
