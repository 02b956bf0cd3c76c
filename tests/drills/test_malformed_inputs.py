"""Malformed inputs drill: a hundred broken databases, exports, config files and overlay cards, each
given to the entry point a player meets. For every one: a clear message (a `CompanionError`'s, or the CLI's own
lines), no traceback anywhere a player looks, and nothing overwritten (the input's bytes are the same after, or
kept aside under a new name with identical bytes).

Entry points: the app's game controller on its session worker (opening the saved games, resuming each, as the
Home screen does), `Store.import_game`, `load_config_or_default` + `start_board` (how the app starts its board)
and `companion hw-test --config` as a process, `load_definitions_safe` (how the app loads the cards), the card
editor's `set_card_fields`, and `companion check-data --overlay` as a process; and the real app started under
Xvfb on a broken database, overlay and config. The inputs are generated in malformed.py.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory
from packs import drill_games

from companion.config import COMMANDS, ConfigError, load_config, load_config_or_default
from companion.devices.board import start_board
from companion.engine.errors import CompanionError
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.thunderbirds.errors import DataError
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.overlay import load_definitions_safe, set_card_fields
from companion.games.thunderbirds.pack import ThunderbirdsPack
from companion.paths import ROOT
from companion.ui.controller import GameController
from companion.ui.worker import SessionWorker

from . import malformed
from .malformed import CONFIG_CASES, DB_CASES, EDITABLE, EXPORT_CASES, OVERLAY_CASES, Case
from .script import Drill, ExpectedGames, advance, new_session

GOOD_STEPS = 120
#: A game that does not end in this many seeded actions is a drill failure of its own.
MAX_GOOD_STEPS = 5000
HOOD_LENGTH = 15


def params(cases: tuple[Case, ...]) -> list[object]:
    return [pytest.param(case, id=case.id) for case in cases]


def digest(path: Path) -> str:
    """The bytes of a file, or of every file in a folder (a folder can sit where the database should)."""
    if path.is_dir():
        return hashlib.sha256(
            repr(sorted((str(p.relative_to(path)), digest(p)) for p in path.rglob("*") if p.is_file())).encode()
        ).hexdigest()
    return hashlib.sha256(path.read_bytes()).hexdigest()


def no_traceback(text: str) -> None:
    assert "Traceback" not in text and 'File "' not in text, text


@pytest.fixture(scope="module", params=drill_games())
def good_game(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, bytes, str]:
    """A good database (a few finished games and one in play, checkpointed), a good export of its game 1 and the
    game's name, for every game of the registry (and the test packs): the database and export drills run for
    each."""
    drill = Drill(request.param)
    folder = tmp_path_factory.mktemp("good")
    store = Store.open(folder / "companion.db")
    session, game = drill.new_session(store, 0), 0
    steps = 0
    # At least GOOD_STEPS actions, and until one game is over and the next is under way, however long the
    # game's games are (a Warpspawn game lasts hundreds of actions).
    while steps < GOOD_STEPS or game < 1:
        assert steps < MAX_GOOD_STEPS, f"{request.param}: no game finished in {MAX_GOOD_STEPS} actions"
        session, game = drill.advance(store, session, game)
        steps += 1
    store.export_game(1, folder / "game.json")
    store.close()
    assert not (folder / "companion.db-wal").exists()
    return (folder / "companion.db").read_bytes(), (folder / "game.json").read_bytes(), request.param


# --- what the app shows ------------------------------------------------------------------------------------


@dataclass
class Shown:
    """What reached the app's screen: the recovery notice, and each error the controller handed to the App."""

    notice: str | None = None
    errors: list[BaseException] = field(default_factory=list)
    resumed: list[int] = field(default_factory=list)
    opened: bool = False

    def check_readable(self) -> None:
        for error in self.errors:
            assert isinstance(error, CompanionError), f"a bare {type(error).__name__} reached the player: {error}"
            assert error.message.strip()
            no_traceback(error.message)
        if self.notice is not None:
            no_traceback(self.notice)


