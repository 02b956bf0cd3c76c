"""A process that plays the scripted toy game and acknowledges each action once `dispatch` has returned.

    python tests/engine/writer.py DB_PATH LAST_STEP

Creates the game (or resumes the one in DB_PATH) and prints "ack <seq>" (flushed) after each action, up to
LAST_STEP, then "done". The power-cut test kills it at random moments.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.engine.session import Session
from companion.engine.store import Store
from engine.toygame import RULES, SEED, SETUP, scripted_action


def main(argv: list[str]) -> int:
    path, last_step = Path(argv[0]), int(argv[1])
    store = Store.open(path)
    if store.recovery_notice is not None:
        print(f"notice {store.recovery_notice}", flush=True)
    games = store.list_games()
    session = Session.resume(store, games[0].id) if games else Session.new(store, RULES, SETUP, SEED)
    print(f"ready {session.cursor}", flush=True)
    while session.cursor < last_step:
        session.dispatch(scripted_action(session.state, session.cursor + 1))
        print(f"ack {session.cursor}", flush=True)
    store.close()
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
