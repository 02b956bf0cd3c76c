"""The card editor in the real app, by touch, as a café uses it: broken overlay files are listed with their ways
out (a card fixed here is saved back into its own file, a file that is not TOML is set aside, never deleted) and
the warning on Home clears; an event is completed with effect blocks and how its lasting effect ends, a F.A.B.
card with its bonus, timing and turn. What it saved is complete for `companion check-data --list`, as typed. A game
saved before, in which that event came up while the companion did not know it, still resumes exactly as it was
played: the new effects apply from now on, never to the steps already played."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from companion.engine import registry
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.thunderbirds import events as ev
from companion.games.thunderbirds.loader import clear_definitions_cache, default_definitions
from companion.games.thunderbirds.simulate import steps
from companion.paths import ROOT

OUR_CARDS = (
    "# typed from our box\n"
    '[[disaster]]\nid = "unknown-disaster-2"\nnames = { en = "Mine Collapse", fr = "Effondrement de la mine" }\n'
    'region = "africa"\nrescue_type = "land"\ndifficulty = 50\nbonuses = []\nrewards = ["joker"]\n'
)
NOT_TOML = "these are = = our notes\n"


def database() -> Path:
    return Path(os.environ["COMPANION_STATE_DIR"]) / "companion.db"


def saved_game_that_met_the_event() -> tuple[int, Any]:
    """A game saved before the edit, 45 steps in: seed 5002 turns Explosion on Tracy Island up at step 38, while
    the companion does not know its effect. Returns its number and its state."""
    clear_definitions_cache()
    with Store.open(database()) as store:
        session = Session.new(store, registry.get("thunderbirds"), {"players": 2, "difficulty": "standard"}, 5002)
        met = False
        for step in list(steps(2, "standard", 5002, default_definitions()))[:45]:
            update = session.dispatch(step.action)
            met |= any(isinstance(e, ev.EventRevealed) and e.card == "explosion-on-tracy-island" for e in update.events)
        assert met and session.cursor == 45
        return session.game_id, session.state


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_card_editor_completes_cards_and_fixes_broken_files_by_touch(run_app, lang: str) -> None:
    overlay = Path(os.environ["COMPANION_DATA_DIR"]) / "overlay" / "thunderbirds"
    overlay.mkdir(parents=True)
    (overlay / "our-cards.toml").write_text(OUR_CARDS, encoding="utf-8")
    (overlay / "our-notes.toml").write_text(NOT_TOML, encoding="utf-8")
    game_id, played = saved_game_that_met_the_event()
    report = run_app("editor_by_touch", lang=lang)
    assert report.ok, report.error
    notes = report.notes
    assert "our-cards.toml" in notes["home_before"] and "our-notes.toml" in notes["home_before"]
    assert sorted(notes["problem_keys"]) == [
        f"aside:{overlay / 'our-cards.toml'}",
        f"aside:{overlay / 'our-notes.toml'}",
        "fix:unknown-disaster-2",
    ]
    assert any(row.endswith(": 50") for row in notes["fix_rows"]), notes["fix_rows"]
    assert notes["keys_after_fix"] == [f"aside:{overlay / 'our-notes.toml'}"]
    assert notes["keys_after_aside"] == []
    assert "our-cards.toml" not in notes["home_after"] and "our-notes.toml" not in notes["home_after"]
    # The café's file is fixed in place, its comment kept; the other is set aside byte for byte.
    ours = (overlay / "our-cards.toml").read_text(encoding="utf-8")
    assert ours.startswith("# typed from our box\n") and tomllib.loads(ours)["disaster"][0]["difficulty"] == 9
    (aside,) = overlay.glob("our-notes.toml.set-aside-*")
    assert aside.read_text(encoding="utf-8") == NOT_TOML
    event = tomllib.loads((overlay / "events.toml").read_text(encoding="utf-8"))["event"][0]
    assert [(e["kind"], e.get("vehicle")) for e in event["effects"]] == [("speed-limit", "tb2"), ("move-hood", None)]
    assert event["effects"][0]["until"]["en"] == "until a player discards a Technology token"
    fab = tomllib.loads((overlay / "fab.toml").read_text(encoding="utf-8"))["fab"][0]
    assert fab["effects"] == [{"kind": "rescue-modifier", "value": 3, "rescue_type": "land"}]
    assert (fab["timing"], fab["any_turn"]) == ("before-roll", False)
    listing = subprocess.run(
        [sys.executable, "-m", "companion", "check-data", "--list"], capture_output=True, text=True, cwd=ROOT
    )
    assert listing.returncode == 0, listing.stderr
    lines = listing.stdout.splitlines()
    for card in ("events explosion-on-tracy-island", "F.A.B. grandmas-cooking", "disasters unknown-disaster-2"):
        assert any(line.startswith(f"{card}: complete") for line in lines), [x for x in lines if card in x]
    assert report.layout_problems() == []
    # The game saved before resumes exactly as played, though the event now moves the Hood and slows TB2.
    clear_definitions_cache()
    with Store.open(database()) as store:
        resumed = Session.resume(store, game_id)
        assert resumed.cursor == 45 and resumed.state == played
