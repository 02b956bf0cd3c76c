"""The pack as the shell will host it: its static facts, set-up, saved-game lines, reveals, sounds, guide, data."""

from __future__ import annotations

import importlib
import tempfile
from pathlib import Path

from companion.engine.chance import LiveChance
from companion.engine.labels import labels_of
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.warpspawn_thunderbirds import INFO
from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds.guide import setup_lines
from companion.games.warpspawn_thunderbirds.loader import (
    clear_definitions_cache,
    default_definitions,
    default_overlay_dir,
)
from companion.games.warpspawn_thunderbirds.pack import WarpspawnPack, make_pack
from companion.games.warpspawn_thunderbirds.rules import RULES, apply
from companion.games.warpspawn_thunderbirds.setup import parse_setup
from companion.games.warpspawn_thunderbirds.simulate import start
from companion.locale import speaking

DEFS = default_definitions()


def pack() -> WarpspawnPack:
    module, _sep, attribute = INFO.load.partition(":")
    made = getattr(importlib.import_module(module), attribute)(INFO)
    assert isinstance(made, WarpspawnPack)
    return made


def test_the_static_facts_home_reads() -> None:
    assert INFO.name == RULES.name == "warpspawn_thunderbirds"
    assert INFO.players == (2, 4) and INFO.support == "rules" and INFO.hides_information and INFO.has_chance
    size = INFO.option("size")
    assert [c.value for c in size.choices] == ["10", "12", "20"] and size.default == "12"
    with speaking("fr"):
        assert size.label.text() == "Taille du plateau"
    assert pack().rules is RULES and make_pack(INFO).info is INFO


def test_new_game_choices_start_a_saved_game() -> None:
    setup = pack().setup_for(3, {"size": "20"})
    assert setup == {"players": 3, "size": 20}
    moved = pack().setup_for(2, {"size": "10", "bases": {"red": [2, 2]}, "starts": {}})
    assert moved == {"players": 2, "size": 10, "bases": {"red": [2, 2]}}
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(Path(folder) / "games.db")
        try:
            session = Session.new(store, RULES, setup, 5)
            assert session.state.size == 20 and len(session.state.seats) == 3
            assert pack().first_screen() == "setup-guide" and pack().screen_for(session.state) == "grid"
        finally:
            store.close()


def test_saved_game_lines(french: None) -> None:
    line = pack().saved_game_line(
        {"status": "playing", "turn": 4, "players": ["red", "blue"], "rescues": [2, 1], "size": 20}
    )
    assert line.players == "2\u00a0joueurs\u00a0: Rouge, Bleu" and line.detail == "Plateau de\u00a020\u00a0×\u00a020"
    assert line.status == "Tour\u00a04\u00a0: Rouge 2, Bleu 1" and not line.is_over
    with speaking("en"):
        tie = pack().saved_game_line(
            {"status": "over", "winners": ["red", "blue"], "players": ["red", "blue"], "rescues": [9, 9]}
        )
        assert tie.status == "Over, a tie between Red, Blue: Red 9, Blue 9" and tie.is_over
        assert tie.detail == "12 × 12 board"
        won = pack().saved_game_line(
            {"status": "over", "winners": ["blue"], "players": ["red", "blue"], "rescues": [3, 9]}
        )
        assert won.status == "Over, Blue won: Red 3, Blue 9"


def test_the_organization_label_counts_the_cards_in_a_hand(french: None) -> None:
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "games.db") as store:
        session = Session.new(store, RULES, pack().setup_for(2, {}), 5)
        session.dispatch(act.Alert())
        update = session.dispatch(act.Organize())
    assert update.entry is not None
    assert labels_of(update.entry.stored_label) == {
        "en": "Organization: the Responder deck is shuffled, hands filled to 6 cards",
        "fr": "Organisation\u00a0: la pioche Intervention est mélangée, les mains complétées à 6\u00a0cartes",
    }


def test_the_alert_reveals_the_new_emergencies_and_makes_its_sounds() -> None:
    state = start(2, 12, 1, DEFS)
    top = state.emergencies.draw_pile[0]
    _after, events = apply(state, act.Alert(), LiveChance(state.rng, [1, 4, 6, 2]), DEFS)
    reveal = pack().reveal(events, state)
    assert reveal is not None
    assert reveal.title == "Alert: 2 rolled, 1 new emergency"
    name = DEFS.emergencies[top].names.en
    assert reveal.lines[0].startswith(f"{name} at (5, 7): ")
    assert reveal.lines[0].endswith(", 3 time counters")
    assert pack().sounds(events) == ("dice", "disaster")
    assert pack().reveal((), state) is None
    _after, quiet = apply(state, act.Alert(), LiveChance(state.rng, [0]), DEFS)
    calm = pack().reveal(quiet, state)
    assert calm is not None and calm.lines == ("No new emergency this turn.",)
    assert calm.title == "Alert: 1 rolled, 0 new emergencies"


def test_the_set_up_guide_says_which_facts_are_ours(french: None) -> None:
    setup = parse_setup({"players": 2, "size": 20})
    with speaking("en"):
        lines = setup_lines(setup, DEFS)
    assert "Red's base: (1, 1)." in lines and "Blue's base: (20, 20)." in lines
    assert any(line.startswith("Our default (low confidence)") for line in lines)
    assert any("1D20" in line for line in lines)
    french_lines = setup_lines(setup, DEFS)
    assert "Base de Rouge\u00a0: (1, 1)." in french_lines


def test_data_status_and_overlay_problems() -> None:
    status = pack().data_status()
    assert (status.known, status.total, status.is_complete) == (46, 46, True)
    folder = default_overlay_dir()
    folder.mkdir(parents=True)
    (folder / "responder.toml").write_text('[[responder]]\nid = "sos"\ncount = "two"\n', encoding="utf-8")
    hosted = pack()
    try:
        hosted.load()
        assert len(hosted.problems) == 1 and 'card "sos": field "count"' in hosted.problems[0]
    finally:
        clear_definitions_cache()


def test_the_commands_the_cli_routes_exist() -> None:
    for name, target in pack().commands.items():
        module, _sep, attribute = target.partition(":")
        assert callable(getattr(importlib.import_module(module), attribute)), name
    assert set(pack().commands) == {"simulate", "scenario", "check-data", "demo"}


def test_the_countdown_says_what_is_left_and_what_ran_out(french: None) -> None:
    from companion.games.warpspawn_thunderbirds.scenario import apply_position

    state = apply_position(
        start(2, 12, 1, DEFS),
        {
            "phase": "countdown",
            "emergencies": [
                {"card": "break-in-dam", "square": [4, 4], "counters": 3},
                {"card": "bomb-aboard-airliner", "square": [6, 6], "counters": 1},
            ],
        },
        DEFS,
        "test",
    )
    _after, events = apply(state, act.Countdown(), LiveChance(state.rng), DEFS)
    shown = pack().reveal(events, pack().public_view(state))
    assert shown is not None and shown.title == "Compte à rebours"
    dam, airliner = DEFS.emergencies["break-in-dam"].names.fr, DEFS.emergencies["bomb-aboard-airliner"].names.fr
    assert shown.lines == (
        f"{dam}\u00a0: 2\u00a0marqueurs de temps restants.",
        f"{airliner} en (6, 6)\u00a0: son temps est écoulé.",
    )
