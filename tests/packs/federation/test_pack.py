"""The pack as the shell will host it: its static facts, the Pack object INFO.load names, New game's set-up through
the engine's Session, the data status, the pop-ups, sounds and saved-game lines in both languages."""

from __future__ import annotations

import importlib
from pathlib import Path

from companion.engine import registry
from companion.engine.chance import LiveChance
from companion.engine.pack import Pack, PackInfo
from companion.engine.session import Session
from companion.engine.store import Store
from companion.games.federation import INFO
from companion.games.federation import actions as act
from companion.games.federation.checklist import checklist
from companion.games.federation.pack import PACK, FederationPack, make_pack
from companion.games.federation.rules import RULES
from companion.locale import speaking
from companion.paths import ROOT


def loaded_pack(info: PackInfo) -> object:
    module, attribute = info.load.split(":")
    return getattr(importlib.import_module(module), attribute)


def test_the_static_facts_home_reads() -> None:
    assert INFO.name == "federation" == RULES.name
    assert INFO.players == (2, 6) and INFO.support == "upkeep"
    assert INFO.hides_information is False and INFO.has_chance is True
    assert [option.key for option in INFO.options] == ["systems", *(f"race_{seat}" for seat in range(1, 7))]
    assert [INFO.option(f"race_{seat}").default for seat in range(1, 7)] == list(RULES.definitions.races)
    assert INFO.option("systems").default == "12"
    assert INFO.title.text("fr") and INFO.blurb.text("fr") != INFO.blurb.text("en") and "fr" in INFO.blurb.translated
    assert "\u00a0:" in INFO.blurb.text("fr")


def test_info_load_names_the_pack_and_the_registry_finds_its_rules() -> None:
    factory = loaded_pack(INFO)
    assert factory is make_pack
    pack = registry.pack("federation")
    assert isinstance(pack, FederationPack) and pack.info is INFO and PACK.info is INFO
    assert registry.get("federation") is RULES is PACK.rules
    for name in {*Pack.__annotations__, *(n for n in vars(Pack) if not n.startswith("_"))}:
        assert hasattr(PACK, name), name
    assert PACK.editor_screen == "costs" and PACK.new_game_screen == "new_game" and PACK.lights is None
    assert PACK.table_screen == "table" and set(PACK.screens) >= {"table", "system", "enter", "costs"}
    for spec in PACK.screens.values():  # every screen's kv file is there (the classes import Kivy: not here)
        assert spec.kv is not None and (ROOT / spec.kv).is_file(), spec.kv
    assert dict(PACK.commands) == {
        "scenario": "companion.games.federation.scenario_cli:main",
        "check-data": "companion.games.federation.check_data:main",
        "demo": "companion.games.federation.ui.demo:main",
    }
    for command in ("scenario", "check-data"):
        module, attribute = PACK.commands[command].split(":")
        assert callable(getattr(importlib.import_module(module), attribute))
    assert make_pack(INFO).info is INFO


def test_the_generic_new_game_s_options_always_make_a_valid_set_up() -> None:
    """Each seat's race is drawn on its own: a race drawn twice goes to the first race nobody has."""
    assert PACK.setup_for(3, {"race_1": "borg", "race_2": "borg", "race_3": "federation"}) == {
        "races": ["borg", "klingon", "federation"],
        "systems": 12,
    }
    everyone = {f"race_{seat}": "romulan" for seat in range(1, 7)}
    races = PACK.setup_for(6, everyone)["races"]
    assert sorted(races) == sorted(RULES.definitions.races) and races[0] == "romulan"


