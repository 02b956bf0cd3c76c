"""Rescue: where it is allowed, the bonuses, the dice and tokens, the Hood, the rewards."""

from __future__ import annotations

from companion.games.thunderbirds.actions import (
    ChooseReward,
    ConfirmRescue,
    FinishRescue,
    IgnoreHood,
    Move,
    Rescue,
    UseIntelligence,
    UseTeamwork,
)
from companion.games.thunderbirds.bonuses import rescue_bonus, rescue_bonuses
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.rules import legal_actions
from companion.games.thunderbirds.state import PendingRescue, PendingReward

from .positions import game, kinds, play, refused

SUN = {
    "active": "john",
    "vehicles": {"tb3": "the-sun"},
    "seats": {"john": "tb3", "scott": "tb3"},
    "pods": {"transmitter-truck": "asia"},
    "tokens": {"john": {"teamwork": 1, "intelligence": 1}},
    "track": {"1": "sun-probe"},
}


def sun(**changes: object):
    return game(["john", "virgil"], position={**SUN, **changes})


def pending(state) -> PendingRescue:
    assert isinstance(state.pending, PendingRescue)
    return state.pending


def test_bonus_lines_say_what_applies_and_why(defs: Definitions) -> None:
    lines = rescue_bonuses(sun(), defs, "sun-probe")
    table = {(line.source, line.piece): (line.value, line.applies, line.why) for line in lines}
    assert table[("card", "scott")] == (2, True, "in-place")
    assert table[("card", "virgil")] == (2, False, "elsewhere")
    assert table[("card", "transmitter-truck")] == (3, True, "in-place")
    assert table[("character", "john")] == (2, True, "type-matches")
    assert rescue_bonus(sun(), defs, "sun-probe") == 7
    unbuilt = sun(pods={"transmitter-truck": "notebook"})
    line = next(x for x in rescue_bonuses(unbuilt, defs, "sun-probe") if x.piece == "transmitter-truck")
    assert (line.applies, line.why) == (False, "notebook")


def test_if_in_thunderbird_5_means_seated_in_it(defs: Definitions) -> None:
    position = {
        "active": "scott",
        "vehicles": {"tb1": "north-atlantic", "tb3": "geo-stationary-orbit"},
        "track": {"1": "operation-crash-dive"},
    }
    in_tb3 = game(["scott", "virgil"], position={**position, "seats": {"alan": "tb3"}})
    in_tb5 = game(["scott", "virgil"], position={**position, "seats": {"alan": "tb5"}})

    def alan(s):
        return next(x for x in rescue_bonuses(s, defs, "operation-crash-dive") if x.piece == "alan")

    assert (alan(in_tb3).applies, alan(in_tb3).why) == (False, "not-seated")
    assert alan(in_tb5).applies
    other_type = next(x for x in rescue_bonuses(in_tb5, defs, "operation-crash-dive") if x.source == "character")
    assert (other_type.applies, other_type.why) == (False, "other-type")  # Scott's +2 is for air rescues


def test_unplayed_characters_still_give_their_bonus(defs: Definitions) -> None:
    state = sun()
    assert not state.is_played("scott")
    assert any(x.piece == "scott" and x.applies for x in rescue_bonuses(state, defs, "sun-probe"))


def test_rescue_only_in_the_disasters_region_and_on_the_track() -> None:
    state = sun(vehicles={"tb3": "mars"})
    assert refused(state, Rescue("sun-probe")) == "Sun Probe is in The Sun; John is in Mars."
    assert refused(sun(), Rescue("city-of-fire")) == "City of Fire is not on the disaster track."
    assert "no disaster card called" in refused(sun(), Rescue("nothing"))
    assert not any(isinstance(a, Rescue) for a in legal_actions(state))


def test_the_sun_probe_example_three_ways() -> None:
    rolled, events = play(sun(), Rescue("sun-probe"), dice=[2, 0])
    assert kinds(events) == ["RescueStarted", "DiceRolled"]
    assert pending(rolled).score == 9 and rolled.actions_left == 2
    failed, events = play(rolled, FinishRescue())
    assert "RescueFailed" in kinds(events) and failed.hood == 1 and failed.track.slot_of("sun-probe") == 1
    teamwork, _ = play(rolled, UseTeamwork())
    assert pending(teamwork).score == 11 and teamwork.active_hand.count("teamwork") == 0
    won, events = play(teamwork, FinishRescue())
    assert "RescueSucceeded" in kinds(events) and won.hood == 1
    assert won.disasters.discard_pile == ("sun-probe",)
    rerolled, events = play(rolled, UseIntelligence(1), dice=[2])
    assert kinds(events) == ["TokenSpent", "DieRerolled"]
    assert pending(rerolled).dice == (2, 2) and pending(rerolled).hood_faces == 0
    done, _ = play(rerolled, FinishRescue())
    assert done.hood == 0 and done.track.slot_of("sun-probe") is None


