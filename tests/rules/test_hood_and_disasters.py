"""The disaster phase, the Hood track (events and schemes), and how a game is won or lost."""

from __future__ import annotations

import dataclasses

from companion.games.thunderbirds.actions import (
    AdjustHood,
    EndEffect,
    EndTurn,
    FinishRescue,
    Move,
    Plan,
    Rescue,
    Scan,
)
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.rules import is_terminal, legal_actions, outcome

from .positions import game, kinds, play, refused

EVENTS = ["usn-sentinel-missile-strike", "emergency-comms-interrupted", "kyrano-kyrano", "master-of-disguise"]


def test_every_card_moves_right_with_gaps_kept() -> None:
    state = game(
        position={
            "track": {"1": "city-of-fire", "2": "the-cham-cham", "4": "trapped-in-the-sky"},
            "deck_top": ["sun-probe"],
        }
    )
    after, events = play(state, EndTurn())
    assert after.track.slots == ("sun-probe", "city-of-fire", "the-cham-cham", None, "trapped-in-the-sky", None, None)
    shifted = next(e for e in events if type(e).__name__ == "DisastersShifted")
    moves = (("city-of-fire", 1, 2), ("the-cham-cham", 2, 3), ("trapped-in-the-sky", 4, 5))
    assert shifted.moves == moves
    assert after.active_character == "scott" and after.turn == 2 and after.actions_left == 3


def test_a_card_pushed_onto_the_skull_loses() -> None:
    state = game(position={"track": {"7": "city-of-fire", "1": "ricochet"}, "deck_top": ["sun-probe"]})
    after, events = play(state, EndTurn())
    assert outcome(after).reason == "skull" and outcome(after).card == "city-of-fire"
    assert after.skull == "city-of-fire" and after.track.slot_of("sun-probe") == 1
    assert "DisasterReachedSkull" in kinds(events) and kinds(events)[-1] == "GameLost"
    assert is_terminal(after) and legal_actions(after) == ()
    assert refused(after, Plan()) == "The game is over."


def test_drawing_the_last_disaster_card_loses(defs: Definitions) -> None:
    state = game()
    all_but_one = list(state.disasters.draw_pile[:-1])
    last = game(position={"discard": all_but_one})
    assert len(last.disasters) == 1
    after, events = play(last, EndTurn())
    assert outcome(after).reason == "deck-exhausted"
    assert len(after.disasters) == 0


def test_the_hood_advances_card_moves_only_the_hood() -> None:
    state = game(position={"track": {"1": "city-of-fire"}, "deck_top": ["the-hood-advances-2"]})
    after, events = play(state, EndTurn())
    assert after.track == state.track and after.hood == 1
    assert after.disasters.discard_pile == ("the-hood-advances-2",)
    assert kinds(events) == ["DisasterDrawn", "HoodAdvanced", "TurnPassed"]


def test_an_event_is_flipped_and_applied_when_the_hood_reaches_it() -> None:
    state = game(position={"events": EVENTS, "hood": 1})
    after, events = play(state, Plan())
    assert after.hood == 2
    revealed = next(e for e in events if type(e).__name__ == "EventRevealed")
    assert revealed.card == "usn-sentinel-missile-strike" and revealed.known is False
    assert [c.status for c in after.hood_cards if c.card == "usn-sentinel-missile-strike"] == ["active"]
    assert any(e.kind == "speed-limit" and e.vehicle == "tb2" for e in after.effects)
    assert "moves 1 region per action" in refused(after, Move("tb2", "asia"))
    over, _ = play(after, EndEffect("usn-sentinel-missile-strike"))
    assert over.effects == () and [c.status for c in over.hood_cards if c.card == EVENTS[0]] == ["done"]
    assert refused(over, EndEffect("usn-sentinel-missile-strike")).startswith("No effect of")


def test_emergency_comms_draws_a_disaster_immediately() -> None:
    state = game(position={"events": EVENTS, "hood": 3, "track": {"1": "ricochet"}, "deck_top": ["sun-probe"]})
    after, events = play(state, Plan())
    assert after.hood == 4
    assert after.track.slots[:2] == ("sun-probe", "ricochet")
    assert [c.status for c in after.hood_cards if c.card == "emergency-comms-interrupted"] == ["done"]
    assert kinds(events).index("EventRevealed") < kinds(events).index("DisasterDrawn")


