"""The web server: Starlette on uvicorn (with the `websockets` library), on a thread and event loop of its own.

Why this stack: Starlette is a small, well-kept ASGI toolkit (routing, forms, WebSockets, no template engine or
ORM to carry) and uvicorn its usual server, both pure Python wheels that install on a Pi as on a PC; aiohttp would do
the same with a larger C-built package. Running on its own thread and loop, nothing here ever holds a Kivy frame or
a durable commit: the app only swaps a pointer (`PositionBoard.publish`) and the loop is woken through
`call_soon_threadsafe`.

Only addresses of the local network are answered (`is_local`; 403 otherwise). Bad input is answered in one line
and changes nothing: bodies over `MAX_BODY` bytes (413), long addresses (414),
too many or too long headers (431), other methods (405), unknown paths (404), too many connections (503, or a
WebSocket closed with 1013), a WebSocket message over `MAX_MESSAGE` bytes (closed by the protocol, 1009), not JSON
or not a known message (an error message), more than `MAX_RATE` messages a second (closed, 1008). A spectator's
messages never change a game; a seat's `play` is handed to the app, which dispatches it like a touch. The access
log is off: the addresses of seat pages carry their codes; our own log lines never name a code or a secret.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import socket
import threading
import time
import urllib.parse
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from companion.locale import domain, speaking
from companion.web.pages import join_page, problem_page, view_page
from companion.web.position import Position, PositionBoard
from companion.web.seats import SeatCode, SeatCodes, Throttle
from companion.web.views import encoded, error_message, pick_language, seat_message, spectator_message

_, ngettext = domain("web")
log = logging.getLogger(__name__)

MAX_BODY = 1024  # bytes of a request body (the join form's code is 8 letters)
MAX_TARGET = 512  # characters of a path and query
MAX_HEADERS = (8192, 64)  # bytes and number of a request's headers
MAX_MESSAGE = 1024  # bytes of one WebSocket message from a view
MAX_RATE = 20  # messages a second from one view before it is dropped
MAX_VIEWS = 200  # open views (spectators and seats) at once
MAX_CONNECTIONS = 400  # HTTP and WebSocket connections at once (uvicorn answers 503 beyond)
SEND_TIMEOUT = 5.0  # seconds a view may take to read a message before it is dropped (it resyncs when back)
CLOSE_EXPIRED = 4403  # a WebSocket close code: this seat's code was revoked or its game is over


class WebError(Exception):
    """The server could not start (the port is taken, the address is not this machine's): said in one line."""


@dataclass(eq=False)
class _View:
    """One open WebSocket view: it is sent the latest position whenever `changed` is set."""

    socket: WebSocket
    language: str
    code: SeatCode | None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    sent: int = -1
    name: str = ""


class Hub:
    """The open views of one loop; renders each position once per language and seat, whatever the viewers."""

    def __init__(self, board: PositionBoard, codes: SeatCodes) -> None:
        self.board, self.codes = board, codes
        self.views: set[_View] = set()
        #: The seat of each open view (None: a spectator), replaced whole on each change so that another thread
        #: (Settings) reads it without a lock.
        self.present: tuple[int | None, ...] = ()
        self._cache: dict[tuple[int, str, int | None], str] = {}
        self._cache_version = -1
        self.loop: asyncio.AbstractEventLoop | None = None
        #: (version, when the loop heard of it): `bench/web_bench.py` reads the time from a commit to a browser.
        self.woken_at: dict[int, float] = {}

    def add(self, view: _View) -> None:
        self.views.add(view)
        self.present = tuple(v.code.seat if v.code is not None else None for v in self.views)

    def remove(self, view: _View) -> None:
        self.views.discard(view)
        self.present = tuple(v.code.seat if v.code is not None else None for v in self.views)

    def wake(self, position: Position) -> None:
        """From any thread: every view is sent `position` (or a later one) soon."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._mark_all)

    def _mark_all(self) -> None:
        self.codes.keep_game(self.board.current.game_id)
        for view in self.views:
            view.changed.set()

    def render(self, position: Position, language: str, seat: int | None) -> str:
        if position.version != self._cache_version:
            self._cache.clear()
            self._cache_version = position.version
        key = (position.version, language, seat)
        text = self._cache.get(key)
        if text is None:
            message = spectator_message(position, language) if seat is None else seat_message(position, seat, language)
            text = self._cache[key] = encoded(message)
        return text


def _client(scope_client: Any) -> str:
    return str(scope_client[0]) if scope_client else "?"


def is_local(address: str) -> bool:
    """An address of the local network (private, link-local or this machine's): the only ones answered, so a Pi
    that also has a public address shows nothing to the Internet."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.is_private or ip.is_loopback or ip.is_link_local


class Limits:
    """ASGI middleware: oversized or unexpected requests are refused before any route reads them."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        target = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
        header_list = scope.get("headers") or ()
        problem: tuple[int, str] | None = None
        if not is_local(_client(scope.get("client"))):
            problem = 403, _("This companion answers its local network only.")
        elif target > MAX_TARGET:
            problem = 414, _("This address is too long.")
        elif len(header_list) > MAX_HEADERS[1] or sum(len(k) + len(v) for k, v in header_list) > MAX_HEADERS[0]:
            problem = 431, _("This request's headers are too large.")
        elif scope["type"] == "http":
            method = scope.get("method", "")
            headers = dict(scope.get("headers") or ())
            length = headers.get(b"content-length", b"0")
            if method not in ("GET", "HEAD", "POST"):
                problem = 405, _("This server only answers GET and POST.")
            elif not length.isdigit():
                problem = 400, _("The request's length is not a number.")
            elif int(length) > MAX_BODY or b"chunked" in headers.get(b"transfer-encoding", b""):
                problem = 413, _("This request is too large.")
        if problem is None:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        language = pick_language(None, dict(scope.get("headers") or ()).get(b"accept-language", b"").decode("latin-1"))
        with speaking(language):
            response = PlainTextResponse(problem[1] + "\n", status_code=problem[0])
        await response(scope, receive, send)


#: What the server calls when a seat's phone makes a choice: (game id, seat, version shown, choice's index), on the
#: server's thread. The app hands it to its main thread, which dispatches it like a touch (`WebLink.play`).
Play = Callable[[int, int, int, int], None]


def build_app(board: PositionBoard, codes: SeatCodes, hub: Hub, throttle: Throttle, play: Play | None = None) -> Limits:
    """The ASGI application: the pages, the join form and the two feeds."""

    def language_of(request: Request | WebSocket) -> str:
        return pick_language(request.query_params.get("lang"), request.headers.get("accept-language"))

    async def spectator(request: Request) -> Response:
        language = language_of(request)
        return HTMLResponse(view_page(language, f"/ws?lang={language}", "/", seat=False))

    def seat_or_problem(request: Request, token: str) -> SeatCode | str:
        address = _client(request.scope.get("client"))
        wait = throttle.wait_for(address)
        with speaking(language_of(request)):
            if wait > 0:
                return _("Too many wrong codes: try again in {seconds} s.").format(seconds=int(wait) + 1)
            code = codes.find(token) if len(token) < 100 else None
            if code is None or code.game_id != board.current.game_id:
                throttle.failed(address)
                return _("This code does not open a seat: check it, or ask the host for a new one.")
        throttle.succeeded(address)
        return code

    async def seat(request: Request) -> Response:
        language = language_of(request)
        token = request.path_params["token"]
        found = seat_or_problem(request, token)
        if isinstance(found, str):
            return HTMLResponse(problem_page(language, found), status_code=403)
        path = f"/seat/{token}"
        return HTMLResponse(view_page(language, f"/ws/seat/{token}?lang={language}", path, seat=True))

    async def join(request: Request) -> Response:
        language = language_of(request)
        if request.method == "GET":
            return HTMLResponse(join_page(language))
        address = _client(request.scope.get("client"))
        with speaking(language):
            wait = throttle.wait_for(address)
            if wait > 0:
                problem = _("Too many wrong codes: try again in {seconds} s.").format(seconds=int(wait) + 1)
                return HTMLResponse(join_page(language, problem), status_code=429)
            typed = _typed_code(await request.body())
            code = codes.find_short(typed) if isinstance(typed, str) and len(typed) <= 32 else None
            if code is None or code.game_id != board.current.game_id:
                throttle.failed(address)
                problem = _("This code does not open a seat: check it, or ask the host for a new one.")
                return HTMLResponse(join_page(language, problem), status_code=403)
        throttle.succeeded(address)
        return RedirectResponse(f"/seat/{code.token}?lang={language}", status_code=303)

    async def feed(websocket: WebSocket) -> None:
        await serve_view(websocket, None)

    async def seat_feed(websocket: WebSocket) -> None:
        token = websocket.path_params["token"]
        code = codes.find(token) if len(token) < 100 else None
        address = _client(websocket.scope.get("client"))
        if throttle.wait_for(address) > 0 or code is None or code.game_id != board.current.game_id:
            if code is None:
                throttle.failed(address)
            await websocket.accept()  # then closed with a code the page reads (a refused upgrade tells it nothing)
            await websocket.close(code=CLOSE_EXPIRED)
            return
        await serve_view(websocket, code)

    async def serve_view(websocket: WebSocket, code: SeatCode | None) -> None:
        await websocket.accept()
        if len(hub.views) >= MAX_VIEWS:
            await websocket.close(code=1013)  # try again later
            return
        view = _View(websocket, language_of(websocket), code)
        view.name = "seat" if code is not None else "spectator"
        hub.add(view)
        view.changed.set()  # the current position at once, to a new or reconnecting view
        sender = asyncio.create_task(_send_loop(hub, board, codes, view))
        try:
            await _read_loop(view, play)
        finally:
            hub.remove(view)
            sender.cancel()

    async def not_found(request: Request, _exc: Exception) -> Response:
        return HTMLResponse(problem_page(language_of(request), _("There is no such page here.")), status_code=404)

    async def not_allowed(request: Request, _exc: Exception) -> Response:
        return PlainTextResponse(_("This page does not take that method.") + "\n", status_code=405)

    async def failed(request: Request, exc: Exception) -> Response:
        log.error("a web request failed: %s", type(exc).__name__)
        return PlainTextResponse(_("Something went wrong on the companion; the game is unchanged.") + "\n", 500)

    app = Starlette(
        routes=[
            Route("/", spectator),
            Route("/join", join, methods=["GET", "POST"]),
            Route("/seat/{token}", seat),
            WebSocketRoute("/ws", feed),
            WebSocketRoute("/ws/seat/{token}", seat_feed),
        ],
        exception_handlers={404: not_found, 405: not_allowed, 500: failed},
    )
    return Limits(app)


async def _read_loop(view: _View, play: Play | None) -> None:
    """What a view sends: `hello` and `ping` ask for the current position; a seat's `play` hands its choice to the
    app (`play`), which dispatches it like a touch; anything else is answered with an error; too many messages a
    second drop the view. A spectator's messages never reach a game."""
    window_start, count = time.monotonic(), 0
    while True:
        try:
            text = await view.socket.receive_text()
        except (WebSocketDisconnect, RuntimeError):
            return
        except KeyError:  # a binary frame: receive_text finds no text in it
            await _send_error(view, _("Messages are JSON text."))
            continue
        now = time.monotonic()
        if now - window_start >= 1.0:
            window_start, count = now, 0
        count += 1
        if count > MAX_RATE:
            await view.socket.close(code=1008)
            return
        problem, message = _problem_of(text)
        if problem is None and message.get("type") == "play":
            problem = _play(view, message, play)
        if problem:
            await _send_error(view, problem)
        elif message.get("type") != "play":
            view.sent = -1
            view.changed.set()


def _typed_code(body: bytes) -> str | None:
    """The `code` field of the join form (application/x-www-form-urlencoded, at most `MAX_BODY` bytes); None when
    the body is anything else."""
    try:
        fields = urllib.parse.parse_qs(body[:MAX_BODY].decode("utf-8"), max_num_fields=4, strict_parsing=True)
    except (UnicodeDecodeError, ValueError):
        return None
    found = fields.get("code")
    return found[0] if found else None


def _problem_of(text: str) -> tuple[str | None, dict[str, Any]]:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        return _("This message is too large."), {}
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return _("Messages are JSON text."), {}
    if not isinstance(message, dict) or message.get("type") not in ("hello", "ping", "play"):
        return _("This server understands only hello, ping and play."), {}
    return None, message


def _play(view: _View, message: dict[str, Any], play: Play | None) -> str | None:
    """A seat's choice handed to the app, or why not (a spectator, a table that takes moves on the Pi only, a
    message without a version and a choice's number)."""
    if view.code is None:
        return _("A spectator cannot play: join as a player.")
    if play is None:
        return _("This table takes moves on the Pi only.")
    version, index = message.get("version"), message.get("choice")
    if not (type(version) is int and type(index) is int):
        return _("A move names the version shown and the choice's number.")
    play(view.code.game_id, view.code.seat, version, index)
    return None


async def _send_error(view: _View, text: str) -> None:
    try:
        await asyncio.wait_for(view.socket.send_text(error_message(text)), SEND_TIMEOUT)
    except Exception:  # the view went away: its read loop ends
        return


async def _send_loop(hub: Hub, board: PositionBoard, codes: SeatCodes, view: _View) -> None:
    """Sends the latest position whenever it changed; a slow view skips to the latest, never a backlog."""
    while True:
        await view.changed.wait()
        view.changed.clear()
        position = board.current
        if (
            view.code is not None
            and not codes.in_force(view.code)
            or (view.code is not None and view.code.game_id != position.game_id)
        ):
            await view.socket.close(code=CLOSE_EXPIRED)
            return
        if position.version == view.sent:
            continue
        text = hub.render(position, view.language, None if view.code is None else view.code.seat)
        try:
            await asyncio.wait_for(view.socket.send_text(text), SEND_TIMEOUT)
        except Exception:
            await _drop(view)
            return
        view.sent = position.version


async def _drop(view: _View) -> None:
    try:
        await view.socket.close(code=1011)
    except Exception:  # already gone
        return


class WebServer:
    """The server on a thread of its own: `start` binds and returns once it listens (or raises `WebError`)."""

    def __init__(
        self,
        board: PositionBoard,
        codes: SeatCodes | None = None,
        host: str = "0.0.0.0",
        port: int = 8765,
        play: Play | None = None,
    ) -> None:
        self.board = board
        self.codes = codes or SeatCodes()
        self.throttle = Throttle()
        self.hub = Hub(board, self.codes)
        self.host, self.port = host, port
        #: Set before `start` to take seats' moves from their phones (the app does; `companion serve` does not).
        self.play = play
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._stop_listening: Callable[[], None] | None = None

    def start(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((self.host, self.port))
        except OSError as error:
            sock.close()
            raise WebError(
                _("The phones' view cannot listen on {host}:{port}: {error}").format(
                    host=self.host, port=self.port, error=error.strerror or error
                )
            ) from error
        self.port = sock.getsockname()[1]
        self.app = app = build_app(self.board, self.codes, self.hub, self.throttle, self.play)
        config = uvicorn.Config(
            app,
            log_level="warning",
            access_log=False,
            ws="websockets-sansio",
            ws_max_size=MAX_MESSAGE,
            limit_concurrency=MAX_CONNECTIONS,
            timeout_keep_alive=5,
            lifespan="off",
        )
        self._server = uvicorn.Server(config)
        ready = threading.Event()

        def run() -> None:
            async def serve() -> None:
                self.hub.loop = asyncio.get_running_loop()
                ready.set()
                assert self._server is not None
                await self._server.serve(sockets=[sock])

            asyncio.run(serve())

        self._thread = threading.Thread(target=run, name="web-server", daemon=True)
        self._thread.start()
        ready.wait(10)
        deadline = time.monotonic() + 10
        while not self._server.started and self._thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.01)
        self._stop_listening = self.board.listen(self.hub.wake)

    @property
    def url(self) -> str:
        return f"http://{_reachable(self.host)}:{self.port}/"

    def stop(self) -> None:
        if self._stop_listening is not None:
            self._stop_listening()
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(10)


def _reachable(host: str) -> str:
    """The address a phone types: this machine's address on the local network when listening on all of them."""
    if host not in ("0.0.0.0", ""):
        return host
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.168.255.255", 1))  # no packet is sent: this only picks the outgoing interface
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
