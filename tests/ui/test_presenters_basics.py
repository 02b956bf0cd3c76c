"""Presenters and plumbing that need no window: settings, home, navigation, the session worker."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from companion import locale
from companion.ui.controller import SavedGame
from companion.ui.navigation import NavigationStack
from companion.ui.presenters.home import format_when, present_home
from companion.ui.presenters.settings import present_settings
from companion.ui.settings import UiSettings, load_settings, save_settings
from companion.ui.theme import Metrics, dpi_for_size, readable_text_on
from companion.ui.worker import SessionWorker


def test_settings_view_marks_the_current_choices() -> None:
    view = present_settings(UiSettings(language="fr", lights_backend="serial", keep_awake=False, sounds=True))
    assert [c.key for c in view.languages if c.selected] == ["fr"]
    assert [c.key for c in view.lights if c.selected] == ["serial"]
    assert not view.keep_awake.selected and view.sounds.selected
    # No choice stored: the config file's back-end applies, and that is the choice shown.
    unchosen = present_settings(UiSettings(), "Board lights: gpio (from the config file /etc/c.toml)")
    assert [c.key for c in unchosen.lights] == ["config", "mirror", "gpio", "shift595", "serial"]
    assert [c.key for c in unchosen.lights if c.selected] == ["config"]
    assert unchosen.lights_status.endswith("(from the config file /etc/c.toml)") and unchosen.config_problems == ""
    problems = ("c.toml: [general] volume: unknown key", "c.toml: [buttons] roll: pin 99 does not exist")
    assert present_settings(UiSettings(), "", problems).config_problems == "\n".join(problems)
    # Each language is named in itself so a player who cannot read the current one still finds theirs.
    assert {c.label for c in view.languages} == {"English", "Français"}


def test_settings_round_trip_and_bad_files(tmp_path) -> None:
    path = tmp_path / "ui-settings.json"
    save_settings(UiSettings(language="fr", sounds=False), path)
    assert load_settings(path=path) == UiSettings(language="fr", sounds=False)
    path.write_text("{not json", encoding="utf-8")
    assert load_settings(path=path) == UiSettings()
    path.write_text('{"language": "de", "lights_backend": "laser", "sounds": "yes", "extra": 1}', encoding="utf-8")
    assert load_settings(path=path) == UiSettings()
    path.write_text("[1, 2]", encoding="utf-8")
    assert load_settings(path=path) == UiSettings()


def test_the_lights_are_stored_only_when_chosen_and_old_files_lose_their_default(tmp_path) -> None:
    """Before, any save wrote the default "mirror", which then beat the config file's [lights] backend."""
    import json

    path = tmp_path / "ui-settings.json"
    save_settings(UiSettings(language="fr"), path)
    assert json.loads(path.read_text(encoding="utf-8"))["lights_backend"] is None
    assert load_settings(path=path).lights_backend is None
    save_settings(UiSettings(lights_backend="mirror"), path)
    assert load_settings(path=path).lights_backend == "mirror", "a choice of the mirror is a choice"
    old = {"language": "fr", "lights_backend": "mirror", "keep_awake": True, "sounds": True}  # no "version"
    path.write_text(json.dumps(old), encoding="utf-8")
    assert load_settings(path=path) == UiSettings(language="fr", lights_backend=None)
    path.write_text(json.dumps({**old, "lights_backend": "serial"}), encoding="utf-8")
    assert load_settings(path=path).lights_backend == "serial", "only a tap could have stored another back-end"


def app_settings(config: Path, path: Path) -> UiSettings:
    """The settings as the app loads them: the config file's [general] section, the players' choices over it."""
    from companion.config import load_general_or_default

    general = load_general_or_default(config, {})
    made = UiSettings(
        language=general.language,
        keep_awake=general.keep_awake,
        sounds=general.sounds,
        chosen=frozenset(),
        configured=general.given,
    )
    return load_settings(made, path)


