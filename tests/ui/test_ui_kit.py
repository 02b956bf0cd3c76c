"""A kit game in the real app, by touch only, under Xvfb: added from a USB stick (a real folder listed as mounted),
played (a draw, a roll, a draw from the bag, a marker moved, the next phase), undone, the app killed with
SIGKILL, started again and the game resumed from Home at the last acknowledged action, with its LEDs (the
recording back-end) showing that position; Home listing a Thunderbirds game and a kit game side by side, each
resuming into its own screens; every kit screen fitting the window at the three sizes in both languages."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from companion.paths import ROOT

HERE = Path(__file__).resolve().parent
ARTIFACTS = ROOT / "artifacts" / "ui"


_LAUNCH = r"""
import sys
sys.path.insert(0, {here!r})
import scenarios, kit_scenarios
vars(scenarios).update(vars(kit_scenarios))
import driver
sys.argv = ["driver.py", "--scenario", {name!r}, "--size", {size!r}, "--lang", {lang!r}, "--out", {out!r}, *{args!r}]
sys.exit(driver.main())
"""

DICE_RACE = ROOT / "data" / "kits" / "dice_race.toml"


def artefact_dir(request: pytest.FixtureRequest, suffix: str = "") -> Path:
    """Where a run keeps its screenshots, report and log: artifacts/ui/<test>[-suffix]/, emptied of a former run's."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name + (f"-{suffix}" if suffix else ""))
    path = ARTIFACTS / name
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    return path


def launch(
    display: str,
    out: Path,
    name: str,
    args: dict[str, str] | None = None,
    size: str = "800x480",
    lang: str = "en",
    env: dict[str, str] | None = None,
) -> subprocess.Popen[str]:
    """Starts the scenario `name` of kit_scenarios.py in the real app; its output goes to out/driver.log."""
    out.mkdir(parents=True, exist_ok=True)
    flags = [item for key, value in (args or {}).items() for item in ("--arg", f"{key}={value}")]
    code = _LAUNCH.format(here=str(HERE), name=name, size=size, lang=lang, out=str(out), args=flags)
    environment = {**os.environ, "DISPLAY": display, "KIVY_HOME": str(out / "kivy-home"), **(env or {})}
    environment.pop("WAYLAND_DISPLAY", None)
    log = (out / "driver.log").open("w", encoding="utf-8")
    return subprocess.Popen(
        [sys.executable, "-c", code], env=environment, stdout=log, stderr=subprocess.STDOUT, text=True, cwd=str(ROOT)
    )


def report_of(out: Path, process: subprocess.Popen[str], timeout: float = 300) -> dict[str, Any]:
    process.wait(timeout)
    report_file = out / "report.json"
    log = (out / "driver.log").read_text(encoding="utf-8", errors="replace")
    assert report_file.exists(), f"no report (exit {process.returncode}): {log[-3000:]}"
    report: dict[str, Any] = json.loads(report_file.read_text(encoding="utf-8"))
    assert report["ok"], (report["error"] or "") + log[-2000:]
    return report


