"""The drills for both kit examples (and the small test kit): seeded random play keeping every card and token
accounted for; the engine's real Session on a real SQLite file replaying, resuming, exporting, undoing and
redoing to equal states; encoding round trips; and a game that replays with the kit it started with after its
file is edited or removed."""

from __future__ import annotations

import dataclasses
import random
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.engine.chance import LiveChance
from companion.engine.session import Session
from companion.engine.store import Store
from companion.kit import actions as act
from companion.kit.catalogue import installed_kits
from companion.kit.pack import make_pack
from companion.kit.rules import legal_actions
from companion.kit.state import KitState

from .kits import EXAMPLES, example_setup, registered, small_setup, start

GAMES = [(path.stem, example_setup(path, players)) for path in EXAMPLES for players in (2, 4)] + [
    ("small", small_setup(3))
]


def check_invariants(state: KitState) -> None:
    kit = state.kit
    for spec, deck in zip(kit.decks, state.decks):
        expected = Counter({card.id: card.count for card in spec.cards})
        assert Counter(deck.all_cards()) == expected, spec.id
        assert len(deck.hands) == state.players
    for bag_spec, bag in zip(kit.bags, state.bags):
        held = Counter(h.token for h in bag.out)
        assert Counter(bag.contents) + held == Counter({t.id: t.count for t in bag_spec.tokens}), bag_spec.id
        assert list(bag.contents) == sorted(bag.contents)
    for track_spec, track in zip(kit.tracks, state.tracks):
        for _marker, at in track.positions:
            assert track_spec.first <= at <= track_spec.last
    for counter_spec, counter in zip(kit.counters, state.counters):
        for value in counter.values:
            assert counter_spec.minimum is None or value >= counter_spec.minimum
            assert counter_spec.maximum is None or value <= counter_spec.maximum
    assert 0 <= state.current < state.players and state.current not in state.out
    assert 0 <= state.first_player < state.players and state.first_player not in state.out
    assert 0 <= state.phase < max(len(kit.phases), 1)
    assert state.timer_ms >= 0


def random_game(setup: dict[str, Any], seed: int, steps: int) -> list[object]:
    """Actions a player might take: mostly listed ones, sometimes a manual correction, never past the end."""
    rng = random.Random(seed)
    state = start(setup, seed)
    rules = registered(state.kit.name)
    chosen: list[object] = []
    for _step in range(steps):
        listed = [a for a in legal_actions(state) if not isinstance(a, act.EndGame)]
        if not listed:
            break
        action: object = rng.choice(listed)
        if rng.random() < 0.1:
            action = rng.choice(
                [
                    act.SetFirstPlayer(rng.randrange(state.players)),
                    act.SetCurrentPlayer(rng.randrange(state.players)),
                    act.PauseTimer(rng.randrange(90_000)) if state.timer_running else act.NextPhase(),
                ]
            )
        try:
            chance = LiveChance(state.rng)
            after, _events = rules.apply(state, action, chance)
        except Exception:  # a manual correction the rules refuse: the players try something else
            continue
        state = dataclasses.replace(after, rng=chance.rng_after)
        chosen.append(action)
    return chosen


@pytest.mark.parametrize(("name", "setup"), GAMES, ids=[f"{n}-{s['players']}" for n, s in GAMES])
def test_random_play_keeps_the_invariants_and_survives_encoding(name: str, setup: dict[str, Any]) -> None:
    rules = registered(name)
    for seed in range(6):
        state = start(setup, seed)
        check_invariants(state)
        for action in random_game(setup, seed, 250):
            chance = LiveChance(state.rng)
            after, _events = rules.apply(state, action, chance)
            state = dataclasses.replace(after, rng=chance.rng_after)
            check_invariants(state)
            assert rules.decode_state(rules.encode_state(state)) == state
            assert rules.decode_action(rules.encode_action(action)) == action


@pytest.mark.parametrize(("name", "setup"), GAMES, ids=[f"{n}-{s['players']}" for n, s in GAMES])
def test_session_on_sqlite_replays_resumes_exports_and_undoes(name: str, setup: dict[str, Any], tmp_path: Path) -> None:
    rules = registered(name)
    actions = random_game(setup, 11, 220)
    with Store.open(tmp_path / "games.db") as store:
        session = Session.new(store, rules, setup, 11)
        assert session.state == start(setup, 11)
        states = [session.state]
        for number, action in enumerate(actions):
            session.dispatch(action)
            states.append(session.state)
            if number % 13 == 0:
                session.undo()
                assert session.state == states[-2]
                session.redo()
                assert session.state == states[-1]
        final = session.state
        assert Session.rebuild_from_log(store, session.game_id) == final
        assert Session.resume(store, session.game_id).state == final
        resumed = Session.resume(store, session.game_id)
        resumed.undo_to(len(actions) // 2)
        assert resumed.state == states[len(actions) // 2]
        resumed.redo()
        assert resumed.state == states[len(actions) // 2 + 1]
        resumed.undo_to(len(actions))  # redo everything: the stored cursor is back at the end
        assert Session.resume(store, session.game_id).state == final
        exported = tmp_path / "game.json"
        store.export_game(session.game_id, exported)
        assert Session.resume(store, store.import_game(exported)).state == final


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_a_saved_game_keeps_its_kit_when_the_file_changes_or_goes(path: Path, tmp_path: Path) -> None:
    kits = tmp_path / "kits"
    kits.mkdir()
    copy = kits / path.name
    shutil.copy(path, copy)
    [info] = [i for i in installed_kits()[0] if i.name == path.stem]
    pack = make_pack(dataclasses.replace(info, source=str(copy)))
    setup = pack.setup_for(2, {})
    with Store.open(tmp_path / "games.db") as store:
        session = Session.new(store, registered(path.stem), setup, 5)
        for action in random_game(setup, 5, 60):
            session.dispatch(action)
        final = session.state
        copy.write_text(copy.read_text(encoding="utf-8").replace("players = [2,", "players = [3,"), encoding="utf-8")
        assert Session.resume(store, session.game_id).state == final
        copy.unlink()
        assert Session.resume(store, session.game_id).state == final
        assert final.kit == pack.definition


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_malformed_copies_of_the_examples_are_named_and_skipped(path: Path) -> None:
    """Each line of the example damaged in turn (emptied, cut in half, or a value mistyped), installed as a
    user's kit: either valid or skipped with a problem naming its file and a line of it; the example itself
    is still listed, and no other exception escapes."""
    from companion.kit.catalogue import user_kits_dir
    from companion.kit.schema import KitError, parse_kit

    lines = path.read_text(encoding="utf-8").splitlines()
    folder = user_kits_dir()
    folder.mkdir(parents=True, exist_ok=True)
    damaged_files = 0
    for index, line in enumerate(lines):
        if not line.strip() or line.startswith("#"):
            continue
        for damaged in ("", line[: len(line) // 2], line.replace("=", "= 'x' #", 1).replace("1", "one")):
            text = "\n".join(lines[:index] + [damaged] + lines[index + 1 :]).replace(
                f'name = "{path.stem}"', 'name = "copy"'
            )
            try:
                parse_kit(text, "copy.toml")
            except KitError as error:
                assert all(1 <= (p.line or 0) <= len(lines) for p in error.problems), error.problems
                damaged_files += 1
    assert damaged_files > 50
    broken = folder / "copy.toml"
    broken.write_text("\n".join(lines[:3] + ["players = [2"] + lines[4:]), encoding="utf-8")
    infos, problems = installed_kits()
    assert path.stem in {info.name for info in infos}
    assert [problem.file for problem in problems] == [str(broken)] and problems[0].line is not None
