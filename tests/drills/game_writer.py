"""A process that plays the scripted chain of a game and acknowledges each step once it is durable.

    DRILL_GAME=NAME python tests/drills/game_writer.py DB_PATH              one writer (Thunderbirds when unset)
    DRILL_GAME=NAME python tests/drills/game_writer.py DB_PATH --forks FD   writers forked on demand

A writer resumes the latest game in DB_PATH (or sets up game 0), prints "ready <game> <seq>", then plays the
script for ever, printing (flushed) "ack <game> <seq>" after each `dispatch` returns and "ack <game> 0" after each
new game is set up. The power-cut drill kills it with SIGKILL at random moments.

With `--forks`, the process imports the game and reads its data once, then forks a new writer each time the
drill asks on the Unix socket FD (a message with the child's stdout and stderr as file descriptors), answers the
child's pid, and once the child has died its wait status. The store is opened in the child alone, so each writer
starts from the file as a fresh process would; what the fork saves is the interpreter's start and the imports
(some 0.3 s a run, most of the drill's time otherwise).
"""

from __future__ import annotations

import os
import socket
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.engine.chance import LiveChance
from companion.engine.rng import seed_state
from companion.engine.session import Session
from companion.engine.store import Store
from drills.script import Drill, game_of_seed, seed_for


def write(db_path: Path, drill: Drill) -> None:
    """Plays the chain on `db_path` for ever, acknowledging each durable step on stdout."""
    store = Store.open(db_path)
    if store.recovery_notice is not None:
        print(f"notice {store.recovery_notice}", flush=True)
    games = store.list_games()
    if games:
        latest = max(g.id for g in games)
        game = game_of_seed(store.load(latest).seed)
        session = Session.resume(store, latest)
    else:
        game = 0
        session = drill.new_session(store, game)
    print(f"ready {game} {session.cursor}", flush=True)
    while True:
        if drill.play_step(session, game):
            print(f"ack {game} {session.cursor}", flush=True)
        else:
            game += 1
            session = drill.new_session(store, game)
            print(f"ack {game} 0", flush=True)


def fork_writers(db_path: Path, drill: Drill, requests: socket.socket) -> None:
    """Forks a writer per request until the drill closes the socket."""
    # Read the game's data now, as the first set-up would, so no child spends its time on it.
    drill.rules.initial_state(drill.setup_for(0), LiveChance(seed_state(seed_for(0))))
    while True:
        _message, fds, _flags, _address = socket.recv_fds(requests, 16, 2)
        if not fds:
            return
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            requests.close()
            os.dup2(fds[0], 1)
            os.dup2(fds[1], 2)
            code = 0
            try:
                write(db_path, drill)
            except BaseException:
                traceback.print_exc()
                sys.stderr.flush()
                code = 1
            os._exit(code)
        for fd in fds:
            os.close(fd)
        requests.send(str(pid).encode())
        _pid, status = os.waitpid(pid, 0)
        requests.send(str(status).encode())


def main(argv: list[str]) -> int:
    db_path = Path(argv[0])
    drill = Drill()
    if argv[1:2] == ["--forks"]:
        fork_writers(db_path, drill, socket.socket(fileno=int(argv[2])))
    else:
        write(db_path, drill)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
