"""docs/packs.md's tutorial, followed to the letter: its code blocks written to a folder as the files they name,
the pack registered, played through the engine on a real store, and installed as a distribution that
`companion games` lists; the commands the page shows run as it prints them and print what it shows, its data
broken as it says gives the one-line error it shows, and the lines it says the pack took are its blocks' lines.
If the tutorial stops being true, this fails.

Run as a program, `python -m tests.test_packs_tutorial FOLDER` writes the tutorial's files under FOLDER."""

from __future__ import annotations

import dataclasses
import os
import random
import re
import shlex
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
from companion.paths import ROOT, user_data_dir
from tests.system.doc_commands import ASSIGNMENT, DocCommand, matches, read_page

DOC = ROOT / "docs" / "packs.md"
BLOCK = re.compile(r"<!-- file: (?P<path>[^ ]+) -->\n```[a-z]*\n(?P<code>.*?)\n```", re.S)
#: What the page says the pack took.
STATED_SIZE = re.compile(
    r"\*\*Pig is (?P<lines>\d+) lines in (?P<files>\d+) files\*\*[^.]*?, of which the rules are\s+(?P<rules>\d+)\."
)
#: The command the page gives to write the files, and the folder it writes them in.
WRITE = re.compile(r"python -m tests\.test_packs_tutorial (?P<folder>\S+)$")


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


def documented(start: str) -> list[DocCommand]:
    """The commands the page shows that start with `start`, after their variables and with their program by its
    name (`companion check-data` for `.venv/bin/companion check-data`)."""

    def words(command: str) -> str:
        program, *rest = [word for word in shlex.split(command) if not ASSIGNMENT.match(word)]
        return " ".join([Path(program).name, *rest])

    return [command for command in read_page(DOC, "docs/packs.md") if words(command.command).startswith(start)]


def run_as_printed(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`command` as the page prints it, run in `cwd` as from a checkout: its variables set, `.venv/bin/companion`
    (or `companion`) and `.venv/bin/python` being this interpreter with the project on the import path after the
    command's own folders; standard error after standard output, as a terminal shows them."""
    words = shlex.split(command)
    environment = dict(os.environ)
    while ASSIGNMENT.match(words[0]):
        name, value = words.pop(0).split("=", 1)
        environment[name] = value
    environment["PYTHONPATH"] = os.pathsep.join(filter(None, (environment.get("PYTHONPATH"), str(ROOT))))
    program = {"companion": ["-m", "companion"], "python": []}[Path(words[0]).name]
    return subprocess.run(
        [sys.executable, *program, *words[1:]],
        cwd=cwd,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=120,
    )


def written_as_the_page_says(cwd: Path) -> Path:
    """The page's own command run in `cwd`: the folder it wrote the files in."""
    (command,) = [c.command for c in documented("python -m tests.test_packs_tutorial")]
    wrote = run_as_printed(command, cwd)
    assert wrote.returncode == 0, wrote.stdout
    folder = WRITE.search(command)
    assert folder is not None
    return cwd / folder["folder"]


def test_the_tutorial_names_every_file_it_builds() -> None:
    assert set(tutorial_files()) == {
        "pig/__init__.py",
        "pig/data/die.toml",
        "pig/loader.py",
        "pig/rules.py",
        "pig/pack.py",
        "pig-1.0.dist-info/entry_points.txt",
        "pig/scenario.py",
        "pig/scenarios/bust.toml",
        "pig/ui/demo.py",
    }


def test_the_tutorial_s_code_passes_the_project_s_linter(pig: Path) -> None:
    for check in (["check"], ["format", "--check"]):
        command = [sys.executable, "-m", "ruff", *check, "--config", str(ROOT / "pyproject.toml"), "pig"]
        completed = subprocess.run(command, cwd=pig, capture_output=True, text=True, timeout=60)
        assert completed.returncode == 0, completed.stdout + completed.stderr


def test_the_page_says_how_many_lines_the_pack_took() -> None:
    (stated,) = STATED_SIZE.finditer(DOC.read_text(encoding="utf-8"))
    files = tutorial_files()
    assert int(stated["rules"]) == files["pig/rules.py"].count("\n")
    assert (int(stated["lines"]), int(stated["files"])) == (
        sum(code.count("\n") for code in files.values()),
        len(files),
    )


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


def test_the_commands_the_page_shows_print_what_it_shows(tmp_path: Path) -> None:
    """The files written by the page's command, then `check-data` and the scenario file run as printed: each
    exits 0 and prints the page's output (the scenario ends on the refusal it expects)."""
    written_as_the_page_says(tmp_path)
    shown = [*documented("companion check-data --game pig"), *documented("companion scenario --game pig")]
    assert len(shown) == 2 and all(command.output for command in shown)
    for command in shown:
        completed = run_as_printed(command.command, tmp_path)
        assert completed.returncode == 0, completed.stdout
        assert matches(command.output or "", completed.stdout), completed.stdout


def test_the_data_broken_as_the_page_says_is_named_in_one_line(tmp_path: Path) -> None:
    """`faces = [1, 2, 3, 4, 5, "six"]`: `check-data` prints the page's line naming the file, the entry and the
    field, and exits 2; the scenario command stops on the same line, without a traceback."""
    folder = written_as_the_page_says(tmp_path)
    text = DOC.read_text(encoding="utf-8")
    broken = re.search(r"Break the die, `(?P<line>faces = [^`]+)` in `(?P<file>[^`]+)`", text)
    assert broken is not None
    die = folder / broken["file"]
    die.write_text(re.sub(r"(?m)^faces = .*$", broken["line"], die.read_text(encoding="utf-8")), encoding="utf-8")
    said = text.split("and exits 2:\n\n```\n", 1)[1].split("\n```", 1)[0]
    (check,) = documented("companion check-data --game pig")
    completed = run_as_printed(check.command, tmp_path)
    assert completed.returncode == 2 and matches(said, completed.stdout), completed.stdout
    (scenario,) = documented("companion scenario --game pig")
    completed = run_as_printed(scenario.command, tmp_path)
    assert completed.returncode == 2, completed.stdout
    assert (
        completed.stdout == f'{die.name}: entry "die": field "faces[5]": expected an integer from 1 to 99, got "six"\n'
    )


def test_a_broken_overlay_file_is_left_out_and_named(pig: Path) -> None:
    """The user's overlay through the toolkit: a file that does not validate is left out (the shipped die plays)
    and the pack's `load` names it for the notice bar; one that validates changes the die."""
    import pig as module

    registry.register_pack(module.INFO)
    pack = registry.pack("pig")
    overlay = user_data_dir() / "overlay" / "pig"
    overlay.mkdir(parents=True)
    (overlay / "die.toml").write_text("[die]\nbust = 7\n", encoding="utf-8")
    die = pack.load()
    assert [face.value for face in die.faces] == [1, 2, 3, 4, 5, 6]
    assert pack.problems == (f'{overlay / "die.toml"}: entry "die": field "bust": not one of the faces',)
    assert pack.problems_notice == pack.problems[0]
    (overlay / "die.toml").write_text("[die]\nbust = 6\n", encoding="utf-8")
    die = pack.load()
    assert pack.problems == () and [face.value for face in die.faces if face.symbol == "bust"] == [6]


if __name__ == "__main__":
    write_tutorial(Path(sys.argv[1]))
