"""Conformance of every game of the registry (and the test packs), through the pack contract alone: seeded play
from `Pack.random_action` in which every listed action applies and changes nothing it was given; states and
actions that survive encoding; and the engine session on a real SQLite store that replays, resumes, exports,
imports, undoes and redoes to equal states. A new pack gets these for free; Thunderbirds' own invariants (every
card and token accounted for) are in test_conformance.py."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from depth import Depth
from packs import drill_games, use

from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.engine.errors import IllegalAction
from companion.engine.rng import seed_state
from companion.engine.session import Session
from companion.engine.store import Store

SEEDS = (1, 7, 2024)
MAX_STEPS = 120


def setups(pack: Any) -> Iterator[dict[str, Any]]:
    low, high = pack.info.players
    for players in range(low, high + 1):
        options = {option.key: option.choices[players % len(option.choices)].value for option in pack.info.options}
        yield dict(pack.setup_for(players, options))


def played(pack: Any, setup: dict[str, Any], seed: int) -> Iterator[tuple[Any, Any, Any]]:
    """(before, action, after) for each step of a seeded game, chosen by the pack's `random_action`."""
    rules = pack.rules
    chance = LiveChance(seed_state(seed))
    state = dataclasses.replace(rules.initial_state(json.loads(json.dumps(setup)), chance), rng=chance.rng_after)
    picker = random.Random(seed)
    for _ in range(MAX_STEPS):
        action = pack.random_action(state, picker.choice)
        if action is None:
            return
        chance = LiveChance(state.rng)
        after, _events = rules.apply(state, action, chance)
        after = dataclasses.replace(after, rng=chance.rng_after)
        yield state, action, after
        state = after


@pytest.fixture(params=drill_games())
def pack(request: pytest.FixtureRequest) -> Any:
    use(request.param)
    return registry.pack(request.param)


def test_every_listed_action_applies_and_everything_survives_encoding(pack: Any, depth: Depth) -> None:
    rules = pack.rules
    for setup in setups(pack):
        for seed in depth.conformance_seeds():
            steps = 0
            for before, action, after in played(pack, setup, seed):
                steps += 1
                assert rules.decode_state(json.loads(json.dumps(rules.encode_state(after)))) == after
                assert rules.decode_action(json.loads(json.dumps(rules.encode_action(action)))) == action
                encoded = rules.encode_state(before)
                for other in pack.legal_actions(before):
                    try:
                        rules.apply(before, other, LiveChance(before.rng))
                    except IllegalAction as refused:  # pragma: no cover - the message is the point
                        raise AssertionError(f"listed but refused: {other}: {refused.reason}") from None
                assert rules.encode_state(before) == encoded, "apply must not change its input"
                assert isinstance(pack.describe(action, before), str) and pack.describe(action, before)
            assert steps > 0, f"{pack.name}: no action from the set-up {setup}"


def test_the_public_view_and_the_labels_keep_every_secret(pack: Any) -> None:
    """What the shared screen, the lights and the history read is the same whatever the seats hide."""
    for setup in setups(pack):
        for before, action, _after in played(pack, setup, SEEDS[0]):
            view = pack.public_view(before)
            assert pack.public_view(view) == view, "the public view of a public view is itself"
            if not pack.info.hides_information:
                assert view == before
                continue
            label = pack.describe(action, before)
            for seat in range(len(pack.seats(before))):
                secret = pack.secret_view(before, seat)
                if secret is None:
                    continue
                for line in secret.lines:
                    assert line not in pack.table_lines(view), f"{line!r} of seat {seat} is on the shared screen"
                    assert line not in label


def test_the_session_replays_resumes_exports_and_undoes_to_equal_states(pack: Any, tmp_path: Path) -> None:
    for number, setup in enumerate(setups(pack)):
        seed = SEEDS[number % len(SEEDS)]
        steps = list(played(pack, setup, seed))
        with Store.open(tmp_path / f"games-{number}.db") as store:
            session = Session.new(store, pack.rules, setup, seed)
            for index, (before, action, after) in enumerate(steps):
                session.dispatch(action)
                assert session.state == after, f"step {index}: {action}"
                if index % 5 == 0:
                    session.undo()
                    assert session.state == before
                    session.redo()
                    assert session.state == after
            final = steps[-1][2] if steps else session.state
            assert Session.rebuild_from_log(store, session.game_id) == final
            assert Session.resume(store, session.game_id).state == final
            exported = tmp_path / f"game-{number}.json"
            store.export_game(session.game_id, exported)
            assert Session.resume(store, store.import_game(exported)).state == final
            public = tmp_path / f"public-{number}.json"
            store.export_game(session.game_id, public, public=True)
            record = json.loads(public.read_text(encoding="utf-8"))
            assert [step["label"] for step in record["history"]] == [entry.label for entry in session.history()]
            assert {"setup", "seed", "actions"}.isdisjoint(record)
            written = public.read_text(encoding="utf-8")
            for before, _action, _after in steps:  # what any seat alone saw never leaves in the public record
                for seat in range(len(pack.seats(before))) if pack.info.hides_information else ():
                    secret = pack.secret_view(before, seat)
                    for line in secret.lines if secret is not None else ():
                        assert json.dumps(line, ensure_ascii=False)[1:-1] not in written, line
