"""The toolkit's screen tour (`companion.ui.screen_tour`), once per shipped pack and kit, one app each: every
screen and pop-up the pack reaches by touch, at 800x480, 1280x800 and 720x1280 (the window resized in place, with
each display's dpi) and in English and French, each checked for layout (no clipped text, no broken word, no text
on text, every button whole and at least 9 mm) and photographed in artifacts/ui/<test>/<language>/<size>/.

A pack reaches its own screens through its hooks' `tour` (docs/packs.md, "The screen tour"); a new pack is toured
here without a line added. What a pack's tour must at least show, and what the test prepares for it (a finished
game, the player's corrections, a USB stick), is listed below for the packs that have more than the default.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.ui.screen_tour import LANGUAGES, SIZES, size_name, walk_name
from tests.packs import is_shipped

sys.path.insert(0, str(Path(__file__).resolve().parent))

#: One app per pack, each a few minutes: run by `make test`, not by the fast loop.
pytestmark = pytest.mark.slow

#: What the shell shows of every pack.
SHELL = {"home", "settings", "backups", "help", "new_game"}
BIG_KIT = "big_kit"


def shipped_games() -> list[str]:
    """Each shipped pack and kit example (never what the user installed): new packs get the tour for free."""
    from companion.engine import registry

    return sorted(info.name for info in registry.available() if is_shipped(info))


# --- what the test prepares ----------------------------------------------------------------------------------


def finished_warpspawn_game() -> dict[str, str]:
    """A finished game in the saved games (played by the rules, as a finished game is stored): the end screen."""
    from companion.engine.session import Session
    from companion.engine.store import Store
    from companion.games.warpspawn_thunderbirds.loader import default_definitions
    from companion.games.warpspawn_thunderbirds.rules import RULES
    from companion.games.warpspawn_thunderbirds.simulate import steps

    store = Store.open(Path(os.environ["COMPANION_STATE_DIR"]) / "companion.db")
    try:
        session = Session.new(store, RULES, {"players": 2, "size": 12}, 3)
        for step in steps(2, 12, 3, default_definitions()):
            session.dispatch(step.action)
        assert session.state.outcome is not None
    finally:
        store.close()
    return {}


def solitaire_fixture_overlay() -> dict[str, str]:
    """The test fixture's made-up cards, symbols and dice as the player's corrections, so the companion can deal
    and check rescues (never the game's facts)."""
    from companion.paths import ROOT

    fixture = ROOT / "tests" / "packs" / "thunderbirds_solitaire" / "fixture-overlay"
    shutil.copytree(fixture, Path(os.environ["COMPANION_DATA_DIR"]) / "overlay" / "thunderbirds_solitaire")
    return {}


def big_kit_and_a_stick(tmp_path: Path) -> dict[str, str]:
    """A big kit installed (every kind of section, many rows) and a USB stick with a kit of the same name."""
    from test_ui_kit import big_kit, make_stick

    from companion.kit.schema import parse_kit

    text = big_kit()
    parse_kit(text, "big_kit.toml")  # valid: the screens, not the file, are under test
    kits = Path(os.environ["COMPANION_DATA_DIR"]) / "kits"
    kits.mkdir(parents=True, exist_ok=True)
    (kits / "big_kit.toml").write_text(text, encoding="utf-8")
    stick, args = make_stick(tmp_path)
    (stick / "race.toml").unlink()
    (stick / "clash.toml").write_text(text, encoding="utf-8")
    return args


PREPARE: dict[str, Callable[[Path], dict[str, str]]] = {
    "warpspawn_thunderbirds": lambda _tmp: finished_warpspawn_game(),
    "thunderbirds_solitaire": lambda _tmp: solitaire_fixture_overlay(),
    BIG_KIT: big_kit_and_a_stick,
}

# --- what each pack's tour must show -------------------------------------------------------------------------


def check_thunderbirds(looked: set[str], notes: dict[str, Any], lang: str) -> None:
    screens = {name.split("+")[0] for name in looked}
    assert {
        f"card_editor-{kind}" for kind in ("disaster", "scheme", "event", "fab", "vehicle", "hood-track")
    } <= screens
    assert {"card_editor-disaster-edit", "table", "board", "scheme", "fabs", "rescue-before", "history"} <= screens
    assert {f"adjust-{s}" for s in ("track", "disasters", "tokens", "fabs", "pieces", "effects")} <= screens
    assert any(s.startswith("setup_guide-") for s in screens)
    assert {"table+card", "table+chooser"} <= looked


def check_federation(looked: set[str], notes: dict[str, Any], lang: str) -> None:
    assert {"new-game", "table", "enter", "explored", "enigma-odds", "diplomacy-odds", "build"} <= looked
    assert {"system-corrections", "turn", "revenue", "victory", "readings", "record-draft"} <= looked
    assert {"remove-question", "homesystem-corrections", "victory-pop-up", "table-victory", "costs"} <= looked
    assert {"end-of-turn", "help"} <= looked
    assert notes["outcome"] == "federation"  # the tour ends on a victory: its pop-up and banner were checked
    assert notes["colony_cost"] == 3 and "overlay/federation/costs.toml" in notes["notice"]
    assert ("Costs" if lang == "en" else "Coûts") in notes["help"]  # the pack's own paragraphs


def check_solitaire(looked: set[str], notes: dict[str, Any], lang: str) -> None:
    screens = {name.split("+")[0] for name in looked}
    assert {"new_game", "setup", "table", "rescue-entry", "rescue-allocate", "rescue-done", "adjust"} <= screens
    assert {"lady-penelope-1", "lady-penelope-2", "lady-penelope-done", "rules", "help", "over"} <= screens
    assert {f"editor-{tab}" for tab in ("counts", "basic", "advanced", "symbols", "dice", "pods", "pilots")} <= screens
    assert {"editor-card", "editor-die", "editor-symbol", "editor-pilot", "editor-emergency"} <= screens
    assert {"reveal", "chooser", "card", "info"} <= {name.split("+")[1] for name in looked if "+" in name}
    assert notes["outcome"] == "won"
    assert notes["config_problems"] == []  # no notice over the screens but their own
    assert len(notes["picker"]) >= 4 and all(notes["picker"].values()), notes["picker"]  # every game in sight
    assert notes["panel_first_line_whole"]  # the turn's panel opens at its top


def check_warpspawn(looked: set[str], notes: dict[str, Any], lang: str) -> None:
    for wanted in ("over", "editor-20", "new_game", "squares", "setup-guide", "grid-alert", "grid-move-card"):
        assert any(s.startswith(wanted) for s in looked), wanted
    for popup in ("+reveal", "+chooser", "+info"):
        assert any(s.endswith(popup) for s in looked), popup
    assert {"handover-cover", "handover-shown", "handover-hidden"} <= looked
    buttons = notes["secret_buttons"]
    assert {"cover:secret:show", "shown:secret:hide", "hidden:secret:done"} <= set(buttons), buttons
    assert all(buttons.values()), buttons  # Show, Hide and Back always whole on screen, never in a scroll
    assert notes["editor_saved"] == [5, 16] and notes["editor_mark"] == "player" and notes["editor_reset"] == [1, 20]
    assert notes["squares_starts"] == {"green": {"tb3": [9, 4]}}
    moved = {"en": "1 pawn starts elsewhere than on its base.", "fr": "1\u00a0pion commence ailleurs que sur sa base."}
    assert moved[lang] in notes["new_game_lines"]


def check_kit(looked: set[str], notes: dict[str, Any], lang: str) -> None:
    screens = {name.split("+")[0] for name in looked}
    assert "table-turn" in screens and any(s.startswith("adjust-") for s in screens)
    assert notes["table_widgets"] < 120, notes["table_widgets"]  # the table makes rows for what is in view


def check_big_kit(looked: set[str], notes: dict[str, Any], lang: str) -> None:
    check_kit(looked, notes, lang)
    screens = {name.split("+")[0] for name in looked}
    popups = {name for name in looked if "+" in name}
    assert {"table-turn", "table-dice", "table-cards", "table-bags", "table-tracks", "table-counters"} <= screens
    assert {"adjust-players", "adjust-round", "adjust-counters", "adjust-cards", "handover-shown"} <= screens
    assert {"editor-dice", "editor-cards", "editor-bags", "editor-die", "editor-card", "editor-token"} <= screens
    assert {"home-stick+chooser", "home-stick-clash+info", "adjust-cards+chooser"} <= popups
    assert any(name.endswith("+reveal") for name in popups)
    assert notes["paused_ms"] >= 1000


def check_the_thing(looked: set[str], notes: dict[str, Any], lang: str) -> None:
    assert {"box", "play", "handover", "handover-shown", "handover-covered", "play+reveal", "history"} <= looked
    assert {"play-phase-4", "play+chooser"} <= looked  # an escape's driver chosen in the play screen's chooser


def check_thunder_road(looked: set[str], notes: dict[str, Any], lang: str) -> None:
    assert {"editor", "editor-form", "table-turn", "table-cars", "table-road", "table-dice", "history"} <= looked


CHECKS: dict[str, Callable[[set[str], dict[str, Any], str], None]] = {
    "thunderbirds": check_thunderbirds,
    "federation": check_federation,
    "thunderbirds_solitaire": check_solitaire,
    "warpspawn_thunderbirds": check_warpspawn,
    "the_thing": check_the_thing,
    "thunder_road": check_thunder_road,
    "dice_race": check_kit,
    "thunder_road_upkeep": check_kit,
    BIG_KIT: check_big_kit,
}


@pytest.mark.timeout(1500)
@pytest.mark.parametrize("game", [*shipped_games(), BIG_KIT])
def test_every_screen_and_pop_up_fits_at_each_size_in_both_languages(run_app: Any, tmp_path: Path, game: str) -> None:
    args = {"game": game, **PREPARE.get(game, lambda _tmp: {})(tmp_path)}
    report = run_app("screen_tour", args=args, timeout=1400)
    assert report.ok, report.error
    looked: dict[str, list[str]] = report.notes["looked"]
    walks = [walk_name(lang, size) for size in SIZES for lang in LANGUAGES]
    assert list(looked) == walks  # each size set once, each language walked at it, the launch size first
    for size in SIZES:
        for lang in LANGUAGES:
            walk = walk_name(lang, size)
            names = looked[walk]
            assert SHELL <= set(names), (walk, sorted(SHELL - set(names)))
            # every look checked and photographed
            assert len(list((report.out / lang / size_name(size)).glob("*.png"))) == len(names), walk
            assert len([label for label in report.layout if label.startswith(f"{walk}/")]) == len(names), walk
            if game in CHECKS:
                CHECKS[game](set(names), report.notes["notes"].get(walk, {}), lang)
    problems = [
        f"{label}: {problem}"
        for label, found in report.layout.items()
        for problem in found
        # Home's picker lists every installed game: another game's tile is that game's (its own tour reports it).
        if "[game:" not in problem or f"[game:{game}]" in problem
    ]
    assert problems == []
