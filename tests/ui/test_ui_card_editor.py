"""The card editor in the real app, by touch, as a café uses it: broken overlay files are listed with their ways
out (a card fixed here is saved back into its own file, a file that is not TOML is set aside, never deleted) and
the warning on Home clears; an event is completed with effect blocks and how its lasting effect ends, a F.A.B.
card with its bonus, timing and turn. What it saved is complete for `companion check-data --list`, as typed."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from companion.paths import ROOT

OUR_CARDS = (
    "# typed from our box\n"
    '[[disaster]]\nid = "unknown-disaster-2"\nnames = { en = "Mine Collapse", fr = "Effondrement de la mine" }\n'
    'region = "africa"\nrescue_type = "land"\ndifficulty = 50\nbonuses = []\nrewards = ["joker"]\n'
)
NOT_TOML = "these are = = our notes\n"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_card_editor_completes_cards_and_fixes_broken_files_by_touch(run_app, lang: str) -> None:
    overlay = Path(os.environ["COMPANION_DATA_DIR"]) / "overlay" / "thunderbirds"
    overlay.mkdir(parents=True)
    (overlay / "our-cards.toml").write_text(OUR_CARDS, encoding="utf-8")
    (overlay / "our-notes.toml").write_text(NOT_TOML, encoding="utf-8")
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
