"""Operations: transfers, loading, tokens, the characters' once-per-turn abilities, F.A.B. cards."""

from __future__ import annotations

from companion.games.thunderbirds.actions import (
    AnnounceAbility,
    DrawAbilityToken,
    ExchangeToken,
    Load,
    Move,
    PlayFab,
    Rescue,
    Transfer,
    Unload,
    UseDetermination,
    UseLogistics,
    UseTechnology,
)
from companion.games.thunderbirds.rules import legal_actions

from .positions import game, kinds, play, refused

# --- transfers -------------------------------------------------------------------------------------------------


def test_transfer_between_thunderbirds_in_your_region() -> None:
    state = game()
    after, events = play(state, Transfer("alan", "tb2"))
    assert after.seat_of("alan") == "tb2" and after.actions_left == 3
    assert kinds(events) == ["CharacterTransferred"]


def test_transfers_only_in_your_region() -> None:
    state = game(position={"vehicles": {"tb2": "asia"}})
    assert refused(state, Transfer("alan", "tb2")) == (
        "Characters can only be transferred in your region (Asia); Alan is in South Pacific."
    )
    assert refused(game(), Transfer("lady-penelope", "tb1")).startswith("Characters can only be transferred")
    assert refused(game(), Transfer("scott", "fab1")) == "FAB 1 is not in your region (South Pacific)."
    assert refused(game(), Transfer("scott", "tb1")) == "Scott is already in Thunderbird 1."


def test_seat_limits_and_swaps() -> None:
    state = game()
    assert refused(state, Transfer("scott", "tb4")) == ("Thunderbird 4 has 1 seat, taken: swap with someone in it.")
    assert Transfer("scott", "tb4") not in legal_actions(state)
    swapped, events = play(state, Transfer("scott", "tb4", swap_with="gordon"))
    assert swapped.seat_of("scott") == "tb4" and swapped.seat_of("gordon") == "tb1"
    assert len(events) == 2
    full = game(position={"seats": {"alan": "tb2", "scott": "tb2"}})
    assert "Thunderbird 2 has 3 seats, all taken" in refused(full, Transfer("gordon", "tb2"))
    assert "Alan is not in Thunderbird 4" in refused(state, Transfer("scott", "tb4", swap_with="alan"))


def test_no_operation_during_a_rescue() -> None:
    state = game(position={"vehicles": {"tb2": "africa", "tb1": "africa"}, "track": {"1": "the-uninvited"}})
    rolled, _ = play(state, Rescue("the-uninvited"), dice=[1, 1])
    assert refused(rolled, Transfer("scott", "tb2")) == "Finish the rescue under way first."


# --- loading -----------------------------------------------------------------------------------------------------


def test_load_and_unload_thunderbird_4_or_fab_1_or_two_pods() -> None:
    state = game(
        position={"pods": {"firefly": "south-pacific", "domo": "south-pacific"}, "vehicles": {"fab1": "south-pacific"}}
    )
    with_tb4, events = play(state, Load("tb4"))
    assert with_tb4.cargo == ("tb4",) and kinds(events) == ["PieceLoaded"]
    assert "already carries Thunderbird 4" in refused(with_tb4, Load("mole"))
    assert "already carries Thunderbird 4" in refused(with_tb4, Load("fab1"))
    assert refused(with_tb4, Load("tb4")) == "Thunderbird 4 is already in Thunderbird 2."
    emptied, _ = play(with_tb4, Unload("tb4"))
    two, _ = play(play(emptied, Load("mole"))[0], Load("firefly"))
    assert two.cargo == ("mole", "firefly")
    assert "up to 2 pods; it already carries Mole, Firefly" in refused(two, Load("domo"))
    assert refused(two, Unload("domo")) == "DOMO is not in Thunderbird 2."


def test_thunderbirds_1_3_5_are_never_carried() -> None:
    state = game()
    assert refused(state, Load("tb1")) == "Thunderbird 2 cannot carry Thunderbird 1."
    assert refused(state, Load("tb3")) == "Thunderbird 2 cannot carry Thunderbird 3."
    loads = {a.piece for a in legal_actions(state) if isinstance(a, Load)}
    assert loads == {"tb4", "mole"}