class AppGames:
    """The app's game controller on a real session worker, as the Home screen drives it."""

    def __init__(self, db_path: Path) -> None:
        self.worker = SessionWorker(deliver=lambda callback: callback())
        self.controller = GameController(self.worker, ThunderbirdsPack(), db_path)
        self.shown = Shown()
        self._answered = threading.Event()
        self.controller.on_error(self._failed)

    def _failed(self, error: BaseException) -> None:
        self.shown.errors.append(error)
        self._answered.set()

    def _wait(self) -> None:
        assert self._answered.wait(60), "the session worker did not answer"
        self._answered.clear()

    def open_and_resume_every_game(self) -> Shown:
        def opened(notice: str | None) -> None:
            self.shown.opened = True
            self.shown.notice = notice
            self._answered.set()

        self.controller.open_store(opened)
        self._wait()
        for game in self.controller.saved_games if self.shown.opened else ():
            self.controller.resume(
                game.game_id, lambda _snapshot, gid=game.game_id: (self.shown.resumed.append(gid), self._answered.set())
            )
            self._wait()
        return self.shown

    def close(self) -> None:
        def close_store() -> None:
            store = self.controller._side.store  # the controller has no close of its own; the app never needs one
            if store is not None:
                store.close()

        self.worker.call(close_store)
        self.worker.stop()


def open_like_the_app(db_path: Path) -> Shown:
    games = AppGames(db_path)
    try:
        return games.open_and_resume_every_game()
    finally:
        games.close()


# --- databases -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", params(DB_CASES))
def test_a_broken_database_is_kept_aside_or_refused_in_plain_words(
    case: Case, tmp_path: Path, good_game: tuple[bytes, bytes]
) -> None:
    path = case.build(tmp_path, good_game[0])
    before = {p.name: digest(p) for p in tmp_path.iterdir()}
    shown = open_like_the_app(path)
    shown.check_readable()
    kept = sorted(tmp_path.glob(malformed.DB_NAME + ".unreadable-*"))
    if shown.notice is not None:
        (kept_file,) = [p for p in kept if not p.name.endswith(("-wal", "-shm", "-journal"))]
        assert kept_file.name in shown.notice, "the notice names the file it kept"
        assert digest(kept_file) == before[malformed.DB_NAME], "the unreadable file is kept byte for byte"
        with Store.open(path) as fresh:
            assert fresh.recovery_notice is None and fresh.list_games() == []
    else:
        assert not kept
        assert digest(path) == before[malformed.DB_NAME], "a file that was not set aside is left untouched"
        assert shown.errors or shown.opened
    print(f"{case.id}: notice={shown.notice!r} errors={[e.message for e in shown.errors]} resumed={shown.resumed}")


def test_the_good_database_resumes_every_game(tmp_path: Path, good_game: tuple[bytes, bytes]) -> None:
    """The drill's baseline: the undamaged file opens without a word and every game resumes."""
    path = tmp_path / malformed.DB_NAME
    path.write_bytes(good_game[0])
    shown = open_like_the_app(path)
    assert shown.notice is None and shown.errors == [] and len(shown.resumed) >= 2


# --- exported games ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", params(EXPORT_CASES))
def test_a_broken_export_is_refused_naming_the_file_and_the_saved_games_are_untouched(
    case: Case, tmp_path: Path, good_game: tuple[bytes, bytes]
) -> None:
    db_path = tmp_path / malformed.DB_NAME
    db_path.write_bytes(good_game[0])
    export = case.build(tmp_path, good_game[1])
    before = digest(export)
    with Store.open(db_path) as store:
        games_before = [(g.id, g.cursor) for g in store.list_games()]
        try:
            imported = store.import_game(export)
        except CompanionError as error:
            no_traceback(error.message)
            assert export.name in error.message, "the refusal names the file"
            imported = None
    assert digest(export) == before, "the export file is never changed"
    shown = open_like_the_app(db_path)  # the imported game, if any, is resumed like any other
    shown.check_readable()
    with Store.open(db_path) as store:
        assert store.integrity_check() == "ok"
        after = [(g.id, g.cursor) for g in store.list_games() if g.id != imported]
        assert sorted(after) == sorted(games_before), "the games already saved are untouched"
        expected = ExpectedGames(good_game[2])
        for game_id, cursor in games_before:
            assert Session.resume(store, game_id).state == expected.state(game_id - 1, cursor)


