"""What players read at the table, in both languages, without a window: the tokens line, lasting effects and
bonuses through the catalogue, French typography and numbers, the game-over summary without repeats, the user
overlay's problems named, the odds warmed off the main thread, sounds that never fail."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import locale
from companion.engine.chance import LiveChance
from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds.legal import legal_actions
from companion.games.thunderbirds.loader import default_definitions
from companion.games.thunderbirds.rules import apply
from companion.games.thunderbirds.setup import initial_state
from companion.games.thunderbirds.simulate import steps
from companion.games.thunderbirds.state import LastingEffect, evolve
from companion.games.thunderbirds.ui.presenters.adjust import present_adjust
from companion.games.thunderbirds.ui.presenters.game_over import present_game_over
from companion.games.thunderbirds.ui.presenters.table import present_table
from companion.games.thunderbirds.ui.presenters.words import bonus_line_text, decimal, percent, token_counts
from companion.locale import build


def name(character: str) -> str:
    return character.title()


def start(players: int = 2, seed: int = 3) -> Any:
    chance = LiveChance(seed)
    state = initial_state({"players": players, "difficulty": "introduction"}, chance)
    return evolve(state, rng=chance.rng_after)


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    build.main()
    locale.set_language(request.param)
    yield request.param
    locale.set_language("en")


def table(state: Any) -> Any:
    defs = default_definitions()
    return present_table(state, defs, legal_actions(state, defs), name, str)


# --- the tokens line ------------------------------------------------------------------------------------------


def with_tokens(state: Any, player: str, **counts: int) -> Any:
    chance = LiveChance(1)
    for kind, count in counts.items():
        state, _events = apply(state, a.AdjustTokens(player, kind, count), chance, default_definitions())
    return state


def test_the_tokens_line_names_each_kind_held_with_its_count(language: str) -> None:
    state = start()
    first, second = (hand.character for hand in state.players)
    state = with_tokens(state, first, intelligence=2, teamwork=1)
    panels = table(state).players
    held, empty = panels[0].summary, panels[1].summary
    assert "Intel.\u00a02" in held  # a line never ends between a name and its count...
    assert " · " not in held and "\u00a0· " in held  # ...nor begins with a separator
    held, empty = held.replace("\u00a0", " "), empty.replace("\u00a0", " ")
    if language == "en":
        assert held == "Intel. 2 · Team 1 · F.A.B. 0"
        assert empty == "No tokens · F.A.B. 0"
    else:
        assert held == "Intel. 2 · Coop. 1 · F.A.B. 0"
        assert empty == "Aucun jeton · F.A.B. 0"
    # Each short name is the start of the kind's full name in that language (so no legend is needed).
    defs = default_definitions()
    for token in panels[0].tokens:
        full = defs.tokens[token.kind].names.text()
        assert full.lower().startswith(token.short.rstrip(".").lower()), (token.short, full)


def test_counts_stay_on_the_line_of_their_label(language: str) -> None:
    view = table(start())
    for text in (view.deck_text, view.discard_text, view.fab_text):
        assert " " not in text and text.split("\u00a0")[-1].isdigit(), text


def test_token_counts_never_show_a_bare_letter_or_colour() -> None:
    line = token_counts({"technology": 1, "determination": 1, "intelligence": 1, "teamwork": 1, "logistics": 1})
    assert all(len(part.split()[0]) >= 4 for part in line.split(" · "))


def test_a_vehicle_name_is_never_split_from_its_number() -> None:
    from companion.games.thunderbirds.ui.presenters.board import present_board

    defs = default_definitions()
    labels: list[str] = []
    for step in list(steps(2, "introduction", 34, defs))[:60]:
        state = step.before
        legal = legal_actions(state, defs)
        labels += [b.label for b in table(state).actions]
        for vehicle in defs.vehicles:
            view = present_board(state, defs, legal, vehicle, name, lambda action: "Board into Thunderbird 3")
            labels += [operation.label for operation in view.operations]
    assert not any("Thunderbird 3" in label or "Thunderbird 2 " in label for label in labels)
    assert any("Thunderbird\u00a03" in label for label in labels)


# --- lasting effects and bonuses through the catalogue ---------------------------------------------------------


def test_lasting_effects_read_in_french_with_french_punctuation(french: None) -> None:
    state = evolve(
        start(),
        effects=(
            LastingEffect("the-hood-interferes", "event", "rescue-modifier", -2),
            LastingEffect("adjust", "adjust", "speed-limit", 1, vehicle="tb1"),
        ),
    )
    effects = table(state).effects
    assert effects[0].endswith("\u00a0: -2 à tous les sauvetages"), effects
    assert effects[1] == "Ajustement\u00a0: Thunderbird 1 vitesse max\u00a01", effects
    assert not any(
        "adjust" in line or "every rescue" in line or "tous les sauvetages" not in effects[0] for line in effects
    )
    rows = present_adjust(state, default_definitions(), "effects", name).rows
    assert rows[0].label.endswith("\u00a0: -2 à tous les sauvetages") and rows[1].label.startswith("Ajustement\u00a0: ")


def test_a_bonus_line_joins_its_parts_as_each_language_writes(language: str) -> None:
    from companion.games.thunderbirds.bonuses import rescue_bonuses

    defs = default_definitions()
    state = start()
    card = next(c for c in state.track.slots if c is not None and defs.disasters[c].kind == "disaster")
    lines = [line for line in rescue_bonuses(state, defs, card) if line.source == "card"]
    assert lines
    text = bonus_line_text(defs, lines[0])
    assert ("\u00a0: " in text) == (language == "fr") and ": " in text


def test_numbers_use_the_language_decimal_mark_and_percent_spacing(language: str) -> None:
    from fractions import Fraction

    if language == "en":
        assert decimal(0.25, 1) == "0.2" and percent(Fraction(1, 2)) == "50%"
        assert percent(Fraction(1, 1000)) == "<1%" and percent(Fraction(999, 1000)) == ">99%"
    else:
        assert decimal(0.25, 1) == "0,2" and percent(Fraction(1, 2)) == "50\u00a0%"
        assert percent(Fraction(1, 1000)) == "<1\u00a0%" and percent(Fraction(999, 1000)) == ">99\u00a0%"
    assert percent(0) in ("0%", "0\u00a0%") and percent(1) in ("100%", "100\u00a0%")


# --- the game-over summary -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "won"), [(34, True), (7, False)])
def test_game_over_never_repeats_a_line(language: str, seed: int, won: bool) -> None:
    defs = default_definitions()
    last = list(steps(2, "introduction", seed, defs))[-1].after
    view = present_game_over(last, defs, (), name)
    assert view.won is won
    topics = [line.text.split(":")[0].strip() for line in view.score_lines + view.summary]
    assert len(topics) == len(set(topics)), topics
    averted = "Disasters averted" if language == "en" else "Catastrophes évitées"
    assert sum(averted in line.text for line in view.score_lines + view.summary) == 1


# --- the user overlay's problems -------------------------------------------------------------------------------


@pytest.fixture
def user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A temporary user data directory (where the card overlay lives), definitions reloaded around the test."""
    from companion.games.thunderbirds import loader

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    loader.clear_definitions_cache()
    yield tmp_path
    loader.clear_definitions_cache()


