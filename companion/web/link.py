"""The app's side of the web views: started after the first frame when `[web] enabled` is true, fed from the
controller's snapshots (already durable) with one pointer swap on the main thread. Kivy-free; the server's
libraries are imported only when the views are on, so an app with them off starts as fast as before."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the server (Starlette, uvicorn) is imported only when the config turns it on
    from companion.web.seats import SeatCode
    from companion.web.server import WebServer

log = logging.getLogger(__name__)


class WebLink:
    """The server the app runs, and what Settings shows of it (the address, the seats' codes)."""

    def __init__(self, server: WebServer, current_pack: Callable[[], Any]) -> None:
        self.server, self.current_pack = server, current_pack
        self.board = server.board

    @property
    def url(self) -> str:
        return self.server.url

    def on_snapshot(self, snapshot: Any) -> None:
        """Every change the controller hands the screens, handed on to the views (on the session worker, right after
        the commit; microseconds)."""
        labels = [entry.stored_label for entry in snapshot.history if not entry.is_undone]
        self.board.publish(self.current_pack(), snapshot.game_id, snapshot.state, len(labels), labels)

    def seat_codes(self) -> tuple[tuple[str, SeatCode], ...]:
        """(seat name, code) for each seat of the game shown, made on first demand."""
        position = self.board.current
        if position.game_id is None or position.pack is None:
            return ()
        names = position.pack.seats(position.pack.public_view(position.state))
        return tuple((name, self.server.codes.code_for(position.game_id, seat)) for seat, name in enumerate(names))

    def revoke(self, seat: int) -> None:
        position = self.board.current
        if position.game_id is not None:
            self.server.codes.revoke(position.game_id, seat)
            self.board.publish(position.pack, position.game_id, position.state, position.step, position.labels)

    def stop(self) -> None:
        self.server.stop()


def start_if_enabled(current_pack: Callable[[], Any], config: Any = None, force: bool = False) -> WebLink | str | None:
    """The running link when the config file turns the web views on (or Settings does: `force`); None when it is
    off; the problem in one line when it cannot start (the app says it in the notice bar and goes on without it).
    Off the main thread: it waits until the server listens."""
    from companion.config import read_config

    web = (config or read_config()).web
    if not (web.enabled or force):
        return None
    from companion.web.position import PositionBoard
    from companion.web.server import WebError, WebServer

    server = WebServer(PositionBoard(), host=web.host, port=web.port)
    try:
        server.start()
    except WebError as error:
        log.warning("%s", error)
        return str(error)
    return WebLink(server, current_pack)


def attached(started: WebLink | str | None, controller: Any, notify: Callable[[str], None]) -> WebLink | None:
    """On the main thread, once `start_if_enabled` ran: the link follows the controller's snapshots on the session
    worker, right after each durable commit (a pointer swap: the commit never waits for a view), the game open now
    first; or the notice bar says why the views could not start."""
    if isinstance(started, str):
        notify(started)
        return None
    if started is not None:
        controller.on_worker_snapshot(started.on_snapshot)
        if controller.snapshot is not None:
            started.on_snapshot(controller.snapshot)
    return started
