"""Plays the scripted chain of a game until the storage refuses writes, then checks what a player would see.

    DRILL_GAME=NAME python tests/drills/disk_full_player.py DB_PATH fsize|filler [COPY_DIR]

`fsize`: the process's file size limit (RLIMIT_FSIZE) is set just above the biggest file, so growing a file
fails with EFBIG. `filler`: DB_PATH sits on a tiny filesystem, filled up by a filler file until ENOSPC. Then:
the refused action must raise `StoreFull` with a readable message and change nothing; the app's game
controller must show that message and keep its snapshot; once space is back both carry on. Prints one JSON
report on the last line. With COPY_DIR the database is copied there at the end (the tiny filesystem vanishes
with its mount namespace).
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import resource
import shutil
import signal
import sys
import threading
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.engine.errors import CompanionError, StoreFull
from companion.engine.session import Session
from companion.engine.store import Store
from companion.locale import set_language
from companion.ui.controller import GameController
from companion.ui.worker import SessionWorker
from drills.script import Drill, game_of_seed, seed_for

WARM_UP_STEPS = 30
MOST_TRIES = 20_000
STEPS_AFTER = 12


class Space:
    """Takes the storage's free space away and gives it back."""

    def __init__(self, mode: str, folder: Path) -> None:
        self.mode = mode
        self.filler = folder / "filler.bin"
        self.folder = folder

    def take(self) -> None:
        if self.mode == "fsize":
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a refused write returns EFBIG instead of killing us
            biggest = max(p.stat().st_size for p in self.folder.iterdir() if p.is_file())
            resource.setrlimit(resource.RLIMIT_FSIZE, (biggest + 8192, resource.RLIM_INFINITY))
            return
        chunk = b"\xa5" * 4096
        fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            while True:
                os.write(fd, chunk)
        except OSError as error:
            if error.errno != errno.ENOSPC:
                raise
        finally:
            os.close(fd)
        assert os.statvfs(self.folder).f_bavail == 0

    def give_back(self) -> None:
        if self.mode == "fsize":
            resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        else:
            self.filler.unlink()


def refuse_a_step(store: Store, session: Session, game: int, report: dict[str, Any]) -> tuple[Session, int]:
    """Plays on until a write is refused; records what the refusal looked like."""
    for _ in range(MOST_TRIES):
        state, history, cursor = session.state, session.history(), session.cursor
        try:
            session, game = Drill().advance(store, session, game)
        except StoreFull as error:
            report["refused_at"] = [game, cursor]
            report["message"] = error.message
            report["unchanged"] = (session.state, session.history(), session.cursor) == (state, history, cursor)
            report["stored_equals_memory"] = Session.rebuild_from_log(store, session.game_id) == session.state
            try:  # the same action again: still refused, still nothing changed
                Drill().advance(store, session, game)
                report["refused_twice"] = False
            except StoreFull:
                report["refused_twice"] = session.state == state and session.cursor == cursor
            return session, game
    report["refused_at"] = None
    return session, game


def through_the_app(db_path: Path, game_id: int, game: int, space: Space, report: dict[str, Any]) -> None:
    """The app's game controller on its session worker: the refusal reaches the player as a message."""
    worker = SessionWorker(deliver=lambda callback: callback())
    controller = GameController(worker, Drill().pack, db_path)
    shown: list[str] = []
    answered = threading.Event()

    def show(error: BaseException) -> None:  # what the App does with an error: a notice with its message
        shown.append(getattr(error, "message", None) or str(error))
        answered.set()

    def wait() -> None:
        assert answered.wait(60), "the session worker did not answer"
        answered.clear()

    def step() -> None:
        """The next step of the chain, as the app does it: a legal action, or a new game once this one is over."""
        nonlocal game
        snapshot = controller.snapshot
        assert snapshot is not None
        action = Drill().choose(snapshot.state, game, len(snapshot.history) + 1)
        if action is None:
            controller.new_game(Drill().setup_for(game + 1), seed_for(game + 1), lambda _snapshot: next_game())
        else:
            assert controller.dispatch(action, lambda _snapshot: answered.set())
        wait()

    def next_game() -> None:
        nonlocal game
        game += 1
        answered.set()

    controller.on_error(show)
    controller.open_store(lambda _notice: answered.set())
    wait()
    controller.resume(game_id, lambda _snapshot: answered.set())
    wait()
    space.take()
    for _ in range(MOST_TRIES):
        before = controller.snapshot
        step()
        if shown:
            break
    report["app_shown"] = shown
    report["app_last_error"] = controller.last_error
    report["app_snapshot_kept"] = controller.snapshot is before and not controller.busy
    space.give_back()
    step()
    step()
    report["app_goes_on"] = len(shown) == 1 and controller.snapshot is not before
    worker.call(lambda: controller._side.store.close())
    worker.stop()


def open_when_full(db_path: Path, space: Space) -> dict[str, Any]:
    """The app starting while the storage is full: it opens the saved games or says why not, changing nothing."""
    before = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in db_path.parent.glob(db_path.name + "*")}
    worker = SessionWorker(deliver=lambda callback: callback())
    controller = GameController(worker, Drill().pack, db_path)
    outcome: dict[str, Any] = {}
    answered = threading.Event()

    def failed(error: BaseException) -> None:
        outcome.update(shown=getattr(error, "message", None) or str(error), readable=isinstance(error, CompanionError))
        answered.set()

    controller.on_error(failed)
    space.take()
    controller.open_store(lambda notice: (outcome.update(opened=True, notice=notice), answered.set()))
    assert answered.wait(60), "the session worker did not answer"
    if controller._side.store is not None:
        worker.call(lambda: controller._side.store.close())
    worker.stop()
    space.give_back()
    after = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in db_path.parent.glob(db_path.name + "*")}
    outcome["untouched"] = before == {name: digest for name, digest in after.items() if name in before}
    return outcome


def main(argv: list[str]) -> int:
    db_path, mode = Path(argv[0]), argv[1]
    copy_dir = Path(argv[2]) if len(argv) > 2 else None
    set_language(os.environ.get("DRILL_LANGUAGE", "en"))
    space = Space(mode, db_path.parent)
    report: dict[str, Any] = {"mode": mode}
    store = Store.open(db_path)
    game = 0
    session = Drill().new_session(store, game)
    for _ in range(WARM_UP_STEPS):
        session, game = Drill().advance(store, session, game)
    space.take()
    session, game = refuse_a_step(store, session, game, report)
    space.give_back()
    for _ in range(STEPS_AFTER):
        session, game = Drill().advance(store, session, game)
    report["after"] = [game, session.cursor]
    game_id = session.game_id
    store.close()
    if mode == "filler":
        report["open_when_full"] = open_when_full(db_path, space)
    through_the_app(db_path, game_id, game, space, report)
    with Store.open(db_path) as store:
        latest = max(g.id for g in store.list_games())
        report["final"] = [game_of_seed(store.load(latest).seed), Session.resume(store, latest).cursor]
    if copy_dir is not None:
        for path in db_path.parent.glob(db_path.name + "*"):
            shutil.copy2(path, copy_dir / path.name)
    print(json.dumps(report, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