def test_rewards_specific_missing_and_jokers() -> None:
    state = sun(tokens={"john": {"teamwork": 1, "intelligence": 1}, "virgil": {"logistics": 6}})
    rolled, _ = play(state, Rescue("sun-probe"), dice=[5, 5])
    after, events = play(rolled, FinishRescue())
    assert "RewardMissing" in kinds(events)  # no Logistics token left: nothing instead
    assert after.active_hand.count("logistics") == 0
    assert isinstance(after.pending, PendingReward) and after.phase == "reward"
    choices = [a for a in legal_actions(after) if isinstance(a, ChooseReward)]
    assert ChooseReward(("determination",)) in choices and ChooseReward(("logistics",)) not in choices
    assert "Not enough Logistics" in refused(after, ChooseReward(("logistics",)))
    assert "Choose 1 token" in refused(after, ChooseReward(("teamwork", "teamwork")))
    assert refused(after, Move("tb3", "mars")) == "Choose the reward tokens first."
    taken, _ = play(after, ChooseReward(("determination",)))
    assert taken.active_hand.count("determination") == 1 and taken.pending is None


def test_a_joker_with_an_empty_supply_gives_nothing() -> None:
    everything = {"technology": 6, "determination": 6, "intelligence": 6, "teamwork": 6, "logistics": 6}
    state = sun(tokens={"john": {}, "virgil": everything})
    rolled, _ = play(state, Rescue("sun-probe"), dice=[5, 5])
    after, events = play(rolled, FinishRescue())
    assert after.pending is None and "JokerChoiceNeeded" not in kinds(events)


def test_tokens_only_after_the_roll_and_only_if_held() -> None:
    assert refused(sun(), UseTeamwork()) == "No rescue is under way."
    rolled, _ = play(sun(tokens={"john": {}}), Rescue("sun-probe"), dice=[1, 1])
    assert refused(rolled, UseTeamwork()) == "John has no Teamwork token."
    assert refused(rolled, UseIntelligence(0)) == "John has no Intelligence token."
    with_token, _ = play(sun(), Rescue("sun-probe"), dice=[1, 1])
    assert refused(with_token, UseIntelligence(2)) == "There is no die 2; dice are numbered 0 and 1."
    legal = legal_actions(rolled)
    assert FinishRescue() in legal and UseTeamwork() not in legal


def test_john_in_thunderbird_5_ignores_one_hood_per_rescue() -> None:
    position = {
        "active": "scott",
        "vehicles": {"tb3": "geo-stationary-orbit"},
        "seats": {"scott": "tb3"},
        "track": {"1": "ricochet"},
    }
    state = game(["scott", "john"], position=position)
    rolled, _ = play(state, Rescue("ricochet"), dice=[0, 0])
    assert IgnoreHood(0) in legal_actions(rolled) and IgnoreHood(1) in legal_actions(rolled)
    ignored, _ = play(rolled, IgnoreHood(1))
    assert pending(ignored).hood_faces == 1
    assert refused(ignored, IgnoreHood(0)) == "One Hood face is already ignored in this rescue."
    after, _ = play(ignored, FinishRescue())
    assert after.hood == 1
    no_hood, _ = play(state, Rescue("ricochet"), dice=[3, 0])
    assert refused(no_hood, IgnoreHood(0)) == "Die 0 does not show the Hood."


def test_only_a_played_john_seated_in_thunderbird_5_ignores() -> None:
    position = {
        "active": "scott",
        "vehicles": {"tb3": "geo-stationary-orbit"},
        "seats": {"scott": "tb3"},
        "track": {"1": "ricochet"},
    }
    unplayed = game(["scott", "virgil"], position=position)
    rolled, _ = play(unplayed, Rescue("ricochet"), dice=[0, 0])
    assert "Only John" in refused(rolled, IgnoreHood(0))
    moved = game(["scott", "john"], position={**position, "seats": {"scott": "tb3", "john": "tb3"}})
    rolled, _ = play(moved, Rescue("ricochet"), dice=[0, 0])
    assert "Only John" in refused(rolled, IgnoreHood(0))


def test_re_rolling_the_ignored_die_frees_the_ignore() -> None:
    position = {
        "active": "scott",
        "vehicles": {"tb3": "geo-stationary-orbit"},
        "seats": {"scott": "tb3"},
        "track": {"1": "ricochet"},
        "tokens": {"scott": {"intelligence": 1}},
    }
    state = game(["scott", "john"], position=position)
    rolled, _ = play(state, Rescue("ricochet"), dice=[0, 4])
    ignored, _ = play(rolled, IgnoreHood(0))
    rerolled, _ = play(ignored, UseIntelligence(0), dice=[0])
    assert pending(rerolled).ignored_die is None and pending(rerolled).hood_faces == 1
    again, _ = play(rerolled, IgnoreHood(0))
    assert pending(again).hood_faces == 0