# --- config files --------------------------------------------------------------------------------------------


def run_companion(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "COMPANION_LIGHTS"}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=environment,
    )


@pytest.fixture
def pins() -> Iterator[MockFactory]:
    factory = MockFactory()
    yield factory
    factory.reset()
    factory.close()


@pytest.mark.parametrize("case", params(CONFIG_CASES))
def test_a_broken_config_is_named_and_the_app_starts_without_the_key_at_fault(
    case: Case, tmp_path: Path, pins: MockFactory
) -> None:
    path = case.build(tmp_path, b"")
    env = dict(case.env)
    before = {p.name: digest(p) for p in tmp_path.iterdir()}
    with pytest.raises(ConfigError) as refused:
        load_config(path, environ=env, hood_length=HOOD_LENGTH)
    where = "COMPANION_LIGHTS" if env else str(path)
    assert where in str(refused.value), "the message names the file (or the variable) at fault"

    config, problem = load_config_or_default(path, environ=env, hood_length=HOOD_LENGTH)
    assert problem == str(refused.value)
    board = start_board(
        config, HOOD_LENGTH, lambda _command: None, config_problem=problem, pin_factory=pins, tick=False
    )
    try:
        assert board.problems[0] == problem, "the app starts and says what is wrong"
        fault = refused.value
        command = fault.key.split()[1] if fault.key.startswith("[buttons] ") else ""
        if command in COMMANDS:
            assert command not in config.buttons.pins, "the button at fault is left out, the others kept"
        if fault.section == "" or fault.key.startswith("[lights] map"):
            assert board.mirror is not None, "no build to drive: the lights show on the screen"
    finally:
        board.close()

    completed = run_companion("hw-test", "--config", str(path), "--step", "0", "--buttons", "0", "--link", "0", env=env)
    no_traceback(completed.stdout + completed.stderr)
    assert completed.returncode == 2
    assert completed.stdout.startswith("Config problem: ") and where in completed.stdout
    assert {p.name: digest(p) for p in tmp_path.iterdir()} == before, "nothing is written over the config"


# --- card overlay --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", params(OVERLAY_CASES))
def test_a_broken_overlay_file_is_skipped_named_and_never_overwritten(case: Case, tmp_path: Path) -> None:
    overlay_dir = tmp_path / "overlay"
    overlay_dir.mkdir()
    broken = case.build(overlay_dir, b"")
    before = digest(broken)

    definitions, problems = load_definitions_safe(overlay_dir=overlay_dir)
    assert problems, "the broken overlay file is reported"
    assert all(str(broken) in str(problem) for problem in problems), "each problem names the overlay file"
    assert definitions.disasters == default_definitions().disasters or broken.name != "disasters.toml"
    assert len(definitions.disasters) == len(default_definitions().disasters), "the shipped cards still load"

    kind, card = EDITABLE[broken.name]
    with pytest.raises(DataError) as refused:
        set_card_fields(kind, card, {"verified": True}, overlay_dir=overlay_dir)
    no_traceback(str(refused.value))
    assert sorted(p.name for p in overlay_dir.iterdir()) == [broken.name], "the editor left no file behind"
    assert digest(broken) == before, "the card editor never writes over a broken file"

    completed = run_companion("check-data", "--overlay", str(overlay_dir))
    no_traceback(completed.stdout + completed.stderr)
    assert completed.returncode == 2
    lines = completed.stderr.strip().splitlines()
    assert re.fullmatch(r"1 problem: the data is not valid|([02-9]|\d\d+) problems: the data is not valid", lines[-1])
    assert lines[:-1] and all(str(broken) in line for line in lines[:-1]), "every problem names the file"
    assert digest(broken) == before


