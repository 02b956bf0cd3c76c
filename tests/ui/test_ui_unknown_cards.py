"""Cards the companion does not know, as players meet them in the real app, by touch: the set-up guide says which
card to take from the box and opens the card editor on it; the draw of an unknown disaster does the same from its
pop-up; each card entered is saved to the overlay once and for good, and the rules then check it like a known one
(no confirmation offered any more). Nothing raw ("?", None, an id) reaches the players."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

import pytest

from companion.games.thunderbirds.loader import load_definitions

WORDS = {
    "en": {
        "take": "disaster cards of your deck are not in the companion's list yet",
        "slot": "Slot 3: Mine Collapse (Africa)",
        "draw": "Slot 1: a disaster card the companion does not know yet.",
        "fab1": "FAB 1 in Europe",
    },
    "fr": {
        "take": "cartes Catastrophe de votre pioche ne sont pas encore dans la liste",
        "slot": "Emplacement 3\u00a0: Effondrement de la mine (Afrique)",
        "draw": "Emplacement 1\u00a0: une carte Catastrophe que le compagnon ne connaît pas encore.",
        "fab1": "FAB 1 en Europe",
    },
}


def raw(texts: list[str]) -> list[str]:
    return [t for t in texts if re.search(r"(^|\s|\()\?($|[\s),.])", t) or "None" in t or "unknown-" in t]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_unknown_cards_are_entered_where_they_matter_then_checked(run_app, lang: str) -> None:
    report = run_app("unknown_cards_by_touch", lang=lang)
    assert report.ok, report.error
    notes, words = report.notes, WORDS[lang]
    assert any(words["take"] in line for line in notes["guide_before"]), notes["guide_before"]
    assert raw(notes["guide_before"] + notes["draw_popup"]) == []
    assert notes["guide_step_kept"] is True
    assert words["slot"] in notes["guide_after"], notes["guide_after"]
    assert words["draw"] in notes["draw_popup"] and any(words["take"] in t for t in notes["draw_popup"])
    assert notes["draw_keys"] == ["open:complete:unknown-disaster-1", "reveal:ok"]
    # Saved once and for good in the user's overlay, as the data files write cards.
    overlay = Path(os.environ["COMPANION_DATA_DIR"]) / "overlay" / "thunderbirds"
    disasters = tomllib.loads((overlay / "disasters.toml").read_text(encoding="utf-8"))["disaster"]
    by_id = {entry["id"]: entry for entry in disasters}
    assert by_id["unknown-disaster-3"]["names"] == {"en": "Mine Collapse", "fr": "Effondrement de la mine"}
    assert (by_id["unknown-disaster-3"]["region"], by_id["unknown-disaster-3"]["difficulty"]) == ("africa", 9)
    assert by_id["unknown-disaster-1"]["auto_requirements"] == [{"vehicle": "tb2", "region": "asia"}]
    defs = load_definitions(overlay_dir=overlay)
    assert defs.schemes["unknown-scheme-1-1"].completeness == "complete"
    # From then on the rules check them: no confirmation is offered, the tiles show what the cards say.
    assert notes["cards"] == {"unknown-disaster-1": ["complete", True], "unknown-disaster-3": ["complete", False]}
    assert notes["confirms"] == [] and notes["confirmed_foils"] == []
    assert ["Mine Collapse" if lang == "en" else "Effondrement de la mine", "9"] in notes["tiles"]
    assert notes["scheme_title"].endswith("Fire in the Alps" if lang == "en" else "Feu dans les Alpes")
    assert any(words["fab1"] in line and line.startswith("✓") for line in notes["scheme_lines"])
    assert not any(k.startswith("open:complete") or k == "foil:confirm" for k in notes["scheme_keys"])
    assert report.layout_problems() == []
