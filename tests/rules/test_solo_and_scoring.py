"""Solo play as Jeff Tracy (three hands, the marker, the character change) and the optional score."""

from __future__ import annotations

from companion.games.thunderbirds.actions import ChangeCharacter, EndTurn, FoilScheme, Move, Plan
from companion.games.thunderbirds.definitions import Definitions
from companion.games.thunderbirds.rules import legal_actions
from companion.games.thunderbirds.scoring import score

from .positions import game, kinds, play, refused

SOLO = ["alan", "gordon", "lady-penelope"]


def solo(**position: object):
    return game(SOLO, players=1, position=position)


def test_the_marker_moves_through_the_three_hands() -> None:
    state = solo(deck_top=["ricochet", "sun-probe", "city-of-fire"])
    seen = []
    for _ in range(4):
        seen.append(state.active_character)
        state, _ = play(state, EndTurn())
    assert seen == ["alan", "gordon", "lady-penelope", "alan"]


def test_each_hand_keeps_its_own_tokens_and_cards() -> None:
    state = solo(tokens={"gordon": {"determination": 1}}, fab={"lady-penelope": ["jeffs-orders"]})
    assert state.players[1].count("determination") == 1 and state.players[0].count("determination") == 0
    assert state.players[2].fabs == ("jeffs-orders",)


def test_change_character_takes_the_whole_turn_and_draws_no_disaster() -> None:
    state = solo(active="gordon", tokens={"gordon": {"determination": 1}}, fab={"gordon": ["jeffs-orders"]})
    change = ChangeCharacter("gordon", "virgil")
    assert change in legal_actions(state)
    after, events = play(state, change)
    assert [h.character for h in after.players] == ["alan", "virgil", "lady-penelope"]
    assert after.active_character == "lady-penelope" and after.turn == 2
    assert after.disasters == state.disasters and after.track == state.track
    assert after.supply == (6, 6, 6, 6, 6) and after.fab_deck.discard_pile == ("jeffs-orders",)
    assert "gordon" in after.reserve and "virgil" not in after.reserve
    assert kinds(events) == ["CharacterChanged", "TurnPassed"]


def test_change_character_conditions() -> None:
    state = solo(active="gordon")
    moved, _ = play(state, Move("tb4", "australia"))
    assert "must be the turn's first and only move" in refused(moved, ChangeCharacter("gordon", "virgil"))
    away = solo(active="gordon", vehicles={"tb4": "australia"})
    assert refused(away, ChangeCharacter("gordon", "virgil")) == (
        "Both pegs must be in South Pacific to change characters; Gordon is in Australia."
    )
    assert "John is in Geo-Stationary Orbit" in refused(state, ChangeCharacter("gordon", "john"))
    assert refused(state, ChangeCharacter("gordon", "alan")) == "Alan is not in the reserve."
    assert refused(state, ChangeCharacter("virgil", "scott")) == "Virgil is not one of your characters."
    duo = game(["virgil", "scott"])
    assert refused(duo, ChangeCharacter("virgil", "alan")) == "Changing characters is a solo rule (Jeff Tracy)."
    assert not any(isinstance(a, ChangeCharacter) for a in legal_actions(duo))


def test_score_of_a_won_game(defs: Definitions) -> None:
    state = game(
        position={
            "schemes": ["unknown-scheme-1-1", "unknown-scheme-2-1", "unknown-scheme-3-1"],
            "foiled": 2,
            "hood": 3,
        },
        difficulty="heroic",
    )
    won, _ = play(state, FoilScheme((), confirmed=True))
    result = score(won, defs)
    assert result is not None
    spaces = defs.hood_track.length - 1 - 3
    assert result.total == 400 + 10 * spaces + len(won.disasters)


def test_score_of_a_lost_game(defs: Definitions) -> None:
    state = game(
        position={
            "track": {"7": "city-of-fire"},
            "deck_top": ["ricochet"],
            "schemes": ["unknown-scheme-1-1", "unknown-scheme-2-1", "unknown-scheme-3-1"],
            "foiled": 1,
        }
    )
    deck = list(state.disasters.draw_pile)
    hood = [c for c in deck if c.startswith("the-hood-advances")][:2]
    averted = [c for c in deck if not c.startswith("the-hood-advances") and c != "ricochet"][:3]
    state = game(
        position={
            "track": {"7": "city-of-fire"},
            "deck_top": ["ricochet"],
            "discard": hood + averted,
            "schemes": ["unknown-scheme-1-1", "unknown-scheme-2-1", "unknown-scheme-3-1"],
            "foiled": 1,
        }
    )
    lost, _ = play(state, EndTurn())
    assert lost.outcome is not None and lost.outcome.result == "lost"
    assert score(lost, defs).total == 3 * 10 + 20
    assert score(state, defs) is None


def test_plan_in_solo_draws_for_the_active_hand() -> None:
    state = solo(fab_deck_top=["jeffs-orders"])
    after, _ = play(state, Plan())
    assert after.players[0].fabs == ("jeffs-orders",) and after.players[1].fabs == ()
