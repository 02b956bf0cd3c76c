"""The Scheme checklist's token lines say where the players must stand the way each language says it: "in North
Atlantic" / "dans la région Atlantique Nord", and a scheme with no region asks for any players (never "en
n'importe où")."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.thunderbirds.legal import legal_actions
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.scenario import parse_scenario, run_scenario
from companion.games.thunderbirds.state import GameState
from companion.games.thunderbirds.ui.presenters.scheme import present_scheme

DEFS = default_definitions()


def with_scheme(scheme: str) -> GameState:
    data: dict[str, Any] = {
        "format": 1,
        "setup": {"players": 2, "difficulty": "standard", "characters": ["john", "scott"], "seed": 11},
        "position": {"schemes": [scheme, "espionnage-satellite", "destination-obscurite"]},
        "action": [],
    }
    result = run_scenario(parse_scenario(data, "scheme position"))
    assert result.error is None, result.error
    return result.state


def token_lines(state: GameState) -> list[str]:
    view = present_scheme(state, DEFS, legal_actions(state, DEFS), str, (), str)
    return [item.text for item in view.checklist if "token" in item.text or "jeton" in item.text]


def test_a_region_is_named_as_a_region_in_english() -> None:
    lines = token_lines(with_scheme("voile-de-peur"))
    assert lines and all("by players in North Atlantic" in line for line in lines), lines


def test_a_region_is_named_as_a_region_in_french(french: None) -> None:
    lines = token_lines(with_scheme("voile-de-peur"))
    assert lines and all("par des joueurs dans la région Atlantique Nord" in line for line in lines), lines
    assert not any(" en " in line for line in lines), lines


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_region_asks_for_any_players(lang: str, request: pytest.FixtureRequest) -> None:
    if lang == "fr":
        request.getfixturevalue("french")
    lines = token_lines(with_scheme("compte-a-rebours-du-destin"))
    expected = "by any players" if lang == "en" else "par des joueurs où qu'ils soient"
    assert lines and all(expected in line for line in lines), lines