def test_only_what_the_players_chose_is_stored_and_the_config_file_decides_the_rest(tmp_path: Path) -> None:
    """Changing only the language stored every setting, so `sounds = false` in the config file, edited later, was
    ignored. Only a choice is stored; Settings says where each value comes from."""
    import json

    config, path = tmp_path / "config.toml", tmp_path / "ui-settings.json"
    config.write_text("[general]\nsounds = false\n", encoding="utf-8")
    settings = app_settings(config, path)
    assert not settings.sounds and settings.keep_awake
    view = present_settings(settings)
    assert (view.language_source, view.sounds_source) == ("the default", "from the config file")
    save_settings(settings.with_changes(language="fr"), path)
    assert json.loads(path.read_text(encoding="utf-8")) == {"version": 3, "language": "fr", "lights_backend": None}
    config.write_text("[general]\nsounds = true\nkeep_awake = false\n", encoding="utf-8")
    settings = app_settings(config, path)
    assert (settings.language, settings.sounds, settings.keep_awake) == ("fr", True, False)
    locale.set_language("fr")
    try:
        view = present_settings(settings)
    finally:
        locale.set_language("en")
    assert (view.language_source, view.keep_awake_source) == ("choix des joueurs", "selon le fichier de configuration")
    save_settings(settings.with_changes(sounds=True), path)
    config.write_text("[general]\nsounds = false\n", encoding="utf-8")
    assert app_settings(config, path).sounds, "a choice made in Settings, even the config's value, stays"
    # A file the last version wrote held every setting: one the config file gives is not read as a choice.
    written_before = {"version": 2, "language": "fr", "lights_backend": None, "keep_awake": True, "sounds": False}
    path.write_text(json.dumps(written_before), encoding="utf-8")
    settings = app_settings(config, path)
    assert settings.chosen == {"language"} and not settings.sounds
    config.write_text("[general]\nsounds = true\n", encoding="utf-8")
    assert app_settings(config, path).sounds


def test_settings_saved_by_two_at_once_stay_whole(tmp_path) -> None:
    """Two savers at the same moment (two apps on one config directory): each save renames a whole file of its
    own, so the file read back is one of the two, never a mix, and no temp file is left."""
    from concurrent.futures import ThreadPoolExecutor

    path = tmp_path / "ui-settings.json"
    choices = [UiSettings(language="fr", sounds=False), UiSettings(language="en", keep_awake=False)]

    def save_many(settings: UiSettings) -> None:
        for _ in range(60):
            save_settings(settings, path)

    with ThreadPoolExecutor(max_workers=2) as pool:
        for future in [pool.submit(save_many, settings) for settings in choices]:
            future.result()
    assert load_settings(path=path) in choices
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ui-settings.json"]


def game(game_id: int, updated: str, **summary: object) -> SavedGame:
    return SavedGame(game_id, updated, updated, summary, 3)


def test_home_lists_saved_games_newest_first_with_players_difficulty_and_status() -> None:
    games = [
        game(
            1,
            "2026-01-02T10:00:00+00:00",
            players=1,
            characters=["scott", "alan", "john"],
            difficulty="standard",
            turn=4,
        ),
        game(
            2,
            "2026-03-05T18:30:00+00:00",
            players=2,
            characters=["virgil", "gordon"],
            difficulty="heroic",
            outcome="won",
        ),
    ]
    view = present_home(games, str.title, str.upper)
    assert [row.game_id for row in view.games] == [2, 1]
    newest, oldest = view.games
    assert newest.players == "2 players: Virgil, Gordon"
    assert newest.difficulty == "HEROIC"
    assert newest.status == "Won" and newest.resume_label == "Review"
    assert oldest.players.startswith("Solo: Scott")
    assert oldest.status == "In progress, turn 4" and oldest.resume_label == "Resume"


def test_home_dates_follow_the_language() -> None:
    stamp = "2026-08-12T12:00:00+00:00"
    english = format_when(stamp)
    locale.set_language("fr")
    try:
        french = format_when(stamp)
    finally:
        locale.set_language("en")
    assert "Aug" in english and "août" in french


def test_empty_home_says_so() -> None:
    view = present_home([], str, str)
    assert view.games == () and view.empty_text


def test_navigation_back_returns_to_the_previous_screen_and_roots_reset() -> None:
    nav = NavigationStack()
    nav.go("home")
    nav.go("settings")
    nav.go("help")
    assert nav.back()[0] == "settings"
    nav.go("table")
    nav.go("board", {"vehicle": "tb1"})
    nav.go("board", {"vehicle": "tb2"})  # the same screen again replaces, never stacks
    assert nav.names() == ("table", "board")
    assert nav.back()[0] == "table"
    assert nav.back()[0] == "home"


