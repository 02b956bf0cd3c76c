"""`companion serve`: the pages without the touchscreen app, following the saved game played most recently, as a
café's TV shows the game played on the Pi (here, played through the engine's session in the test's process)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from companion.engine import registry
from companion.engine.session import Session
from companion.engine.store import Store
from companion.paths import ROOT

from .conftest import open_feed, position_at, receive
from .test_web_app import free_port


def test_serve_follows_the_game_played_elsewhere_and_stops_on_ctrl_c(isolated_dirs: Path) -> None:
    pack = registry.pack("warpspawn_thunderbirds")
    store = Store.open(None)
    session = Session.new(store, pack.rules, pack.setup_for(2, {"size": "12"}), 1)
    port = free_port()
    command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", str(port), "--seat-codes"]
    # Started with SIGINT ignored, as a background job (or a test runner's worker) starts it: Ctrl-C still stops it.
    server = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=str(ROOT),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    try:
        assert server.stdout is not None
        said = server.stdout.readline()
        assert said.strip() == f"The table is on http://127.0.0.1:{port}/ (Ctrl-C stops it)"
        seats = [server.stdout.readline().split() for _ in range(2)]
        assert [len(seat[1]) for seat in seats] == [8, 8] and seats[0][2].startswith(f"http://127.0.0.1:{port}/seat/")
        with open_feed(f"ws://127.0.0.1:{port}/ws") as feed:
            first = receive(feed)
            assert first["step"] == 0 and first["title"] == "Warpspawn Thunderbirds"
            picker = random.Random(1)
            for step in (1, 2, 3):
                session.dispatch(pack.random_action(session.state, picker.choice))
                message = position_at(feed, first["version"] + step, timeout=10)
                assert message["step"] == step
                assert message["lines"] == list(pack.table_lines(pack.public_view(session.state)))
            session.undo()
            assert position_at(feed, first["version"] + 4, timeout=10)["step"] == 2
    finally:
        server.send_signal(2)
        out, err = server.communicate(timeout=20)
        store.close()
    assert server.returncode == 0 and "Traceback" not in err


def test_serve_says_a_taken_port_in_one_line() -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=str(ROOT),
            env={**os.environ},
        )
    assert done.returncode == 2
    assert done.stderr.startswith(f"companion serve: The phones' view cannot listen on 127.0.0.1:{port}")
    assert done.stderr.count("\n") == 1
