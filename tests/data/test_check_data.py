"""`companion check-data`: the summary per table and deck, `--list`, and the exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main as companion_main
from companion.games.thunderbirds.check_data import main
from tests.data.conftest import SHIPPED, edit, entry


def row(output: str, label: str) -> list[str]:
    line = next(line for line in output.splitlines() if line.startswith(label + " "))
    return line[len(label) :].split()


def test_valid_data_prints_the_summary_and_exits_0(overlay_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data", str(SHIPPED), "--overlay", str(overlay_dir)]) == 0
    out = capsys.readouterr().out
    # complete, partial, unknown, unverified facts, texts in our words (translations)
    assert row(out, "disasters") == ["42", "2", "3", "28", "29"]
    assert row(out, "schemes") == ["0", "6", "14", "20", "7"]
    assert row(out, "events") == ["1", "5", "6", "10", "13"]
    assert row(out, "F.A.B.") == ["2", "3", "13", "16", "18"]
    assert row(out, "regions") == ["18", "0", "0", "0", "0"]
    assert row(out, "vehicles") == ["2", "4", "0", "4", "0"]
    for label in ("pods", "characters", "tokens", "glossary"):
        assert len(row(out, label)) == 5
    assert "unknown-disaster-1" not in out


def test_list_says_which_cards_miss_what(overlay_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data", str(SHIPPED), "--overlay", str(overlay_dir), "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert (
        "disasters unknown-disaster-1: unknown; missing region, rescue_type, difficulty, bonuses, rewards; "
        "1 unverified" in lines
    )
    assert (
        "disasters lit-de-sel-pour-atterrissage: partial; missing rewards; "
        "translated names.en (low), story.en (medium)" in lines
    )
    assert "disasters desperate-intruder: complete; translated names.fr (low); 1 unverified" in lines
    assert "vehicles tb1: partial; missing seats; 1 unverified" in lines
    assert not any(line.startswith("disasters sun-probe") for line in lines)  # complete and verified


def test_an_overlay_changes_the_counts(overlay_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (overlay_dir / "fab.toml").write_text(
        '[[fab]]\nid = "jeffs-orders"\neffects = [{ kind = "draw-disaster", value = 1 }]\ntiming = "any-time"\n'
        'text = { en = "As printed", fr = "Comme imprimé" }\nverified = true\n',
        encoding="utf-8",
    )
    assert main(["--data", str(SHIPPED), "--overlay", str(overlay_dir)]) == 0
    assert row(capsys.readouterr().out, "F.A.B.") == ["3", "3", "12", "15", "18"]


def test_invalid_data_prints_each_problem_and_exits_2(
    data_dir: Path, overlay_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edit(data_dir, "disasters.toml", lambda doc: entry(doc, "disaster", "sun-probe").update(difficulty="eleven"))
    edit(data_dir, "vehicles.toml", lambda doc: entry(doc, "vehicle", "tb1").update(seats=0))
    assert main(["--data", str(data_dir), "--overlay", str(overlay_dir)]) == 2
    captured = capsys.readouterr()
    errors = captured.err.splitlines()
    assert (
        'disasters.toml: card "sun-probe": field "difficulty": expected an integer from 2 to 20, got "eleven"' in errors
    )
    assert any(line.startswith('vehicles.toml: card "tb1": field "seats": ') for line in errors)
    assert "disasters" not in captured.out


def test_a_broken_overlay_fails_the_check(overlay_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = overlay_dir / "schemes.toml"
    bad.write_text('[[scheme]]\nid = "voile-de-peur"\nlevel = 9\n', encoding="utf-8")
    assert main(["--data", str(SHIPPED), "--overlay", str(overlay_dir)]) == 2
    assert f'{bad}: card "voile-de-peur": field "level"' in capsys.readouterr().err


def test_the_companion_command_routes_to_it(overlay_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert companion_main(["check-data", "--data", str(SHIPPED), "--overlay", str(overlay_dir)]) == 0
    assert "disasters" in capsys.readouterr().out
