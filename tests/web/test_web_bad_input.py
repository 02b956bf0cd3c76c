"""Bad input, sent as a browser never would: malformed, oversized and unexpected HTTP requests, bad WebSocket
messages and a flood of connections. Each gets a clear answer (a status with a one-line reason, an error message,
or a documented close code), never a traceback, and the game never changes; the server serves on afterwards."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from companion.web.server import MAX_MESSAGE, MAX_RATE, MAX_VIEWS

from .conftest import Table, open_feed, position_at, receive

LONG = "a" * 5000
#: (what, raw request) -> the statuses that are a clear answer to it.
HTTP_CASES: list[tuple[str, bytes, tuple[int, ...]]] = [
    ("garbage", b"GARBAGE\r\n\r\n", (400,)),
    ("unknown HTTP version", b"GET / HTTP/9.9\r\nHost: x\r\n\r\n", (200, 400, 505)),
    ("no Host header", b"GET / HTTP/1.1\r\n\r\n", (400,)),
    ("huge path", f"GET /{LONG} HTTP/1.1\r\nHost: x\r\n\r\n".encode(), (414,)),
    ("huge query", f"GET /?lang={LONG} HTTP/1.1\r\nHost: x\r\n\r\n".encode(), (414,)),
    ("huge header", b"GET / HTTP/1.1\r\nHost: x\r\nX: " + b"a" * 70000 + b"\r\n\r\n", (400, 431)),
    ("many headers", b"GET / HTTP/1.1\r\nHost: x\r\n" + b"X-A: b\r\n" * 2000 + b"\r\n", (400, 431)),
    ("body of a gigabyte announced", b"POST /join HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000\r\n\r\n", (413,)),
    ("chunked body", b"POST /join HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", (413,)),
    ("length not a number", b"POST /join HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", (400,)),
    ("negative length", b"POST /join HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", (400,)),
    ("two lengths", b"POST /join HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", (400,)),
    ("DELETE", b"DELETE / HTTP/1.1\r\nHost: x\r\n\r\n", (405,)),
    ("PUT", b"PUT /join HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", (405,)),
    ("PATCH", b"PATCH / HTTP/1.1\r\nHost: x\r\n\r\n", (405,)),
    ("OPTIONS *", b"OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", (400, 405)),
    ("TRACE", b"TRACE / HTTP/1.1\r\nHost: x\r\n\r\n", (405,)),
    ("CONNECT", b"CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n", (400, 405)),
    ("made-up method", b"FROBNICATE / HTTP/1.1\r\nHost: x\r\n\r\n", (405,)),
    ("POST to the spectator page", b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", (405,)),
    ("path climbing out", b"GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", (404,)),
    ("encoded climb", b"GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", (404,)),
    ("unknown page", b"GET /admin HTTP/1.1\r\nHost: x\r\n\r\n", (404,)),
    ("seat without code", b"GET /seat/ HTTP/1.1\r\nHost: x\r\n\r\n", (404,)),
    ("seat with a wrong code", b"GET /seat/xyz HTTP/1.1\r\nHost: x\r\n\r\n", (403,)),
    ("seat with a long code", f"GET /seat/{'b' * 300} HTTP/1.1\r\nHost: x\r\n\r\n".encode(), (403,)),
    ("seat with a NUL", b"GET /seat/%00 HTTP/1.1\r\nHost: x\r\n\r\n", (403, 404)),
    ("seat with bad UTF-8", b"GET /seat/%ff%fe HTTP/1.1\r\nHost: x\r\n\r\n", (403, 404)),
    ("raw bytes in the path", b"GET /\xc3\xa9\xff HTTP/1.1\r\nHost: x\r\n\r\n", (400, 404)),
    ("NUL in a header", b"GET / HTTP/1.1\r\nHost: x\r\nX-\x00: y\r\n\r\n", (400,)),
    ("header without a colon", b"GET / HTTP/1.1\r\nHost: x\r\nnonsense\r\n\r\n", (400,)),
    ("bare LF line endings", b"GET / HTTP/1.1\nHost: x\n\n", (200, 400)),
    ("unknown language", b"GET /?lang=xx HTTP/1.1\r\nHost: x\r\n\r\n", (200,)),
    ("odd Accept-Language", b"GET / HTTP/1.1\r\nHost: x\r\nAccept-Language: ;;,,q=\xff\r\n\r\n", (200,)),
    ("join: empty body", b"POST /join HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", (403,)),
    ("join: not UTF-8", b"POST /join HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\n\xff\xfe\xfd\xfc", (403, 429)),
    ("join: bad escape", b"POST /join HTTP/1.1\r\nHost: x\r\nContent-Length: 8\r\n\r\ncode=%ff", (403, 429)),
    (
        "join: many fields",
        b"POST /join HTTP/1.1\r\nHost: x\r\nContent-Length: 23\r\n\r\na=1&b=2&c=3&d=4&e=5&f=6",
        (403, 429),
    ),
    ("join: long code", b"POST /join HTTP/1.1\r\nHost: x\r\nContent-Length: 905\r\n\r\ncode=" + b"A" * 900, (403, 429)),
    (
        "join: multipart",
        b"POST /join HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=z\r\n"
        b"Content-Length: 9\r\n\r\n--z--\r\nxx",
        (403, 429),
    ),
    ("join: JSON", b'POST /join HTTP/1.1\r\nHost: x\r\nContent-Length: 15\r\n\r\n{"code":"ABCD"}', (403, 429)),
    (
        "join: body over the limit",
        b"POST /join HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n" + b"c" * 2000,
        (413,),
    ),
    ("plain GET of the feed", b"GET /ws HTTP/1.1\r\nHost: x\r\n\r\n", (404,)),
    (
        "upgrade without a key",
        b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
        (400, 404, 426),
    ),
    (
        "upgrade of an old version",
        b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: abc\r\nSec-WebSocket-Version: 8\r\n\r\n",
        (400, 404, 426),
    ),
]


@pytest.fixture
def playing(table: Table) -> Iterator[Table]:
    table.start("warpspawn_thunderbirds")
    table.play(3)
    yield table


def raw(table: Table, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", table.server.port), timeout=5) as link:
        link.sendall(request)
        link.shutdown(socket.SHUT_WR)
        answer = b""
        try:
            while chunk := link.recv(65536):
                answer += chunk
        except (ConnectionResetError, TimeoutError):
            pass
    return answer


def unchanged(table: Table, version: int, state: object) -> None:
    assert table.board.current.version == version and table.session.state == state
    with open_feed(f"{table.ws}/ws") as feed:  # and the server serves on
        assert receive(feed)["version"] == version


def test_bad_http_requests_get_a_clear_answer_and_change_nothing(playing: Table) -> None:
    version, state = playing.board.current.version, playing.session.state
    for what, request, statuses in HTTP_CASES:
        answer = raw(playing, request)
        head, _, body = answer.partition(b"\r\n\r\n")
        status = int(head.split(b" ")[1]) if head.startswith(b"HTTP/1.1 ") else None
        assert status in statuses, f"{what}: {head[:80]!r}"
        assert b"Traceback" not in answer and b'File "' not in answer, what
        if status != 200:
            assert body.strip(), f"{what}: an error says what is wrong"
        playing.server.throttle.succeeded("127.0.0.1")  # the wrong codes above are slowed; the next case is not
    unchanged(playing, version, state)


#: (what, a WebSocket message) -> each is answered with an error message, and the view stays open.
WS_MESSAGES: list[tuple[str, str | bytes]] = [
    ("not JSON", "hello"),
    ("empty text", ""),
    ("empty object", "{}"),
    ("a list", "[]"),
    ("null", "null"),
    ("a number", "1"),
    ("a string", '"hello"'),
    ("truncated", '{"type":"hello"'),
    ("NaN", '{"type": NaN}'),
    ("a lone surrogate", '"\\ud800"'),
    ("deep nesting", "[" * 400 + "]" * 400),
    ("unknown type", '{"type":"play","card":"move-3"}'),
    ("an action", '{"type":"dispatch","action":{"kind":"end-turn"}}'),
    ("an undo", '{"type":"undo"}'),
    ("type not a string", '{"type":["hello"]}'),
    ("binary frame", b"\x00\x01\x02"),
]


def test_bad_websocket_messages_get_an_error_and_change_nothing(playing: Table) -> None:
    version, state = playing.board.current.version, playing.session.state
    with open_feed(f"{playing.ws}/ws") as feed:
        position_at(feed, version)
        for what, message in WS_MESSAGES:
            feed.send(message)
            answer = receive(feed)
            assert answer["type"] == "error" and answer["message"], what
            assert "Traceback" not in answer["message"]
        feed.send(json.dumps({"type": "hello", "version": 0}))
        assert receive(feed)["version"] == version  # a good message after them all is answered
    unchanged(playing, version, state)


def test_an_oversized_message_or_a_flood_of_them_closes_that_view_only(playing: Table) -> None:
    version, state = playing.board.current.version, playing.session.state
    with open_feed(f"{playing.ws}/ws") as feed:
        receive(feed)
        feed.send("x" * (MAX_MESSAGE * 4))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                receive(feed)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    with open_feed(f"{playing.ws}/ws") as feed:
        receive(feed)
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(MAX_RATE * 5):
                feed.send('{"type":"ping"}')
            while True:
                receive(feed)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    with open_feed(f"{playing.ws}/ws/seat/not-a-code") as feed, pytest.raises(ConnectionClosed) as closed:
        receive(feed)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    unchanged(playing, version, state)


def test_a_flood_of_connections_is_refused_beyond_the_limits_and_play_goes_on(playing: Table) -> None:
    version, state = playing.board.current.version, playing.session.state
    with ExitStack() as stack:
        for _ in range(150):  # connections that never send a byte
            stack.enter_context(socket.create_connection(("127.0.0.1", playing.server.port), timeout=5))
        views, refused = [], 0
        for _ in range(MAX_VIEWS + 30):
            try:
                views.append(stack.enter_context(open_feed(f"{playing.ws}/ws")))
            except (InvalidStatus, ConnectionClosed, OSError):
                refused += 1
        for view in views[:MAX_VIEWS]:
            view.recv(timeout=10)
        for view in views[MAX_VIEWS:]:  # accepted by the protocol, then closed: too many views (1013)
            with pytest.raises(ConnectionClosed) as closed:
                view.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        assert refused + len(views[MAX_VIEWS:]) >= 30
        playing.play(1)  # the game goes on while the flood holds; the views hear of it
        moved = playing.board.current.version
        for view in views[:MAX_VIEWS:20]:
            assert position_at(view, moved)["version"] == moved
    assert playing.session.state != state and moved == version + 1
    with open_feed(f"{playing.ws}/ws") as feed:  # the flood gone, a new view is served at once
        assert receive(feed)["version"] == moved


def ask(table: Table, client: str) -> tuple[int, bytes]:
    """One GET of the spectator page through the server's ASGI application, as from `client`."""
    sent: list[dict[str, Any]] = []
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": "/",
        "raw_path": b"/",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"pi.local")],
        "client": (client, 40000),
        "server": ("127.0.0.1", table.server.port),
    }

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(table.server.app(scope, receive, send))
    return int(sent[0]["status"]), b"".join(m.get("body", b"") for m in sent[1:])


@pytest.mark.parametrize("client", ["93.184.216.34", "8.8.8.8", "2001:4860::8888", "not an address"])
def test_an_address_outside_the_local_network_is_refused(table: Table, client: str) -> None:
    status, body = ask(table, client)
    assert (status, body) == (403, b"This companion answers its local network only.\n")
    for local in ("192.168.1.20", "10.0.0.7", "172.16.3.4", "127.0.0.1", "fe80::1"):
        assert ask(table, local)[0] == 200