def test_unknown_events_are_announced_and_left_to_the_players() -> None:
    state = game(position={"events": ["kyrano-kyrano", *EVENTS[:2], "master-of-disguise"], "hood": 1})
    after, events = play(state, Plan())
    revealed = next(e for e in events if type(e).__name__ == "EventRevealed")
    assert revealed.card == "kyrano-kyrano" and revealed.known is False
    assert after.effects == ()
    assert [c.status for c in after.hood_cards if c.card == "kyrano-kyrano"] == ["active"]
    done, _ = play(after, EndEffect("kyrano-kyrano"))
    assert [c.status for c in done.hood_cards if c.card == "kyrano-kyrano"] == ["done"]


def test_the_hood_reaching_an_unfoiled_scheme_loses(defs: Definitions) -> None:
    first_scheme = defs.hood_track.scheme_spaces[0]
    state = game(position={"hood": first_scheme - 1})
    after, events = play(state, Plan())
    assert outcome(after).reason == "scheme-reached"
    assert "SchemeActivated" in kinds(events)


def test_each_hood_face_advances_the_hood_after_the_rescue(defs: Definitions) -> None:
    first_scheme = defs.hood_track.scheme_spaces[0]
    state = game(position={"hood": first_scheme - 2, "vehicles": {"tb2": "africa"}, "track": {"1": "the-uninvited"}})
    rolled, _ = play(state, Rescue("the-uninvited"), dice=[0, 0])
    assert rolled.hood == first_scheme - 2  # not yet: at the end of the action
    after, events = play(rolled, FinishRescue())
    assert after.hood == first_scheme and outcome(after).reason == "scheme-reached"


def test_adjust_hood_activates_only_when_asked(defs: Definitions) -> None:
    state = game(position={"events": EVENTS})
    quiet, _ = play(state, AdjustHood(2))
    assert quiet.hood == 2 and quiet.effects == ()
    loud, _ = play(state, AdjustHood(2, activate=True))
    assert loud.effects != ()
    assert "off the Hood track" in refused(state, AdjustHood(defs.hood_track.length))


def test_scan_from_thunderbird_5_into_an_empty_slot() -> None:
    state = game(["john", "scott"], position={"track": {"1": "ricochet", "3": "sun-probe", "4": "city-of-fire"}})
    assert {a.disaster for a in legal_actions(state) if isinstance(a, Scan)} == {"sun-probe"}
    after, _ = play(state, Scan("sun-probe"))
    assert after.track.slot_of("sun-probe") == 2 and after.actions_left == 2
    assert refused(after, Scan("sun-probe")) == "Slot 1 is taken: a card can only be scanned into an empty slot."
    assert refused(after, Scan("ricochet")) == "Ricochet is already on slot 1."
    elsewhere = game(["scott", "john"], position={"track": {"3": "sun-probe"}})
    assert refused(elsewhere, Scan("sun-probe")) == (
        "Scan is only possible from Thunderbird 5; Scott is in Thunderbird 1."
    )


def test_the_game_outcome_is_kept_and_nothing_else_happens(defs: Definitions) -> None:
    state = game(position={"track": {"7": "city-of-fire"}, "deck_top": ["ricochet"]})
    after, _ = play(state, EndTurn())
    assert refused(after, EndTurn()) == "The game is over."


def test_a_data_override_changes_the_rules_without_touching_the_state(defs: Definitions) -> None:
    faster = dataclasses.replace(
        defs, vehicles={**defs.vehicles, "tb4": dataclasses.replace(defs.vehicles["tb4"], speed=2)}
    )
    state = game(["gordon", "scott"], position={"vehicles": {"tb4": "north-america"}})
    refused(state, Move("tb4", "europe"))
    after, _ = play(state, Move("tb4", "europe"), defs=faster)
    assert after.vehicle_region("tb4") == "europe"
