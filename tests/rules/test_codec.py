"""Actions and states as JSON: round trips, and strict decoding with messages that name the field."""

from __future__ import annotations

import json

import pytest

from companion.games.thunderbirds import codec
from companion.games.thunderbirds.actions import AdjustDisaster, FoilScheme, Move, Rescue

from .positions import game, play


def test_actions_as_the_log_stores_them() -> None:
    assert codec.encode_action(Move("tb2", "asia")) == {"type": "Move", "vehicle": "tb2", "to": "asia"}
    foil = FoilScheme((("alan", "teamwork"),), confirmed=True)
    data = json.loads(json.dumps(codec.encode_action(foil)))
    assert data == {"type": "FoilScheme", "discards": [["alan", "teamwork"]], "confirmed": True}
    assert codec.decode_action(data) == foil
    assert codec.decode_action({"type": "Rescue", "disaster": "ricochet"}) == Rescue("ricochet")
    assert codec.decode_action({"type": "AdjustDisaster", "card": "x", "to": 3}) == AdjustDisaster("x", 3)
    assert codec.decode_action({"type": "AdjustDisaster", "card": "x", "to": "discard"}).to == "discard"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"type": "Teleport"}, "unknown action type 'Teleport'"),
        ({"type": "Move", "vehicle": "tb2"}, "missing field 'to'"),
        ({"type": "Move", "vehicle": "tb2", "to": "asia", "speed": 3}, "unknown field(s) speed"),
        ({"type": "Move", "vehicle": 2, "to": "asia"}, "field 'vehicle': expected text"),
        ({"type": "FoilScheme", "discards": [["alan"]]}, "expected 2 items"),
        ({"type": "FoilScheme", "discards": [], "confirmed": "yes"}, "expected true or false"),
        ({"type": "AdjustFab", "player": "scott", "card": "x", "direction": "lend"}, "expected one of 'give', 'take'"),
        ("Move", "an action is a table"),
    ],
)
def test_strict_action_decoding(data: object, words: str) -> None:
    with pytest.raises(ValueError, match=None) as raised:
        codec.decode_action(data)
    assert words in str(raised.value)


def test_states_round_trip_through_json_in_every_phase() -> None:
    state = game(position={"vehicles": {"tb2": "the-sun"}, "track": {"1": "ricochet"}})
    rescue = game(
        ["john", "virgil"],
        position={"vehicles": {"tb3": "the-sun"}, "seats": {"john": "tb3"}, "track": {"1": "sun-probe"}},
    )
    rolled, _ = play(rescue, Rescue("sun-probe"), dice=[5, 5])
    from companion.games.thunderbirds.actions import FinishRescue

    reward, _ = play(rolled, FinishRescue())
    for each in (state, rolled, reward):
        assert codec.decode_state(json.loads(json.dumps(codec.encode_state(each)))) == each
    encoded = codec.encode_state(rolled)
    assert encoded["pending"]["type"] == "PendingRescue"
    broken = {**encoded, "pending": {"type": "Nothing"}}
    with pytest.raises(ValueError, match="unknown pending step"):
        codec.decode_state(broken)
    with pytest.raises(ValueError, match="missing field 'hood'"):
        codec.decode_state({k: v for k, v in encoded.items() if k != "hood"})
