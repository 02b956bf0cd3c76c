"""Seeded play (random legal actions mixed with the bot's choices, and whole bot games) checking after every step
that every card, counter and pawn is accounted for; that every listed action applies and every bot choice is
listed; that states survive encoding; and that the engine's real Session on a real SQLite store replays, resumes,
exports, undoes and redoes to equal states."""

from __future__ import annotations

import tempfile
from pathlib import Path

from depth import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.engine.errors import IllegalAction
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.warpspawn_thunderbirds.codec import decode_action, decode_state, encode_action, encode_state
from companion.games.warpspawn_thunderbirds.loader import default_definitions
from companion.games.warpspawn_thunderbirds.rules import RULES, apply
from companion.games.warpspawn_thunderbirds.simulate import start, steps

from .invariants import check_invariants
from .play import play

DEFS = default_definitions()
TRY_ALL_EVERY = 9

games = st.tuples(
    st.integers(min_value=0, max_value=2**63 - 1),  # seed
    st.integers(min_value=2, max_value=4),  # players
    st.sampled_from(DEFS.sizes),
    st.sampled_from((0, 50, 90)),  # how often the bot chooses, in percent
)


@settings(max_examples=examples(40), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_every_step_keeps_the_invariants_and_survives_encoding(game: tuple[int, int, int, int]) -> None:
    seed, players, size, bot_percent = game
    check_invariants(start(players, size, seed, DEFS), DEFS)
    for number, step in enumerate(play(players, size, seed, bot_percent, 400, DEFS)):
        check_invariants(step.after, DEFS)
        assert decode_state(encode_state(step.after)) == step.after
        assert decode_action(encode_action(step.action)) == step.action
        assert step.action in step.legal or type(step.action).__name__ in ("PlayDelay", "PlayQuickResponder")
        if number % TRY_ALL_EVERY == 0:
            for action in step.legal:
                try:
                    apply(step.before, action, LiveChance(step.before.rng), DEFS)
                except IllegalAction as refused:  # pragma: no cover - the message is the point
                    raise AssertionError(f"listed but refused: {action}: {refused.reason}") from None


def test_bot_games_keep_the_invariants_and_end() -> None:
    for players in (2, 3, 4):
        for size in DEFS.sizes:
            for seed in range(3):
                last = None
                for step in steps(players, size, seed * 31 + players, DEFS):
                    check_invariants(step.after, DEFS)
                    assert step.action in RULES.legal_actions(step.before), step.action
                    last = step.after
                assert last is not None and last.outcome is not None


@settings(max_examples=examples(10), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_session_on_sqlite_replays_resumes_exports_and_undoes_to_equal_states(game: tuple[int, int, int, int]) -> None:
    seed, players, size, bot_percent = game
    played = list(play(players, size, seed, bot_percent, 150, DEFS))
    setup = {"players": players, "size": size}
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder) / "games.db")
        try:
            session = Session.new(store, RULES, setup, seed)
            assert session.state == start(players, size, seed, DEFS)
            for number, step in enumerate(played):
                session.dispatch(step.action)
                assert session.state == step.after, f"step {number}: {step.action}"
                if number % 13 == 0:
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


def test_the_registry_finds_the_pack_by_name() -> None:
    assert registry.get("warpspawn_thunderbirds") is RULES