def test_no_dice_cards_succeed_when_their_pieces_are_in_place() -> None:
    position = {"active": "lady-penelope", "vehicles": {"fab1": "africa"}, "track": {"2": "la-montee-d-assouan"}}
    missing = game(["lady-penelope", "gordon"], position=position)
    assert refused(missing, Rescue("la-montee-d-assouan")) == (
        "The Rise at Aswan needs Thunderbird 4 in Africa; it is in South Pacific."
    )
    ready = game(["lady-penelope", "gordon"], position={**position, "vehicles": {"fab1": "africa", "tb4": "africa"}})
    assert Rescue("la-montee-d-assouan") in legal_actions(ready)
    after, events = play(ready, Rescue("la-montee-d-assouan"))
    assert kinds(events) == ["RescueStarted", "RescueSucceeded", "RewardsUnknown"]
    assert after.hood == 0 and after.actions_left == 2 and after.disasters.discard_pile == ("la-montee-d-assouan",)


def test_unknown_disasters_are_confirmed_by_the_players() -> None:
    state = game(position={"track": {"3": "unknown-disaster-2"}})
    assert "does not know Unknown disaster 2" in refused(state, Rescue("unknown-disaster-2"))
    assert ConfirmRescue("unknown-disaster-2") in legal_actions(state)
    after, events = play(state, ConfirmRescue("unknown-disaster-2"))
    assert after.track.occupied() == () and after.actions_left == 2
    assert "RewardsUnknown" in kinds(events)
    known = game(position={"track": {"1": "towering-ocean"}})
    assert "knows Towering Ocean" in refused(known, ConfirmRescue("towering-ocean"))


def test_fab_cards_add_to_a_rescue_before_the_roll_from_any_hand() -> None:
    position = {
        "active": "gordon",
        "vehicles": {"tb4": "africa"},
        "track": {"1": "desperate-intruder"},
        "fab": {"scott": ["underwater-sealing-unit"], "gordon": ["personal-hoverjet"]},
    }
    state = game(["gordon", "scott"], position=position)
    legal = legal_actions(state)
    assert Rescue("desperate-intruder", ("underwater-sealing-unit",)) in legal
    assert not any(isinstance(a, Rescue) and "personal-hoverjet" in a.fab_cards for a in legal)
    reason = refused(state, Rescue("desperate-intruder", ("personal-hoverjet",)))
    assert reason == "Personal Hoverjet adds only to land rescues; Desperate Intruder is a sea rescue."
    rolled, events = play(state, Rescue("desperate-intruder", ("underwater-sealing-unit",)), dice=[1, 1])
    # TB4 in Africa +2, Gordon's sea +2, the card +3
    assert pending(rolled).bonus == 7 and pending(rolled).score == 9
    assert rolled.fab_deck.discard_pile == ("underwater-sealing-unit",)
    assert rolled.players[1].fabs == ()
    assert "FabPlayed" in kinds(events)


def test_event_rescue_modifiers_apply_while_in_force(defs: Definitions) -> None:
    events = ["the-hood-interferes", "kyrano-kyrano", "master-of-disguise", "accidental-injury"]
    state = sun(events=events, active_events=["the-hood-interferes"])
    assert rescue_bonus(state, defs, "sun-probe") == 5


def test_fab_cards_that_cannot_help_this_rescue() -> None:
    position = {
        "active": "gordon",
        "vehicles": {"tb4": "africa"},
        "track": {"1": "desperate-intruder", "2": "la-montee-d-assouan"},
        "fab": {"gordon": ["underwater-sealing-unit", "jeffs-orders"]},
    }
    state = game(["gordon", "scott"], position=position)
    twice = Rescue("desperate-intruder", ("underwater-sealing-unit", "underwater-sealing-unit"))
    assert refused(state, twice) == "Each F.A.B. card can be played only once."
    assert refused(state, Rescue("desperate-intruder", ("astronaut-spacewalk",))) == "Nobody holds Astronaut Spacewalk."
    assert refused(state, Rescue("desperate-intruder", ("jeffs-orders",))) == "Jeff's Orders does not add to a rescue."
    assert refused(state, Rescue("desperate-intruder", ("nothing",))) == "There is no F.A.B. card called nothing."
    no_dice = Rescue("la-montee-d-assouan", ("underwater-sealing-unit",))
    assert refused(state, no_dice) == "No F.A.B. card can help a rescue without dice."


def test_a_card_that_says_so_is_played_only_in_its_holders_turn(defs: Definitions) -> None:
    import dataclasses

    own_turn = dataclasses.replace(defs.fabs["underwater-sealing-unit"], any_turn=False)
    strict = dataclasses.replace(defs, fabs={**defs.fabs, "underwater-sealing-unit": own_turn})
    position = {
        "active": "gordon",
        "vehicles": {"tb4": "africa"},
        "track": {"1": "desperate-intruder"},
        "fab": {"scott": ["underwater-sealing-unit"]},
    }
    state = game(["gordon", "scott"], position=position, defs=strict)
    reason = refused(state, Rescue("desperate-intruder", ("underwater-sealing-unit",)), strict)
    assert reason == "Underwater Sealing Unit can only be played in its holder's own turn."
    assert not any(isinstance(a, Rescue) and a.fab_cards for a in legal_actions(state, strict))
