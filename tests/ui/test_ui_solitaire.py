"""Thunderbirds Solitaire in the real app, driven by touch under Xvfb (every screen and pop-up at each size in both
languages is the screen tour's, test_ui_screen_tour.py): a scripted game from Home's game picker through set-up,
turns with the chains growing, Lady Penelope flipping and flying a Civilian to Tracy Island, an undo; the app
killed with SIGKILL mid-game and the game resumed from Home exactly; and a card completed in the editor (its name
typed on the docked on-screen keyboard) used by the next game, never by the one saved."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import artefact_dir
from runs import _LAUNCH, HERE, _environment, scenario_notes
from solitaire_scenarios import UNDO_AFTER, digest, expected_states

from companion.paths import ROOT

FIXTURE = ROOT / "tests" / "packs" / "thunderbirds_solitaire" / "fixture-overlay"
GAME = "thunderbirds_solitaire"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A player's directories of their own for the app run (saved games, corrections, settings, Kivy's)."""
    for name, sub in (("COMPANION_STATE_DIR", "state"), ("COMPANION_DATA_DIR", "data"), ("KIVY_HOME", "kivy")):
        (tmp_path / sub).mkdir()
        monkeypatch.setenv(name, str(tmp_path / sub))
    config = tmp_path / "config.toml"  # a config file named on purpose must exist: this one gives every default
    config.write_text("# The test plays with every default.\n", encoding="utf-8")
    monkeypatch.setenv("COMPANION_CONFIG", str(config))
    return tmp_path


def with_fixture_overlay(home: Path) -> None:
    """The test fixture's made-up cards, symbols and dice as the player's corrections, so the companion can deal
    and check rescues (never the game's facts)."""
    shutil.copytree(FIXTURE, home / "data" / "overlay" / GAME)


def layout_of(out: Path) -> dict[str, list[str]]:
    layout: dict[str, list[str]] = json.loads((out / "report.json").read_text(encoding="utf-8"))["layout"]
    return layout


# --- the deck option ------------------------------------------------------------------------------------------


def test_new_game_with_the_advanced_deck_deals_its_sixteen_cards_too(
    xvfb_display: str, request: pytest.FixtureRequest, home: Path
) -> None:
    with_fixture_overlay(home)
    out = artefact_dir(request)
    notes = scenario_notes(xvfb_display, out, "advanced_deck", "from solitaire_scenarios import advanced_deck")
    assert notes["setup"] == {"deck": "advanced", "dealing": "companion", "cards": 28}  # 12 basic and 16 advanced
    assert notes["advanced_cards"] == [f"advanced-{n:02d}" for n in range(1, 17)]
    assert notes["leftmost"] == ["disaster"] * 4
    assert notes["deck_left"] == 24
    assert notes["status"].startswith("Emergency deck: 24 cards (the companion deals)")
    assert all(not found for found in layout_of(out).values())


# --- a scripted game, an undo, a power cut -----------------------------------------------------------------------


def test_a_game_by_touch_grows_the_chains_and_flies_a_civilian_to_tracy_island(
    xvfb_display: str, request: pytest.FixtureRequest, home: Path
) -> None:
    out = artefact_dir(request)
    notes = scenario_notes(xvfb_display, out, "scripted_game", "from solitaire_scenarios import scripted_game")
    states = expected_states()
    assert notes["actions"] == len(states) - 1
    assert notes["digest"] == digest(states[-1])  # the game on screen is the rules' own play of the script
    # The chains as drawn after each card placed: growing at their right ends, chain 2 full at the end.
    drawn = notes["chains"]
    assert drawn[0] == [2, 1, 1, 1] and drawn[-1] == [1, 4, 2, 2]
    assert notes["rooms"][-1] == ["3 free", "Full", "2 free", "2 free"]
    # Lady Penelope escorts, flips to her Air side, flies to Tracy Island, and the Civilian is rescued.
    lady = notes["lady_penelope"]
    assert "Lady Penelope at chain 1, Road side up, escorting Civilian (turned 6)" in lady
    assert "Lady Penelope at chain 1, Air side up, escorting Civilian (turned 6)" in lady
    assert lady[-1] == "Lady Penelope at Tracy Island, Air side up, no Civilian assigned"
    assert notes["tracy"][0] == "0 Civilians rescued"
    assert notes["tracy"][-1] == "Lady Penelope, Air side · 1 Civilian rescued"
    # The undo took the rescue back to her escort stage; played again by touch, the same game.
    assert notes["undo_screen"] == "lady-penelope"
    assert notes["undo_digest"] == digest(states[UNDO_AFTER - 1])
    assert notes["undo_keys"] == ["act:UnassignCivilian", "act:EndTurn"]
    assert notes["redone_same"] is True
    assert "Lady Penelope leaves Civilian (turned 6) at Tracy Island" in notes["labels"]
    assert layout_of(out) and all(not found for found in layout_of(out).values())


