"""A kit game saved before the engine's turns model still resumes, to the very state it was left in.

`saved_before_turns.sql` is a saved-games database written by the companion before the kit kept its turns in the
engine's model (*Push Your Luck Dice Race*, three players, 223 actions with a stored state at step 200, one
player out, a step ticked, the last two actions undone), as `sqlite3`'s `.dump` prints it;
`saved_before_turns.json` is the state it was left in, as that version encoded it (its turn fields flat). Never
regenerate these two files."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from companion.engine.pack import Words
from companion.engine.session import Session
from companion.engine.store import Store
from companion.kit import actions as act

from .kits import registered

HERE = Path(__file__).resolve().parent


def test_a_kit_game_saved_before_the_turns_model_resumes_replays_and_redoes(tmp_path: Path) -> None:
    database = tmp_path / "companion.db"
    connection = sqlite3.connect(database)
    connection.executescript((HERE / "saved_before_turns.sql").read_text(encoding="utf-8"))
    connection.close()
    left = json.loads((HERE / "saved_before_turns.json").read_text(encoding="utf-8"))
    rules = registered("dice_race")
    with Store.open(database) as store:
        [saved] = store.list_games()
        assert (saved.game, saved.cursor, saved.action_count) == ("dice_race", 221, 223)
        session = Session.resume(store, saved.id)
        state = session.state
        assert rules.decode_state(left) == state  # the old form still reads, as the same state
        assert (state.round, state.phase, state.current, state.first_player) == (4, 1, 2, 2)
        assert (state.turns_taken, state.out, state.checked) == (2, (1,), ("bank",))
        assert rules.decode_state(rules.encode_state(state)) == state
        assert Session.rebuild_from_log(store, saved.id) == state
        session.redo()  # the two actions undone before it was saved
        assert session.state.turns_taken == 3 and session.state.checked == ()
        update = session.redo()
        assert (session.state.round, session.state.phase) == (4, 2)
        assert update.events == (act.PhaseStarted(4, "end"),)
        assert Session.resume(store, saved.id).state == session.state


def test_the_words_of_a_kit_game_saved_before_read_back_and_are_written_again_as_they_were() -> None:
    left = json.loads((HERE / "saved_before_turns.json").read_text(encoding="utf-8"))
    rules = registered("dice_race")
    state = rules.decode_state(left)
    assert state.kit.title == Words("Push Your Luck Dice Race", "La course du quitte ou double", frozenset({"fr"}))
    assert [seat.text("fr") for seat in state.kit.seat_names[:2]] == ["Rouge", "Bleu"]
    again = rules.encode_state(state)["kit"]
    assert again == left["kit"]  # every text of the definition, field by field, as that version wrote it
    assert list(again["title"]) == ["en", "fr", "translated"]
