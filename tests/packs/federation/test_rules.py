"""Each action on a hand-built position: what it changes, what it refuses and why, and that a refusal changes
nothing. Every roll goes through the Chance (forced here), every label exists in both languages."""

from __future__ import annotations

import dataclasses

import pytest

from companion.engine.chance import LiveChance
from companion.engine.errors import IllegalAction
from companion.engine.rng import seed_state
from companion.games.federation import actions as act
from companion.games.federation.describe import describe
from companion.games.federation.empire import needed_to_win, race_revenue, winner
from companion.games.federation.legal import correction_examples, legal_actions
from companion.games.federation.rules import RULES, apply
from companion.games.federation.state import FederationState, System, change, with_system
from companion.locale import speaking
from companion.locale.build import main as build

DEFS = RULES.definitions


def new_game(
    races: tuple[str, ...] = ("klingon", "federation"), systems: int | list[str] = 4, **setup: object
) -> FederationState:
    chance = LiveChance(seed_state(1))
    return RULES.initial_state({"races": list(races), "systems": systems, **setup}, chance)


def explored(state: FederationState, system_id: str, **fields: object) -> FederationState:
    found = state.system(system_id)
    assert found is not None
    values: dict[str, object] = {"resources": "moderate", "minor_race": "none", "enigma": "none", **fields}
    return with_system(state, change(found, explored=True, **values))


def refused(state: FederationState, action: object, forced: tuple[int, ...] = ()) -> str:
    """The reason, after checking that `check` says the same and the state is untouched."""
    before = dataclasses.replace(state)
    with pytest.raises(IllegalAction) as raised:
        apply(state, action, LiveChance(state.rng, forced), DEFS)
    assert RULES.check(state, action) == raised.value.reason
    assert state == before
    return raised.value.reason


def applied(
    state: FederationState, action: object, *faces: int
) -> tuple[FederationState, tuple[object, ...], LiveChance]:
    chance = LiveChance(state.rng, [face - 1 for face in faces])
    after, events = apply(state, action, chance, DEFS)
    assert chance.forced_left == ()
    return after, events, chance


# --- set-up ------------------------------------------------------------------------------------------------


def test_each_race_starts_with_its_homesystem_explored_and_controlled() -> None:
    state = new_game(("borg", "ferengi", "romulan"), 2)
    assert [s.id for s in state.systems] == ["home-borg", "home-ferengi", "home-romulan", "s1", "s2"]
    assert [s.owner for s in state.systems] == ["borg", "ferengi", "romulan", None, None]
    assert all(s.explored for s in state.systems[:3]) and not any(s.explored for s in state.systems[3:])
    assert dict(state.readings) == {r.id: r.default for r in DEFS.readings.values()}
    assert (state.turn, state.phase, state.next_number) == (1, 0, 3)


@pytest.mark.parametrize(
    ("setup", "words"),
    [
        ({"races": ["klingon"]}, "Federation is played by 2 to 6 players"),
        ({"races": ["klingon", "vulcan"]}, "There is no race called vulcan"),
        ({"races": ["borg", "borg"]}, "Each race is played once: Borg was chosen twice."),
        ({"races": ["borg", "klingon"], "systems": -1}, "The map has 0 to 200 systems"),
        ({"races": ["borg", "klingon"], "systems": [" Risa"]}, "no leading or trailing spaces"),
        ({"races": ["borg", "klingon"], "systems": ["Risa", "risa"]}, "There is already a system called"),
        ({"races": ["borg", "klingon"], "homes": {"romulan": "Romulus"}}, "Romulans: not in this game."),
        ({"races": ["borg", "klingon"], "readings": {"enigma-high": "maybe"}}, "is one of solved, consequences"),
        ({"races": ["borg", "klingon"], "colour": "red"}, "Unknown set-up choice colour."),
    ],
)
def test_a_bad_set_up_is_refused_with_its_reason(setup: dict[str, object], words: str) -> None:
    with pytest.raises(IllegalAction) as raised:
        RULES.initial_state(setup, LiveChance(1))
    assert words in raised.value.reason