def test_load_needs_thunderbird_2_here_and_the_piece_built_beside_it() -> None:
    assert refused(game(["scott", "virgil"], position={"vehicles": {"tb1": "asia"}}), Load("tb4")) == (
        "Thunderbird 2 is not in your region (Asia)."
    )
    assert refused(game(), Load("domo")) == "DOMO is not built yet: it is still on Brains' notebook."
    assert refused(game(), Load("fab1")) == "FAB 1 is in Europe, not with Thunderbird 2."


def test_pods_can_be_left_anywhere_on_earth() -> None:
    state = game(position={"cargo": ["mole"]})
    moved, _ = play(state, Move("tb2", "asia"))
    left, events = play(moved, Unload("mole"))
    assert left.pod_region("mole") == "asia" and left.cargo == ()


# --- tokens ---------------------------------------------------------------------------------------------------------


def test_determination_gives_one_more_action() -> None:
    state = game(position={"actions_left": 0, "tokens": {"virgil": {"determination": 1}}})
    after, _ = play(state, UseDetermination())
    assert after.actions_left == 1 and after.supply[1] == 6
    play(after, Move("tb2", "asia"))
    assert refused(game(), UseDetermination()) == "Virgil has no Determination token."


def test_logistics_draws_a_fab_card_without_the_hood() -> None:
    state = game(position={"tokens": {"virgil": {"logistics": 1}}, "fab_deck_top": ["jeffs-orders"]})
    after, events = play(state, UseLogistics())
    assert after.active_hand.fabs == ("jeffs-orders",) and after.hood == 0
    assert after.actions_left == 3


def test_technology_builds_a_pod_on_tracy_island_from_anywhere() -> None:
    state = game(position={"vehicles": {"tb2": "europe"}, "tokens": {"virgil": {"technology": 2}}})
    after, events = play(state, UseTechnology("domo"))
    assert after.pod_region("domo") == "south-pacific" and kinds(events)[-1] == "PodBuilt"
    assert refused(after, UseTechnology("domo")) == "DOMO is already built."
    assert refused(after, UseTechnology("mole")) == "Mole is already built."
    built = {a.pod for a in legal_actions(after) if isinstance(a, UseTechnology)}
    assert "domo" not in built and "mole" not in built and len(built) == 8


def test_plan_draws_a_fab_card_and_advances_the_hood() -> None:
    from companion.games.thunderbirds.actions import Plan

    after, events = play(game(position={"fab_deck_top": ["fab-1-hydrofoils"]}), Plan())
    assert after.active_hand.fabs == ("fab-1-hydrofoils",) and after.hood == 1 and after.actions_left == 2
    assert kinds(events) == ["FabDrawn", "HoodAdvanced"]


# --- character abilities -----------------------------------------------------------------------------------------


def test_alan_draws_teamwork_once_per_turn_in_thunderbird_3() -> None:
    state = game(["alan", "scott"])
    after, events = play(state, DrawAbilityToken())
    assert after.active_hand.count("teamwork") == 1 and after.actions_left == 2
    assert refused(after, DrawAbilityToken()) == "Alan has already used this ability this turn."
    moved = game(["alan", "scott"], position={"seats": {"alan": "tb1"}})
    assert refused(moved, DrawAbilityToken()) == "Alan draws this token only when in Thunderbird 3."
    empty = game(["alan", "scott"], position={"tokens": {"scott": {"teamwork": 6}}})
    assert refused(empty, DrawAbilityToken()) == "No Teamwork token is left in the supply."
    assert refused(game(["scott", "alan"]), DrawAbilityToken()) == "Scott has no ability that draws a token."


