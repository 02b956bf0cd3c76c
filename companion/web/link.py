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
    """The server the app runs, and what Settings shows of it (the address, the seats' codes). A seat's choice made
    on its phone reaches `play` on the main thread (`attached` wires it), which dispatches it like a touch."""

    def __init__(self, server: WebServer, current_pack: Callable[[], Any]) -> None:
        self.server, self.current_pack = server, current_pack
        self.board = server.board
        self.controller: Any = None
        #: Runs a call on the app's main thread (Kivy's Clock); set by `attached`.
        self.deliver: Callable[[Callable[[], None]], None] = lambda call: None

    def play(self, game_id: int, seat: int, version: int, index: int) -> bool:
        """On the main thread: the seat's choice dispatched through the controller, as the hand-over step's would
        be; False (nothing sent) when the game moved on since the phone showed it, or another move is being saved."""
        from companion.web.views import chosen_action

        snapshot = self.controller.snapshot if self.controller is not None else None
        position = self.board.current
        if snapshot is None or snapshot.game_id != game_id or position.game_id != game_id:
            return False
        action = chosen_action(position, seat, version, index)
        return action is not None and bool(self.controller.dispatch(action))

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

    def connected(self) -> tuple[int, tuple[str, ...]]:
        """How many spectators' pages are open, and the names of the seats whose page is open (Settings)."""
        present = self.server.hub.present
        position = self.board.current
        names = position.pack.seats(position.pack.public_view(position.state)) if position.pack is not None else ()
        seats = sorted({seat for seat in present if seat is not None and seat < len(names)})
        return sum(1 for seat in present if seat is None), tuple(names[seat] for seat in seats)

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

    def play(game_id: int, seat: int, version: int, index: int) -> None:
        """From the server's thread: the choice goes to the main thread, where the controller lives."""

        def on_main() -> None:
            link.play(game_id, seat, version, index)

        link.deliver(on_main)

    server.play = play
    try:
        server.start()
    except WebError as error:
        log.warning("%s", error)
        return str(error)
    link = WebLink(server, current_pack)
    return link


def attached(
    started: WebLink | str | None,
    controller: Any,
    notify: Callable[[str], None],
    deliver: Callable[[Callable[[], None]], None] | None = None,
) -> WebLink | None:
    """On the main thread, once `start_if_enabled` ran: the link follows the controller's snapshots on the session
    worker, right after each durable commit (a pointer swap: the commit never waits for a view), the game open now
    first; or the notice bar says why the views could not start."""
    if isinstance(started, str):
        notify(started)
        return None
    if started is not None:
        started.controller = controller
        started.deliver = deliver or (lambda call: None)  # no way to the main thread: the phones only watch
        controller.on_worker_snapshot(started.on_snapshot)
        if controller.snapshot is not None:
            started.on_snapshot(controller.snapshot)
    return started