@pytest.mark.parametrize(
    ("races", "language", "ending"),
    [
        (["klingon"], "en", "one race each (1 race chosen)."),
        ([], "en", "one race each (0 races chosen)."),
        (["klingon"] * 7, "en", "one race each (7 races chosen)."),
        (["klingon"], "fr", "une race chacun (1\u00a0race choisie)."),
        ([], "fr", "une race chacun (0\u00a0race choisie)."),
        (["klingon"] * 7, "fr", "une race chacun (7\u00a0races choisies)."),
    ],
)
def test_the_races_chosen_are_counted_as_each_language_counts(races: list[str], language: str, ending: str) -> None:
    build()
    with speaking(language), pytest.raises(IllegalAction) as raised:
        RULES.initial_state({"races": races}, LiveChance(1))
    assert raised.value.reason.endswith(ending)


# --- exploration and the Enigma ----------------------------------------------------------------------------


def test_entering_an_unexplored_system_rolls_three_dice_through_the_chance() -> None:
    state = new_game()
    after, events, chance = applied(state, act.EnterSystem("s2", "klingon"), 2, 6, 4)
    assert chance.outcomes == (1, 5, 3)  # logged: the faces' indices
    system = after.system("s2")
    assert system is not None
    assert (system.explored, system.resources, system.minor_race, system.enigma) == (True, "poor", "advanced", "none")
    assert after.encounters == ()
    assert [type(e).__name__ for e in events] == ["Explored"]


def test_unforced_dice_come_from_the_state_s_seed_and_are_logged() -> None:
    state = dataclasses.replace(new_game(), rng=seed_state(42))
    first, _events, chance = applied(state, act.EnterSystem("s1", "federation"))
    second, _events, _chance = applied(state, act.EnterSystem("s1", "federation"))
    assert first == second and len(chance.outcomes) == 3 and chance.rng_after != state.rng


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (act.EnterSystem("s9", "klingon"), "There is no system s9 on the list."),
        (act.EnterSystem("s1", "vulcan"), "There is no race called vulcan."),
        (act.EnterSystem("s1", "borg"), "Borg: not in this game."),
        (act.EnterSystem("s1", "klingon", ("warbird",)), "There is no ship called warbird."),
        (act.EnterSystem("s1", "klingon", ("command-ship", "command-ship")), "Each kind of ship is listed once"),
        (act.EnterSystem("home-federation", "klingon"), "is a Homesystem: it is known from the start"),
        (act.EnterSystem("s3", "klingon"), "System 3 is already explored and holds no unsolved Enigma"),
        (act.ResolveEnigma("s3", "klingon"), "System 3 holds no unsolved Enigma."),
        (act.ResolveEnigma("s4", "klingon"), "Klingons: no stack waits to face the Enigma of System 4"),
        (act.CancelEncounter("s4", "klingon"), "Klingons: no stack waits to face an Enigma in System 4."),
    ],
)
def test_exploration_refusals(action: object, words: str) -> None:
    state = explored(explored(new_game(), "s3"), "s4", enigma="present")
    assert words in refused(state, action)


def test_a_stack_waiting_for_its_enigma_cannot_enter_twice() -> None:
    state = explored(new_game(), "s4", enigma="present")
    state, _events, _chance = applied(state, act.EnterSystem("s4", "klingon", ("science-vessel",)))
    assert refused(state, act.EnterSystem("s4", "klingon")) == (
        "Klingons: a stack already waits to face the Enigma of System 4."
    )
    # The other race's stack may enter and wait too.
    state, _events, _chance = applied(state, act.EnterSystem("s4", "federation"))
    assert [(e.race, e.ships) for e in state.encounters] == [("klingon", ("science-vessel",)), ("federation", ())]


def test_a_solved_enigma_frees_every_stack_and_a_failed_one_only_its_own() -> None:
    state = explored(new_game(), "s4", enigma="present")
    state, _e, _c = applied(state, act.EnterSystem("s4", "klingon"))
    state, _e, _c = applied(state, act.EnterSystem("s4", "federation"))
    failed, _e, _c = applied(state, act.ResolveEnigma("s4", "klingon"), 1, 2)
    assert [e.race for e in failed.encounters] == ["federation"]
    solved, _e, _c = applied(state, act.ResolveEnigma("s4", "klingon"), 5)
    assert solved.encounters == ()


