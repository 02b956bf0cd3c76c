"""What `companion serve` follows is the app's file, read only: it never creates, upgrades or sets aside the saved
games (the app that plays is their only writer), and a game started after it is picked up."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine import registry
from companion.engine.session import Session
from companion.engine.store import Store, StoreError
from companion.web.follow import StoreFollower
from companion.web.position import PositionBoard


def test_no_file_is_no_game_and_none_is_made_until_the_app_writes_one(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    follower = StoreFollower(PositionBoard(), db)
    follower.poll_once()
    assert list(tmp_path.iterdir()) == []
    pack = registry.pack("dice_race")
    with Store.open(db) as store:
        session = Session.new(store, pack.rules, pack.setup_for(2, {}), 3)
        session.dispatch(pack.random_action(session.state, lambda options: options[0]))
        assert follower.poll_once()
    assert follower.board.current.step == 1 and follower.board.current.game_id == session.game_id


def test_a_damaged_file_is_left_where_it_is_and_named(tmp_path: Path) -> None:
    db = tmp_path / "companion.db"
    damaged = b"SQLite format 3\x00" + bytes(range(256)) * 20
    db.write_bytes(damaged)
    follower = StoreFollower(PositionBoard(), db)
    with pytest.raises(StoreError, match="companion.db could not be opened: it is damaged or not a saved games file"):
        follower.poll_once()
    assert [p.name for p in tmp_path.iterdir()] == ["companion.db"] and db.read_bytes() == damaged
