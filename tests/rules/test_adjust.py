"""The players' manual overrides: free, any time until the game ends, never creating cards or tokens."""

from __future__ import annotations

from companion.games.thunderbirds.actions import (
    AdjustActions,
    AdjustDisaster,
    AdjustFab,
    AdjustPiece,
    AdjustRescue,
    AdjustSeat,
    AdjustSpeed,
    AdjustTokens,
    FinishRescue,
    Rescue,
)

from .positions import game, kinds, play, refused


def test_move_a_disaster_card_anywhere() -> None:
    state = game(position={"track": {"1": "ricochet", "2": "sun-probe"}})
    moved, events = play(state, AdjustDisaster("ricochet", 5))
    assert moved.track.slot_of("ricochet") == 5 and kinds(events) == ["Adjusted"]
    discarded, _ = play(moved, AdjustDisaster("sun-probe", "discard"))
    assert discarded.disasters.discard_pile == ("sun-probe",) and discarded.track.slot_of("sun-probe") is None
    top, _ = play(discarded, AdjustDisaster("sun-probe", "deck-top"))
    assert top.disasters.draw_pile[0] == "sun-probe" and top.disasters.discard_pile == ()
    deep = next(c for c in top.disasters.draw_pile[5:] if not c.startswith("the-hood-advances"))
    fetched, _ = play(top, AdjustDisaster(deep, 7))
    assert len(fetched.disasters) == len(top.disasters) - 1
    assert refused(state, AdjustDisaster("ricochet", 2)) == "Slot 2 is already taken by Sun Probe."
    assert "never go on the disaster track" in refused(state, AdjustDisaster("the-hood-advances-1", 4))
    assert "no slot 8" in refused(state, AdjustDisaster("ricochet", 8))
    assert "slot number" in refused(state, AdjustDisaster("ricochet", "box"))


def test_give_and_take_tokens_from_the_supply() -> None:
    state = game()
    given, _ = play(state, AdjustTokens("scott", "technology", 2))
    assert given.players[1].count("technology") == 2 and given.supply[0] == 4
    taken, _ = play(given, AdjustTokens("scott", "technology", -1))
    assert taken.players[1].count("technology") == 1 and taken.supply[0] == 5
    assert refused(state, AdjustTokens("scott", "technology", -1)) == "Scott does not have 1 Technology token."
    assert refused(state, AdjustTokens("scott", "technology", 7)) == "Only 6 Technology tokens left in the supply."
    assert refused(state, AdjustTokens("alan", "technology", 1)) == "Alan is not played by anyone."
    assert "no token kind" in refused(state, AdjustTokens("scott", "money", 1))


def test_give_and_take_fab_cards() -> None:
    state = game()
    given, _ = play(state, AdjustFab("virgil", "jeffs-orders", "give"))
    assert given.active_hand.fabs == ("jeffs-orders",) and "jeffs-orders" not in given.fab_deck
    assert "not in the F.A.B. deck" in refused(given, AdjustFab("scott", "jeffs-orders", "give"))
    taken, _ = play(given, AdjustFab("virgil", "jeffs-orders", "take"))
    assert taken.fab_deck.discard_pile == ("jeffs-orders",) and taken.active_hand.fabs == ()


def test_move_pieces_and_seats() -> None:
    state = game(position={"cargo": ["mole"]})
    tb2, _ = play(state, AdjustPiece("tb2", "asia"))
    assert tb2.pod_region("mole") == "asia"
    pod, _ = play(state, AdjustPiece("mole", "europe"))
    assert pod.pod_region("mole") == "europe" and pod.cargo == ()
    unbuilt, _ = play(state, AdjustPiece("mole", "notebook"))
    assert unbuilt.pod_region("mole") is None and unbuilt.cargo == ()
    seated, _ = play(state, AdjustSeat("scott", "tb4"))
    assert seated.seat_of("scott") == "tb4"
    assert "no region called" in refused(state, AdjustPiece("tb1", "atlantis"))


def test_speed_actions_and_the_rescue_score() -> None:
    state = game(position={"vehicles": {"tb2": "africa"}, "track": {"1": "the-uninvited"}})
    slow, _ = play(state, AdjustSpeed("tb2", 1))
    assert any(e.source == "adjust" for e in slow.effects)
    assert "from 0 to 9" in refused(state, AdjustSpeed("tb2", 12))
    more, _ = play(state, AdjustActions(5))
    assert more.actions_left == 5
    assert "from 0 to 9" in refused(state, AdjustActions(10))
    assert refused(state, AdjustRescue(2)) == "No rescue is under way."
    rolled, _ = play(state, Rescue("the-uninvited"), dice=[3, 3])
    helped, _ = play(rolled, AdjustRescue(2))
    after, events = play(helped, FinishRescue())
    assert "RescueSucceeded" in kinds(events)  # 6 + 2 >= 8


def test_no_adjustment_after_the_game_ends() -> None:
    state = game(position={"track": {"7": "city-of-fire"}, "deck_top": ["ricochet"]})
    from companion.games.thunderbirds.actions import EndTurn

    over, _ = play(state, EndTurn())
    assert refused(over, AdjustActions(3)) == "The game is over."


def test_adjustments_that_make_no_sense_are_refused() -> None:
    state = game()
    assert refused(state, AdjustTokens("scott", "teamwork", 0)) == "Give or take at least one token."
    lend = AdjustFab("scott", "jeffs-orders", "lend")
    assert refused(state, lend) == "A F.A.B. adjustment either gives or takes a card."
    assert refused(state, AdjustPiece("hovercraft", "asia")) == "There is no vehicle or pod called hovercraft."
    assert refused(state, AdjustSeat("brains", "tb1")) == "There is no character called brains."
