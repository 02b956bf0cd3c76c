"""The key moments of a Thunderbirds game in the real app, by touch, in both languages: End turn with actions left
pauses (and Keep playing keeps them), a no-dice card's tile says what prevents it, the Scheme screen has one foil
button, a roll reads against its card, an event's closed routes are named on the Table and drawn on the Board, and
every card on the Table is named in the screen's language."""

from __future__ import annotations

import pytest

from companion.games.thunderbirds.loader import default_definitions

CLOSED = [["europe", "north-atlantic"], ["africa", "north-atlantic"], ["africa", "south-atlantic"]]

WORDS = {
    "en": {
        "pause": "still has 3 actions. They are lost if the turn ends now",
        "no_dice": "No dice: one Rescue action prevents this disaster",
        "score": "Score {score}, {difficulty} needed: ",
        "closed": "routes closed: ",
        "board": "Closed: ",
        "route": "Europe – North Atlantic",
    },
    "fr": {
        "pause": "Elles sont perdues si la séquence s'arrête maintenant",
        "no_dice": "Sans dés\u00a0: une action Sauvetage empêche cette catastrophe",
        "score": "Score\u00a0{score}, {difficulty}\u00a0requis\u00a0: ",
        "closed": "routes fermées\u00a0: ",
        "board": "Fermées\u00a0: ",
        "route": "Europe – Atlantique Nord",
    },
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_key_moments_are_clear_by_touch(run_app, lang: str) -> None:
    report = run_app("key_moments", lang=lang)
    assert report.ok, report.error
    notes, words = report.notes, WORDS[lang]
    assert any(words["pause"] in text for text in notes["end_turn_popup"]), notes["end_turn_popup"]
    assert notes["end_turn_keys"] == ["popup:cancel", "endturn:confirm"]
    assert notes["kept_playing"] == [True, True, 3]
    assert any(text.startswith(words["no_dice"]) for text in notes["no_dice_popup"]), notes["no_dice_popup"]
    assert not any("auto" in text.split() for text in notes["no_dice_popup"])
    assert notes["scheme_success_buttons"] == ["foil:confirm"]
    score, difficulty = notes["roll"]
    score_line = words["score"].format(score=score, difficulty=difficulty)
    assert notes["score_line"].startswith(score_line), notes["score_line"]
    assert words["closed"] in notes["effects"] and words["route"] in notes["effects"], notes["effects"]
    assert words["board"] in notes["board_hint"] and words["route"] in notes["board_hint"], notes["board_hint"]
    assert notes["closed_edges"] == sorted(sorted(edge) for edge in CLOSED)
    # One language per screen: each card on the Table by its name in the screen's language (ours where the box's
    # is unknown), never the other language's.
    defs = default_definitions()
    other = "fr" if lang == "en" else "en"
    assert len(notes["tiles"]) == 3
    for card, shown in notes["tiles"].items():
        names = defs.disasters[card].names
        assert shown == getattr(names, lang) and shown != getattr(names, other), (card, shown)
    scheme = defs.schemes["espionnage-satellite"].names
    assert getattr(scheme, lang) in notes["scheme_button"] and getattr(scheme, other) not in notes["scheme_button"]
    assert report.layout_problems() == []