def make_stick(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A folder standing in for a USB stick: `media/STICK` listed as mounted (read-write, vfat) in a mounts file
    written as /proc/mounts is. On it: a new kit, a kit named like a shipped example, and a broken file."""
    media = tmp_path / "media"
    stick = media / "pi" / "MY STICK"
    stick.mkdir(parents=True)
    text = DICE_RACE.read_text(encoding="utf-8")
    (stick / "race.toml").write_text(
        text.replace('name = "dice_race"', 'name = "stick_race"').replace(
            'en = "Push Your Luck Dice Race"', 'en = "Stick Race"'
        ),
        encoding="utf-8",
    )
    (stick / "clash.toml").write_text(text, encoding="utf-8")
    lines = text.splitlines()
    broken_line = next(i for i, line in enumerate(lines) if line.startswith("players = ")) + 1
    lines[broken_line - 1] = 'players = [2, "five"]'
    (stick / "broken.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    mounts = tmp_path / "mounts"
    escaped = str(stick).replace(" ", "\\040")
    mounts.write_text(f"/dev/mmcblk0p2 / ext4 rw,noatime 0 0\n/dev/sda1 {escaped} vfat rw,nosuid,nodev 0 0\n")
    return stick, {"mounts": str(mounts), "media": str(media), "broken_line": str(broken_line)}


def read_acks(path: Path) -> list[tuple[int, str]]:
    found = []
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else ():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "ack":
            found.append((int(parts[1]), parts[2]))
    return found


@pytest.mark.timeout(900)
def test_a_kit_game_from_a_usb_stick_played_undone_killed_and_resumed_with_its_leds(
    xvfb_display: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    stick, args = make_stick(tmp_path)
    progress = tmp_path / "progress.txt"
    env = {"COMPANION_LIGHTS": "recording"}
    played_out = artefact_dir(request, "play")
    process = launch(xvfb_display, played_out, "kit_stick_play", {**args, "progress": str(progress)}, env=env)
    kill_after = 11  # the six plays, the undo and four counter changes acknowledged
    deadline = time.monotonic() + 300
    while len(read_acks(progress)) < kill_after and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    acks = read_acks(progress)
    assert len(acks) >= kill_after, (played_out / "driver.log").read_text(encoding="utf-8")[-3000:]
    process.send_signal(signal.SIGKILL)
    process.wait(10)
    assert process.returncode == -signal.SIGKILL
    last_seq, last_digest = read_acks(progress)[-1]

    # What the stick gave: the new game copied into the user's kits folder; the clash kept; the broken file named.
    kits = Path(os.environ["COMPANION_DATA_DIR"]) / "kits"
    assert sorted(path.name for path in kits.iterdir()) == ["stick_race.toml"]
    assert (kits / "stick_race.toml").read_bytes() == (stick / "race.toml").read_bytes()
    assert sorted(path.name for path in stick.iterdir()) == ["broken.toml", "clash.toml", "race.toml"]

    resumed_out = artefact_dir(request, "resume")
    report = report_of(resumed_out, launch(xvfb_display, resumed_out, "kit_resume", env=env))
    notes = report["notes"]
    assert notes["game"] == "stick_race" and notes["screen"] == "table" and notes["screen_class"] == "KitTableScreen"
    # Never behind what the screen had shown; at most the one action under way when the power went.
    assert notes["cursor"] in (last_seq, last_seq + 1)
    if notes["cursor"] == last_seq:
        assert notes["digest"] == last_digest
    assert report["layout"] == {} or all(problems == [] for problems in report["layout"].values()), report["layout"]

    # The LEDs of the resumed position, on the recording back-end: each marker's space in its player's colour.
    from companion.engine import registry
    from companion.kit.lights import SEAT_COLOURS, make_scene
    from companion.kit.rules import KitRules

    state = KitRules("stick_race").decode_state(notes["state"])
    assert notes["backend"] == "RecordingBackend"
    leds = notes["leds"]
    [mover] = [marker for marker, at in state.tracks[0].positions if at == 3]  # moved there by touch
    assert leds["track.race.3"][0] == list(SEAT_COLOURS[int(mover[1:]) - 1])
    scene = make_scene(state.kit)
    assert scene is not None
    expected = scene.complete().frame(scene.view(registry.pack("stick_race").public_view(state)), 0.0)
    assert leds == {
        name: [list(light.colour), light.level, light.blink is not None]
        for name, light in expected.items()
        if not light.is_dark
    }
    registry.forget("stick_race")
    registry.rescan()


def test_the_stick_and_the_play_said_what_they_did(
    xvfb_display: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """The same flow to its end (no kill): what the chooser, the clash question and the history said."""
    _stick, args = make_stick(tmp_path)
    out = artefact_dir(request)
    report = report_of(
        out,
        launch(xvfb_display, out, "kit_stick_play", {**args, "progress": str(tmp_path / "p.txt"), "actions": "2"}),
    )
    notes = report["notes"]
    assert notes["stick_keys"] == ["stick:clash.toml", "stick:race.toml"]
    texts = " ".join(notes["stick_texts"])
    assert "Stick Race (race.toml)" in texts and "Push Your Luck Dice Race (clash.toml)" in texts
    assert f"Left out: broken.toml:{args['broken_line']}: kit.players[1]: expected a whole number" in texts
    assert "Replace Push Your Luck Dice Race?" in notes["clash_texts"]
    assert notes["added_notice"] == "Stick Race added: choose it on Home to play."
    labels = notes["labels"]
    assert [label.split(" ", 1)[1] for label in labels[:4]] == [
        "draws a card from Boost cards",
        "rolls Run dice",
        "draws from Bonus chips",
        "moves 1 space forward on Race track",
    ]
    assert labels[4].endswith("moves to space 3 of Race track") and labels[5] == "Next phase: Race"
    assert notes["after_undo"] == labels[:5]
    assert [problem for problems in report["layout"].values() for problem in problems] == []


def test_home_lists_thunderbirds_and_a_kit_game_side_by_side_each_resuming_into_its_own_screens(
    xvfb_display: str, request: pytest.FixtureRequest
) -> None:
    from companion.engine import registry
    from companion.engine.session import Session
    from companion.engine.store import Store

    with Store.open(None) as store:
        Session.new(store, registry.get("thunderbirds"), {"players": 2, "difficulty": "introduction"}, seed=34)
        pack = registry.pack("dice_race")
        Session.new(store, pack.rules, pack.setup_for(3, {}), seed=5)
    out = artefact_dir(request)
    report = report_of(out, launch(xvfb_display, out, "two_games_side_by_side"))
    notes = report["notes"]
    home = " ".join(notes["home_texts"])
    assert "Thunderbirds ·" in home and "Push Your Luck Dice Race ·" in home
    assert "3 players" in home and "Round 1 · " in home
    assert notes["dice_race_screen"] == ["table", "KitTableScreen"]
    assert notes["thunderbirds_screen"] == ["table", "TableScreen"]
    assert all(name.startswith("track.race.") for name in notes["dice_race_leds"]) and notes["dice_race_leds"]
    assert any(name.startswith("hood.") for name in notes["thunderbirds_leds"])
    assert "adjust" not in notes["thunderbirds_screens_built"]  # the kit's screens went with its game
    assert [problem for problems in report["layout"].values() for problem in problems] == []


BIG_KIT_PARTS = 8
CARD_TEXT = (
    '{ en = "Do something long and complicated that takes two lines to say on the screen.", '
    'fr = "Faites une chose longue et compliquée qui prend deux lignes à dire sur écran.", translated = ["fr"] }'
)
SPACE_TEXT = (
    '{ en = "Something happens here that the players read aloud.", '
    'fr = "Il se passe ici une chose que les joueurs lisent.", translated = ["fr"] }'
)
REMINDER = (
    '{ en = "A long reminder of what happens in this phase, with every detail the players need to remember, in '
    'two or three lines at least.", fr = "Un long rappel de ce qui se passe dans cette phase, avec chaque détail '
    'dont les joueurs doivent se souvenir, en deux ou trois lignes au moins.", translated = ["fr"] }'
)


def big_kit() -> str:
    """A kit larger than a café would write: eight seats, a 60-space track, eight decks, bags, dice and counters,
    six phases of eight steps, a timer: the table screen must scroll it, not grow a widget per thing."""

    def words(en: str, fr: str) -> str:
        return f'{{ en = "{en}", fr = "{fr}", translated = ["fr"] }}'

    seats = ",\n".join(f"    {words(f'Seat number {n}', f'Place numéro {n}')}" for n in range(1, 9))
    parts = [
        "[kit]",
        "format = 1",
        'name = "big_kit"',
        f"title = {words('A very big table game with a long name', 'Un très grand jeu de table au long nom')}",
        f"blurb = {words('Everything at once.', 'Tout à la fois.')}",
        "players = [1, 8]",
        f"seat_names = [\n{seats}\n]",
        "",
    ]
    parts += ["[[symbol]]", 'id = "sun"', f"name = {words('Sun', 'Soleil')}", ""]
    for n in range(BIG_KIT_PARTS):
        parts += [
            "[[die]]",
            f'id = "d{n}"',
            f"name = {words(f'Die of the {n}th kind', f'Dé de la sorte {n}')}",
            'faces = [1, 2, 3, 4, "sun", "wild"]',
            "",
            "[[dice]]",
            f'id = "g{n}"',
            f"name = {words(f'Group {n} of dice', f'Groupe {n} de dés')}",
            f"dice = {{ d{n} = {n + 1} }}",
            "",
            "[[deck]]",
            f'id = "deck{n}"',
            f"name = {words(f'Deck number {n}', f'Pioche numéro {n}')}",
            f'face = "{"up" if n % 2 else "down"}"',
            "",
        ]
        for c in range(4):
            parts += [
                "[[deck.card]]",
                f'id = "c{c}"',
                f"name = {words(f'Card {c} of deck {n}', f'Carte {c} de la pioche {n}')}",
                "count = 3",
                f"text = {CARD_TEXT}",
                "",
            ]
        parts += [
            "[[bag]]",
            f'id = "bag{n}"',
            f"name = {words(f'Bag number {n}', f'Sac numéro {n}')}",
            f"secret = {'true' if n % 2 else 'false'}",
            "",
            "[[bag.token]]",
            'id = "t"',
            f"name = {words('A token with a rather long name', 'Un jeton au nom plutôt long')}",
            "count = 9",
            "",
            "[[counter]]",
            f'id = "k{n}"',
            f"name = {words(f'Counter {n}', f'Compteur {n}')}",
            "min = 0",
            "max = 99",
            "",
        ]
    parts += [
        "[[track]]",
        'id = "long"',
        f"name = {words('The long road', 'La longue route')}",
        "length = 60",
        "per_player = true",
        "",
    ]
    for at in range(0, 60, 3):
        parts += [
            "[[track.space]]",
            f"at = {at}",
            f"name = {words(f'Place {at}', f'Lieu {at}')}",
            f"text = {SPACE_TEXT}",
            "",
        ]
    for p in range(6):
        parts += [
            "[[phase]]",
            f'id = "p{p}"',
            f"name = {words(f'Phase {p}', f'Phase {p}')}",
            f"reminder = {REMINDER}",
            "turns = 1",
            "",
        ]
        for s in range(8):
            parts += [
                "[[phase.step]]",
                f'id = "s{s}"',
                f"text = {words(f'Step {s} of the phase', f'Étape {s} de la phase')}",
                "",
            ]
    parts += [
        "[timer]",
        f"name = {words('Timer', 'Minuteur')}",
        "limit = 90",
        'resets = "each_turn"',
        "",
        "[lights]",
        'track = "long"',
        "",
    ]
    return "\n".join(parts)


def test_a_saved_game_of_a_kit_no_longer_installed_is_kept_and_resumes_when_it_is_back(
    xvfb_display: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """The kit's file removed (a café cleaning its kits folder): its saved game is listed with the reason, cannot
    be opened and is never deleted, the other game still resumes; the kit added again from a USB stick, the
    saved game resumes by touch at the position it was left in."""
    from companion.engine import registry
    from companion.engine.session import Session
    from companion.engine.store import Store
    from companion.kit import actions as a
    from companion.kit.catalogue import user_kits_dir

    stick, args = make_stick(tmp_path)
    kits = user_kits_dir()
    kits.mkdir(parents=True, exist_ok=True)
    installed = kits / "stick_race.toml"
    shutil.copyfile(stick / "race.toml", installed)
    registry.rescan()
    pack = registry.pack("stick_race")
    with Store.open(None) as store:
        other = Session.new(store, registry.pack("dice_race").rules, registry.pack("dice_race").setup_for(3, {}), 5)
        session = Session.new(store, pack.rules, pack.setup_for(2, {}), seed=9)
        seat = session.state.current
        for action in (a.Roll("run", seat), a.MoveMarker("race", f"p{seat + 1}", to=4), a.NextPhase()):
            session.dispatch(action)
        left = pack.rules.encode_state(session.state)
        gone = session.game_id
    installed.unlink()
    registry.forget("stick_race")
    registry.rescan()
    database = Path(os.environ["COMPANION_STATE_DIR"]) / "companion.db"

    out = artefact_dir(request)
    notes = report_of(out, launch(xvfb_display, out, "kit_comes_back", {**args, "gone": str(gone)}))["notes"]
    home = notes["home_texts"]
    assert "This game is not installed: it is kept and resumes when stick_race is back." in home
    assert notes["gone_button"] == ["Not installed", True]
    assert notes["resumable"] == [f"resume:{other.game_id}"]  # the other game still resumes
    assert notes["after_tap"] == ["home", False]
    assert "This game is not installed: it is kept and resumes when stick_race is back." not in notes["back_texts"]
    assert notes["resumed"] == ["stick_race", "KitTableScreen", gone, 3, left]
    with Store.open(database) as store:
        assert sorted(game.id for game in store.list_games()) == sorted([other.game_id, gone])
    registry.forget("stick_race")
    registry.rescan()


BAD_PACK = '''"""A pack whose declaration the contract refuses."""

from companion.engine.pack import PackInfo, Words

INFO = PackInfo(
    name="bad_pack",
    title=Words("Bad", "Mauvais"),
    blurb=Words("Broken.", "Cassé."),
    players=(3, 1),
    support="rules",
    hides_information=False,
    has_chance=False,
    options=(),
    load="bad_pack:make_pack",
)
'''


def test_a_broken_kit_file_and_a_broken_pack_are_named_and_the_other_games_start(
    xvfb_display: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """Home names each with its file, its line and the field; every other game is on the picker, and one starts."""
    import tomllib

    from companion.kit.catalogue import EXAMPLES_DIR, python_pack_names, user_kits_dir

    kits = user_kits_dir()
    kits.mkdir(parents=True, exist_ok=True)
    lines = DICE_RACE.read_text(encoding="utf-8").replace('name = "dice_race"', 'name = "broken_race"').splitlines()
    bad_line = next(i for i, line in enumerate(lines) if line.startswith("players = ")) + 1
    lines[bad_line - 1] = 'players = [2, "five"]'
    broken = kits / "broken_race.toml"
    broken.write_text("\n".join(lines) + "\n", encoding="utf-8")
    site = tmp_path / "site"
    (site / "bad_pack").mkdir(parents=True)
    (site / "bad_pack" / "__init__.py").write_text(BAD_PACK, encoding="utf-8")
    (site / "bad_pack-1.0.dist-info").mkdir()
    (site / "bad_pack-1.0.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: bad_pack\nVersion: 1.0\n")
    (site / "bad_pack-1.0.dist-info" / "entry_points.txt").write_text("[companion.packs]\nbad_pack = bad_pack:INFO\n")
    out = artefact_dir(request)
    env = {"PYTHONPATH": str(site)}
    notes = report_of(out, launch(xvfb_display, out, "broken_games_at_start", env=env))["notes"]
    home = "\n".join(notes["home_texts"])
    assert f"{broken}:{bad_line}: kit.players[1]: expected a whole number" in home
    declaration = BAD_PACK.splitlines().index("INFO = PackInfo(") + 1
    assert f"{site / 'bad_pack' / '__init__.py'}:{declaration}: ValueError: pack bad_pack: player range" in home
    shipped = python_pack_names() | {
        tomllib.loads(p.read_text("utf-8"))["kit"]["name"] for p in EXAMPLES_DIR.glob("*.toml")
    }
    assert notes["picker"] == sorted(f"game:{name}" for name in shipped)  # every game shipped, none left out
    assert notes["started"] == ["dice_race", "table", "KitTableScreen"]
    assert broken.read_text(encoding="utf-8").splitlines()[bad_line - 1] == 'players = [2, "five"]'  # left as it was


def test_a_kit_examples_unknown_die_completed_in_the_editor_by_touch(
    xvfb_display: str, request: pytest.FixtureRequest
) -> None:
    """The data editor of a kit: the faces typed on the docked keyboard saved in the players' own copy of the
    example (the shipped file untouched, its comments kept), a face that names no symbol refused with the field,
    a token count stepped; a new game then rolls the die that could not be rolled before."""
    import tomllib

    from companion.kit.catalogue import EXAMPLES_DIR, user_kits_dir

    example = (EXAMPLES_DIR / "thunder_road_upkeep.toml").read_bytes()
    out = artefact_dir(request)
    notes = report_of(out, launch(xvfb_display, out, "kit_editor"))["notes"]
    assert notes["before"][1] == "Road die: faces not known yet"
    assert notes["after"][1] == "Road die: 1, 2, 3, 4, 5, 6"
    assert notes["intro"].startswith("4 of 9 entries complete · saved in ")
    assert notes["notice"] == "Saved: new games use it; saved games keep the game as it was."
    assert notes["refused"] == "Not saved: die[2].faces[1]: no symbol skull is declared"
    assert any(text.endswith("×13") for text in notes["bags"])
    assert notes["road_offered"] and notes["rolled"][0].endswith("rolls Road die")
    copy = user_kits_dir() / "thunder_road_upkeep.toml"
    data = tomllib.loads(copy.read_text(encoding="utf-8"))
    assert data["die"][1]["faces"] == [1, 2, 3, 4, 5, 6] and data["die"][2]["faces"] == []
    assert data["bag"][0]["token"][1]["count"] == 13
    assert "# [U] The five special dice" in copy.read_text(encoding="utf-8")
    assert (EXAMPLES_DIR / "thunder_road_upkeep.toml").read_bytes() == example
