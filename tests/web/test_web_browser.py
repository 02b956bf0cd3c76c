"""The pages in a real browser (Debian's Chromium, headless, driven by Playwright): a seat's page shows its own hand
and nothing of another's, and plays a card tapped on it; a dropped connection comes back to the current position by
itself."""

from __future__ import annotations

import queue
from pathlib import Path
from typing import Any

from companion.engine.store import Store
from companion.web.position import PositionBoard
from companion.web.server import WebServer
from companion.web.views import chosen_action, playable

from .conftest import Table, shown_version, texts


def test_a_player_page_shows_its_own_hand_and_not_another(table: Table, browser: Any) -> None:
    table.start("warpspawn_thunderbirds", players=2, seed=1)
    table.play(6)
    state, pack = table.session.state, table.pack
    mine, theirs = pack.secret_view(state, 0), pack.secret_view(state, 1)
    only_theirs = set(theirs.lines) - set(mine.lines)
    assert only_theirs, "the two hands differ in this game"
    code = table.server.codes.code_for(table.session.game_id, 0)
    page = browser.new_page()
    try:
        page.goto(f"{table.base}/join")
        page.fill("input[name=code]", code.short)
        page.click("button[type=submit]")
        shown_version(page, table.board.current.version)
        assert page.inner_text("#secret-title") == mine.title
        assert texts(page, "secret") == list(mine.lines)
        body = page.inner_text("body")
        assert not any(line in body for line in only_theirs)
        spectator = browser.new_page()
        spectator.goto(table.base + "/")
        shown_version(spectator, table.board.current.version)
        assert texts(spectator, "lines") == list(pack.table_lines(pack.public_view(state)))
        assert not any(line in spectator.inner_text("body") for line in mine.lines + theirs.lines)
        spectator.close()
    finally:
        page.close()


def test_a_dropped_connection_comes_back_to_the_current_position(table: Table, browser: Any) -> None:
    table.start("warpspawn_thunderbirds", seed=1)
    page = browser.new_page()
    try:
        page.goto(f"{table.base}/?lang=fr")
        shown_version(page, table.board.current.version)
        port = table.server.port
        table.server.stop()  # the Pi's server goes away (Wi-Fi lost, app restarted)
        page.wait_for_function("document.body.dataset.connected === 'no'", timeout=10_000)
        assert "reconnexion" in page.inner_text("#status")
        table.play(4)  # the game goes on meanwhile
        table.server = WebServer(table.board, host="127.0.0.1", port=port)
        table.server.start()
        version = shown_version(page, table.board.current.version, timeout=20)
        assert version == table.board.current.version
        assert page.evaluate("document.body.dataset.step") == str(table.session.cursor)
        assert page.inner_text("#status") == "En direct"
    finally:
        page.close()


def test_a_player_taps_a_card_on_the_phone_and_the_move_is_played(tmp_path: Path, browser: Any) -> None:
    choices: queue.Queue[tuple[int, int, int, int]] = queue.Queue()
    board = PositionBoard()
    server = WebServer(board, host="127.0.0.1", port=0, play=lambda *choice: choices.put(choice))
    server.start()
    table = Table(board, server, Store.open(tmp_path / "games.db"))
    page = browser.new_page()
    try:
        table.start("warpspawn_thunderbirds", players=2, seed=1)
        while not playable(table.pack.secret_view(table.session.state, 0).choices):
            assert table.play(1)
        label, action = playable(table.pack.secret_view(table.session.state, 0).choices)[0]
        before = table.session.state
        code = server.codes.code_for(table.session.game_id, 0)
        page.goto(f"{table.base}/seat/{code.token}")
        version = shown_version(page, board.current.version)
        page.get_by_role("button", name=label).click()
        game_id, seat, shown, index = choices.get(timeout=10)  # what the app's main thread is handed
        assert (game_id, seat, shown) == (table.session.game_id, 0, version)
        assert chosen_action(board.current, seat, shown, index) == action
        table.session.dispatch(action)  # as the app's controller does with it
        table.publish()
        shown_version(page, version + 1)
        assert texts(page, "history")[0] == table.pack.describe(action, before)
    finally:
        page.close()
        server.stop()
        table.store.close()
