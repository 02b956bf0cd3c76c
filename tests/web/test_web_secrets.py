"""The secrets test of the pack contract, on the web views: for every game that hides information (Warpspawn
Thunderbirds' hands, the test pack's, and any pack added later), neither the spectator's page and feed, nor a wrong
seat's page and feed, nor the server's logs ever carry what another seat alone may see."""

from __future__ import annotations

import importlib
import logging
import urllib.request

import pytest
from packs import TEST_PACKS, drill_games, use

from companion.engine import registry

from .conftest import Table, open_feed, position_at


def hiding_games() -> list[str]:
    """Every game the drills play that hides information (read at collection: no test pack is registered yet)."""

    def hides(name: str) -> bool:
        if name in TEST_PACKS:
            return bool(importlib.import_module(TEST_PACKS[name]).INFO.hides_information)
        return registry.info(name).hides_information

    return [name for name in drill_games() if hides(name)]


@pytest.mark.parametrize("game", hiding_games())
def test_no_view_but_the_seats_own_ever_carries_its_secret(
    game: str, table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    use(game)
    caplog.set_level(logging.DEBUG)
    pack = registry.pack(game)
    table.start(game, players=max(2, pack.info.players[0]), seed=1)
    game_id = table.session.game_id
    wrong = table.server.codes.code_for(game_id, 1)
    own = table.server.codes.code_for(game_id, 0)
    secrets_seen: set[str] = set()
    seat1_lines: set[str] = set()
    spectator_text: list[str] = []
    wrong_text: list[str] = []
    own_text: list[str] = []
    with (
        open_feed(f"{table.ws}/ws") as spectator,
        open_feed(f"{table.ws}/ws/seat/{wrong.token}") as wrong_seat,
        open_feed(f"{table.ws}/ws/seat/{own.token}?lang=fr") as own_seat,
    ):
        for step in range(150):  # 25 steps at least, and on until seat 0 held a secret
            if step >= 25 and secrets_seen or step and not table.play(1):
                break
            state = table.session.state
            secret = pack.secret_view(state, 0)
            secrets_seen.update(secret.lines if secret is not None else ())
            theirs = pack.secret_view(state, 1)
            seat1_lines.update(theirs.lines if theirs is not None else ())
            version = table.board.current.version
            for feed, kept in ((spectator, spectator_text), (wrong_seat, wrong_text), (own_seat, own_text)):
                kept.append(str(position_at(feed, version)))
        for path in ("/", "/?lang=fr", f"/seat/{wrong.token}", "/join"):
            spectator_text.append(urllib.request.urlopen(table.base + path, timeout=5).read().decode("utf-8"))
    assert secrets_seen, f"{game}: seat 0 never held a secret in this game"
    # The server's log, every level (the test's own WebSocket client logs what it received: not the server's).
    logs = "\n".join(r.getMessage() for r in caplog.records if not r.name.startswith("websockets.client"))
    for line in secrets_seen:
        assert not any(line in text for text in spectator_text), f"{game}: {line!r} on the spectator's view"
        if line not in seat1_lines:  # the same card in both hands reads the same
            assert not any(line in text for text in wrong_text), f"{game}: {line!r} on seat 1's view"
        assert line not in logs, f"{game}: {line!r} in the server's log"
    assert own.token not in logs and wrong.token not in logs and own.short not in logs
