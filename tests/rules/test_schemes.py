"""Foiling schemes: tokens discarded at once by players in the required regions, pieces in place; the win."""

from __future__ import annotations

import dataclasses

import pytest

from companion.games.thunderbirds.actions import FoilScheme
from companion.games.thunderbirds.definitions import Definitions, PieceAt, TokenRequirement
from companion.games.thunderbirds.rules import legal_actions, outcome

from .positions import game, kinds, play, refused

SCHEMES = ["espionnage-satellite", "voile-de-peur", "compte-a-rebours-du-destin"]


@pytest.fixture(scope="module")
def known(defs: Definitions) -> Definitions:
    """The data with Voile de peur fully known (its token kind is illegible in the rulebook)."""
    veil = dataclasses.replace(
        defs.schemes["voile-de-peur"],
        tokens=(TokenRequirement("logistics", 2, "north-atlantic"), TokenRequirement("teamwork", 1, "south-pacific")),
        pieces=(PieceAt("pod", "laser-cutter", "north-america"), PieceAt("pod", "mole", "north-america")),
        completeness="complete",
    )
    return dataclasses.replace(defs, schemes={**defs.schemes, "voile-de-peur": veil})


def veil(known: Definitions, **changes: object):
    position = {
        "active": "alan",
        "vehicles": {"tb1": "north-atlantic"},
        "seats": {"alan": "tb1", "gordon": "tb1"},
        "pods": {"mole": "north-america", "laser-cutter": "north-america"},
        "tokens": {"alan": {"logistics": 1}, "gordon": {"logistics": 1}, "virgil": {"teamwork": 1}},
        "schemes": SCHEMES,
        "foiled": 1,
        "fab_deck_top": ["jeffs-orders"],
        **changes,
    }
    return game(["alan", "gordon", "virgil"], position=position, defs=known)


def test_a_known_scheme_is_checked_and_foiled(known: Definitions) -> None:
    state = veil(known)
    action = FoilScheme((("alan", "logistics"), ("gordon", "logistics"), ("virgil", "teamwork")))
    assert action in legal_actions(state, known)
    after, events = play(state, action, defs=known)
    assert kinds(events)[-3:] == ["SchemeFoiled", "FabDrawn", "SchemeRevealed"]
    assert after.schemes_foiled == 2
    assert after.current_scheme.card == "compte-a-rebours-du-destin"
    assert after.active_hand.fabs == ("jeffs-orders",)
    assert sum(sum(h.tokens) for h in after.players) == 0 and after.supply == (6, 6, 6, 6, 6)
    assert after.actions_left == 3  # an operation


def test_tokens_must_come_from_characters_in_the_required_region(known: Definitions) -> None:
    state = veil(known, tokens={"alan": {"logistics": 1}, "virgil": {"logistics": 1, "teamwork": 1}})
    wrong = FoilScheme((("alan", "logistics"), ("virgil", "logistics"), ("virgil", "teamwork")))
    reason = refused(state, wrong, known)
    assert reason.startswith("Veil of Fear needs these tokens discarded at once: 2 x Logistics by characters in North")
    assert not any(isinstance(a, FoilScheme) for a in legal_actions(state, known))


def test_wrong_kind_too_few_or_not_held(known: Definitions) -> None:
    state = veil(known)
    assert "needs these tokens" in refused(state, FoilScheme((("alan", "logistics"), ("gordon", "logistics"))), known)
    assert refused(state, FoilScheme((("alan", "teamwork"),)), known) == "Alan does not have 1 Teamwork token."
    assert refused(state, FoilScheme((("scott", "teamwork"),)), known) == "Scott is not played by anyone."


def test_pieces_must_be_in_place(known: Definitions) -> None:
    state = veil(known, pods={"mole": "south-pacific", "laser-cutter": "north-america"})
    action = FoilScheme((("alan", "logistics"), ("gordon", "logistics"), ("virgil", "teamwork")))
    assert refused(state, action, known) == "Veil of Fear needs Mole in North America; it is in South Pacific."
    notebook = veil(known, pods={"laser-cutter": "notebook", "mole": "north-america"})
    assert refused(notebook, action, known).endswith("it is in Brains' notebook.")


def test_partly_known_schemes_need_the_players_confirmation(defs: Definitions) -> None:
    state = veil(defs, tokens={"alan": {"teamwork": 1}, "gordon": {"teamwork": 1}})
    action = FoilScheme((("alan", "teamwork"), ("gordon", "teamwork")))
    assert "check them on the card, then confirm" in refused(state, action)
    confirmed = FoilScheme(action.discards, confirmed=True)
    assert confirmed in legal_actions(state)
    # What is known is still checked: two tokens in the North Atlantic, the pods in North America.
    assert "needs these tokens" in refused(state, FoilScheme((("alan", "teamwork"),), confirmed=True))
    moved = veil(
        defs,
        tokens={"alan": {"teamwork": 1}, "gordon": {"teamwork": 1}},
        pods={"mole": "asia", "laser-cutter": "north-america"},
    )
    assert "needs Mole in North America" in refused(moved, confirmed)
    play(state, confirmed)


def test_unknown_schemes_are_foiled_on_the_players_word() -> None:
    state = game(
        position={
            "schemes": ["unknown-scheme-1-1", "unknown-scheme-2-1", "unknown-scheme-3-1"],
            "tokens": {"scott": {"technology": 2}},
        }
    )
    assert FoilScheme((), confirmed=True) in legal_actions(state)
    assert "check them on the card" in refused(state, FoilScheme(()))
    after, _ = play(state, FoilScheme((("scott", "technology"), ("scott", "technology")), confirmed=True))
    assert after.players[1].count("technology") == 0 and after.schemes_foiled == 1


def test_foiling_the_third_scheme_wins() -> None:
    state = game(position={"schemes": ["unknown-scheme-1-1", "unknown-scheme-2-1", "unknown-scheme-3-1"], "foiled": 2})
    after, events = play(state, FoilScheme((), confirmed=True))
    assert outcome(after).result == "won" and kinds(events)[-1] == "GameWon"
    assert legal_actions(after) == ()


def test_a_foiled_scheme_space_is_harmless(defs: Definitions) -> None:
    from companion.games.thunderbirds.actions import Plan

    first = defs.hood_track.scheme_spaces[0]
    state = game(
        position={
            "schemes": ["unknown-scheme-1-1", "unknown-scheme-2-1", "unknown-scheme-3-1"],
            "foiled": 1,
            "hood": first - 1,
        }
    )
    after, _ = play(state, Plan())
    assert after.hood == first and after.outcome is None