@pytest.fixture
def broken_overlay(user_data: Path) -> Path:
    """A real overlay file giving a shipped card a difficulty that cannot be."""
    overlay_dir = user_data / "overlay" / "thunderbirds"
    overlay_dir.mkdir(parents=True)
    path = overlay_dir / "disasters.toml"
    path.write_text('[[disaster]]\nid = "the-longest-day"\ndifficulty = "hard"\n', encoding="utf-8")
    return path


def test_the_pack_names_a_broken_overlay_card_for_home(broken_overlay: Path) -> None:
    from companion.games.thunderbirds.pack import ThunderbirdsPack
    from companion.ui.presenters.home import present_home

    pack = ThunderbirdsPack()
    defs = pack.load()
    assert len(pack.problems) == 1
    problem = pack.problems[0]
    assert "The Longest Day" in problem and "the-longest-day" in problem and str(broken_overlay) in problem
    assert "difficulty" in problem
    view = present_home((), name, str, None, pack.problems)
    assert problem in view.notice
    assert pack.problems_notice.endswith(": The Longest Day")  # one short line for the notice bar
    assert defs.disasters["the-longest-day"].difficulty == 7  # the game still starts, without the broken file


def test_overlay_problems_are_told_in_french(broken_overlay: Path, french: None) -> None:
    from companion.games.thunderbirds.pack import ThunderbirdsPack

    pack = ThunderbirdsPack()
    pack.load()
    assert pack.problems[0].startswith("Correction de carte ignorée\u00a0: ")
    assert "Le jour le plus long\u00a0: " in pack.problems[0] and "the-longest-day" in pack.problems[0]


def test_a_sound_overlay_gives_no_problem(user_data: Path) -> None:
    from companion.games.thunderbirds.pack import ThunderbirdsPack
    from companion.ui.presenters.home import present_home

    overlay_dir = user_data / "overlay" / "thunderbirds"
    overlay_dir.mkdir(parents=True)
    (overlay_dir / "disasters.toml").write_text(
        '[[disaster]]\nid = "the-longest-day"\ndifficulty = 8\n', encoding="utf-8"
    )
    pack = ThunderbirdsPack()
    assert pack.load().disasters["the-longest-day"].difficulty == 8
    assert pack.problems == () and pack.problems_notice == ""
    assert present_home((), name, str, None, pack.problems).notice == ""


# --- the odds, warmed off the main thread ------------------------------------------------------------------------


