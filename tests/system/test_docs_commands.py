"""The docs read as a user reads them: every command README.md, docs/, hardware/ and data/ show is run as written in
a fresh checkout, and fails the test if it errors or no longer prints what the page shows (the conventions:
docs/contributing.md, "Commands in the docs"; the reading: tests/system/doc_commands.py).

The checkout is a `git clone` of this repository with the working tree's uncommitted changes copied over, in
`<tmp>/home/companion`: HOME is `<tmp>/home`, so `~/companion` is the checkout, and the app's folders are
`<tmp>/home/state`, `data` and `config` (COMPANION_STATE_DIR, COMPANION_DATA_DIR, COMPANION_CONFIG_DIR, an empty
COMPANION_CONFIG) and KIVY_HOME `<tmp>/home/kivy`: nothing touches the user's own files or the project's `.venv`.
It is made ready as `make test` would: `make lint` builds its own `.venv` with the test extra (about 35 s), then
`make run` compiles the catalogues (without a screen it says so in one line). The commands then run in page order,
each in a shell started in the checkout, with no screen (no DISPLAY) and Xvfb on PATH, as on the machine `make
test` prepares: the demos start their own virtual screen. A command that starts the app passes when it says in one
line that there is no screen (docs/commands.md); any other passes when it exits 0, or prints the output its
`console` block shows. No command may print a traceback.

Each thing is proved once a run. A demo is played by the UI test `RUN_ELSEWHERE` names for its command
(tests/system/doc_commands.py), which checks its screenshots too; tests/system/test_docs_commands_elsewhere.py
checks that it runs that command. The benchmarks (`make bench`, `python -m bench ...`) run in their quick mode
(BENCH_QUICK=1, bench/__init__.py): a few games and starts each prove they work; the figures are `make bench`'s.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.paths import ROOT
from companion.ui.launch import NO_SCREEN_EXIT, NO_SCREEN_MESSAGE, no_screen_message
from tests.system.doc_commands import ASSIGNMENT, RUN_ELSEWHERE, DocCommand, first_program, matches, read_docs

COMMANDS = read_docs(ROOT)
RUN = [command for command in COMMANDS if command.needs is None and command.command not in RUN_ELSEWHERE]
#: What the checkout runs first: `make test`'s own start (its venv with the test extra), then `make run`.
PREPARE = ("make lint", "make run")
#: A command may take this long (the longest, the nested pytest runs of the docs, take well under a minute).
TIMEOUT_S = 600
#: Variables of the test's own run that a user's shell does not have.
DROPPED = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "MFLAGS")
#: MAKE...: under `make test` (so in CI) a `make` the text runs would otherwise count itself a sub-make and print
#: "make[1]: Entering directory", which a user's terminal never shows.
DROPPED_PREFIXES = ("COMPANION_", "KIVY_", "PYTEST_", "GPIOZERO_", "XDG_", "MAKE")


@dataclass(frozen=True)
class Result:
    returncode: int
    output: str


@dataclass
class Checkout:
    """A fresh checkout in a home of its own, and what each command printed there (each runs once)."""

    home: Path
    path: Path
    results: dict[tuple[str, bool], Result] = field(default_factory=dict, repr=False)

    def environment(self, inline: bool) -> dict[str, str]:
        """A user's shell: their PATH without any virtual environment (with `.venv/bin` first for a command
        written in the text, where `companion` stands for `.venv/bin/companion`), no screen, this home."""
        env = {
            name: value
            for name, value in os.environ.items()
            if name not in DROPPED and not name.startswith(DROPPED_PREFIXES)
        }
        folders = [
            folder
            for folder in env.get("PATH", "").split(os.pathsep)
            if folder and not (Path(folder).parent / "pyvenv.cfg").is_file()
        ]
        if inline:
            folders.insert(0, str(self.path / ".venv" / "bin"))
        env.update(
            PATH=os.pathsep.join(folders),
            HOME=str(self.home),
            COMPANION_STATE_DIR=str(self.home / "state"),
            COMPANION_DATA_DIR=str(self.home / "data"),
            COMPANION_CONFIG_DIR=str(self.home / "config"),
            COMPANION_CONFIG=str(self.home / "config" / "config.toml"),
            KIVY_HOME=str(self.home / "kivy"),
            PYTHONUNBUFFERED="1",  # what it prints and what it reports come out in the order a terminal shows
            BENCH_QUICK="1",  # the benchmarks' quick mode: each proved to work in seconds
        )
        return env

    def run(self, command: str, *, inline: bool = False) -> Result:
        """What `command` printed; a command shown twice runs once (in the text and in a block too, unless its
        program is one of `.venv/bin`'s, which the text names without the folder)."""
        program = first_program(command) or ""
        key = (command, inline and "/" not in program and (self.path / ".venv" / "bin" / program).exists())
        if key not in self.results:
            try:
                completed = subprocess.run(
                    ["bash", "-c", command],
                    cwd=self.path,
                    env=self.environment(inline),
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    text=True,
                    errors="replace",
                    timeout=TIMEOUT_S,
                    check=False,
                )
                self.results[key] = Result(completed.returncode, completed.stdout)
            except subprocess.TimeoutExpired as expired:
                output = expired.stdout if isinstance(expired.stdout, str) else (expired.stdout or b"").decode()
                self.results[key] = Result(-1, output + f"\n(still running after {TIMEOUT_S} s)")
        return self.results[key]


def starts_the_app(command: str) -> bool:
    """`make run`, `companion`, `companion run ...` (or through `python -m companion`): the commands that open the
    app's window, which say in one line that there is none where there is no screen."""
    words = [word for word in shlex.split(command) if not ASSIGNMENT.match(word)]
    program, rest = Path(words[0]).name, words[1:]
    if program.startswith("python") and rest[:2] == ["-m", "companion"]:
        program, rest = "companion", rest[2:]
    return (program == "make" and rest == ["run"]) or (program == "companion" and rest[:1] in ([], ["run"]))


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout


def clone_with_changes(target: Path) -> None:
    """A clone of HEAD, then the working tree's changes over it (edited, new and deleted files), so the docs
    being written are the ones checked."""
    git("clone", "--quiet", str(ROOT), str(target))
    for name in git("ls-files", "-z", "--modified", "--others", "--exclude-standard").split("\0"):
        source = ROOT / name
        if name and source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    for name in git("ls-files", "-z", "--deleted").split("\0"):
        if name:
            (target / name).unlink(missing_ok=True)


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory, xvfb_program: str) -> Iterator[Checkout]:
    home = tmp_path_factory.mktemp("home")
    for folder in ("state", "data", "config", "kivy"):
        (home / folder).mkdir()
    (home / "config" / "config.toml").write_text("", encoding="utf-8")
    made = Checkout(home, home / "companion")
    clone_with_changes(made.path)
    for command in PREPARE:
        result = made.run(command)
        assert result.returncode == 0, f"{command} in a fresh checkout: exit {result.returncode}\n{result.output}"
    yield made
    shutil.rmtree(home)  # its .venv alone is some 280 MB


