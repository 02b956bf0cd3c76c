"""What every Federation screen says, without a window, in English and in French: the systems list, a system's
record and actions, a fleet entering, the pop-ups before and after a roll, revenue, the victory watch, the turn,
our readings, the costs and New game. Every button a presenter offers is an action the rules accept; French
punctuation carries its no-break space."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from companion.engine.chance import LiveChance
from companion.games.federation import actions as act
from companion.games.federation.legal import legal_actions
from companion.games.federation.rules import RULES
from companion.games.federation.state import Encounter, FederationState, change, set_reading, with_system
from companion.games.federation.ui.presenters.costs import CostsDraft, present_costs
from companion.games.federation.ui.presenters.enter import EnterForm, present_enter
from companion.games.federation.ui.presenters.new_game import NewGameForm, present_new_game
from companion.games.federation.ui.presenters.readings import present_readings
from companion.games.federation.ui.presenters.reveal import dice_shown
from companion.games.federation.ui.presenters.revenue import present_revenue
from companion.games.federation.ui.presenters.rolls import present_build, present_diplomacy, present_enigma
from companion.games.federation.ui.presenters.system import RecordDraft, present_system
from companion.games.federation.ui.presenters.table import present_table
from companion.games.federation.ui.presenters.turn import present_turn
from companion.games.federation.ui.presenters.victory import present_victory
from companion.games.federation.ui.presenters.words import chance, faces
from companion.locale import speaking

from .play import play

DEFS = RULES.definitions
LANGUAGES = ("en", "fr")


def check(state: FederationState, action: object) -> str | None:
    return RULES.check(state, action)


def game() -> FederationState:
    """Klingons, Federation and Cardassians; System 1 explored rich with a modern race and an Enigma a Klingon
    stack (with a Science vessel) waits to face; System 2 a Cardassian colony without a minor race; Vulcan named."""
    state = RULES.initial_state(
        {"races": ["klingon", "federation", "cardassian"], "systems": ["", "", "Vulcan"]}, LiveChance(0)
    )
    state, _events = RULES.apply(state, act.EnterSystem("s1", "klingon", ("science-vessel",)), LiveChance(0, [4, 4, 5]))
    system = change(state.system("s2"), explored=True, resources="poor", minor_race="none", enigma="none")
    state = with_system(state, change(system, owner="cardassian", colony=True))
    return state


def texts(view: Any) -> Iterator[str]:
    """Every text a view holds (labels, lines, titles), however deep."""
    if isinstance(view, str):
        yield view
    elif dataclasses.is_dataclass(view):
        for field in dataclasses.fields(view):
            if field.name not in ("key", "system", "race", "slot", "action", "actions", "reading"):
                yield from texts(getattr(view, field.name))
    elif isinstance(view, tuple | list):
        for item in view:
            yield from texts(item)


#: A French high punctuation mark without its no-break space before it (times and ratios like 1:2 aside).
BAD_FRENCH = re.compile(r"(?<![\u00a0\d])[:;?!%]|(?<=\d)[;?!%]")


def french_typography(view: Any) -> list[str]:
    return [text for text in texts(view) if BAD_FRENCH.search(text)]


def all_views(state: FederationState) -> list[Any]:
    legal = legal_actions(state, DEFS)
    views: list[Any] = [
        present_table(state, DEFS, legal),
        present_enter(state, DEFS, legal, EnterForm("s3", "federation", ("command-ship",))),
        present_revenue(state, DEFS),
        present_victory(state, DEFS),
        present_turn(state, DEFS, legal),
        present_readings(state, DEFS),
        present_costs(DEFS, CostsDraft.of(DEFS).set("colony-cost", 2), {}, __import__("pathlib").Path("x"), ()),
        present_new_game(NewGameForm(("borg", "ferengi"), 8), DEFS),
        present_enigma(state, DEFS, "s1", "klingon"),
        present_build(state, DEFS, "s2", "shipyard"),
    ]
    for system in state.systems:
        views.append(present_system(state, DEFS, legal, system.id, check, corrections=True))
    return views


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_speaks_one_language_with_french_typography(language: str, french: None) -> None:
    state = game()
    with speaking(language):
        views = all_views(state)
    found = [text for view in views for text in texts(view)]
    assert len(found) > 150
    if language == "fr":
        assert french_typography(views) == []
        joined = " ".join(found)
        for english in ("System 1", " the ", "Enigma", "Revenue", "Victory", "nobody"):
            assert english not in joined, english
    else:
        assert not any("Système" in text or "Énigme" in text for text in found)


def test_the_systems_list_at_a_glance(french: None) -> None:
    state = game()
    with speaking("en"):
        view = present_table(state, DEFS, legal_actions(state, DEFS))
    rows = {row.system: row for row in view.rows}
    assert rows["home-klingon"].title == "★ Homesystem (Klingons) · Klingons, 10 a turn"
    assert rows["s1"].title == "● System 1 · nobody" and rows["s1"].waiting
    assert rows["s1"].detail == "Rich resources (3) · Modern race (+2) · ◆ Enigma unsolved"
    assert rows["s2"].title == "● System 2 · Cardassians, 1 a turn"
    assert rows["s2"].detail == "Poor resources (1) · no minor race · ■ Colony"
    assert rows["s3"].title == "○ Vulcan · nobody" and rows["s3"].detail == "not explored"
    assert view.banner == "1 stack waits to face an Enigma (Enigma phase)."
    assert view.title == "Turn 1 · Draw"
    side = {button.key: button for button in view.side}
    assert side["open:enter"].enabled and side["act:NextPhase"].label == "Next: Move"
    assert side["open:victory"].label == "Victory: 4 systems to win"  # over 60 % of 6
    assert view.end_turn.key == "act:EndTurn" and not view.end_turn.enabled  # the Enigma waits
    with speaking("fr"):
        view = present_table(state, DEFS, legal_actions(state, DEFS))
    rows = {row.system: row for row in view.rows}
    assert rows["s2"].title == "● Système\u00a02 · Cardassiens, 1 par tour"
    assert rows["s1"].detail == "ressources\u00a0Riches (3) · Race moderne (+2) · ◆ Énigme non résolue"
    assert view.banner == "1\u00a0pile attend d'affronter une Énigme (phase d'Énigme)."


def test_a_system_s_record_and_only_the_actions_the_rules_accept() -> None:
    state = game()
    legal = legal_actions(state, DEFS)
    view = present_system(state, DEFS, legal, "s1", check)
    assert view is not None and view.title == "System 1"
    record = [line.text for line in view.record]
    assert record[:4] == [
        "● Explored",
        "Resources: Rich (3)",
        "Minor race: Modern race (+2)",
        "◆ Enigma: unsolved. The system cannot be controlled until it is solved.",
    ]
    assert "Klingons: a stack waits to face the Enigma (Science vessel)" in record
    sections = {section.title: section for section in view.sections}
    assert [item.key for item in sections["Enigma"].items] == ["roll:enigma:klingon", "fix:cancel:klingon"]
    # Diplomacy and control wait for the Enigma: said once, not once per race.
    diplomacy = [item.text for item in sections["Diplomacy"].items]
    assert diplomacy == [
        "System 1 holds an unsolved Enigma: a system cannot be controlled by diplomacy or conquest until it is solved."
    ]
    building = [item.text for item in sections["Building"].items]
    assert building == [
        "Nobody controls System 1: a race builds only in a system it controls (our reading of the module (Who may "
        "build), low confidence: change it under Readings)."
    ]
    # Solved, the minor race can be talked to, and the Federation cannot conquer it.
    solved = with_system(dataclasses.replace(state, encounters=()), change(state.system("s1"), enigma="solved"))
    view = present_system(solved, DEFS, legal_actions(solved, DEFS), "s1", check)
    sections = {section.title: section for section in view.sections}
    assert [item.key for item in sections["Diplomacy"].items] == [
        "roll:diplomacy:klingon",
        "roll:diplomacy:federation",
        "roll:diplomacy:cardassian",
    ]
    control = sections["Control (after the Control phase or a conquest)"].items
    assert [getattr(item, "key", None) for item in control] == [
        "act:SetOwner:s1:klingon",
        None,
        "act:SetOwner:s1:cardassian",
    ]
    assert control[1].text.startswith("Federation: cannot conquer minor races")


def test_every_correction_offered_is_accepted_by_the_rules() -> None:
    offered = 0
    for seed in range(6):
        for step in play(seed, 40):
            state = step.after
            legal = legal_actions(state, DEFS)
            for system in state.systems:
                view = present_system(state, DEFS, legal, system.id, check, corrections=True)
                assert view is not None
                for key, action in view.actions.items():
                    assert check(state, action) is None, (key, action)
                    if key.startswith("act:"):
                        assert action in legal
                    offered += 1
    assert offered > 1000


def test_an_exploration_recorded_from_the_players_own_dice() -> None:
    state = game()
    draft = RecordDraft().chose("resources", "rich").chose("minor", "none")
    view = present_system(state, DEFS, legal_actions(state, DEFS), "s3", check, True, draft)
    keys = {button.key: button for section in view.sections for button in section.items if hasattr(button, "key")}
    assert keys["draft:resources:rich"].label == "✓ Resources: Rich"
    assert not keys["fix:record"].enabled  # the Enigma's row is not chosen yet
    draft = draft.chose("enigma", "none")
    view = present_system(state, DEFS, legal_actions(state, DEFS), "s3", check, True, draft)
    assert view.actions["fix:record"] == act.RecordExploration("s3", "rich", "none", "none")


def test_a_fleet_entering_offers_only_what_is_legal() -> None:
    state = game()
    legal = legal_actions(state, DEFS)
    view = present_enter(state, DEFS, legal, EnterForm())
    assert [b.key for b in view.systems] == ["enter:system:s1", "enter:system:s3"]
    assert view.systems[0].label == "◆ System 1 (Enigma)" and view.systems[1].label == "○ Vulcan"
    assert not view.go.enabled and view.action is None
    form = EnterForm("s1", "klingon")
    view = present_enter(state, DEFS, legal, form)
    assert not view.go.enabled  # a Klingon stack already waits there
    assert view.what_happens == "Klingons: a stack already waits in System 1; it faces the Enigma first."
    races = {b.key: b.enabled for b in view.races}
    assert races == {"enter:race:klingon": False, "enter:race:federation": True, "enter:race:cardassian": True}
    form = EnterForm("s3", "federation").toggle_ship("science-vessel").toggle_ship("command-ship")
    view = present_enter(state, DEFS, legal, form)
    assert view.action == act.EnterSystem("s3", "federation", ("command-ship", "science-vessel"))
    assert view.go.enabled and view.go.label == "Enter and roll three dice"
    assert view.what_happens.startswith(
        "Not explored: three dice are rolled, one on each table: resources (1-2 Poor, 3-4 Moderate, 5-6 Rich), "
    )
    assert view.what_happens.endswith("Against an Enigma: +1 once with Command ship or Science vessel in the stack.")


def test_the_enigma_pop_up_itemises_the_bonus_and_gives_the_exact_odds(french: None) -> None:
    state = game()
    with speaking("en"):
        view = present_enigma(state, DEFS, "s1", "klingon")
    assert view is not None and view.action == act.ResolveEnigma("s1", "klingon")
    lines = [line.text for line in view.lines]
    assert lines[:4] == [
        "The roll: one die",
        "Science vessel in the stack: +1 (once)",
        "Die 4-6 (total 5-7): solved for ever",
        "Die 1-3 (total 2-4): unintended consequences",
    ]
    assert "Enigma solved: 1 in 2 (50%)" in lines
    assert "Stack destroyed: 3 in 10 (30%)" in lines and "Stack retreats: 1 in 5 (20%)" in lines
    assert "The minor race destroyed: 1 in 12 (8%)" in lines
    assert (
        "Our reading, low confidence (Enigma total of 6 or more): it solves the Enigma. Change it under Readings."
        in lines
    )
    # Another reading changes the odds at once: a total of 6 or more brings nothing.
    other = dataclasses.replace(state, readings=set_reading(state.readings, "enigma-high", "nothing"))
    with speaking("fr"):
        view = present_enigma(other, DEFS, "s1", "klingon")
    lines = [line.text for line in view.lines]
    assert "Énigme résolue\u00a0: 1 sur\u00a06 (17\u00a0%)" in lines
    assert "Rien ne se passe\u00a0: 1 sur\u00a03 (33\u00a0%)" in lines
    assert view.title == "Klingons\u00a0: la pile affronte l'Énigme de Système\u00a01"


def test_the_diplomacy_pop_up_itemises_the_race_s_modifier() -> None:
    state = game()
    view = present_diplomacy(state, DEFS, "s1", "federation")
    lines = [line.text for line in view.lines]
    assert lines[:2] == ["The roll: one die", "Federation: +1"]
    assert lines[2:5] == [
        "Joins: 1 in 3 (33%). Die 5-6 (total 6-7): the minor race joins the empire",
        "No agreement: 1 in 3 (33%). Die 3-4 (total 4-5): no agreement; try again next turn",
        "Never: 1 in 3 (33%). Die 1-2 (total 2-3): it never joins this empire by diplomacy",
    ]
    assert lines[-1].startswith("Our reading, low confidence (Diplomacy 'never' on 1 to 2): the die shows 1 or 2.")
    klingons = [line.text for line in present_diplomacy(state, DEFS, "s1", "klingon").lines]
    assert klingons[1] == "Klingons: no modifier" and "Joins: 1 in 6 (17%). Die 6 (total 6): " in klingons[2]
    assert not any(text.startswith("Our reading") for text in klingons)  # no modifier: the reading changes nothing


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_build_pop_up_on_a_homesystem_names_its_race_once(language: str) -> None:
    state = game()
    home = next(s for s in state.systems if s.home_of == "klingon")
    with speaking(language):
        lines = [line.text for line in present_build(state, DEFS, home.id, "shipyard").lines]
    revenue = next(line for line in lines if line.startswith(("Revenue of", "Revenu de")))
    assert revenue.count("Klingons") == 1, revenue


def test_the_build_pop_up_says_what_the_revenue_becomes_and_the_players_cost() -> None:
    state = game()
    view = present_build(state, DEFS, "s2", "terraform")
    lines = [line.text for line in view.lines]
    assert "Revenue of System 2 (Cardassians): 1 a turn now, 2 a turn after" in lines
    assert "Cost: not in the module; read it from your Warp Empires rules (Costs screen)" in lines
    from companion.games.federation.overlay import with_values

    priced = with_values(DEFS, {"terraform-cost": 4})
    lines = [line.text for line in present_build(state, priced, "s2", "terraform").lines]
    assert "Cost: 4 (from your rules, on the Costs screen)" in lines


def test_revenue_term_by_term(french: None) -> None:
    state = game()
    system = change(state.system("s1"), owner="cardassian", terraformed=False, enigma="solved")
    state = with_system(dataclasses.replace(state, encounters=()), system)
    with speaking("en"):
        view = present_revenue(state, DEFS)
    lines = [line.text for line in view.lines]
    assert lines[lines.index("Cardassians: 17 a turn") + 1 :][:3] == [
        "Homesystem (Cardassians): Homesystem 10",
        "System 1: resources 3 + minor race 2 + Cardassians +1 = 6",
        "System 2: resources 1",
    ]
    colony_gone = with_system(state, change(state.system("s2"), colony=False))
    with speaking("en"):
        lines = [line.text for line in present_revenue(colony_gone, DEFS).lines]
    assert "System 2: 0: no minor race and no colony yet" in lines
    with speaking("fr"):
        lines = [line.text for line in present_revenue(state, DEFS).lines]
    assert "Système\u00a01\u00a0: ressources\u00a03 + race mineure\u00a02 + Cardassiens +1 = 6" in lines


def test_the_victory_watch_and_the_turn_checklist() -> None:
    state = game()
    view = present_victory(state, DEFS)
    assert view.rule == "A race controlling over 60% of the 6 systems on the list wins: 4 systems."
    assert view.races[0].text == "Klingons: 1 system (17%), 3 more to win"
    assert view.races[0].share == pytest.approx(1 / 6) and view.races[0].threshold == pytest.approx(4 / 6)
    assert view.status == "Nobody has won yet."
    turn = present_turn(state, DEFS, legal_actions(state, DEFS))
    assert turn.phases[0].text == "▶ Draw (Warp Empires: played on the table)"
    assert turn.phases[2].text == "○ Exploration (the module: the companion runs it)"
    assert turn.next_phase.label == "Next: Move" and turn.next_phase.enabled
    assert not turn.end_turn.enabled and turn.blocked.startswith("Klingons: the stack in System 1 has not faced")


def test_our_readings_say_which_are_ours_and_change_by_a_correction() -> None:
    state = game()
    view = present_readings(state, DEFS)
    first = view.blocks[0]
    assert first.title.text == "Enigma total of 6 or more"
    assert [choice.label for choice in first.choices] == [
        "✓ It solves the Enigma (ours)",
        "It brings consequences, as 1 to 4",
        "Nothing happens; the Enigma stays",
    ]
    action = view.actions["reading:enigma-high:nothing"]
    assert action == act.SetReading("enigma-high", "nothing") and check(state, action) is None
    assert "reading:enigma-high:solved" not in view.actions  # what is chosen now is not offered again


def test_the_costs_draft() -> None:
    draft = CostsDraft.of(DEFS)
    assert draft.known() == {}
    draft = draft.step("colony-cost", 1).step("colony-cost", 1).step("shipyard-cost", -1)
    assert draft.known() == {"colony-cost": 2, "shipyard-cost": 0}
    view = present_costs(DEFS, draft, {}, __import__("pathlib").Path("overlay/federation/costs.toml"), ())
    assert view.save.enabled and view.save.label == "Save"
    assert [(row.name, row.value) for row in view.rows] == [
        ("Cost of a colony", "2"),
        ("Cost of a shipyard", "0"),
        ("Cost of terraforming", "not entered"),
    ]
    assert [b.enabled for b in view.rows[1].buttons] == [False, True, True]  # no cost below 0
    saved = present_costs(DEFS, draft, draft.known(), __import__("pathlib").Path("x"), ())
    assert not saved.save.enabled and saved.rows[0].note == "yours, from your rules"


def test_new_game_races_are_tapped_in_seat_order() -> None:
    form = NewGameForm(races=())
    view = present_new_game(form, DEFS)
    assert not view.start.enabled and view.start.label == "Tap at least 2 races (0 chosen)."
    form = form.toggle("borg").toggle("federation").toggle("ferengi").toggle("borg")
    assert form.races == ("federation", "ferengi")
    view = present_new_game(form, DEFS)
    labels = {button.key: button.label for button in view.races}
    assert labels["race:federation"] == "✓ Player 1: Federation\ndiplomacy +1, never conquers minor races"
    assert labels["race:ferengi"] == "✓ Player 2: Ferengi\ndiplomacy +1, minor races -1 revenue"
    assert labels["race:klingon"] == "Klingons\nno modifier"
    assert view.start.enabled and view.start.label == "Start: 2 races, 12 systems"
    named = dataclasses.replace(form, names="Vulcan, Risa, vulcan")
    view = present_new_game(named, DEFS)
    assert not view.start.enabled and view.start.label == "There is already a system called Vulcan."
    assert not any(button.enabled for button in view.systems)  # the names replace the count
    named = dataclasses.replace(form, names="Vulcan, Risa")
    assert named.setup() == {"races": ["federation", "ferengi"], "systems": ["Vulcan", "Risa"]}
    full = NewGameForm(races=tuple(DEFS.races))
    assert full.toggle("klingon") != full and full.toggle("klingon").toggle("klingon").races[-1] == "klingon"


def test_the_exploration_s_three_dice_with_their_tables(french: None) -> None:
    state = RULES.initial_state({"races": ["klingon", "borg"], "systems": 2}, LiveChance(0))
    _after, events = RULES.apply(state, act.EnterSystem("s1", "borg"), LiveChance(0, [1, 3, 4]))
    with speaking("en"):
        shown = dice_shown(events, DEFS)
    assert [(d.value, d.table, d.result) for d in shown] == [
        (2, "Resources", "Poor (1)"),
        (4, "Minor race", "Primitive race (+1)"),
        (5, "Enigma", "an Enigma"),
    ]
    with speaking("fr"):
        shown = dice_shown(events, DEFS)
    assert [d.table for d in shown] == ["Ressources", "Race mineure", "Énigme"]


def test_chances_and_faces_in_words() -> None:
    assert chance(Fraction(1, 3)) == "1 in 3 (33%)" and chance(Fraction(1)) == "certain"
    assert faces([1, 2, 3, 6]) == "1-3, 6" and faces([5]) == "5"
    encounter = Encounter("s1", "klingon", ())
    assert encounter.ships == ()
