"""The data as shipped, its validation (errors name the file, the card and the field), and the user's overlay."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion import paths
from companion.engine.chance import LiveChance
from companion.games.warpspawn_thunderbirds import actions as act
from companion.games.warpspawn_thunderbirds.errors import DataError
from companion.games.warpspawn_thunderbirds.loader import (
    clear_definitions_cache,
    default_data_dir,
    default_definitions,
    default_overlay_dir,
    default_overlay_problems,
    load_definitions,
    load_definitions_safe,
)
from companion.games.warpspawn_thunderbirds.rules import apply, legal_actions
from companion.games.warpspawn_thunderbirds.scenario import apply_position
from companion.games.warpspawn_thunderbirds.setup import definitions_for, initial_state, parse_setup

SHIPPED = default_data_dir()


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(SHIPPED, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def problems_of(folder: Path, overlay: Path | None = None) -> list[str]:
    with pytest.raises(DataError) as raised:
        load_definitions(folder, overlay or folder / "no-overlay")
    return [str(problem) for problem in raised.value.problems]


def test_the_shipped_data_holds_the_cards_the_text_lists() -> None:
    defs = load_definitions(SHIPPED, SHIPPED / "no-overlay")
    assert len(defs.emergencies) == 28
    assert len(defs.responder_deck) == 43
    counts = {kind.id: kind.count for kind in defs.responder.values()}
    assert counts == {
        **{f"move-{n}": 3 for n in range(1, 11)},
        "move-k": 3,
        "return-to-base": 2,
        "false-alarm": 1,
        "sos": 2,
        "red-alert": 2,
        "deploy-sub": 1,
        "delay": 1,
        "quick-responder": 1,
    }
    bomb = defs.emergencies["bomb-aboard-airliner"]
    assert bomb.solution is not None and bomb.solution.printed == "Fab + TB1"
    assert (bomb.solution.first, bomb.solution.second) == ({"fab"}, {"tb1"})
    vault = defs.emergencies["agent-trapped-in-vault-with-explosives"].solution
    assert vault is not None and vault.first == vault.second == {"tb1", "tb2", "tb3"}
    assert defs.numbers.alert == (0, 1, 1, 2, 2, 3)
    assert defs.sizes == (10, 12, 20) and defs.default_size == 12 and defs.players == (2, 4)
    assert defs.layouts[20].bases["blue"] == (20, 20)
    assert {card.confidence["solution"] for card in defs.emergencies.values()} == {"high"}
    assert {kind.confidence["delayable"] for kind in defs.responder.values()} == {"low"}
    assert defs.layouts[12].confidence == {"bases": "low", "start": "low"}
    assert all("fr" in card.names.translated for card in defs.emergencies.values())


def test_a_bad_solution_names_the_file_the_card_and_the_field(data_copy: Path) -> None:
    edit(data_copy / "emergencies.toml", 'solution = ["fab", "tb1"]', 'solution = ["fab", "tb9"]')
    [problem] = problems_of(data_copy)
    assert problem.startswith(f'{data_copy / "emergencies.toml"}: card "bomb-aboard-airliner": field "solution[1]": ')
    assert "a solution slot is a pawn" in problem


def test_every_problem_is_reported_at_once(data_copy: Path) -> None:
    edit(
        data_copy / "responder.toml",
        'count = 3\neffect = "move"\ndistance = 1',
        'count = 3\neffect = "fly"\ndistance = 1',
    )
    edit(data_copy / "board.toml", "default_size = 12", "default_size = 14")
    edit(
        data_copy / "emergencies.toml",
        'confidence = { names = "high", solution = "high" }',
        'confidence = { names = "high" }',
    )
    found = problems_of(data_copy)
    assert any('card "move-1": field "effect": expected one of move,' in p for p in found), found
    assert any('field "default_size": not one of the sizes [10, 12, 20]' in p for p in found), found
    assert any('card "bomb-aboard-airliner": field "confidence": no confidence mark for solution' in p for p in found)


def test_a_missing_card_is_refused(data_copy: Path) -> None:
    path = data_copy / "emergencies.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index('[[emergency]]\nid = "break-in-dam"')
    end = text.index("[[emergency]]", start + 5)
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    assert any("the rules list 28 emergencies, the data has 27" in p for p in problems_of(data_copy))


def test_a_toml_syntax_error_names_the_line(data_copy: Path) -> None:
    (data_copy / "board.toml").write_text("[rules]\nhand_size = = 6\n", encoding="utf-8")
    found = problems_of(data_copy)
    assert any(p.startswith(f"{data_copy / 'board.toml'}: invalid TOML: ") and "line 2" in p for p in found), found


def write_overlay(name: str, text: str) -> Path:
    folder = default_overlay_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def shipped_fingerprint() -> str:
    digest = hashlib.sha256()
    for path in sorted(SHIPPED.glob("*.toml")):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def test_the_overlay_lives_in_the_user_data_dir() -> None:
    assert default_overlay_dir() == paths.user_data_dir() / "overlay" / "warpspawn_thunderbirds"


def test_an_overlay_corrects_a_card_without_touching_the_shipped_files() -> None:
    before = shipped_fingerprint()
    write_overlay("responder.toml", '[[responder]]\nid = "false-alarm"\ndelayable = true\n')
    write_overlay(
        "board.toml",
        '[[layout]]\nid = "12"\nbases = { red = [6, 1], blue = [6, 12], green = [1, 6], yellow = [12, 6] }\n',
    )
    defs, problems = load_definitions_safe()
    assert problems == ()
    assert defs.responder["false-alarm"].delayable is True
    assert defs.layouts[12].bases["red"] == (6, 1)
    assert shipped_fingerprint() == before
    clear_definitions_cache()
    try:
        state = initial_state({"players": 2}, LiveChance(1))
        assert state.setup.bases == ((6, 1), (6, 12))
    finally:
        clear_definitions_cache()


def test_a_broken_overlay_file_is_skipped_and_named_so_the_game_still_starts() -> None:
    broken = write_overlay("emergencies.toml", '[[emergency]]\nid = "break-in-dam"\nsolution = ["tb9", "tb1"]\n')
    unknown = write_overlay("zz-more.toml", '[[emergency]]\nid = "flood-in-tokyo"\nprinted = "x"\n')
    clear_definitions_cache()
    try:
        defs = default_definitions()
        found = [str(p) for p in default_overlay_problems()]
        assert defs.emergencies["break-in-dam"].solution is not None
        assert f'{broken}: card "break-in-dam": field "solution[0]": a solution slot is a pawn' in found[0]
        assert found[1] == f'{unknown}: card "flood-in-tokyo": field "id": no shipped emergency has this id'
        state = initial_state({"players": 2}, LiveChance(3))
        assert legal_actions(state) == (act.Alert(),)
    finally:
        clear_definitions_cache()


def test_an_overlay_field_the_format_does_not_know_is_named() -> None:
    path = write_overlay("responder.toml", '[[responder]]\nid = "sos"\ndraws = 3\n')
    _defs, problems = load_definitions_safe()
    [problem] = [str(p) for p in problems]
    assert problem.startswith(f'{path}: card "sos": field "draws": unknown field; expected one of ')


def test_an_emergency_nobody_has_read_is_rescued_by_the_players_confirmation(data_copy: Path) -> None:
    """A card shipped flagged (solution unknown) stays playable: the players confirm its rescue."""
    edit(
        data_copy / "emergencies.toml",
        'printed = "Any two TB"\nsolution = ["any-tb", "any-tb"]\nconfidence = { names = "high", solution = "high" }\n'
        'source = "rules text, line 74"',
        'confidence = { names = "high", solution = "unknown" }\nsource = "rules text, line 74"',
    )
    setup = parse_setup({"players": 2, "data_dir": str(data_copy)})
    defs = definitions_for(setup)
    assert defs.emergencies["break-in-dam"].solution is None
    state = initial_state({"players": 2, "data_dir": str(data_copy)}, LiveChance(2), defs)
    state = apply_position(
        state,
        {
            "phase": "move",
            "emergencies": [{"card": "break-in-dam", "square": [6, 6], "counters": 2}],
            "pawns": {"red": {"fab": [5, 5], "tb3": [7, 7]}},
        },
        defs,
        "test",
    )
    assert act.ConfirmRescue("break-in-dam") in legal_actions(state, defs)
    after, events = apply(state, act.ConfirmRescue("break-in-dam"), LiveChance(1), defs)
    assert after.seats[0].rescues == ("break-in-dam",)
    assert type(events[0]).__name__ == "Rescued"
    with pytest.raises(Exception, match="knows Plane Hijacking's solution"):
        state2 = apply_position(state, {"emergencies": [{"card": "plane-hijacking", "square": [6, 6]}]}, defs, "test")
        apply(state2, act.ConfirmRescue("plane-hijacking"), LiveChance(1), defs)


def test_check_data_reports_the_inferred_facts() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion.games.warpspawn_thunderbirds.check_data", "--list"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert first.startswith("28 emergencies, 43 Responder cards: ")
    assert "  layout 12: bases (low)" in done.stdout
    assert "  false-alarm: delayable (low)" in done.stdout


def test_check_data_lists_the_facts_in_french() -> None:
    from companion.locale.build import main as build

    build()
    done = subprocess.run(
        [sys.executable, "-m", "companion", "check-data", "--game", "warpspawn_thunderbirds", "--list", "--lang", "fr"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "  plateau\u00a012\u00a0: bases (faible)" in done.stdout
    assert "  false-alarm\u00a0: delayable (faible)" in done.stdout
    assert "(low)" not in done.stdout and "layout" not in done.stdout


def test_check_data_counts_each_kind_of_fact_as_each_language_counts() -> None:
    """French says "0 inconnu", "24 supposés": each count of the summary takes its own plural."""
    from companion.locale.build import main as build

    build()
    lines = {}
    for language in ("en", "fr"):
        done = subprocess.run(
            [sys.executable, "-m", "companion.games.warpspawn_thunderbirds.check_data", "--lang", language],
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        lines[language] = done.stdout.splitlines()[0]
    assert re.fullmatch(r"28 emergencies, 43 Responder cards: \d+ facts, \d+ inferred, 0 unknown\.", lines["en"])
    assert re.fullmatch(
        r"28 urgences, 43\u00a0cartes Intervention\u00a0: \d+\u00a0faits, \d+\u00a0supposés, 0\u00a0inconnu\.",
        lines["fr"],
    ), lines["fr"]