def test_there_are_at_least_fifty_malformed_inputs() -> None:
    cases = DB_CASES + EXPORT_CASES + CONFIG_CASES + OVERLAY_CASES
    assert len({case.id for case in cases}) == len(cases) >= 50


# --- the real app starting on broken files --------------------------------------------------------------------

APP_START = Path(__file__).with_name("app_start.py")
ARTIFACTS = ROOT / "artifacts" / "drills"


def start_the_app(display: str, out: Path) -> tuple[dict[str, object], str]:
    if out.exists():
        shutil.rmtree(out)
    environment = dict(os.environ, DISPLAY=display)
    environment.pop("WAYLAND_DISPLAY", None)
    completed = subprocess.run(
        [sys.executable, str(APP_START), "--out", str(out)],
        env=environment,
        capture_output=True,
        text=True,
        timeout=180,
        cwd=ROOT,
    )
    output = completed.stdout + completed.stderr
    (out / "app.log").write_text(output, encoding="utf-8")
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["ok"], report["error"]
    return report, output


def test_the_app_starts_on_an_unreadable_database_a_broken_overlay_and_config(
    xvfb_display: str, isolated_dirs: Path, good_game: tuple[bytes, bytes]
) -> None:
    state, data = Path(os.environ["COMPANION_STATE_DIR"]), Path(os.environ["COMPANION_DATA_DIR"])
    database = DB_CASES[0].build(state, good_game[0])
    original = digest(database)
    overlay_dir = data / "overlay" / "thunderbirds"
    overlay_dir.mkdir(parents=True)
    overlay = OVERLAY_CASES[3].build(overlay_dir, b"")
    overlay_digest = digest(overlay)
    config = Path(os.environ["COMPANION_CONFIG"])
    config.write_text("[display]\nbrightness = 3\n", encoding="utf-8")

    report, output = start_the_app(xvfb_display, ARTIFACTS / "broken-start")
    no_traceback(output)
    home = report["home"]
    assert isinstance(home, list)
    for text in home:
        no_traceback(text)
    (kept,) = state.glob("companion.db.unreadable-*")
    assert digest(kept) == original
    assert any(kept.name in text for text in home), "Home says where the unreadable file was kept"
    assert digest(overlay) == overlay_digest and config.read_text(encoding="utf-8") == "[display]\nbrightness = 3\n"


def test_the_app_refuses_to_resume_a_damaged_game_in_plain_words_and_resumes_the_others(
    xvfb_display: str, isolated_dirs: Path
) -> None:
    state = Path(os.environ["COMPANION_STATE_DIR"])
    database = state / malformed.DB_NAME
    with Store.open(database) as store:
        for game in (0, 1):  # two games in play, a few steps each
            session = new_session(store, game)
            for _ in range(5):
                advance(store, session, game)
    connection = sqlite3.connect(database, isolation_level=None)
    connection.execute(
        'UPDATE actions SET action = \'{"type":"Move","vehicle":"tb9","to":"the-moon"}\' WHERE game_id = 1 AND seq = 2'
    )
    connection.close()
    original = digest(database)

    report, output = start_the_app(xvfb_display, ARTIFACTS / "damaged-game")
    no_traceback(output)
    resumes = {entry["key"]: entry for entry in report["resumes"]}
    assert set(resumes) == {"resume:1", "resume:2"}
    damaged, good = resumes["resume:1"], resumes["resume:2"]
    assert damaged["screen"] == "home", "a game that cannot be replayed stays closed"
    assert "Step 2" in damaged["notice"] and "no longer fits the rules" in damaged["notice"]
    assert good["screen"] != "home", "the other game opens"
    for entry in resumes.values():
        for text in [entry["notice"], *entry["texts"]]:
            no_traceback(text)
    assert digest(database) == original, "refusing a damaged game changes nothing in the file"
