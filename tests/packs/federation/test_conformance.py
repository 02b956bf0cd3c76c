"""Seeded random play over many seeds: every step keeps the invariants and survives encoding, every listed action
applies, and the engine's real Session on a real SQLite file replays, resumes, exports, undoes and redoes to equal
states."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine.chance import LiveChance
from companion.engine.errors import IllegalAction
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.federation.codec import decode_action, decode_state, encode_action, encode_state
from companion.games.federation.rules import RULES, apply

from .play import DEFS, check_invariants, play, setup_for, start

SEEDS = range(80)
#: Every how many steps each listed action is tried.
TRY_ALL_EVERY = 7


@pytest.mark.parametrize("seed", SEEDS)
def test_every_step_keeps_the_invariants_and_survives_encoding(seed: int) -> None:
    check_invariants(start(seed))
    for number, step in enumerate(play(seed, 160)):
        check_invariants(step.after)
        assert decode_state(encode_state(step.after)) == step.after
        assert decode_action(encode_action(step.action)) == step.action
        if number % TRY_ALL_EVERY == 0:
            for action in step.legal:
                try:
                    apply(step.before, action, LiveChance(step.before.rng), DEFS)
                except IllegalAction as refused:  # pragma: no cover - the message is the point
                    raise AssertionError(f"listed but refused: {action}: {refused.reason}") from None


def test_random_play_reaches_every_kind_of_event() -> None:
    """The random player explores, faces Enigmas, talks, builds, ends turns and wins: the checks above see them all."""
    wanted = {
        "Explored",
        "EnigmaAwaits",
        "EnigmaRolled",
        "ConsequenceRolled",
        "MinorRaceDestroyed",
        "DiplomacyRolled",
        "Built",
        "OwnerChanged",
        "PhaseStarted",
        "TurnEnded",
        "VictoryReached",
    }
    seen: set[str] = set()
    for seed in SEEDS:
        for step in play(seed, 160):
            seen.update(type(event).__name__ for event in step.events)
        if wanted <= seen:
            break
    assert wanted <= seen


@pytest.mark.parametrize("seed", range(10))
def test_the_session_on_sqlite_replays_resumes_exports_undoes_and_redoes_to_equal_states(
    seed: int, tmp_path: Path
) -> None:
    played = list(play(seed, 120))
    store = Store.open(tmp_path / "games.db")
    try:
        session = Session.new(store, RULES, setup_for(seed), seed)
        assert session.state == start(seed)
        for number, step in enumerate(played):
            session.dispatch(step.action)
            assert session.state == step.after, f"step {number}: {step.action}"
            if number % 11 == 0:
                session.undo()
                assert session.state == step.before
                session.redo()
                assert session.state == step.after
        final = played[-1].after
        assert Session.rebuild_from_log(store, session.game_id) == final
        assert Session.resume(store, session.game_id).state == final
        exported = tmp_path / "game.json"
        store.export_game(session.game_id, exported)
        imported = store.import_game(exported)
        assert Session.resume(store, imported).state == final
        session.undo_to(0)
        assert session.state == start(seed)
        assert Session.resume(store, session.game_id).state == start(seed)
    finally:
        store.close()


def test_a_redone_roll_shows_the_same_dice(tmp_path: Path) -> None:
    """Undo restores the dice's seed too: redoing an exploration reveals the same system, no fishing."""
    from companion.games.federation.actions import EnterSystem

    store = Store.open(tmp_path / "games.db")
    try:
        session = Session.new(store, RULES, {"races": ["klingon", "borg"], "systems": 4}, 99)
        first = session.dispatch(EnterSystem("s1", "borg"))
        session.undo()
        again = session.dispatch(EnterSystem("s1", "borg"))
        assert again.events == first.events
        assert again.state == first.state
    finally:
        store.close()