def test_warming_the_odds_builds_every_table_on_the_calling_thread() -> None:
    from companion.games.thunderbirds import odds
    from companion.games.thunderbirds.pack import ThunderbirdsPack

    odds._level.cache_clear()
    odds._start.cache_clear()
    odds._rescue_odds.cache_clear()
    seen: list[str] = []

    def work() -> None:
        ThunderbirdsPack().warm_odds()
        seen.append(threading.current_thread().name)

    worker = threading.Thread(target=work, name="not-main")
    worker.start()
    worker.join(120)
    assert seen == ["not-main"]
    built = odds._level.cache_info().currsize
    assert built > 0
    # Any rescue's odds afterwards are read from the tables built, none is computed on the caller's thread.
    for difficulty in (4, 8, 12):
        for bonus in (-2, 0, 3):
            for tokens in (0, 1, 3):
                odds.rescue_odds(difficulty, bonus, tokens, tokens, tokens == 1)
                odds.best_token_use((2, 3), difficulty, bonus, tokens, tokens, tokens == 3)
    assert odds._level.cache_info().currsize == built


# --- sounds ------------------------------------------------------------------------------------------------------


def _play_every_sound(tmp_path: Path, output_present: bool) -> list[str]:
    """Prepares and plays every sound in a fresh process; returns its output lines."""
    code = (
        "import sys\n"
        "from companion.ui.sounds import Sounds, TONES\n"
        f"player = Sounds(output_present=lambda: {output_present})\n"
        "player.prepare()\n"
        "for name in list(TONES) + ['unknown']:\n"
        "    player.play(name)\n"
        "print('audio loaded' if 'kivy.core.audio' in sys.modules else 'audio not loaded')\n"
        "print('played')\n"
    )
    environment = dict(os.environ, KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_HOME=str(tmp_path))
    completed = subprocess.run(
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True, timeout=60
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    return completed.stdout.strip().splitlines()


def test_sounds_never_raise_without_an_audio_device(tmp_path: Path) -> None:
    """Kivy's real audio provider, made to load on a machine whose sound card may be missing (this one)."""
    assert _play_every_sound(tmp_path, output_present=True)[-2:] == ["audio loaded", "played"]


def test_no_audio_output_loads_no_audio_library(tmp_path: Path) -> None:
    assert _play_every_sound(tmp_path, output_present=False)[-2:] == ["audio not loaded", "played"]


def test_an_audio_output_is_a_playback_device_or_a_sound_server(tmp_path: Path) -> None:
    from companion.ui.sounds import audio_output_present

    dev_snd = tmp_path / "snd"
    dev_snd.mkdir()
    (dev_snd / "controlC0").touch()
    (dev_snd / "pcmC0D0c").touch()  # a capture device plays nothing
    assert not audio_output_present(dev_snd, {})
    assert not audio_output_present(tmp_path / "absent", {"XDG_RUNTIME_DIR": str(tmp_path)})
    assert audio_output_present(tmp_path / "absent", {"PULSE_SERVER": "tcp:speaker.local"})
    (tmp_path / "pulse").mkdir()
    (tmp_path / "pulse" / "native").touch()
    assert audio_output_present(tmp_path / "absent", {"XDG_RUNTIME_DIR": str(tmp_path)})
    (dev_snd / "pcmC0D0p").touch()
    assert audio_output_present(dev_snd, {})


def test_french_punctuation_never_starts_a_line() -> None:
    """A space before ":", "%", ";" or "?" in French is a no-break space, so a line never begins with one."""
    from companion.locale.po import parse_po
    from companion.paths import ROOT

    po = ROOT / "companion" / "locale" / "fr" / "LC_MESSAGES" / "ui.po"
    french = parse_po(po.read_text(encoding="utf-8"))
    loose = sorted(text for text in french.values() if any(f" {mark}" in text for mark in ":%;?"))
    assert loose == []
    assert any("\u00a0:" in text for text in french.values())


# --- reveals and headings ----------------------------------------------------------------------------------------


def test_a_loss_at_the_skull_is_told_once(language: str) -> None:
    from companion.games.thunderbirds import events as ev
    from companion.games.thunderbirds.ui.presenters.reveal import present_reveal

    defs = default_definitions()
    view = present_reveal(
        [ev.DisasterReachedSkull("pit-of-peril"), ev.GameLost("skull", "pit-of-peril")], defs, start(), name
    )
    assert view is not None and view.is_bad
    assert len(view.lines) == 1 and defs.disasters["pit-of-peril"].names.text() in view.lines[0].text


def test_the_scheme_heading_is_punctuated_for_its_language(language: str) -> None:
    from companion.games.thunderbirds.ui.presenters.scheme import present_scheme

    state = start()
    defs = default_definitions()
    view = present_scheme(state, defs, legal_actions(state, defs), str, (), name)
    assert view.heading.startswith("Plan\u00a0: " if language == "fr" else "Scheme: ")