# --- diplomacy, control, building ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({}, "System 3 has no minor race: diplomacy is for minor races."),
        ({"minor_race": "modern", "minor_destroyed": True}, "The minor race of System 3 was destroyed"),
        ({"minor_race": "modern", "owner": "klingon"}, "already belongs to an empire: Klingons."),
        ({"minor_race": "modern", "refused": ("federation",)}, "will never join them by diplomacy"),
    ],
)
def test_diplomacy_refusals(fields: dict[str, object], words: str) -> None:
    state = explored(new_game(), "s3", **fields)
    assert words in refused(state, act.AttemptDiplomacy("s3", "federation"))


def test_diplomacy_needs_an_explored_system() -> None:
    assert refused(new_game(), act.AttemptDiplomacy("s1", "klingon")) == (
        "System 1 is not explored yet: a stack entering it explores it first."
    )


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (act.SetOwner("s1", "klingon"), "System 1 is not explored yet"),
        (act.SetOwner("s3", None), "System 3 already has no owner."),
        (act.SetOwner("home-klingon", "klingon"), "Klingons: already in control of Homesystem (Klingons)."),
        (act.Build("s3", "starbase"), "There is no building called starbase."),
        (act.Build("s1", "colony"), "System 1 is not explored yet"),
    ],
)
def test_control_and_building_refusals(action: object, words: str) -> None:
    state = explored(new_game(), "s3")
    assert words in refused(state, action)


def test_a_conquered_homesystem_yields_its_10_to_the_conqueror() -> None:
    state, _e, _c = applied(new_game(), act.SetOwner("home-federation", "klingon"))
    assert race_revenue(state, DEFS, "klingon").total == 20
    assert race_revenue(state, DEFS, "federation").total == 0


def test_revenue_is_shown_term_by_term() -> None:
    state = explored(new_game(("cardassian", "borg")), "s1", resources="rich", minor_race="modern", owner="cardassian")
    parts = race_revenue(state, DEFS, "cardassian").systems
    assert [(p.system, p.total, p.homesystem, p.resources, p.minor_race, p.race_modifier) for p in parts] == [
        ("home-cardassian", 10, 10, 0, 0, 0),
        ("s1", 6, 0, 3, 2, 1),
    ]


# --- the turn and the victory ------------------------------------------------------------------------------


def test_end_turn_credits_revenue_clears_diplomacy_attempts_and_restarts_the_checklist() -> None:
    state = explored(new_game(), "s3", minor_race="modern")
    state, _e, _c = applied(state, act.AttemptDiplomacy("s3", "klingon"), 4)
    state, _e, _c = applied(state, act.NextPhase())
    assert state.diplomacy_tried == (("s3", "klingon"),) and state.phase == 1
    state, events, _c = applied(state, act.EndTurn())
    assert (state.turn, state.phase, state.diplomacy_tried) == (2, 0, ())
    assert state.last_revenue == (("klingon", 10), ("federation", 10))
    assert [type(e).__name__ for e in events] == ["TurnEnded", "PhaseStarted"]


def test_after_a_victory_only_corrections_are_accepted() -> None:
    state = new_game(systems=1)  # 3 systems: 2 of 3 is over 60 %
    state = explored(state, "s1", owner="klingon")
    assert winner(state, DEFS) == "klingon" and needed_to_win(state, DEFS) == 2
    assert legal_actions(state, DEFS) == ()
    reason = refused(state, act.EndTurn())
    assert (
        reason == "Klingons: 2 of the 3 systems controlled, over 60%; the game is over. Undo, or correct the systems."
    )
    corrections = correction_examples(state, DEFS)
    assert corrections and all(type(a) in act.CORRECTIONS for a in corrections)
    state, events, _c = applied(state, act.AdjustSystem("s1", "owner", ""))
    assert winner(state, DEFS) is None and [type(e).__name__ for e in events] == ["VictoryLost"]


