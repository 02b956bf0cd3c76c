"""Home hosts games, in the real app by touch: saved games of Thunderbirds and of a second game (High Card, a test
pack with private hands) listed side by side, each resumed into its own screens, with its own lights or none; and
the hand-over step shows one player's hand behind an opaque cover, never on the shared screen, in the history or
in an export."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the test packs
from runs import scenario_notes

SCENARIO = r"""
def two_games(pilot, out, args, notes):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path("tests").resolve()))
    from companion.engine import registry
    from packs.handgame import INFO

    registry.register_pack(INFO)  # installed while the app runs, as a kit added from a USB stick would be
    app = pilot.app

    def rows():
        return sorted(app.controller.saved_games, key=lambda g: g.game)

    yield pilot.settle()
    pilot.tap("settings")  # back to Home: it lists the games again
    yield pilot.settle()
    pilot.tap("back")
    yield pilot.until(lambda: len(app.controller.saved_games) == 2, "the saved games")
    yield pilot.settle()
    notes["picker"] = sorted(pilot.keys("game:"))
    notes["installed"] = sorted(f"game:{info.name}" for info in registry.available())
    notes["home_texts"] = pilot.texts()
    notes["title"] = app.title
    yield pilot.screenshot(out / "01-home.png")
    pilot.check_layout("home")
    thunderbirds, hand = (next(g for g in rows() if g.game == name) for name in ("thunderbirds", "handgame"))

    # Thunderbirds resumes into its Table, with its lights on the mirror.
    pilot.tap(f"resume:{thunderbirds.game_id}")
    yield pilot.until(lambda: pilot.screen_name() == "table", "the Table")
    yield pilot.settle()
    notes["thunderbirds_screen"] = pilot.screen_name()
    notes["thunderbirds_lights"] = list(app.lights.mirror.latest) if app.lights.mirror else []
    yield pilot.screenshot(out / "02-thunderbirds.png")
    pilot.tap("open:menu")
    yield pilot.settle()
    pilot.tap("open:home")
    yield pilot.until(lambda: pilot.screen_name() == "home", "Home")
    yield pilot.settle()

    # High Card resumes into the shell's play screen: no Thunderbirds screen, pop-up hooks or lights stay.
    pilot.tap(f"resume:{hand.game_id}")
    yield pilot.until(lambda: pilot.screen_name() == "play", "the play screen")
    yield pilot.settle()
    notes["hand_screen"] = pilot.screen_name()
    notes["screens_built"] = sorted(app.screen_manager.screen_names)
    notes["hand_pack_ui"] = type(app.pack_ui).__name__
    yield pilot.until(lambda: app.lights.scene is None, "the lights to switch")
    notes["hand_lights"] = app.lights.board is not None
    notes["hand_lights_status"] = app.lights_status()
    state = app.controller.snapshot.state
    red = [f"Card {int(card[1:])}" for card in state.hands[0]]
    notes["red_hand"] = red
    notes["play_texts"] = pilot.texts()
    notes["play_keys"] = pilot.keys("act:") + pilot.keys("open:handover")
    yield pilot.screenshot(out / "03-play.png")
    pilot.check_layout("play")

    # The hand-over step: the cover, the hand, "Hide" asked first, the cover again.
    pilot.tap("open:handover:0")
    yield pilot.until(lambda: pilot.screen_name() == "handover", "the hand-over step")
    yield pilot.settle()
    notes["cover_texts"] = pilot.texts()
    yield pilot.screenshot(out / "04-cover.png")
    pilot.tap("secret:show")
    yield pilot.settle()
    notes["shown_texts"] = pilot.texts()
    yield pilot.screenshot(out / "05-shown.png")
    pilot.tap("secret:hide")
    yield pilot.settle()
    notes["hide_question"] = pilot.texts()
    pilot.tap("secret:hide:confirm")
    yield pilot.settle()
    notes["hidden_texts"] = pilot.texts()
    yield pilot.screenshot(out / "06-hidden.png")
    pilot.tap("secret:done")
    yield pilot.until(lambda: pilot.screen_name() == "play", "the play screen again")

    # Red plays a card from behind the cover: the card is public now, the rest of the hand is not.
    pilot.tap("open:handover:0")
    yield pilot.settle()
    pilot.tap("secret:show")
    yield pilot.settle()
    played = sorted(pilot.keys("act:Play:0:"))[0]
    pilot.tap(played)
    yield pilot.until(lambda: len(app.controller.snapshot.history) == 1, "the card played")
    yield pilot.settle()
    notes["after_play_texts"] = pilot.texts()
    notes["played"] = played
    notes["history"] = [entry.label for entry in app.controller.snapshot.history]
    notes["red_left"] = [f"Card {int(card[1:])}" for card in app.controller.snapshot.state.hands[0]]
    pilot.tap("secret:done")
    yield pilot.until(lambda: pilot.screen_name() == "play", "the play screen after the card")
    yield pilot.settle()
    notes["play_after_texts"] = pilot.texts()
    pilot.tap("open:menu")
    yield pilot.settle()
    pilot.tap("open:home")
    yield pilot.until(lambda: pilot.screen_name() == "home", "Home again")
    yield pilot.settle()

    # Exported from Home: only the public record leaves.
    pilot.tap(f"export:{hand.game_id}")
    yield pilot.until(lambda: "exported" in app.notice, "the export")
    notes["export_notice"] = app.notice

    # A new game of High Card from the picker: the shell's New game, drawn from its declaration.
    pilot.tap("game:handgame")
    yield pilot.settle()
    notes["editor_disabled"] = [w.disabled for w in pilot.widgets() if getattr(w, "action_key", "") == "card_editor"]
    pilot.tap("new_game")
    yield pilot.until(lambda: pilot.screen_name() == "new_game", "New game")
    yield pilot.settle()
    notes["new_game_keys"] = sorted(pilot.keys("players:"))
    notes["new_game_texts"] = pilot.texts()
    yield pilot.screenshot(out / "07-new-game.png")
    pilot.check_layout("new_game")
    pilot.tap("players:3")
    yield pilot.settle()
    pilot.tap("start_game")
    yield pilot.until(lambda: pilot.screen_name() == "play", "the new game")
    yield pilot.settle()
    notes["new_seats"] = sorted(pilot.keys("open:handover"))
    pilot.tap("open:menu")
    yield pilot.settle()
    pilot.tap("open:home")
    yield pilot.until(lambda: pilot.screen_name() == "home", "Home after the new game")
    yield pilot.settle()

    # Back to Thunderbirds: its screens and its lights again, nothing of High Card's.
    pilot.tap(f"resume:{thunderbirds.game_id}")
    yield pilot.until(lambda: pilot.screen_name() == "table", "the Table again")
    yield pilot.until(lambda: app.lights.scene is not None and app.lights.mirror is not None, "its lights")
    yield pilot.settle()
    notes["back_screens"] = sorted(app.screen_manager.screen_names)
    notes["back_lights"] = list(app.lights.mirror.latest)
