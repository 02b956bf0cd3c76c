"""The Board's map as the presenter lays it out: what stands in each region (worked out in one pass over the
state) is what a plain reading of each region says, and the board's fixed part (names, places, links) is made
once per board and language, in the language shown."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from companion import locale
from companion.games.thunderbirds.legal import legal_actions
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.simulate import Step, steps
from companion.games.thunderbirds.ui.presenters.board import (
    initials,
    map_layout,
    pieces_by_region,
    pieces_text,
    present_board,
)
from companion.ui.action_keys import action_key


def name(character: str) -> str:
    return character.replace("-", " ").title()


def pieces_lines(state: Any, region_id: str) -> tuple[str, str]:
    """What stands in one region, read from the state the plain way (every vehicle, seat and pod looked at)."""
    vehicles = [v for v, r in state.vehicles if r == region_id]
    pegs = [initials(name(c)) for c, v in state.seats if v in vehicles]
    pods = [p for p, r in state.pods if r == region_id]
    return pieces_text(vehicles, state.cargo, pegs, len(pods))


@cache
def game(players: int, seed: int) -> tuple[Step, ...]:
    return tuple(steps(players, "introduction", seed, default_definitions()))


@pytest.mark.parametrize(("players", "seed"), [(2, 34), (3, 11), (4, 2)])
def test_what_stands_in_each_region_matches_pieces_lines(players: int, seed: int) -> None:
    defs = default_definitions()
    checked = 0
    for step in game(players, seed):
        state = step.after
        found = pieces_by_region(state, name)
        for region in defs.board.regions:
            assert found.get(region.id, ("", "")) == pieces_lines(state, region.id), region.id
        view = present_board(state, defs, legal_actions(state, defs), None, name, action_key)
        for spot in view.regions:
            assert (spot.vehicles, spot.pieces) == pieces_lines(state, spot.id)
        checked += 1
    assert checked > 10


def test_the_fixed_part_of_the_map_is_made_once_per_language() -> None:
    defs = default_definitions()
    try:
        locale.set_language("en")
        english = map_layout(defs)
        assert map_layout(defs) is english
        locale.set_language("fr")
        french = map_layout(defs)
        assert french is not english
        assert (
            dict((r[0], r[1]) for r in french.regions)["geo-stationary-orbit"]
            != dict((r[0], r[1]) for r in english.regions)["geo-stationary-orbit"]
        )
        assert french.edges == english.edges
    finally:
        locale.set_language("en")


def test_a_view_uses_the_layout_of_the_language_shown() -> None:
    defs = default_definitions()
    state = game(2, 34)[3].after
    try:
        locale.set_language("fr")
        view = present_board(state, defs, legal_actions(state, defs), None, name, action_key)
        names = {spot.id: spot.name for spot in view.regions}
        assert names == {region_id: text for region_id, text, *_ in map_layout(defs).regions}
        assert names["the-moon"] == "La Lune"
    finally:
        locale.set_language("en")