# --- corrections -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (act.AddSystem("x" * 41), "A system's name is at most 40 characters."),
        (act.AddSystem("Risa\n"), "no leading or trailing spaces and no control characters"),
        (act.AddSystem("system 2"), "There is already a system called system 2."),
        (act.RenameSystem("s1", ""), "System 1 already has that name."),
        (act.RemoveSystem("home-klingon"), "Homesystem (Klingons) is a Homesystem: it stays on the list."),
        (act.RecordExploration("home-klingon", "rich", "none", "none"), "it has no exploration results"),
        (act.RecordExploration("s1", "golden", "none", "none"), "Resources are one of poor, moderate, rich"),
        (act.RecordExploration("s1", "rich", "ancient", "none"), "A minor race is one of none, primitive"),
        (act.RecordExploration("s1", "rich", "none", "maybe"), "An Enigma is one of none, present, solved"),
        (act.RecordExploration("s3", "moderate", "none", "none"), "System 3 is already recorded that way."),
        (act.ForgetExploration("s1"), "System 1 is not explored yet."),
        (act.ForgetExploration("home-federation"), "it is always explored"),
        (act.AdjustSystem("s1", "owner", "klingon"), "System 1 is not explored yet: record its exploration first."),
        (act.AdjustSystem("s3", "resources", "rich"), "A system's resources cannot be adjusted"),
        (act.AdjustSystem("s3", "owner", True), "An owner is a race in play, or empty for nobody."),
        (act.AdjustSystem("s3", "owner", "borg"), "Borg: not in this game."),
        (act.AdjustSystem("s3", "colony", "yes"), "colony is true or false."),
        (act.AdjustSystem("s3", "colony", False), "Nothing changes: System 3 is already recorded that way."),
        (act.AdjustSystem("s3", "minor_destroyed", True), "System 3 has no minor race."),
        (act.AdjustSystem("home-klingon", "enigma", "present"), "it has no Enigma"),
        (act.SetReading("luck", "yes"), "There is no reading called luck."),
        (act.SetReading("enigma-high", "maybe"), "Enigma total of 6 or more is one of solved, consequences, nothing"),
        (act.SetReading("enigma-high", "solved"), "this game already reads it that way."),
    ],
)
def test_correction_refusals(action: object, words: str) -> None:
    state = explored(new_game(), "s3")
    assert words in refused(state, action)


def test_forgetting_an_exploration_clears_the_system_but_keeps_its_name() -> None:
    state = explored(new_game(systems=["Vulcan"]), "s1", minor_race="modern", owner="klingon", shipyard=True)
    state, _e, _c = applied(state, act.ForgetExploration("s1"))
    assert state.system("s1") == System("s1", 1, "Vulcan")


def test_removing_a_system_forgets_its_turn() -> None:
    state = explored(new_game(), "s3", enigma="present", minor_race="modern")
    state, _e, _c = applied(state, act.EnterSystem("s3", "klingon"))
    state = dataclasses.replace(state, diplomacy_tried=(("s3", "federation"),))
    state, _e, _c = applied(state, act.RemoveSystem("s3"))
    assert state.system("s3") is None and state.encounters == () and state.diplomacy_tried == ()


# --- words -------------------------------------------------------------------------------------------------


def test_every_action_has_a_label_in_english_and_in_french(french: None) -> None:
    state = explored(explored(new_game(), "s3", minor_race="modern"), "s4", enigma="present")
    state, _e, _c = applied(state, act.EnterSystem("s4", "klingon"))
    examples = [
        act.EnterSystem("s1", "klingon", ("command-ship",)),
        act.EnterSystem("s1", "klingon"),
        act.EnterSystem("s4", "federation", ("science-vessel",)),
        act.EnterSystem("s4", "federation"),
        act.ResolveEnigma("s4", "klingon"),
        act.CancelEncounter("s4", "klingon"),
        act.AttemptDiplomacy("s3", "federation"),
        act.Build("s3", "shipyard"),
        act.SetOwner("s3", "klingon"),
        act.SetOwner("s3", None),
        act.NextPhase(),
        act.EndTurn(),
        act.AddSystem("Risa"),
        act.AddSystem(""),
        act.RenameSystem("s1", "Vulcan"),
        act.RenameSystem("s1", ""),
        act.RemoveSystem("s2"),
        act.RecordExploration("s2", "rich", "modern", "none"),
        act.ForgetExploration("s3"),
        act.AdjustSystem("s3", "owner", "klingon"),
        act.AdjustSystem("s3", "terraformed", False),
        act.SetReading("diplomacy-never", "total"),
    ]
    assert {type(a) for a in examples} == set(act.ACTION_TYPES.values())
    for action in examples:
        with speaking("en"):
            english = describe(action, state, DEFS)
        with speaking("fr"):
            french_label = describe(action, state, DEFS)
        assert english != type(action).__name__ and french_label != english, action
