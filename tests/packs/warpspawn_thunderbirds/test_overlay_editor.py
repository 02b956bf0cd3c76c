"""The data editor's writes: a board's bases and starting squares saved in the user's overlay (never in the shipped
files), marked as the players', read back by new games and said so by the set-up guide; a refused change names the
file and the field and writes nothing; a file someone edited by hand is never overwritten."""

from __future__ import annotations

import pytest

from companion.games.warpspawn_thunderbirds.errors import DataError
from companion.games.warpspawn_thunderbirds.guide import setup_lines
from companion.games.warpspawn_thunderbirds.loader import (
    clear_definitions_cache,
    default_data_dir,
    default_definitions,
    default_overlay_dir,
    default_overlay_problems,
)
from companion.games.warpspawn_thunderbirds.overlay import clear_layout, overlay_layout, save_layout
from companion.games.warpspawn_thunderbirds.setup import parse_setup

CORNERS = {"red": (1, 1), "blue": (12, 12), "green": (12, 1), "yellow": (1, 12)}


@pytest.fixture(autouse=True)
def fresh_definitions() -> None:
    clear_definitions_cache()
    yield
    clear_definitions_cache()


def shipped_bytes() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in default_data_dir().glob("*.toml")}


def test_saved_bases_and_starts_are_the_players_own_for_new_games() -> None:
    shipped = shipped_bytes()
    bases = {**CORNERS, "red": (3, 3), "blue": (10, 10)}
    save_layout(12, bases, {"red": {"fab": (6, 6)}}, default_definitions().layouts[12].confidence)
    assert shipped_bytes() == shipped, "the shipped files are never written"
    written = (default_overlay_dir() / "layouts.toml").read_text(encoding="utf-8")
    assert 'confidence = { bases = "player", start = "low", starts = "player" }' in written
    layout = default_definitions().layouts[12]
    assert layout.bases["red"] == (3, 3) and layout.starts == {"red": {"fab": (6, 6)}}
    setup = parse_setup({"players": 2, "size": 12})
    assert setup.bases == ((3, 3), (10, 10))
    assert setup.starts[0] == ((3, 3),) * 5 + ((6, 6),) and setup.starts[1] == ((10, 10),) * 6
    lines = setup_lines(setup, default_definitions())
    assert "These bases are your own, saved in the data editor." in lines
    assert "Red's FAB starts on (6, 6)." in lines
    assert not any(line.startswith("Our default (low confidence)") for line in lines)
    other = parse_setup({"players": 2, "size": 20})
    assert other.bases == ((1, 1), (20, 20)), "only the board edited changes"
    clear_layout(12)
    assert overlay_layout(12) == {} and not (default_overlay_dir() / "layouts.toml").exists()
    assert parse_setup({"players": 2, "size": 12}).bases == ((1, 1), (12, 12))


def test_a_refused_change_names_the_file_and_the_field_and_writes_nothing() -> None:
    save_layout(10, {**CORNERS, "blue": (10, 10), "green": (10, 1), "yellow": (1, 10)}, {}, {"start": "low"})
    target = default_overlay_dir() / "layouts.toml"
    before = target.read_bytes()
    with pytest.raises(DataError) as refused:
        save_layout(12, {**CORNERS, "blue": (1, 1)}, {}, {"start": "low"})
    assert str(target) in str(refused.value) and 'field "bases.blue": two bases on the same square' in str(
        refused.value
    )
    assert target.read_bytes() == before
    assert [p.name for p in default_overlay_dir().iterdir()] == ["layouts.toml"], "no temporary file is left"


def test_a_file_edited_by_hand_is_never_overwritten() -> None:
    target = default_overlay_dir() / "layouts.toml"
    target.parent.mkdir(parents=True)
    target.write_text("[[layout]\nid = 12\n", encoding="utf-8")
    with pytest.raises(DataError, match="invalid TOML"):
        save_layout(12, CORNERS, {}, {"start": "low"})
    assert target.read_text(encoding="utf-8") == "[[layout]\nid = 12\n"


def test_a_wrong_starting_square_in_an_overlay_is_skipped_and_named() -> None:
    folder = default_overlay_dir()
    folder.mkdir(parents=True)
    (folder / "mine.toml").write_text(
        '[[layout]]\nid = "12"\nstarts = { red = { tb9 = [2, 2], fab = [13, 1] } }\n'
        'confidence = { bases = "low", start = "low", starts = "player" }\n',
        encoding="utf-8",
    )
    assert default_definitions().layouts[12].starts == {}
    problems = [str(p) for p in default_overlay_problems()]
    assert any('field "starts.red.tb9": no pawn has this id' in p for p in problems)
    assert any('field "starts.red.fab": expected [column, row], each from 1 to 12' in p for p in problems)
