"""Where `companion demo` writes (no window): it removes only what an earlier demo wrote, and never writes over a
file of its names that it did not write."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from companion.ui.demo_output import MANIFEST, prepare_output, record_output


def test_a_second_demo_removes_the_first_ones_files_and_nothing_else(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    assert prepare_output(out) == out
    (out / "0001-home.png").write_bytes(b"shot one")
    (out / "0002-table.png").write_bytes(b"shot two")
    (out / "summary.md").write_text("# Companion demo\n", encoding="utf-8")
    record_output(out, ["0001-home.png", "0002-table.png", "summary.md"])
    (out / "holiday.png").write_bytes(b"a photo")
    (out / "0002-table.png").write_bytes(b"edited by somebody since")  # no longer the demo's bytes
    assert prepare_output(out, datetime(2026, 5, 1, 12, 0, tzinfo=UTC)) == out / "demo-20260501-120000"
    assert sorted(p.name for p in out.iterdir()) == ["0002-table.png", "demo-20260501-120000", "holiday.png"]
    assert (out / "0002-table.png").read_bytes() == b"edited by somebody since"


def test_a_file_of_the_demos_names_that_is_not_its_own_sends_it_to_a_fresh_folder(tmp_path: Path) -> None:
    out = tmp_path / "pictures"
    out.mkdir()
    (out / "0001-home.png").write_bytes(b"somebody's picture")
    chosen = prepare_output(out, datetime(2026, 5, 1, 12, 0, tzinfo=UTC))
    assert chosen == out / "demo-20260501-120000" and chosen.is_dir() and not any(chosen.iterdir())
    assert (out / "0001-home.png").read_bytes() == b"somebody's picture"
    again = prepare_output(out, datetime(2026, 5, 1, 12, 0, tzinfo=UTC))
    assert again == out / "demo-20260501-120000-2"


def test_a_manifest_that_names_files_elsewhere_removes_nothing_there(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    out.mkdir()
    outside = tmp_path / "precious.md"
    outside.write_text("keep", encoding="utf-8")
    (out / MANIFEST).write_text('{"files": {"../precious.md": "x", "notes.txt": "y"}}', encoding="utf-8")
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    assert prepare_output(out) == out
    assert outside.exists() and (out / "notes.txt").exists()
