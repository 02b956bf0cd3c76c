"""A seat's own view: opened by its long code (the QR code's address) or its short typed code, showing that seat's
`secret_view` alone; a code of another game or a revoked one opens nothing; wrong codes are slowed."""

from __future__ import annotations

import urllib.error
import urllib.parse
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed

from companion.web.seats import SHORT_ALPHABET, SHORT_LENGTH, SeatCodes, Throttle

from .conftest import Table, open_feed, position_at, receive


def status_of(url: str, data: bytes | None = None) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, data=data, timeout=5) as answer:
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def test_codes_are_long_random_and_one_per_game_and_seat() -> None:
    codes = SeatCodes()
    first, second, other_game = codes.code_for(1, 0), codes.code_for(1, 1), codes.code_for(2, 0)
    assert codes.code_for(1, 0) is first
    assert len({first.token, second.token, other_game.token}) == 3 and len(first.token) >= 43
    assert len(first.short) == SHORT_LENGTH and set(first.short) <= set(SHORT_ALPHABET)
    assert codes.find(first.token) is first and codes.find_short(first.short.lower()) is first
    codes.keep_game(2)
    assert codes.find(first.token) is None and codes.find(other_game.token) is other_game
    codes.revoke(2, 0)
    assert codes.find_short(other_game.short) is None


def test_wrong_codes_are_slowed_more_and_more() -> None:
    now = [0.0]
    throttle = Throttle(free=3, clock=lambda: now[0])
    waits = []
    for _ in range(6):
        throttle.failed("10.0.0.9")
        waits.append(throttle.wait_for("10.0.0.9"))
    assert waits[:2] == [0.0, 0.0] and waits[2] < waits[3] < waits[4] < waits[5]
    assert throttle.wait_for("10.0.0.8") == 0.0  # another phone is not held up by this one
    now[0] += 1000
    assert throttle.wait_for("10.0.0.9") == 0.0


def test_a_seat_sees_its_own_hand_and_nothing_of_another(table: Table) -> None:
    table.start("warpspawn_thunderbirds", players=2)
    table.play(6)
    state, pack = table.session.state, table.pack
    mine, theirs = pack.secret_view(state, 0), pack.secret_view(state, 1)
    code = table.server.codes.code_for(table.session.game_id, 0)
    status, page = status_of(f"{table.base}/seat/{code.token}")
    assert status == 200 and 'class="secret"' in page
    with open_feed(f"{table.ws}/ws/seat/{code.token}") as feed:
        message = position_at(feed, table.board.current.version)
    assert message["secret"] == {
        "title": mine.title,
        "lines": list(mine.lines),
        "choices": [label for label, action in mine.choices if not isinstance(action, str)],
    }
    assert message["seat"] == pack.seats(state)[0]
    assert theirs.title not in str(message)


def test_the_short_code_typed_on_join_opens_the_seat(table: Table) -> None:
    table.start("warpspawn_thunderbirds")
    code = table.server.codes.code_for(table.session.game_id, 1)
    typed = urllib.parse.urlencode({"code": code.short.lower()[:4] + " " + code.short[4:]}).encode()
    status, page = status_of(f"{table.base}/join", typed)  # the redirect is followed to the seat's page
    assert status == 200 and 'class="secret"' in page and code.token in page


def test_a_wrong_code_opens_nothing_and_is_slowed(table: Table) -> None:
    table.start("warpspawn_thunderbirds")
    statuses = [status_of(f"{table.base}/join", b"code=AAAAAAAA")[0] for _ in range(5)]
    assert statuses[:3] == [403, 403, 403] and 429 in statuses
    status, page = status_of(f"{table.base}/join", b"code=AAAAAAAA")
    assert status == 429 and "try again in" in page


def test_a_revoked_code_or_a_new_game_closes_the_seat(table: Table) -> None:
    table.start("warpspawn_thunderbirds")
    code = table.server.codes.code_for(table.session.game_id, 0)
    with open_feed(f"{table.ws}/ws/seat/{code.token}") as feed:
        receive(feed)
        table.server.codes.revoke(code.game_id, 0)
        table.publish()
        with pytest.raises(ConnectionClosed) as closed:
            receive(feed)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    code = table.server.codes.code_for(table.session.game_id, 1)
    table.start("warpspawn_thunderbirds", seed=9)  # another game: the last one's codes expire with it
    assert status_of(f"{table.base}/seat/{code.token}")[0] == 403
