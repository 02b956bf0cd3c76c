"""A process that plays the scripted chain of a game and acknowledges each step once it is durable.

    DRILL_GAME=NAME python tests/drills/game_writer.py DB_PATH      (Thunderbirds when DRILL_GAME is unset)

Resumes the latest game in DB_PATH (or sets up game 0), prints "ready <game> <seq>", then plays the script for
ever, printing (flushed) "ack <game> <seq>" after each `dispatch` returns and "ack <game> 0" after each new game
is set up. The power-cut drill kills it with SIGKILL at random moments.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.engine.session import Session
from companion.engine.store import Store
from drills.script import Drill, game_of_seed


def main(argv: list[str]) -> int:
    drill = Drill()
    store = Store.open(Path(argv[0]))
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


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
