"""`companion simulate --game thunder_road`: race length and how races end, by player count and expansion set."""

from __future__ import annotations

import json

import pytest

from companion.games.thunder_road.simulate import main


def test_simulate_reports_every_player_count_and_expansion_set_the_same_each_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--races", "3", "--seed", "4", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert {(row["players"], row["expansions"]) for row in first} == {
        (p, e) for p in (2, 3, 4) for e in ("base", "carnage")
    }
    for row in first:
        assert row["unfinished"] == 0
        assert row["finish_share"] + row["elimination_share"] == pytest.approx(1)
        assert row["rounds_mean"] >= 1
    assert main(["--races", "3", "--seed", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first


def test_simulate_refuses_no_races_in_plain_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--races", "0", "--lang", "fr"]) == 2
    assert "--races doit valoir au moins 1." in capsys.readouterr().err
