"""The table screen's presenter, without a window: the race's lines beside one section of legal actions."""

from __future__ import annotations

from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.engine.rng import seed_state
from companion.games.thunder_road.ui.presenters.table import present_table
from companion.locale import set_language


def test_each_section_holds_its_actions_and_the_turn_comes_first() -> None:
    pack = registry.pack("thunder_road")
    state = pack.rules.initial_state({"players": 2}, LiveChance(seed_state(2)))
    legal = pack.legal_actions(state)
    turn = present_table(pack, state, legal, "turn")
    assert turn.section == "turn" and [tab.key for tab in turn.tabs] == [
        "section:turn",
        "section:cars",
        "section:road",
        "section:dice",
    ]
    assert turn.lines[0].style == "title" and turn.lines[0].text.startswith("Round 1: ")
    assert all(button.key.startswith(("act:Assign:", "act:Coast:")) for button in turn.buttons)
    cars = present_table(pack, state, legal, "cars")
    assert "act:TakeDamage:1-small" in [button.key for button in cars.buttons]
    assert present_table(pack, state, legal, "nowhere").section == "turn"
    set_language("fr")
    try:
        road = present_table(pack, state, legal, "road")
        assert [tab.label for tab in road.tabs] == ["Tour", "Dégâts", "Route", "Dés spéciaux"]
        assert any(b.label.startswith("Un véhicule quitte la tuile de tête") for b in road.buttons)
    finally:
        set_language("en")
