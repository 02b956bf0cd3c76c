"""The session: dispatch, undo and redo that survive restarts, replay equality, observers after commit."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.engine import session as session_module
from companion.engine.errors import IllegalAction, ReplayMismatch, StoreFull
from companion.engine.session import SNAPSHOT_EVERY, HistoryEntry, Session, Update
from companion.engine.store import Store

from .toygame import DIE, RULES, SEED, SETUP, Discard, Draw, Drew, Place, Roll, Rolled, Shift, play, scripted_states


def count_actions(path: Path) -> int:
    connection = sqlite3.connect(path)
    try:
        return int(connection.execute("SELECT COUNT(*) FROM actions").fetchone()[0])
    finally:
        connection.close()


def test_new_game_is_saved_with_its_setup(session: Session, store: Store) -> None:
    assert session.state == scripted_states(0)[0]
    assert session.cursor == 0 and not session.can_undo and not session.can_redo
    record = store.load(session.game_id)
    assert record.game == "toy" and record.setup == SETUP and record.seed == SEED
    assert record.summary == RULES.summary(session.state)
    assert Session.rebuild_from_log(store, session.game_id) == session.state


def test_dispatch_applies_saves_and_reports(session: Session, db_path: Path) -> None:
    update = session.dispatch(Roll())
    assert update.kind == "action"
    assert update.entry == HistoryEntry(1, "Roll", False)
    assert isinstance(update.events[0], Rolled)
    assert update.state is session.state
    assert session.state.counter == scripted_states(0)[0].counter + update.events[0].face.value
    assert count_actions(db_path) == 1


def test_the_scripted_game_matches_the_pure_computation(session: Session) -> None:
    expected = scripted_states(250)
    play(session, 250)
    assert session.state == expected[250]
    assert session.state_at(0) == expected[0]
    assert session.state_at(123) == expected[123]


def test_undo_a_roll_then_redo_gives_the_same_outcome(session: Session) -> None:
    first = session.dispatch(Roll())
    before = session.undo()
    assert before.kind == "undo" and before.entry == HistoryEntry(1, "Roll", True)
    assert before.state == scripted_states(0)[0]
    again = session.redo()
    assert again.kind == "redo"
    assert again.events == first.events
    assert again.state == first.state
    session.undo()
    same = session.dispatch(Roll())
    assert same.events == first.events and same.state == first.state


def test_undo_of_a_draw_restores_the_prng_so_the_same_card_comes(session: Session) -> None:
    drew = session.dispatch(Draw()).events[0]
    session.undo()
    assert session.dispatch(Draw()).events[0] == drew
    assert isinstance(drew, Drew)


def test_undo_then_a_new_action_drops_the_redo_tail(session: Session, store: Store) -> None:
    session.dispatch(Roll())
    session.dispatch(Draw())
    session.dispatch(Roll())
    session.undo()
    session.undo()
    assert [e.is_undone for e in session.history()] == [False, True, True]
    session.dispatch(Shift())
    assert session.history() == (HistoryEntry(1, "Roll", False), HistoryEntry(2, "Shift", False))
    assert not session.can_redo
    assert [a.label for a in store.load(session.game_id).actions] == ["Roll", "Shift"]
    with pytest.raises(IllegalAction):
        session.redo()


def test_undo_and_redo_survive_a_restart(db_path: Path) -> None:
    with Store.open(db_path) as store:
        session = Session.new(store, RULES, SETUP, SEED)
        play(session, 12)
        rolled = session.dispatch(Roll())
        session.undo()
        session.undo()
        game_id = session.game_id
        state_after_undo = session.state
        history = session.history()
    with Store.open(db_path) as store:
        resumed = Session.resume(store, game_id)
        assert resumed.state == state_after_undo
        assert resumed.history() == history
        assert resumed.cursor == 11 and resumed.can_redo
        resumed.redo()
        redone = resumed.redo()
        assert redone.state == rolled.state and redone.events == rolled.events
    with Store.open(db_path) as store:
        resumed = Session.resume(store, game_id)
        assert resumed.state == rolled.state
        resumed.undo()
        resumed.dispatch(Shift())
    with Store.open(db_path) as store:
        resumed = Session.resume(store, game_id)
        assert resumed.cursor == 13 and not resumed.can_redo
        assert resumed.history()[-1] == HistoryEntry(13, "Shift", False)
        assert Session.rebuild_from_log(store, game_id) == resumed.state


def test_nothing_to_undo_or_redo(session: Session) -> None:
    with pytest.raises(IllegalAction):
        session.undo()
    with pytest.raises(IllegalAction):
        session.redo()


def test_undo_to_jumps_back_and_forth(session: Session, store: Store) -> None:
    expected = scripted_states(40)
    play(session, 40)
    back = session.undo_to(10)
    assert back.kind == "undo" and back.state == expected[10] and back.entry == HistoryEntry(11, "Roll", True)
    assert store.load(session.game_id).cursor == 10
    forward = session.undo_to(35)
    assert forward.kind == "redo" and forward.state == expected[35]
    assert forward.entry is not None and forward.entry.seq == 35
    assert session.undo_to(0).state == expected[0]
    assert session.undo_to(0).kind == "load"
    session.undo_to(7)
    assert session.as_update() == Update("load", expected[7], (), HistoryEntry(7, session.history()[6].label, False))
    with pytest.raises(IllegalAction):
        session.undo_to(41)
    assert Session.resume(store, session.game_id).state == expected[7]


def test_encoded_states_decode_to_the_same_state(session: Session) -> None:
    expected = scripted_states(300)
    for state in expected:
        assert RULES.decode_state(RULES.encode_state(state)) == state


def test_rebuild_from_log_equals_the_live_state(session: Session, store: Store) -> None:
    play(session, SNAPSHOT_EVERY + 37)
    session.undo_to(SNAPSHOT_EVERY + 5)
    assert Session.rebuild_from_log(store, session.game_id) == session.state


def test_snapshots_are_stored_every_n_actions_and_used_on_resume(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = scripted_states(2 * SNAPSHOT_EVERY + 10)
    with Store.open(db_path) as store:
        session = Session.new(store, RULES, SETUP, SEED)
        play(session, 2 * SNAPSHOT_EVERY + 10)
        assert store.snapshot_seqs(session.game_id) == (SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY)
        game_id = session.game_id
    replayed: list[int] = []
    original = Session._apply_logged

    def counting(self: Session, state: Any, entry: Any) -> Any:
        replayed.append(entry.seq)
        return original(self, state, entry)

    monkeypatch.setattr(Session, "_apply_logged", counting)
    with Store.open(db_path) as store:
        resumed = Session.resume(store, game_id)
        assert resumed.state == expected[-1]
        assert replayed == list(range(2 * SNAPSHOT_EVERY + 1, 2 * SNAPSHOT_EVERY + 11))


def test_a_changed_state_format_ignores_old_snapshots(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Store.open(db_path) as store:
        session = Session.new(store, RULES, SETUP, SEED)
        play(session, SNAPSHOT_EVERY + 3)
        expected = session.state
        game_id = session.game_id
    with Store.open(db_path) as store:
        store.put_snapshot(game_id, SNAPSHOT_EVERY, {"garbage": True})
    monkeypatch.setattr(RULES, "state_format", 2, raising=False)
    with Store.open(db_path) as store:
        assert Session.resume(store, game_id).state == expected
        assert store.load(game_id).state_format == 2
        assert store.snapshot_seqs(game_id) == (SNAPSHOT_EVERY + 3,)


def test_a_long_replay_leaves_a_snapshot_for_next_time(store: Store, tmp_path: Path) -> None:
    session = Session.new(store, RULES, SETUP, SEED)
    play(session, SNAPSHOT_EVERY + 20)
    store.export_game(session.game_id, tmp_path / "g.json")
    imported = store.import_game(tmp_path / "g.json")
    assert store.snapshot_seqs(imported) == ()
    assert Session.resume(store, imported).state == session.state
    assert store.snapshot_seqs(imported) == (SNAPSHOT_EVERY + 20,)


def test_an_illegal_action_changes_and_writes_nothing(session: Session, db_path: Path) -> None:
    play(session, 5)
    calls: list[Update] = []
    session.subscribe(calls.append)
    state, history = session.state, session.history()
    before = count_actions(db_path)
    with pytest.raises(IllegalAction):
        session.dispatch(Discard("not-a-card"))
    occupied = session.state.track.occupied()
    if occupied:
        session.dispatch(Draw())
        with pytest.raises(IllegalAction):
            session.dispatch(Place(session.state.hand[0], occupied[0][0]))
        state, history, before = session.state, session.history(), before + 1
        calls.clear()
    assert session.state == state and session.history() == history
    assert count_actions(db_path) == before
    assert calls == []


def test_a_tampered_log_is_reported_as_a_mismatch(session: Session, store: Store) -> None:
    session.dispatch(Roll())
    store._db.execute("UPDATE actions SET outcomes = '[9]'")
    with pytest.raises(ReplayMismatch):
        Session.resume(store, session.game_id)
    store._db.execute("UPDATE actions SET outcomes = '[1, 1]'")
    with pytest.raises(ReplayMismatch):
        Session.resume(store, session.game_id)
    store._db.execute("""UPDATE actions SET outcomes = '[]', action = '{"type": "discard", "card": "zz"}'""")
    with pytest.raises(ReplayMismatch):
        Session.resume(store, session.game_id)


def test_observers_hear_only_after_the_commit(session: Session, db_path: Path) -> None:
    seen: list[tuple[str, int, Any]] = []

    def observer(update: Update) -> None:
        # A second connection sees the row: the action was committed before anyone was told.
        connection = sqlite3.connect(db_path)
        try:
            cursor = connection.execute("SELECT cursor FROM games").fetchone()[0]
            stored = connection.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        finally:
            connection.close()
        seen.append((update.kind, cursor, stored))

    session.subscribe(observer)
    session.dispatch(Roll())
    session.dispatch(Draw())
    session.undo()
    session.redo()
    assert seen == [("action", 1, 1), ("action", 2, 2), ("undo", 1, 2), ("redo", 2, 2)]


def test_a_failing_observer_is_logged_and_does_not_break_the_session(
    session: Session, caplog: pytest.LogCaptureFixture
) -> None:
    heard: list[Update] = []

    def broken(update: Update) -> None:
        raise RuntimeError("boom")

    session.subscribe(broken)
    unsubscribe = session.subscribe(heard.append)
    with caplog.at_level(logging.ERROR, logger=session_module.__name__):
        session.dispatch(Roll())
    assert len(heard) == 1
    assert "observer" in caplog.text
    unsubscribe()
    unsubscribe()
    session.dispatch(Roll())
    assert len(heard) == 1 and session.cursor == 2


def test_forced_rolls_are_logged_and_replayed(session: Session, store: Store) -> None:
    update = session.dispatch(Roll(), forced_rolls=[5])
    assert update.events == (Rolled(DIE.faces[5]),)
    assert store.load(session.game_id).actions[0].outcomes == (5,)
    session.undo()
    assert session.redo().events == update.events
    assert Session.rebuild_from_log(store, session.game_id) == session.state


def test_forced_rolls_at_setup(store: Store) -> None:
    session = Session.new(store, RULES, SETUP, SEED, forced_rolls=[5])
    assert session.state.last_roll.symbol == "hood"
    assert Session.rebuild_from_log(store, session.game_id) == session.state


def test_a_full_disk_refuses_the_action_and_the_session_carries_on(session: Session, store: Store) -> None:
    play(session, 5)
    heard: list[Update] = []
    session.subscribe(heard.append)
    (pages,) = store._db.execute("PRAGMA page_count").fetchone()
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    refused = None
    for _ in range(5000):
        state, history = session.state, session.history()
        try:
            session.dispatch(Roll())
        except StoreFull as error:
            refused = error
            break
    assert refused is not None
    assert session.state == state and session.history() == history
    assert len(heard) == session.cursor - 5
    store._db.execute("PRAGMA max_page_count = 1000000")
    session.dispatch(Roll())
    session.undo()
    session.redo()
    assert Session.resume(store, session.game_id).state == session.state


def test_the_setup_is_seen_exactly_as_a_replay_will_see_it(store: Store) -> None:
    setup = {"piles": (("x", "y"), ("z",)), "slots": 2, "reshuffle": "never"}
    session = Session.new(store, RULES, setup, 3)
    assert Session.resume(store, session.game_id).state == session.state
