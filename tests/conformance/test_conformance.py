"""Seeded random play from `legal_actions` (mixed with the bot's choices so games get deep), checking after every
step that every card and token is accounted for and every piece is where it may be; that every listed action
applies; that states survive encoding; and that the engine session on a real SQLite store replays, resumes,
exports, undoes and redoes to equal states."""

from __future__ import annotations

import tempfile
from pathlib import Path

from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.chance import LiveChance
from companion.engine.errors import IllegalAction
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.thunderbirds.codec import decode_state, encode_state
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.rules import RULES, apply
from companion.games.thunderbirds.simulate import steps as bot_steps

from .invariants import check_invariants
from .play import play, setup_of, start

DEFS = default_definitions()
DIFFICULTIES = tuple(DEFS.difficulties)
#: Every how many steps each listed action is tried (trying all of them at every step would be slow).
TRY_ALL_EVERY = 5

games = st.tuples(
    st.integers(min_value=0, max_value=2**63 - 1),  # seed
    st.integers(min_value=1, max_value=4),  # players
    st.sampled_from(DIFFICULTIES),
    st.sampled_from((0, 50, 90)),  # how often the bot chooses, in percent
)


@settings(max_examples=examples(120), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_every_step_keeps_the_invariants_and_survives_encoding(game: tuple[int, int, str, int]) -> None:
    seed, players, difficulty, bot_percent = game
    first = start(players, difficulty, seed, DEFS)
    check_invariants(first, DEFS)
    for number, step in enumerate(play(players, difficulty, seed, bot_percent, 300, DEFS)):
        check_invariants(step.after, DEFS)
        assert decode_state(encode_state(step.after)) == step.after
        if number % TRY_ALL_EVERY == 0:
            for action in step.legal:
                try:
                    apply(step.before, action, LiveChance(step.before.rng), DEFS)
                except IllegalAction as refused:  # pragma: no cover - the failure message is the point
                    raise AssertionError(f"listed but refused: {action}: {refused.reason}") from None


@settings(max_examples=examples(8), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_session_on_sqlite_replays_resumes_exports_and_undoes_to_equal_states(game: tuple[int, int, str, int]) -> None:
    seed, players, difficulty, bot_percent = game
    played = list(play(players, difficulty, seed, bot_percent, 150, DEFS))
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder) / "games.db")
        try:
            session = Session.new(store, RULES, setup_of(players, difficulty), seed)
            assert session.state == start(players, difficulty, seed, DEFS)
            for number, step in enumerate(played):
                session.dispatch(step.action)
                assert session.state == step.after, f"step {number}: {step.action}"
                if number % 17 == 0:
                    session.undo()
                    assert session.state == step.before
                    session.redo()
                    assert session.state == step.after
            final = played[-1].after if played else session.state
            assert Session.rebuild_from_log(store, session.game_id) == final
            assert Session.resume(store, session.game_id).state == final
            exported = Path(folder) / "game.json"
            store.export_game(session.game_id, exported)
            imported = store.import_game(exported)
            assert Session.resume(store, imported).state == final
        finally:
            store.close()


def test_bot_games_keep_the_invariants_too() -> None:
    for players in (1, 2, 3, 4):
        for seed, difficulty in enumerate(DIFFICULTIES):
            for step in bot_steps(players, difficulty, seed * 7 + players, DEFS):
                check_invariants(step.after, DEFS)
