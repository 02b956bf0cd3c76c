"""The spectator's feed: every durable change pushed with its sequence number, the current position at once to a
view that connects or comes back, in the viewer's language, with the shared screen's words only."""

from __future__ import annotations

import urllib.request

import pytest

from companion.locale import speaking

from .conftest import Table, open_feed, position_at, receive


def test_a_spectator_follows_every_change_with_its_sequence_number(table: Table) -> None:
    table.start("warpspawn_thunderbirds")
    with open_feed(f"{table.ws}/ws?lang=en") as feed:
        first = position_at(feed, table.board.current.version)
        assert first["title"] == "Warpspawn Thunderbirds"
        assert first["lines"] == list(table.pack.table_lines(table.pack.public_view(table.session.state)))
        for _ in range(4):
            table.play(1)
            message = position_at(feed, table.board.current.version)
            assert message["version"] == table.board.current.version
            assert message["step"] == table.session.cursor
        table.session.undo()
        table.publish()
        undone = position_at(feed, table.board.current.version)
        assert undone["step"] == table.session.cursor == 3


def test_a_view_that_comes_back_gets_the_current_position_at_once(table: Table) -> None:
    table.start("warpspawn_thunderbirds")
    with open_feed(f"{table.ws}/ws") as feed:
        position_at(feed, 1)
    table.play(5)  # while nobody watches
    with open_feed(f"{table.ws}/ws") as feed:
        message = receive(feed)
        assert message["version"] == table.board.current.version
        assert message["step"] == table.session.cursor


def test_the_viewer_chooses_french(table: Table) -> None:
    table.start("warpspawn_thunderbirds")
    table.play(2)
    with open_feed(f"{table.ws}/ws?lang=fr") as feed:
        message = receive(feed)
    with speaking("fr"):
        expected = list(table.pack.table_lines(table.pack.public_view(table.session.state)))
    assert message["lines"] == expected and expected[0] != "Turn 1"
    page = urllib.request.urlopen(f"{table.base}/?lang=fr", timeout=5).read().decode("utf-8")
    assert '<html lang="fr">' in page and "Historique" in page


def test_no_game_open_is_said(table: Table) -> None:
    with open_feed(f"{table.ws}/ws") as feed:
        message = receive(feed)
    assert message["title"] == "No game is open" and message["lines"] == []


def test_thunderbirds_shows_its_table_in_words_and_a_pack_without_lines_the_line_home_shows(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.start("thunderbirds", players=2)
    table.pack.load()  # as the app has it: the characters' and settings' names
    table.play(2)
    with open_feed(f"{table.ws}/ws") as feed:
        message = receive(feed)
    assert message["lines"] == list(table.pack.table_lines(table.pack.public_view(table.session.state)))
    assert message["lines"][1].startswith("Hood: space ") and "scott" not in message["lines"][0]
    assert message["title"] == "Thunderbirds" and len(message["history"]) == 2
    # A pack whose own screens draw everything and give no lines: the page shows Home's line of the game.
    monkeypatch.setattr(type(table.pack), "table_lines", lambda self, view: ())
    table.play(1)
    line = table.pack.saved_game_line(table.pack.rules.summary(table.session.state))
    with open_feed(f"{table.ws}/ws") as feed:
        message = receive(feed)
    assert message["lines"] == [text for text in (line.players, line.detail, line.status) if text]
    assert message["lines"][1] == "Introduction" and len(message["history"]) == 3
