"""Move: the active character's Thunderbird, up to its top speed, on its own network."""

from __future__ import annotations

from companion.games.thunderbirds.actions import AdjustSpeed, EndEffect, Move, Rescue
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.rules import legal_actions

from .positions import game, kinds, play, refused


def moves(state) -> set[str]:
    return {a.to for a in legal_actions(state) if isinstance(a, Move)}


def test_thunderbird_2_moves_two_regions_in_one_action() -> None:
    state = game(position={"active": "virgil", "vehicles": {"tb2": "africa"}})
    after, events = play(state, Move("tb2", "north-america"))
    assert after.vehicle_region("tb2") == "north-america"
    assert after.actions_left == 2
    assert kinds(events) == ["VehicleMoved"]


def test_the_board_edges_wrap_around_europe_and_the_north_atlantic() -> None:
    state = game(["gordon", "scott"], position={"vehicles": {"tb4": "europe"}})
    assert "north-atlantic" in moves(state)
    after, _ = play(state, Move("tb4", "north-atlantic"))
    assert after.vehicle_region("tb4") == "north-atlantic"


def test_legal_destinations_are_exactly_those_within_speed(defs: Definitions) -> None:
    state = game(["scott", "virgil"], position={"vehicles": {"tb1": "europe"}})
    within = {r for r, d in defs.board.distances_from("europe", "earth").items() if 0 < d <= 3}
    assert moves(state) == within
    assert "south-pacific" in within  # three away


def test_too_far_names_the_rule() -> None:
    state = game(["gordon", "scott"], position={"vehicles": {"tb4": "north-america"}})
    assert refused(state, Move("tb4", "europe")) == "Thunderbird 4 moves 1 region per action; Europe is 2 away"
    state = game(position={"vehicles": {"tb2": "europe"}})
    assert refused(state, Move("tb2", "south-pacific")) == (
        "Thunderbird 2 moves up to 2 regions per action; South Pacific is 3 away"
    )


def test_only_the_thunderbird_you_are_in() -> None:
    state = game()
    assert "only move the Thunderbird they are in (Thunderbird 2)" in refused(state, Move("tb1", "australia"))


def test_thunderbird_5_never_moves() -> None:
    state = game(["john", "scott"])
    assert refused(state, Move("tb5", "the-moon")).startswith("Thunderbird 5 never moves")
    assert moves(state) == set()


def test_thunderbird_3_only_on_the_orange_path(defs: Definitions) -> None:
    state = game(["alan", "scott"])
    assert moves(state) == {"geo-stationary-orbit", "venus", "the-moon", "mercury", "mars"}
    assert "orange path; Asia is not on it" in refused(state, Move("tb3", "asia"))
    far = game(["alan", "scott"])
    assert "is 4 away" in refused(far, Move("tb3", "the-sun"))


def test_earth_thunderbirds_never_go_to_space() -> None:
    state = game(["scott", "virgil"])
    assert "Only Thunderbird 3 can reach The Moon" in refused(state, Move("tb1", "the-moon"))
    assert "Only Thunderbird 3 can reach Geo-Stationary Orbit" in refused(state, Move("tb1", "geo-stationary-orbit"))


def test_already_there() -> None:
    assert "already in South Pacific" in refused(game(), Move("tb2", "south-pacific"))


def test_a_carried_thunderbird_cannot_move_on_its_own() -> None:
    state = game(["gordon", "virgil"], position={"cargo": ["tb4"]})
    assert "inside Thunderbird 2: unload it first" in refused(state, Move("tb4", "australia"))
    assert moves(state) == set()


def test_cargo_travels_inside_thunderbird_2() -> None:
    state = game(position={"pods": {"firefly": "south-pacific"}, "cargo": ["mole", "firefly"]})
    after, events = play(state, Move("tb2", "asia"))
    assert after.pod_region("mole") == "asia" and after.pod_region("firefly") == "asia"
    assert events[0].carried == ("mole", "firefly")
    state = game(["virgil", "gordon"], position={"cargo": ["tb4"]})
    after, _ = play(state, Move("tb2", "north-america"))
    assert after.vehicle_region("tb4") == "north-america"
    assert after.character_region("gordon") == "north-america"


def test_no_actions_left_or_a_rescue_under_way() -> None:
    state = game(position={"actions_left": 0})
    assert "No actions left this turn" in refused(state, Move("tb2", "asia"))
    rescuing = game(position={"vehicles": {"tb2": "africa"}, "track": {"1": "the-uninvited"}})
    rescuing, _ = play(rescuing, Rescue("the-uninvited"), dice=[1, 1])
    assert refused(rescuing, Move("tb2", "asia")) == "Finish the rescue under way first."


def test_speed_limit_events_and_manual_speeds() -> None:
    state = game(
        position={
            "events": ["usn-sentinel-missile-strike", "kyrano-kyrano", "master-of-disguise", "accidental-injury"],
            "active_events": ["usn-sentinel-missile-strike"],
        }
    )
    assert "moves 1 region per action; Asia is 2 away" in refused(state, Move("tb2", "asia"))
    assert moves(state) == {"north-pacific", "australia", "north-america", "south-america"}
    lifted, _ = play(state, EndEffect("usn-sentinel-missile-strike"))
    play(lifted, Move("tb2", "asia"))
    fast, _ = play(state, AdjustSpeed("tb2", 3))
    play(fast, Move("tb2", "europe"))
    stopped, _ = play(game(), AdjustSpeed("tb2", 0))
    assert "top speed is 0" in refused(stopped, Move("tb2", "asia"))
    back, _ = play(stopped, AdjustSpeed("tb2", None))
    play(back, Move("tb2", "asia"))


def test_blocked_edges_make_the_way_longer_or_impossible() -> None:
    volcano = {
        "events": ["icelandic-volcano-eruption", "kyrano-kyrano", "master-of-disguise", "accidental-injury"],
        "active_events": ["icelandic-volcano-eruption"],
    }
    state = game(["gordon", "scott"], position={**volcano, "vehicles": {"tb4": "europe"}})
    assert "north-atlantic" not in moves(state)
    reason = refused(state, Move("tb4", "north-atlantic"))
    assert "moves 1 region per action; North Atlantic is 4 away" in reason
    island = game(
        ["gordon", "scott"], position={**volcano, "vehicles": {"tb4": "south-atlantic"}, "speeds": {"tb4": 9}}
    )
    play(island, Move("tb4", "south-america"))
