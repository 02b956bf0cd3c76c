"""The data-editor service (`companion.ui.data_editor`), without a window: on a real SQLite store and session
through the session worker, a save pins the saved games before it writes, reads the game's data again after, says
a refusal, and undoes; and no game's screens pin saved games or reload their data any other way."""

from __future__ import annotations

import queue
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.engine.store import Store
from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds.pack import ThunderbirdsPack
from companion.paths import ROOT
from companion.ui.controller import GameController
from companion.ui.data_editor import UndoStack, save_data, save_undoable, undo_last
from companion.ui.worker import SessionWorker


class Shell:
    """What the service uses of the app: its game, its worker, its notices; the worker's results are delivered when
    the test drains them, on the test thread (Kivy's main loop stands there in the app)."""

    def __init__(self, store_path: Path) -> None:
        self.calls: queue.Queue[Callable[[], None]] = queue.Queue()
        self.worker = SessionWorker(self.calls.put)
        self.pack = ThunderbirdsPack()
        self.controller = GameController(self.worker, self.pack, store_path)
        self.notices: list[str] = []

    def show_notice(self, text: str, seconds: float = 6.0) -> None:
        self.notices.append(text)

    def drain(self) -> None:
        while not self.worker.is_idle:
            self.calls.get(timeout=30)()


@pytest.fixture
def shell(tmp_path: Path) -> Any:
    app = Shell(tmp_path / "games.db")
    app.controller.open_store()
    app.drain()
    app.controller.new_game({"players": 2, "difficulty": "introduction"}, seed=34)
    app.drain()
    assert app.controller.dispatch(a.Plan())
    app.drain()
    yield app
    app.worker.stop()


def snapshots(path: Path, game_id: int) -> tuple[int, ...]:
    store = Store.open(path)
    try:
        return store.snapshot_seqs(game_id)
    finally:
        store.close()


def test_a_save_pins_the_saved_games_before_it_writes_and_reads_the_data_again(shell: Any, tmp_path: Path) -> None:
    game_id = shell.controller.snapshot.game_id
    before = snapshots(tmp_path / "games.db", game_id)
    seen: dict[str, Any] = {}

    def write() -> str:
        seen["pinned"] = snapshots(tmp_path / "games.db", game_id)
        return "written"

    save_data(shell, write, lambda result: seen.setdefault("done", result))
    shell.drain()
    assert seen["done"] == "written"
    assert 1 in seen["pinned"] and 1 not in before  # the position after step 1 kept, before the write
    assert shell.pack.is_loaded


def test_a_refused_save_is_said_in_one_line_and_undo_puts_the_last_save_back(shell: Any) -> None:
    def refuse() -> None:
        raise ValueError("overlay/thunderbirds/disasters.toml: disaster[2].rescue: unknown symbol")

    save_data(shell, refuse, lambda _result: None)
    shell.drain()
    assert shell.notices == ["overlay/thunderbirds/disasters.toml: disaster[2].rescue: unknown symbol"]

    values = {"card": "before"}
    undo: UndoStack[str] = []

    def change() -> dict[str, Any]:
        previous = dict(values)
        values["card"] = "after"
        return previous

    save_undoable(shell, undo, "card", change, lambda _previous: None)
    shell.drain()
    assert values == {"card": "after"} and undo == [("card", {"card": "before"})]
    undone: list[str] = []
    undo_last(shell, undo, lambda _key, previous: values.update(previous), undone.append)
    shell.drain()
    assert values == {"card": "before"} and undone == ["card"] and undo == []


def test_no_game_pins_its_saved_games_or_reloads_its_data_itself() -> None:
    """Every editor saves through the service: the pin before the write and the reload after are its alone."""
    found = []
    for folder in ("companion/games", "companion/kit"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            for number, line in enumerate(text.splitlines(), start=1):
                if re.search(r"keep_games_as_played|pin_saved_games|\.pin\(", line) or (
                    "/ui/" in path.as_posix() and re.search(r"\bpack\.load\(\)", line)
                ):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []
