"""Disk full drill: a game whose writes are refused, by a file size limit or a filesystem that is really full,
for every game of the registry (and the test packs). The refused action is reported to the player in plain
words, nothing changes (in memory or on disk), and the game goes on once space is back.

The play runs in a child process (disk_full_player.py): a file size limit or a full disk must not touch pytest.
The tiny filesystem is a 2 MiB tmpfs mounted in a private mount namespace (`unshare`), where the machine allows
one.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from packs import drill_games

from companion.engine.session import Session
from companion.engine.store import Store

from .script import ExpectedGames

PLAYER = Path(__file__).with_name("disk_full_player.py")
ENGLISH = "The game could not be saved: the storage is full or refuses writes. Nothing was changed."
FRENCH = (
    "La partie n'a pas pu être enregistrée\u00a0: le stockage est plein ou refuse l'écriture. Rien n'a été modifié."
)


def check_report(report: dict[str, Any], message: str) -> None:
    assert report["refused_at"] is not None, "the storage never refused a write"
    assert report["message"] == message
    assert "Traceback" not in report["message"] and "Errno" not in report["message"]
    assert report["unchanged"], "the refused action changed the game in memory"
    assert report["stored_equals_memory"], "the file and the game in memory disagree after the refusal"
    assert report["refused_twice"], "trying again while full must be refused again, still changing nothing"
    assert report["app_shown"] == [message], "the app shows the refusal once, in plain words"
    assert report["app_last_error"] == message
    assert report["app_snapshot_kept"], "the screen keeps the position from before the refused action"
    assert report["app_goes_on"], "the app plays on once space is back"


def check_file(db_path: Path, report: dict[str, Any], pack_name: str) -> None:
    game, cursor = report["final"]
    expected = ExpectedGames(pack_name)
    assert expected.ordinal(*report["final"]) > expected.ordinal(*report["refused_at"]), "play went on"
    with Store.open(db_path) as store:
        assert store.recovery_notice is None
        assert store.integrity_check() == "ok"
        games = sorted(store.list_games(), key=lambda g: g.id)
        assert len(games) == game + 1
        for index, summary in enumerate(games[:-1]):
            assert summary.cursor == expected.length(index)
        session = Session.resume(store, games[-1].id)
        assert session.cursor == cursor
        assert session.state == expected.state(game, cursor)
        assert Session.rebuild_from_log(store, games[-1].id) == session.state


def run_player(command: list[str], pack_name: str, language: str = "en") -> dict[str, Any]:
    env = dict(os.environ, DRILL_LANGUAGE=language, DRILL_GAME=pack_name)
    completed = subprocess.run(command, capture_output=True, text=True, timeout=120, env=env)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "Traceback" not in completed.stderr, completed.stderr
    report: dict[str, Any] = json.loads(completed.stdout.splitlines()[-1])
    return report


@pytest.mark.parametrize("pack_name", drill_games())
@pytest.mark.parametrize(("language", "message"), [("en", ENGLISH), ("fr", FRENCH)], ids=["en", "fr"])
def test_a_file_size_limit_refuses_the_action_in_plain_words_and_play_goes_on(
    tmp_path: Path, language: str, message: str, pack_name: str
) -> None:
    db_path = tmp_path / "companion.db"
    report = run_player([sys.executable, str(PLAYER), str(db_path), "fsize"], pack_name, language)
    check_report(report, message)
    check_file(db_path, report, pack_name)


def can_mount_a_private_tmpfs() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(
        [
            "unshare",
            "-Urm",
            "sh",
            "-c",
            'mount -t tmpfs -o size=64k tmpfs /mnt 2>/dev/null || mount -t tmpfs -o size=64k tmpfs "$TMPDIR"',
        ],
        capture_output=True,
        timeout=30,
        env=dict(os.environ, TMPDIR=os.environ.get("TMPDIR", "/tmp")),
    )
    return probe.returncode == 0


@pytest.mark.parametrize("pack_name", drill_games())
def test_a_full_filesystem_refuses_the_action_in_plain_words_and_play_goes_on(tmp_path: Path, pack_name: str) -> None:
    if not can_mount_a_private_tmpfs():
        pytest.fail("a full filesystem needs a private mount namespace (unshare -Urm), which this machine refuses")
    mount_point = tmp_path / "tiny"
    kept = tmp_path / "kept"
    mount_point.mkdir()
    kept.mkdir()
    db_path = mount_point / "companion.db"
    script = 'mount -t tmpfs -o size=2m tmpfs "$1" && shift && exec "$@"'
    report = run_player(
        [
            "unshare",
            "-Urm",
            "sh",
            "-c",
            script,
            "sh",
            str(mount_point),
            sys.executable,
            str(PLAYER),
            str(db_path),
            "filler",
            str(kept),
        ],
        pack_name,
    )
    check_report(report, ENGLISH)
    starting = report["open_when_full"]  # the app started while the disk is full
    assert starting.get("opened") or (starting["readable"] and starting["shown"]), starting
    assert "Traceback" not in starting.get("shown", "")
    assert starting["untouched"], "opening on a full disk must not change the saved games"
    assert not any(mount_point.iterdir()), "the tiny filesystem lived only in the child's namespace"
    check_file(kept / "companion.db", report, pack_name)
