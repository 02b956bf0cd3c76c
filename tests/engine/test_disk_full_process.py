"""A real write refusal: the writing process hits its file size limit (RLIMIT_FSIZE) in the middle of a game."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from companion.engine.session import Session
from companion.engine.store import Store

from .toygame import scripted_states

SCRIPT = textwrap.dedent(
    """
    import json, resource, signal, sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[2])
    from companion.engine.errors import StoreFull
    from companion.engine.session import Session
    from companion.engine.store import Store
    from engine.toygame import RULES, SEED, SETUP, play

    path = Path(sys.argv[1])
    store = Store.open(path)
    session = Session.new(store, RULES, SETUP, SEED)
    play(session, 20)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a refused write returns an error instead of killing us
    biggest = max(p.stat().st_size for p in path.parent.iterdir())
    resource.setrlimit(resource.RLIMIT_FSIZE, (biggest + 8192, resource.RLIM_INFINITY))
    report = {"refused": False}
    for _ in range(20000):
        state, history = session.state, session.history()
        try:
            play(session, 1)
        except StoreFull as error:
            report["refused"] = True
            report["message"] = error.message
            report["unchanged"] = session.state == state and session.history() == history
            report["cursor_when_refused"] = session.cursor
            break
    resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    play(session, 3)
    report["cursor_at_end"] = session.cursor
    store.close()
    print(json.dumps(report))
    """
)


def test_a_refused_write_is_refused_cleanly_and_the_game_goes_on_when_space_is_back(tmp_path: Path) -> None:
    db_path = tmp_path / "companion.db"
    tests_dir = Path(__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(db_path), str(tests_dir)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["refused"] and report["unchanged"]
    assert report["cursor_at_end"] == report["cursor_when_refused"] + 3
    with Store.open(db_path) as store:
        assert store.recovery_notice is None and store.integrity_check() == "ok"
        (game,) = store.list_games()
        session = Session.resume(store, game.id)
        assert session.cursor == report["cursor_at_end"]
        assert session.state == scripted_states(session.cursor)[-1]