"""


@pytest.fixture(scope="module")
def games(xvfb_display: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    from packs.handgame import INFO

    from companion.engine import registry
    from companion.engine.session import Session
    from companion.engine.store import Store

    home = tmp_path_factory.mktemp("two-games-home")
    registry.register_pack(INFO)
    # Module-wide, so the per-test directories are not made yet: this run gets its own.
    with pytest.MonkeyPatch.context() as patch:
        for name, sub in (("COMPANION_STATE_DIR", "state"), ("COMPANION_DATA_DIR", "data"), ("KIVY_HOME", "kivy")):
            (home / sub).mkdir()
            patch.setenv(name, str(home / sub))
        (home / "config.toml").write_text("", encoding="utf-8")  # a config file named must exist: every default
        patch.setenv("COMPANION_CONFIG", str(home / "config.toml"))
        try:
            store = Store.open(None)
            Session.new(store, registry.get("thunderbirds"), {"players": 2, "difficulty": "introduction"}, seed=34)
            Session.new(store, registry.get("handgame"), {"players": 2}, seed=5)
            store.close()
            notes = scenario_notes(xvfb_display, tmp_path_factory.mktemp("two-games"), "two_games", SCENARIO)
        finally:
            registry.forget("handgame")
        notes["state_dir"] = os.environ["COMPANION_STATE_DIR"]
    return notes


def test_home_lists_both_games_saved_games_with_their_titles(games: dict[str, Any]) -> None:
    assert games["title"] == "Table companion"
    # A tile per installed game: the shipped packs and kit examples, and High Card, installed while the app ran.
    assert games["picker"] == games["installed"]
    assert {"game:handgame", "game:thunderbirds"} <= set(games["picker"])
    home = " ".join(games["home_texts"])
    assert "Table companion" in home and "Thunderbirds companion" not in home
    assert "High Card ·" in home and "Thunderbirds ·" in home


def test_each_game_resumes_into_its_own_screens_and_lights(games: dict[str, Any]) -> None:
    assert games["thunderbirds_screen"] == "table"
    assert any(name.startswith("hood.") for name in games["thunderbirds_lights"])
    assert games["hand_screen"] == "play"
    assert not {"table", "board", "scheme", "rescue"} & set(games["screens_built"])
    assert games["hand_pack_ui"] == "PackUi"
    assert games["hand_lights"] is False and "does not use the board lights" in games["hand_lights_status"]
    assert games["back_screens"] and "play" not in games["back_screens"] and "table" in games["back_screens"]
    assert any(name.startswith("hood.") for name in games["back_lights"])


def test_the_shared_screen_never_shows_a_hand(games: dict[str, Any]) -> None:
    red = games["red_hand"]
    assert len(red) == 3
    for key in ("play_texts", "cover_texts", "hidden_texts", "play_after_texts"):
        assert not set(red) & set(games[key]), key
    assert "Give the screen to Red" in games["cover_texts"]
    assert "Hide it now?" in games["hide_question"]  # asked while Red still holds the screen
    assert set(red) <= set(games["shown_texts"])  # Red alone sees them, after "Show"
    assert games["play_keys"] and all(not key.startswith("act:") for key in games["play_keys"])
    assert not set(games["red_left"]) & set(games["after_play_texts"])  # covered as soon as the card is played


def test_new_game_of_another_game_is_drawn_from_its_declaration(games: dict[str, Any]) -> None:
    assert games["editor_disabled"] == [True]  # High Card has no data to complete
    assert games["new_game_keys"] == ["players:2", "players:3", "players:4"]
    assert "New game: High Card" in games["new_game_texts"]
    assert games["new_seats"] == ["open:handover:0", "open:handover:1", "open:handover:2"]


def test_the_history_and_the_export_say_only_what_was_played(games: dict[str, Any]) -> None:
    played = int(games["played"].rsplit(":c", 1)[1])
    assert games["history"] == [f"Red plays {played}"]
    file = Path(games["export_notice"].split("Game exported to ", 1)[1])
    document = json.loads(file.read_text(encoding="utf-8"))
    assert document["format"] == "public-record-1" and document["game"] == "handgame"
    assert "setup" not in document and "seed" not in document and "actions" not in document
    assert [step["label"] for step in document["history"]] == [f"Red plays {played}"]
    assert "hands" not in file.read_text(encoding="utf-8")