def expected_no_screen_message(command: str) -> str:
    """The no-screen line in the language the command asks for (`--lang fr`), English otherwise."""
    if "--lang fr" not in command:
        return NO_SCREEN_MESSAGE
    from companion import locale
    from companion.locale import build

    build.main()
    locale.set_language("fr")
    try:
        return no_screen_message()
    finally:
        locale.set_language("en")


def describe(command: DocCommand, result: Result) -> str:
    return f"{command.where}: `{command.command}` exited {result.returncode}; it printed:\n{result.output[-6000:]}"


@pytest.mark.parametrize("command", RUN, ids=lambda command: f"{command.where} {command.command}")
def test_the_command_works_as_the_docs_say(command: DocCommand, checkout: Checkout) -> None:
    result = checkout.run(command.command, inline=command.inline)
    assert "Traceback (most recent call last)" not in result.output, describe(command, result)
    if starts_the_app(command.command):
        assert result.output.strip() == expected_no_screen_message(command.command), describe(command, result)
        assert result.returncode in (0, NO_SCREEN_EXIT), describe(command, result)  # `make run` ends with 0
        return
    if command.output is not None:
        assert matches(command.output, result.output), (
            f"{describe(command, result)}\nThe page shows instead:\n{command.output}"
        )
    else:
        assert result.returncode == 0, describe(command, result)