def test_lady_penelope_draws_intelligence_in_europe_and_exchanges_once() -> None:
    state = game(["lady-penelope", "scott"], position={"tokens": {"lady-penelope": {"teamwork": 1}}})
    after, _ = play(state, DrawAbilityToken())
    assert after.active_hand.count("intelligence") == 1
    away = game(["lady-penelope", "scott"], position={"vehicles": {"fab1": "asia"}})
    assert refused(away, DrawAbilityToken()) == "Lady Penelope draws this token only when in Europe."
    swapped, _ = play(state, ExchangeToken("teamwork", "logistics"))
    assert swapped.active_hand.count("logistics") == 1 and swapped.active_hand.count("teamwork") == 0
    assert "already used this ability" in refused(swapped, ExchangeToken("logistics", "teamwork"))
    assert refused(state, ExchangeToken("teamwork", "teamwork")) == "Exchange a token for a different kind."
    assert refused(state, ExchangeToken("logistics", "teamwork")) == "Lady Penelope has no Logistics token."
    assert refused(game(), ExchangeToken("teamwork", "logistics")) == "Virgil cannot exchange tokens."


def test_unknown_abilities_are_announced_once_per_turn() -> None:
    state = game(["scott", "virgil"])
    assert AnnounceAbility("scott-second-ability") in legal_actions(state)
    after, events = play(state, AnnounceAbility("scott-second-ability"))
    assert kinds(events) == ["AbilityUsed"] and "scott-second-ability" in after.used
    assert "already used" in refused(after, AnnounceAbility("scott-second-ability"))
    assert "Scott has no ability virgil-second-ability" in refused(state, AnnounceAbility("virgil-second-ability"))
    alan = game(["alan", "scott"])
    assert "use its own action" in refused(alan, AnnounceAbility("alan-draw-teamwork"))


# --- F.A.B. cards ----------------------------------------------------------------------------------------------------


def test_fab_cards_are_played_by_their_holder_even_in_another_turn() -> None:
    state = game(["virgil", "scott"], position={"fab": {"scott": ["jeffs-orders"]}})
    assert PlayFab("jeffs-orders", "scott") in legal_actions(state)
    after, events = play(state, PlayFab("jeffs-orders", "scott"))
    assert kinds(events) == ["FabPlayed"] and events[0].known is False
    assert after.players[1].fabs == () and after.fab_deck.discard_pile == ("jeffs-orders",)
    assert refused(state, PlayFab("jeffs-orders", "virgil")) == "Virgil does not hold Jeff's Orders."


def test_rescue_fab_cards_are_played_with_the_rescue() -> None:
    state = game(position={"fab": {"virgil": ["underwater-sealing-unit"]}})
    assert refused(state, PlayFab("underwater-sealing-unit", "virgil")) == (
        "Play Underwater Sealing Unit with a Rescue, before the dice are rolled."
    )


def test_experimental_fuel_sends_thunderbird_3_to_space_with_a_played_character_aboard() -> None:
    state = game(["alan", "scott"], position={"fab": {"scott": ["experimental-fuel"]}})
    assert PlayFab("experimental-fuel", "scott", "the-sun") in legal_actions(state)
    after, _ = play(state, PlayFab("experimental-fuel", "scott", "the-sun"))
    assert after.vehicle_region("tb3") == "the-sun" and after.actions_left == 3
    assert "to a space region; Asia is not one" in refused(state, PlayFab("experimental-fuel", "scott", "asia"))
    assert refused(state, PlayFab("experimental-fuel", "scott")) == "Say where Experimental Fuel sends Thunderbird 3."
    nobody = game(["scott", "virgil"], position={"fab": {"scott": ["experimental-fuel"]}})
    assert refused(nobody, PlayFab("experimental-fuel", "scott", "mars")) == (
        "Experimental Fuel needs a character played by someone aboard Thunderbird 3."
    )
    assert refused(state, PlayFab("jeffs-orders", "scott", "asia")).startswith("Scott does not hold")


def test_nothing_left_to_draw_and_unknown_pods() -> None:
    from companion.games.thunderbirds.loader import default_definitions

    every = list(default_definitions().fabs)
    state = game(
        position={
            "tokens": {"virgil": {"logistics": 1, "technology": 1}},
            "fab": {"virgil": every[:9], "scott": every[9:]},
        }
    )
    assert refused(state, UseLogistics()) == "No F.A.B. card is left to draw."
    assert UseLogistics() not in legal_actions(state)
    assert refused(state, UseTechnology("hovercraft")) == "There is no pod called hovercraft."
    assert refused(state, PlayFab("jeffs-orders", "scott", "asia")) == "Jeff's Orders does not move a vehicle."
