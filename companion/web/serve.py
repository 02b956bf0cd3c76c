"""`companion serve [--port N] [--host ADDRESS]`: the spectator and seat pages without the touchscreen app, for a
café's TV (docs/phones.md). It follows the game played most recently in the saved games (`StoreFollower`) until
Ctrl-C; `--seat-codes` prints the current game's seat codes for the host."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from companion.locale import domain

_, ngettext = domain("web")


def main(argv: Sequence[str] = ()) -> int:
    from companion.config import read_config, use_configured_state_dir
    from companion.web.follow import StoreFollower
    from companion.web.position import PositionBoard
    from companion.web.server import WebError, WebServer

    parser = argparse.ArgumentParser(prog="companion serve", description="Serve the table's pages on the network.")
    parser.add_argument("--port", type=int, default=None, help="the port (default: [web] port, 8765)")
    parser.add_argument("--host", default=None, help="the address to listen on (default: [web] host, 0.0.0.0)")
    parser.add_argument("--store", type=Path, default=None, help="the game database (default: the saved games)")
    parser.add_argument("--seat-codes", action="store_true", help="print the seat codes of the game shown")
    args = parser.parse_args(list(argv))
    problem = use_configured_state_dir()
    if problem:
        print(f"companion serve: {problem}", file=sys.stderr)
        return 2
    config = read_config()
    for error in config.problems:
        if error.section == "web":
            print(f"companion serve: {error}", file=sys.stderr)
    port = config.web.port if args.port is None else args.port
    if not 0 <= port <= 65535:
        print(f"companion serve: --port: {port} is not a port number", file=sys.stderr)
        return 2
    board = PositionBoard()
    follower = StoreFollower(board, args.store)
    try:
        follower.poll_once()
    except Exception as error:
        print(f"companion serve: {error}", file=sys.stderr)
        return 2
    server = WebServer(board, host=args.host or config.web.host, port=port)
    try:
        server.start()
    except WebError as error:
        print(f"companion serve: {error}", file=sys.stderr)
        return 2
    print(_("The table is on {url} (Ctrl-C stops it)").format(url=server.url), flush=True)
    current = board.current
    if args.seat_codes and current.game_id is not None:
        for seat, name in enumerate(current.pack.seats(current.pack.public_view(current.state))):
            code = server.codes.code_for(current.game_id, seat)
            print(f"{name}: {code.short}  {server.url}seat/{code.token}", flush=True)
    thread = threading.Thread(target=follower.run, name="web-follower", daemon=True)
    thread.start()
    # Ctrl-C and systemd's SIGTERM stop it, even when it was started with SIGINT ignored (nohup, a background job,
    # a test runner's worker), which Python would otherwise keep.
    for stopping in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stopping, _stop)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        follower.stop()
        server.stop()
    return 0


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