def read_acks(path: Path) -> list[tuple[int, str]]:
    acks = []
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else ():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "ack":
            acks.append((int(parts[1]), parts[2]))
    return acks


def start_scenario(display: str, out: Path, name: str, args: dict[str, str]) -> subprocess.Popen[str]:
    """The scenario in its own app process, not waited for (the test kills it)."""
    launch = _LAUNCH.format(
        here=str(HERE),
        code=f"from solitaire_scenarios import {name}",
        name=name,
        size="800x480",
        lang="en",
        out=str(out),
    )
    extra = [item for key, value in args.items() for item in ("--arg", f"{key}={value}")]
    launch = launch.replace("sys.exit(driver.main())", f"sys.argv += {extra!r}\nsys.exit(driver.main())")
    log = (out / "driver.log").open("w", encoding="utf-8")
    return subprocess.Popen(
        [sys.executable, "-c", launch], env=_environment(display), stdout=log, stderr=subprocess.STDOUT, cwd=str(ROOT)
    )


@pytest.mark.parametrize("kill_after", [14, 33])
def test_the_app_killed_mid_game_resumes_from_home_exactly(
    xvfb_display: str, request: pytest.FixtureRequest, home: Path, kill_after: int
) -> None:
    out = artefact_dir(request, "play")
    progress = home / "progress.txt"
    process = start_scenario(xvfb_display, out, "scripted_game", {"progress": str(progress), "shots": "no"})
    try:
        deadline = time.monotonic() + 300
        while len(read_acks(progress)) < kill_after and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.05)
        assert len(read_acks(progress)) >= kill_after, "the game did not get far enough"
        process.send_signal(signal.SIGKILL)
        process.wait(10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
    last_seq, last_digest = read_acks(progress)[-1]
    notes = scenario_notes(
        xvfb_display, artefact_dir(request, "resume"), "resume_check", "from solitaire_scenarios import resume_check"
    )
    cursor = notes["cursor"]
    # Never behind what the screen had shown; at most the one action under way when the power went.
    assert cursor in (last_seq, last_seq + 1)
    states = expected_states()
    assert notes["digest"] == digest(states[cursor])
    if cursor == last_seq:
        assert notes["digest"] == last_digest
    assert notes["screen"] in ("setup", "table", "lady-penelope")


# --- the card editor -------------------------------------------------------------------------------------------


def test_a_card_completed_in_the_editor_is_used_by_the_next_game(
    xvfb_display: str, request: pytest.FixtureRequest, home: Path
) -> None:
    from companion.engine import registry
    from companion.engine.session import Session
    from companion.engine.store import Store

    pack = registry.pack(GAME)
    pack.load()
    with Store.open(None) as store:  # a game saved before the box is completed
        Session.new(store, pack.rules, pack.setup_for(1, {"deck": "basic", "dealing": "table"}), seed=8)
    out = artefact_dir(request)
    notes: dict[str, Any] = scenario_notes(
        xvfb_display, out, "editor_then_next_game", "from solitaire_scenarios import editor_then_next_game"
    )
    overlay = notes["overlay"]
    assert set(overlay) == {"dice.toml", "emergency.toml", "symbols.toml"}
    assert 'names = { en = "Dam burst" }' in overlay["emergency.toml"]
    assert "basic_count = 12" in overlay["emergency.toml"]
    assert 'names = { en = "Star", fr = "Etoile" }' in overlay["symbols.toml"]
    assert 'faces = ["symbol-1", "symbol-1"]' in overlay["dice.toml"]
    assert all('"player"' in text for text in overlay.values())  # each fact marked as the player's
    # The shipped data is untouched; the corrections are in the player's data directory only.
    assert not list((ROOT / "data" / GAME).glob("*.tmp"))
    assert notes["saved_notice"].startswith("Saved to your corrections")
    # The game under way keeps the facts it began with; the next game offers the completed card.
    assert notes["old_game_named"] is False
    assert "Dam burst (Disaster)" in notes["named_choices"]
    assert notes["chain_1"] == ["Dam burst"] and notes["chain_1_symbols"] == ["Star"]
    assert (notes["editor_from_menu"], notes["back_from_editor"]) == ("editor", "table")
    # The companion rolls the completed dice and checks the allocation against the card's symbol.
    assert notes["rescue_chains"] == ["rescue:chain:1"]
    assert notes["rolled"] == ["symbol-1"]
    assert "Dice: Star." in notes["roll_reveal"]
    assert notes["labels"][:2] == ["Turned Dam burst (Disaster)", "Turned a Disaster card"]
    assert notes["labels"][-3:] == [
        "Roll 1 die for chain 1",
        "Die 1 to symbol 1 of Dam burst (Disaster)",
        "End the rescue",
    ]
    assert all(not found for found in layout_of(out).values())
