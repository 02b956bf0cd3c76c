"""A seat plays from its phone: the choice goes from the server's thread to the app's main thread and through the
game controller, the session and the rules, as a touch in the hand-over step would; a spectator cannot, and a choice
made on a position the game has left is dropped."""

from __future__ import annotations

import json
import queue
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.config import Config, WebConfig
from companion.engine import registry
from companion.ui.controller import GameController
from companion.ui.worker import SessionWorker
from companion.web.link import WebLink, attached, start_if_enabled
from companion.web.views import playable

from .conftest import open_feed, position_at, receive
from .test_web_app import free_port


class AppThread:
    """The app's main thread: what the worker and the server hand it runs when the test says (`run_until`)."""

    def __init__(self) -> None:
        self.calls: queue.Queue[Callable[[], None]] = queue.Queue()

    def deliver(self, call: Callable[[], None]) -> None:
        self.calls.put(call)

    def run_until(self, done: Callable[[], bool]) -> None:
        while not done():
            self.calls.get(timeout=20)()


@pytest.fixture
def app(tmp_path: Path) -> Iterator[tuple[GameController, AppThread, WebLink]]:
    main = AppThread()
    worker = SessionWorker(main.deliver)
    pack = registry.pack("warpspawn_thunderbirds")
    controller = GameController(worker, pack, tmp_path / "games.db")
    config = Config(web=WebConfig(enabled=True, host="127.0.0.1", port=free_port()))
    link = attached(start_if_enabled(lambda: pack, config), controller, print, main.deliver)
    assert isinstance(link, WebLink)
    controller.open_store()
    main.run_until(lambda: worker.is_idle)
    try:
        yield controller, main, link
    finally:
        link.stop()
        worker.stop()


def test_a_seat_plays_a_card_from_its_phone_through_the_controller(app: Any) -> None:
    controller, main, link = app
    pack = controller.pack
    controller.new_game(pack.setup_for(2, {"size": "12"}), seed=1)
    main.run_until(lambda: controller.snapshot is not None and not controller.busy)
    picker = random.Random(1)
    for _ in range(200):  # played on until seat 0 holds a card it may play now
        secret = pack.secret_view(controller.snapshot.state, 0)
        if secret is not None and playable(secret.choices):
            break
        assert controller.dispatch(pack.random_action(controller.snapshot.state, picker.choice))
        main.run_until(lambda: not controller.busy)
    label, action = playable(secret.choices)[0]
    steps, before = len(controller.snapshot.history), controller.snapshot.state
    code = link.seat_codes()[0][1]
    port = link.server.port
    with open_feed(f"ws://127.0.0.1:{port}/ws/seat/{code.token}") as phone:
        shown = position_at(phone, link.board.current.version)
        assert shown["secret"]["choices"][0] == label
        phone.send(json.dumps({"type": "play", "version": shown["version"] - 1, "choice": 0}))  # a stale choice
        phone.send(json.dumps({"type": "play", "version": shown["version"], "choice": 0}))
        waited = time.monotonic()
        while main.calls.qsize() < 2 and time.monotonic() - waited < 20:  # both choices handed to the main thread
            time.sleep(0.01)
        main.calls.get()()
        assert not controller.busy, "a choice made on a position the game has left is dropped"
        main.calls.get()()
        main.run_until(lambda: not controller.busy)
        after = position_at(phone, shown["version"] + 1)
    assert len(controller.snapshot.history) == steps + 1
    assert controller.snapshot.history[-1].label == after["history"][0]
    assert controller.snapshot.history[-1].label == pack.describe(action, before)


def test_a_spectator_cannot_play(app: Any) -> None:
    controller, main, link = app
    controller.new_game(controller.pack.setup_for(2, {"size": "12"}), seed=1)
    main.run_until(lambda: controller.snapshot is not None and not controller.busy)
    with open_feed(f"ws://127.0.0.1:{link.server.port}/ws") as feed:
        shown = receive(feed)
        feed.send(json.dumps({"type": "play", "version": shown["version"], "choice": 0}))
        assert receive(feed) == {"type": "error", "message": "A spectator cannot play: join as a player."}
    assert main.calls.empty() and len(controller.snapshot.history) == 0
