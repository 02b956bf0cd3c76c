"""A real server on the loopback (uvicorn on a free port) fed by real games on a real SQLite store."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from companion.engine import registry
from companion.engine.session import Session
from companion.engine.store import Store
from companion.web.position import PositionBoard
from companion.web.server import WebServer


@dataclass
class Table:
    """A game played through the engine's session, every durable change published as the app does."""

    board: PositionBoard
    server: WebServer
    store: Store
    session: Session | None = None
    pack: Any = None
    picker: random.Random = field(default_factory=random.Random)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.server.port}"

    def start(self, game: str, players: int = 2, seed: int = 5) -> Session:
        self.pack = registry.pack(game)
        options = {option.key: option.default for option in self.pack.info.options}
        self.session = Session.new(self.store, self.pack.rules, self.pack.setup_for(players, options), seed)
        self.picker = random.Random(seed)
        self.publish()
        return self.session

    def publish(self) -> None:
        assert self.session is not None
        labels = [entry.label for entry in self.session.history() if not entry.is_undone]
        self.board.publish(self.pack, self.session.game_id, self.session.state, self.session.cursor, labels)

    def play(self, steps: int) -> bool:
        """`steps` actions chosen by the pack's own `random_action`, each published once durable; False when the
        game ended first."""
        assert self.session is not None
        for _ in range(steps):
            action = self.pack.random_action(self.session.state, self.picker.choice)
            if action is None:
                return False
            self.session.dispatch(action)
            self.publish()
        return True


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    board = PositionBoard()
    server = WebServer(board, host="127.0.0.1", port=0)
    server.start()
    store = Store.open(tmp_path / "games.db")
    try:
        yield Table(board, server, store)
    finally:
        server.stop()
        store.close()


def receive(socket: ClientConnection, timeout: float = 5.0) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(socket.recv(timeout=timeout))
    return message


def position_at(socket: ClientConnection, version: int, timeout: float = 5.0) -> dict[str, Any]:
    """The first position message of at least `version` (a view may skip versions, never go back)."""
    while True:
        message = receive(socket, timeout)
        if message.get("type") == "position" and message["version"] >= version:
            return message


def open_feed(url: str) -> ClientConnection:
    return connect(url, open_timeout=5, max_size=2**20)


#: How the browser tests start Debian's Chromium (never a browser Playwright would download).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Any]:
    """Headless Chromium driven by Playwright; the `chromium` fixture marks the test `tools`."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def shown_version(page: Any, at_least: int, timeout: float = 10.0) -> int:
    """Waits until the page shows a position of at least `at_least`; the version it shows."""
    page.wait_for_function(f"Number(document.body.dataset.version) >= {at_least}", timeout=timeout * 1000)
    return int(page.evaluate("document.body.dataset.version"))


def texts(page: Any, list_id: str) -> list[str]:
    return [str(item) for item in page.locator(f"#{list_id} li").all_inner_texts()]