def test_metrics_give_9mm_targets_on_every_official_display() -> None:
    for size in ((800, 480), (720, 1280), (1280, 800)):
        metrics = Metrics(dpi_for_size(*size), *size)
        assert metrics.target / metrics.dpi * 25.4 >= 9.0
        assert metrics.font_body / metrics.dpi * 25.4 >= 2.9
    assert Metrics(132, 720, 1280).is_portrait and not Metrics(132, 800, 480).is_portrait


def test_text_colour_contrasts_with_its_background() -> None:
    assert readable_text_on((1.0, 0.9, 0.2, 1.0))[0] == 0.0
    assert readable_text_on((0.1, 0.1, 0.3, 1.0))[0] == 1.0


class MainThread:
    """Stands for Kivy's main loop: callbacks delivered by the worker run when the test drains them."""

    def __init__(self) -> None:
        self.calls: queue.Queue[Callable[[], None]] = queue.Queue()

    def deliver(self, callback: Callable[[], None]) -> None:
        self.calls.put(callback)

    def drain(self, worker: SessionWorker, timeout: float = 10.0) -> None:
        while not worker.is_idle:
            self.calls.get(timeout=timeout)()


def test_worker_runs_jobs_in_order_off_the_calling_thread_and_delivers_results() -> None:
    main = MainThread()
    worker = SessionWorker(main.deliver)
    seen: list[tuple[int, str]] = []
    caller = threading.current_thread().name
    for n in range(5):
        worker.submit(lambda n=n: (n, threading.current_thread().name), seen.append)
    assert not worker.is_idle
    main.drain(worker)
    assert [n for n, _ in seen] == [0, 1, 2, 3, 4]
    assert all(thread != caller for _, thread in seen)
    worker.stop()


def test_worker_delivers_errors_and_keeps_going() -> None:
    main = MainThread()
    worker = SessionWorker(main.deliver)
    errors: list[BaseException] = []
    results: list[int] = []
    worker.submit(lambda: 1 // 0, results.append, errors.append)
    worker.submit(lambda: 7, results.append, errors.append)
    main.drain(worker)
    assert isinstance(errors[0], ZeroDivisionError) and results == [7]
    with pytest.raises(KeyError):
        worker.call(lambda: {}["missing"])
    assert worker.call(lambda: 42) == 42
    worker.stop()


def test_presenters_and_plumbing_never_import_kivy() -> None:
    """They are tested without a window and run on the session worker: Kivy must stay out of them."""
    import subprocess
    import sys

    modules = (
        [
            "companion.games.thunderbirds.ui.presenters." + name
            for name in (
                "adjust",
                "board",
                "card_editor",
                "choosers",
                "discards",
                "fabs",
                "game_over",
                "new_game",
                "rescue",
                "reveal",
                "scheme",
                "setup_guide",
                "table",
                "words",
            )
        ]
        + [
            "companion.ui.presenters." + name
            for name in (
                "help",
                "history",
                "home",
                "lines",
                "settings",
            )
        ]
        + [
            "companion.games.thunderbirds.pack",
        ]
        + [
            "companion.ui." + name
            for name in (
                "controller",
                "worker",
                "settings",
                "theme",
                "navigation",
                "action_keys",
                "lights",
                "launch",
            )
        ]
    )
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'kivy' or name.startswith('kivy.'):\n"
        "            raise ImportError('kivy is not allowed here: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        f"for m in {modules!r}: __import__(m)\n"
        "print('ok')\n"
    )
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert completed.stdout.strip() == "ok", completed.stderr[-2000:]


def test_sound_tones_are_valid_wav_files(tmp_path) -> None:
    import wave

    from companion.ui.sounds import RATE, TONES, write_tones

    paths = write_tones(tmp_path)
    assert set(paths) == set(TONES)
    for name, path in paths.items():
        with wave.open(str(path)) as sound:
            assert sound.getframerate() == RATE and sound.getnchannels() == 1
            frequencies, seconds = TONES[name]
            assert sound.getnframes() == len(frequencies) * int(RATE * seconds)


def test_recently_used_keeps_the_last_few_and_takes_refresh_them() -> None:
    from companion.ui.recently_used import RecentlyUsed

    kept: RecentlyUsed[str, int] = RecentlyUsed()
    for number, key in enumerate("abc"):
        kept.keep(key, number, limit=3)
    assert kept.take("a") == 0  # now the most recent: "b" is the oldest
    kept.keep("d", 3, limit=3)
    assert list(kept) == ["c", "a", "d"]
    assert kept.take("b") is None
