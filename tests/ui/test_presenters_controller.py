"""The app's plumbing without a window: the game controller on a real SQLite store and session (through the
session worker), the lights link on the on-screen mirror, and the card editor's drafts on the user overlay."""

from __future__ import annotations

import queue
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds.loader import clear_definitions_cache, default_definitions
from companion.games.thunderbirds.pack import ThunderbirdsPack
from companion.games.thunderbirds.ui.presenters.card_editor import Draft, present_card_list, present_editor
from companion.ui.controller import GameController, GameSnapshot
from companion.ui.lights import LightsLink
from companion.ui.worker import SessionWorker


class MainThread:
    """Stands for Kivy's main loop: the worker's results run when the test drains them, on the test thread."""

    def __init__(self) -> None:
        self.calls: queue.Queue[Callable[[], None]] = queue.Queue()

    def deliver(self, callback: Callable[[], None]) -> None:
        self.calls.put(callback)

    def drain(self, worker: SessionWorker) -> None:
        while not worker.is_idle:
            self.calls.get(timeout=30)()


@pytest.fixture
def controller(tmp_path: Path) -> Any:
    main = MainThread()
    worker = SessionWorker(main.deliver)
    game = GameController(worker, ThunderbirdsPack(), tmp_path / "games.db")
    game.open_store()
    main.drain(worker)
    yield game, main
    worker.stop()


def test_a_game_through_the_controller_is_saved_and_resumed(controller: Any, tmp_path: Path) -> None:
    game, main = controller
    seen: list[GameSnapshot] = []
    game.on_snapshot(seen.append)
    game.new_game({"players": 2, "difficulty": "introduction"}, seed=34)
    main.drain(game.worker)
    first = game.snapshot
    assert first is not None and first.kind == "load" and first.legal
    assert a.EndTurn() in first.legal
    assert game.dispatch(a.Plan())
    assert not game.dispatch(a.Plan())  # a second tap while the first is being saved is ignored
    main.drain(game.worker)
    assert game.snapshot.kind == "action" and len(game.snapshot.history) == 1
    assert game.snapshot.history[0].label
    assert game.undo()
    main.drain(game.worker)
    assert game.snapshot.kind == "undo" and game.snapshot.can_redo
    assert game.snapshot.state == first.state
    assert game.redo()
    main.drain(game.worker)
    after_plan = game.snapshot.state
    game.refresh_games()
    main.drain(game.worker)
    assert [g.summary["status"] for g in game.saved_games] == ["playing"]
    game_id = game.snapshot.game_id
    game.close_game()
    game.resume(game_id)
    main.drain(game.worker)
    assert game.snapshot.state == after_plan
    assert [s.kind for s in seen] == ["load", "action", "undo", "redo", "load"]


def test_a_store_that_failed_to_open_at_start_is_opened_again_by_a_new_game(tmp_path: Path) -> None:
    main = MainThread()
    worker = SessionWorker(main.deliver)
    errors: list[BaseException] = []
    blocker = tmp_path / "state"
    blocker.write_text("a file where the state directory goes", encoding="utf-8")
    game = GameController(worker, ThunderbirdsPack(), blocker / "games.db")
    game.on_error(errors.append)
    try:
        game.open_store()
        main.drain(worker)
        assert game.last_error is not None and str(blocker / "games.db") in game.last_error
        assert [type(e).__name__ for e in errors] == ["StoreError"]
        blocker.unlink()  # what stopped the open has passed
        game.new_game({"players": 2, "difficulty": "introduction"}, seed=34)
        main.drain(worker)
        assert game.snapshot is not None and game.last_error is None
        assert (blocker / "games.db").exists()
    finally:
        worker.stop()


def test_an_illegal_action_is_reported_and_changes_nothing(controller: Any) -> None:
    game, main = controller
    errors: list[BaseException] = []
    game.on_error(errors.append)
    game.new_game({"players": 1, "difficulty": "standard"}, seed=5)
    main.drain(game.worker)
    before = game.snapshot
    assert game.dispatch(a.Move("tb5", "mars"))  # Thunderbird 5 never moves
    main.drain(game.worker)
    assert errors and game.last_error
    assert game.snapshot is before
    assert not game.busy