def test_new_game_s_choices_start_a_saved_game(tmp_path: Path) -> None:
    setup = PACK.setup_for(3, {"race_1": "borg", "race_2": "ferengi", "systems": "8", "race_5": "klingon"})
    assert setup == {"races": ["borg", "ferengi", "romulan"], "systems": 8}
    store = Store.open(tmp_path / "games.db")
    try:
        session = Session.new(store, PACK.rules, setup, 5)
        assert len(session.state.systems) == 11
        assert PACK.first_screen() == PACK.screen_for(session.state) == "table"
        assert PACK.public_view(session.state) is session.state and PACK.secret_view(session.state, 0) is None
        line = PACK.saved_game_line(store.list_games()[0].summary)
        assert line.status == "Turn 1: systems Borg 1, Ferengi 1, Romulans 1 of 11" and not line.is_over
        assert (line.players, line.detail) == ("3 races: Borg, Ferengi, Romulans", "11 systems")
    finally:
        store.close()


def test_the_data_status_counts_the_empty_slots() -> None:
    PACK.load()
    assert PACK.problems == ()
    status = PACK.data_status()
    assert (status.known, status.total, status.is_complete) == (34, 37, False)
    assert status.missing[0] == "Cost of a colony: unknown, read it from your Warp Empires rules"


def test_a_roll_makes_a_pop_up_and_sounds_a_quiet_action_does_not(french: None) -> None:
    state = RULES.initial_state({"races": ["klingon", "federation"], "systems": 3}, _chance())
    after, events = RULES.apply(state, act.EnterSystem("s1", "klingon"), _chance(5, 5, 6))
    with speaking("en"):
        shown = PACK.reveal(events, after)
    assert shown is not None and shown.title == "System 1 explored"
    assert shown.lines == (
        "System 1 explored, dice 5 5 6: rich resources (3); modern race (+2); an unsolved Enigma",
        "Klingons: the stack in System 1 faces the Enigma in the Enigma phase",
    )
    with speaking("fr"):
        shown = PACK.reveal(events, after)
    assert shown is not None and shown.title == "Système\u00a01 exploré"
    assert shown.lines[0] == (
        "Système\u00a01 exploré, dés\u00a05 5 6\u00a0: ressources\u00a0riches (3)\u00a0; race moderne (+2)\u00a0; "
        "une Énigme non résolue"
    )
    assert PACK.sounds(events) == ("dice",)
    solved, events = RULES.apply(after, act.ResolveEnigma("s1", "klingon"), _chance(5))
    assert PACK.sounds(events) == ("dice", "success")
    quiet, events = RULES.apply(solved, act.NextPhase(), _chance())
    assert PACK.reveal(events, quiet) is None and PACK.sounds(events) == ()


def test_a_won_game_s_line_says_who_won() -> None:
    summary = {"turn": 9, "races": ["klingon", "borg"], "systems": 5, "controlled": {"klingon": 4}, "winner": "klingon"}
    line = PACK.saved_game_line(summary)
    assert line.is_over and line.status == "Victory: Klingons; systems Klingons 4, Borg 0 of 5"
    assert PACK.saved_game_line({"races": "damaged"}).status == "Turn ?"
    with speaking("fr"):
        line = PACK.saved_game_line(summary)
    assert (line.players, line.detail) == ("2\u00a0races\u00a0: Klingons, Borgs", "5\u00a0systèmes")


def test_the_checklist_shows_where_the_turn_is(french: None) -> None:
    state = RULES.initial_state({"races": ["klingon", "federation"], "systems": 3}, _chance())
    state, _events = RULES.apply(state, act.NextPhase(), _chance())
    with speaking("fr"):
        items = checklist(state, RULES.definitions)
    assert [(i.phase, i.status, i.module) for i in items[:4]] == [
        ("draw", "done", False),
        ("move", "current", False),
        ("exploration", "to-come", True),
        ("enigma", "to-come", True),
    ]
    assert items[3].label == "Énigme"


def _chance(*faces: int) -> LiveChance:
    return LiveChance(7, [face - 1 for face in faces])


def test_the_demo_command_describes_itself_in_whole_sentences() -> None:
    from .cli import run

    done = run("companion", "demo", "--game", "federation", "--help")
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())
    assert "a seeded Federation game played by touch in the real app on a virtual screen," in said
    assert "(the game, the actions made, any layout problem found)." in said
