"""`simulate` and its command: the same seed gives the same output; the counts add up; every size is reported."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from companion.games.warpspawn_thunderbirds.loader import default_definitions
from companion.games.warpspawn_thunderbirds.simulate import game_seeds, play_game, simulate

DEFS = default_definitions()
COMMAND = [sys.executable, "-m", "companion", "simulate", "--game", "warpspawn_thunderbirds"]  # as typed


def run(*args: str, hash_seed: str = "0") -> subprocess.CompletedProcess[str]:
    """The command in a fresh process; `hash_seed` varies Python's string hashing (set order) between runs."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.run([*COMMAND, *args], capture_output=True, text=True, timeout=600, env=env)


def test_game_seeds_do_not_depend_on_how_many_games() -> None:
    assert game_seeds(3, 5) == game_seeds(3, 12)[:5]
    assert len(set(game_seeds(3, 50))) == 50


def test_same_seed_same_report_and_the_counts_add_up() -> None:
    first = simulate(8, 3, 12, 5, DEFS)
    assert first == simulate(8, 3, 12, 5, DEFS)
    assert first != simulate(8, 3, 12, 6, DEFS)
    assert first.unfinished == 0
    assert abs(sum(first.rescues_by_seat) - first.rescues_per_player * 3) < 1e-9
    assert 0 < first.rescued_share <= 1
    for seed in game_seeds(5, 8):
        result = play_game(3, 12, seed, DEFS)
        assert result.finished
        assert sum(result.rescues) + result.expired == 28, "every emergency is rescued or expires"
        assert result.deck_out_turn >= 1 and result.turns >= result.deck_out_turn


def test_the_command_prints_the_same_for_the_same_seed_and_covers_every_size() -> None:
    first = run("--games", "6", "--seed", "9", "--quiet")
    again = run("--games", "6", "--seed", "9", "--quiet", hash_seed="12345")
    other = run("--games", "6", "--seed", "10", "--quiet")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    assert first.stdout != other.stdout
    lines = first.stdout.splitlines()
    assert lines[0] == "Warpspawn Thunderbirds, 2 players: 6 games per board size, seed 9."
    assert lines[1].split() == ["board", "10x10", "12x12", "20x20"]
    assert any(line.startswith("rescues per player") for line in lines)


def test_one_game_is_said_in_the_singular_in_both_languages() -> None:
    from companion.locale.build import main as build

    build()
    english = run("--games", "1", "--seed", "9", "--size", "10", "--quiet")
    french = run("--games", "1", "--seed", "9", "--size", "10", "--quiet", "--lang", "fr")
    assert english.returncode == french.returncode == 0, english.stderr + french.stderr
    assert english.stdout.splitlines()[0] == "Warpspawn Thunderbirds, 2 players: 1 game per board size, seed 9."
    assert french.stdout.splitlines()[0] == (
        "Thunderbirds de Warpspawn, 2 joueurs\u00a0: 1\u00a0partie par taille de plateau, graine\u00a09."
    )


def test_french_writes_its_numbers_the_french_way() -> None:
    """The same figures, with a decimal comma and a no-break space before the percent sign."""
    from companion.locale.build import main as build

    build()
    english = run("--games", "2", "--seed", "4", "--size", "12", "--quiet").stdout.splitlines()
    french = run("--games", "2", "--seed", "4", "--size", "12", "--quiet", "--lang", "fr").stdout.splitlines()
    mean = next(line for line in english if line.startswith("turns (mean)")).split()[-1]
    share = next(line for line in english if line.startswith("emergencies rescued")).split()[-1]
    assert re.fullmatch(r"\d+\.\d", mean) and re.fullmatch(r"\d+\.\d%", share)
    french_mean = next(line for line in french if line.startswith("tours (moyenne)"))
    french_share = next(line for line in french if line.startswith("urgences sauvées"))
    assert french_mean.endswith(" " + mean.replace(".", ","))
    assert french_share.endswith(" " + share.replace(".", ",").replace("%", "\u00a0%"))
    assert not any(re.search(r"\d\.\d", line) for line in french[1:]), french


def test_the_command_as_json_for_one_size_without_a_bar_in_a_pipe() -> None:
    done = run("--games", "3", "--seed", "2", "--size", "20", "--players", "4", "--json")
    assert done.returncode == 0, done.stderr
    [report] = json.loads(done.stdout)
    assert report["size"] == 20 and report["players"] == 4 and report["games"] == 3
    assert len(report["rescues_by_seat"]) == 4
    assert done.stderr == ""  # the progress bar is drawn on a terminal only, never into a pipe


def test_the_command_refuses_bad_arguments_in_one_line() -> None:
    done = run("--games", "0")
    assert done.returncode == 2
    assert done.stderr.strip() == "--games must be at least 1."
    done = run("--size", "13")
    assert done.returncode == 2
    assert "invalid choice: 13" in done.stderr
