"""docs/packs.md's tutorial, followed to the letter: its code blocks written to a folder as the files they name,
the pack registered, played through the engine on a real store, and installed as a distribution that
`companion games` lists. If the tutorial stops being true, this fails."""

from __future__ import annotations

import dataclasses
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.engine.rng import seed_state
from companion.engine.session import Session
from companion.engine.store import Store
from companion.paths import ROOT

DOC = ROOT / "docs" / "packs.md"
BLOCK = re.compile(r"<!-- file: (?P<path>[^ ]+) -->\n```[a-z]*\n(?P<code>.*?)\n```", re.S)


def tutorial_files() -> dict[str, str]:
    return {match["path"]: match["code"] + "\n" for match in BLOCK.finditer(DOC.read_text(encoding="utf-8"))}


def write_tutorial(folder: Path) -> Path:
    """The tutorial's files written where they say under `folder`, with the metadata an installer writes beside
    the entry points: on the import path, `folder` holds Pig installed as a distribution."""
    for relative, code in tutorial_files().items():
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(code, encoding="utf-8")
    (folder / "pig-1.0.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: pig\nVersion: 1.0\n")
    return folder


@contextmanager
def installed_tutorial(folder: Path) -> Iterator[Path]:
    """Pig installed as a distribution for a while: the tutorial's files written under `folder`, which is on the
    import path of this process and of the processes it starts (PYTHONPATH); forgotten after."""
    write_tutorial(folder)
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.syspath_prepend(str(folder))
        monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, (str(folder), os.environ.get("PYTHONPATH")))))
        registry.rescan()
        try:
            yield folder
        finally:
            registry.forget("pig")
            registry.rescan()
            for name in [m for m in sys.modules if m == "pig" or m.startswith("pig.")]:
                del sys.modules[name]


@pytest.fixture
def pig(tmp_path: Path) -> Iterator[Path]:
    """The tutorial's files, written where they say, on the import path."""
    with installed_tutorial(tmp_path) as folder:
        yield folder


def test_the_tutorial_names_every_file_it_builds() -> None:
    assert set(tutorial_files()) == {
        "pig/__init__.py",
        "pig/rules.py",
        "pig/pack.py",
        "pig-1.0.dist-info/entry_points.txt",
    }


def test_the_tutorial_pack_registers_and_plays_to_the_end(pig: Path, tmp_path: Path) -> None:
    import pig as module  # the folder the tutorial built

    registry.register_pack(module.INFO)
    assert "pig" in [info.name for info in registry.available()]
    pack = registry.pack("pig")
    assert registry.get("pig") is pack.rules
    setup = pack.setup_for(3, {"target": "20"})
    with Store.open(tmp_path / "games.db") as store:
        session = Session.new(store, pack.rules, setup, seed=11)
        picker = random.Random(11)
        labels: list[str] = []
        while (action := pack.random_action(session.state, picker.choice)) is not None:
            labels.append(pack.describe(action, session.state))
            session.dispatch(action)
        final = session.state
        assert pack.rules.is_terminal(final) and max(final.scores) >= 20
        assert Session.resume(store, session.game_id).state == final
        session.undo()
        session.redo()
        assert session.state == final
        line = pack.saved_game_line(store.list_games()[0].summary)
    assert line.players == "3 players" and line.status == "Won" and line.is_over
    assert labels[0] == "Player 1 rolls" and any(label.startswith("Player ") and "banks" in label for label in labels)
    assert pack.table_lines(pack.public_view(final))[0].startswith("Player 1: ")


def test_the_tutorial_pack_is_played_the_same_by_a_replay(pig: Path) -> None:
    """Randomness only through the Chance passed in: the same seed and actions give the same states."""
    import pig as module

    registry.register_pack(module.INFO)
    rules = registry.pack("pig").rules

    def play(seed: int) -> list[Any]:
        chance = LiveChance(seed_state(seed))
        state = dataclasses.replace(rules.initial_state({"players": 2, "target": 20}, chance), rng=chance.rng_after)
        states = [state]
        while rules.legal_actions(state):
            action = rules.legal_actions(state)[len(states) % len(rules.legal_actions(state))]
            chance = LiveChance(state.rng)
            state, _events = rules.apply(state, action, chance)
            state = dataclasses.replace(state, rng=chance.rng_after)
            states.append(state)
        return states

    assert play(5) == play(5) and play(5) != play(6)


def test_the_tutorial_pack_installed_as_a_distribution_is_listed_by_companion_games(pig: Path) -> None:
    environment = dict(os.environ, PYTHONPATH=str(pig))
    listed = subprocess.run(
        [sys.executable, "-m", "companion", "games"], capture_output=True, text=True, timeout=60, env=environment
    )
    assert listed.returncode == 0, listed.stderr
    (row,) = [line for line in listed.stdout.splitlines() if line.startswith("pig ")]
    assert row.split()[:5] == ["pig", "Pig", "rules", "2-4", "no"]
    simulate = subprocess.run(
        [sys.executable, "-m", "companion", "simulate", "--game", "pig"],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
    )
    assert (
        simulate.returncode == 2
        and simulate.stderr.strip() == "companion simulate: the game pig has no 'simulate' command"
    )
