"""`simulate` and `companion simulate`: the same seed gives the same report; the interval and the counts add up;
the simulation's assumptions about events are applied as the players' own adjustments."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.cli import main as companion
from companion.games.thunderbirds import actions as act
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.scenario import parse_scenario, run_scenario
from companion.games.thunderbirds.simulate import (
    DEFEAT_REASONS,
    _upkeep,
    game_seeds,
    play_game,
    simulate,
    wilson_interval,
)
from companion.games.thunderbirds.state import GameState, evolve
from companion.locale import set_language

DEFS = default_definitions()


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4)
    assert high == pytest.approx(0.7634, abs=1e-4)
    assert wilson_interval(0, 20)[0] == 0.0
    assert wilson_interval(0, 20)[1] == pytest.approx(0.1611, abs=1e-4)
    assert wilson_interval(20, 20)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_game_seeds_do_not_depend_on_how_many_games() -> None:
    assert game_seeds(3, 5) == game_seeds(3, 12)[:5]
    assert len(set(game_seeds(3, 50))) == 50
    assert game_seeds(3, 5) != game_seeds(4, 5)


def test_same_seed_same_report_and_the_counts_add_up() -> None:
    first = simulate(12, 2, "introduction", 5, DEFS)
    again = simulate(12, 2, "introduction", 5, DEFS)
    assert first == again
    assert first.wins + sum(count for _reason, count in first.defeats) == 12
    assert all(reason in DEFEAT_REASONS for reason, _count in first.defeats)
    assert first.win_rate == first.wins / 12
    low, high = first.interval
    assert low <= first.win_rate <= high
    assert first.bot_errors == 0
    assert first.assumptions
    other = simulate(12, 2, "introduction", 6, DEFS)
    assert other.as_dict() != first.as_dict()


def test_progress_is_reported_after_every_game() -> None:
    seen: list[tuple[int, int]] = []
    simulate(3, 1, "standard", 0, DEFS, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_a_single_game_replays_alone_from_its_seed() -> None:
    seed = game_seeds(9, 2)[1]
    state, result = play_game(3, "heroic", seed, DEFS)
    again, same = play_game(3, "heroic", seed, DEFS)
    assert state == again and result == same
    assert result.result in ("won", "lost")
    assert state.outcome is not None


def _position(fields: dict[str, Any]) -> GameState:
    data = {
        "format": 1,
        "setup": {"players": 2, "difficulty": "standard", "characters": ["scott", "virgil"], "seed": 3},
        "position": {
            "events": [
                "the-hood-interferes",
                "explosion-on-tracy-island",
                "attack-of-the-zombites",
                "master-of-disguise",
            ],
            **fields,
        },
    }
    return run_scenario(parse_scenario(data, "upkeep position")).state


def test_an_event_with_unknown_effects_is_ended_at_once() -> None:
    state = _position({"active_events": ["explosion-on-tracy-island"]})
    assert _upkeep(state, DEFS, {}) == act.EndEffect("explosion-on-tracy-island")


def test_a_lasting_effect_ends_after_one_round() -> None:
    state = _position({"active_events": ["the-hood-interferes"], "turn": 4})
    started: dict[str, int] = {}
    assert _upkeep(state, DEFS, started) is None
    assert started == {"the-hood-interferes": 4}
    assert _upkeep(evolve(state, turn=5), DEFS, started) is None
    assert _upkeep(evolve(state, turn=6), DEFS, started) == act.EndEffect("the-hood-interferes")


def test_cli_prints_the_same_results_for_the_same_seed(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--games", "4", "--players", "2", "--difficulty", "standard", "--seed", "7", "--json"]
    assert companion(args) == 0
    first = capsys.readouterr()
    assert companion(args) == 0
    second = capsys.readouterr()
    assert first.out == second.out
    report = json.loads(first.out)
    assert report["games"] == 4 and report["seed"] == 7
    assert first.err == ""  # no progress bar drawn into what is not a terminal


def test_cli_text_lists_rate_causes_and_assumptions(capsys: pytest.CaptureFixture[str]) -> None:
    assert companion(["simulate", "--games", "3", "--seed", "1", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "Win rate:" in captured.out
    assert "95% interval" in captured.out
    assert "Assumptions for cards the app does not know:" in captured.out


def test_cli_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    set_language("fr")
    try:
        assert companion(["simulate", "--games", "2", "--seed", "1", "--quiet"]) == 0
    finally:
        set_language("en")
    out = capsys.readouterr().out
    assert "Taux de victoire" in out
    assert "Hypothèses pour les cartes" in out


def test_cli_refuses_zero_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert companion(["simulate", "--games", "0"]) == 2
    assert "--games" in capsys.readouterr().err


def test_the_progress_bar_is_drawn_on_a_terminal_only() -> None:
    """As tqdm and rich do: on a terminal the bar is redrawn in place; into a pipe or a file, nothing."""
    import os
    import pty
    import subprocess
    import sys

    from companion.paths import ROOT

    command = [sys.executable, "-m", "companion", "simulate", "--games", "2", "--seed", "1"]
    piped = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert piped.returncode == 0 and piped.stderr == "" and "Win rate" in piped.stdout
    leader, follower = pty.openpty()
    try:
        shown = subprocess.run(command, stdout=subprocess.PIPE, stderr=follower, cwd=ROOT, timeout=300)
        os.close(follower)
        drawn = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal's other end is closed: all read
                break
            if not chunk:
                break
            drawn += chunk
    finally:
        os.close(leader)
    assert shown.returncode == 0
    assert b"2/2 (100%)" in drawn


def test_cli_lang_gives_the_report_in_that_language() -> None:
    import subprocess
    import sys

    from companion.paths import ROOT

    command = [sys.executable, "-m", "companion", "simulate", "--games", "2", "--seed", "1", "--lang", "fr"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Taux de victoire" in done.stdout and "\u00a0%" in done.stdout