def test_lights_follow_the_game_on_the_mirror(controller: Any) -> None:
    game, main = controller
    link = LightsLink(on_command=lambda _command: None)
    link.start(default_definitions().hood_track.length)
    try:
        assert link.mirror is not None and not link.is_hardware
        assert "strip below the screen" in link.status()
        game.on_worker_update(lambda state, events: link.update(state, default_definitions(), events))
        game.new_game({"players": 2, "difficulty": "introduction"}, seed=34)
        main.drain(game.worker)
        frame = link.mirror.latest
        assert not frame["hood.0"].is_dark  # the Hood on the first space
        assert [not frame[f"disaster.{slot}"].is_dark for slot in (1, 2, 3, 4)] == [True, True, True, False]
    finally:
        link.close()


def test_a_hardware_choice_takes_its_builds_own_map_or_says_why_it_cannot() -> None:
    """Chosen in Settings, a back-end drives its own build's map from hardware/maps when the config file names
    none (as COMPANION_LIGHTS does); one whose build the config forbids shows on the mirror, saying why."""
    link = LightsLink(on_command=lambda _command: None, choice="serial")
    link.start(15)
    try:
        assert link.board.backend.kind == "serial" and link.status().endswith("(chosen here)")
    finally:
        link.close()
    link = LightsLink(on_command=lambda _command: None, choice="gpio")
    link.start(15)
    try:
        assert link.mirror is not None and "pin 14 is reserved for the serial console" in link.status()
    finally:
        link.close()


def test_card_editor_saves_to_the_overlay_validates_and_undoes() -> None:
    from companion.games.thunderbirds.errors import DataError
    from companion.games.thunderbirds.overlay import replace_card, set_card_fields

    clear_definitions_cache()
    defs = default_definitions()
    listing = present_card_list(defs, "disaster")
    assert len(listing.rows) == 39
    unknown = next(r for r in listing.rows if not r.is_complete)
    draft = Draft.start(defs, "disaster", "desperate-intruder")
    assert draft.changes() == {}
    draft.step("difficulty", +1, 2, 20, 8)
    draft.set("verified", True)
    assert set(draft.changes()) == {"difficulty", "verified"}
    view = present_editor(defs, draft, "")
    assert view.can_save and "difficulty" in view.changed
    previous = set_card_fields("disaster", "desperate-intruder", draft.changes())
    clear_definitions_cache()
    assert default_definitions().disasters["desperate-intruder"].difficulty == 9
    # The shipped data is untouched: the change lives in the user's overlay.
    assert default_definitions().disasters["desperate-intruder"].source.verified is True
    replace_card("disaster", "desperate-intruder", previous)
    clear_definitions_cache()
    assert default_definitions().disasters["desperate-intruder"].difficulty == 8
    # An invalid card is refused and nothing is written.
    region_before = default_definitions().disasters[unknown.card_id].region
    broken = Draft.start(default_definitions(), "disaster", unknown.card_id)
    broken.set("region", "atlantis")
    with pytest.raises(DataError):
        set_card_fields("disaster", unknown.card_id, broken.changes())
    clear_definitions_cache()
    assert default_definitions().disasters[unknown.card_id].region == region_before


def test_card_editor_sets_a_thunderbirds_seats() -> None:
    from companion.games.thunderbirds.overlay import replace_card, set_card_fields

    clear_definitions_cache()
    defs = default_definitions()
    rows = present_card_list(defs, "vehicle").rows
    assert {r.card_id for r in rows} == set(defs.vehicles)
    assert defs.vehicles["tb1"].seats is None  # not known: the rules do not limit it
    draft = Draft.start(defs, "vehicle", "tb1")
    draft.step("seats", +1, 1, 10, 1)
    draft.set("seats_verified", True)
    assert draft.changes() == {"seats": 2, "seats_verified": True}
    previous = set_card_fields("vehicle", "tb1", draft.changes())
    clear_definitions_cache()
    assert default_definitions().vehicles["tb1"].seats == 2
    replace_card("vehicle", "tb1", previous)
    clear_definitions_cache()
    assert default_definitions().vehicles["tb1"].seats is None
