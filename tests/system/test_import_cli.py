"""`companion import FILE` as typed: an exported game becomes a new saved game that resumes where it was; a game
not installed here, a public record and a game that does not replay are refused in one line, leaving nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engine import registry
from companion.engine.session import Session
from companion.engine.store import Store
from companion.paths import ROOT


def companion_import(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "import", *args], capture_output=True, text=True, timeout=120, cwd=ROOT
    )


@pytest.fixture
def exported(tmp_path: Path) -> tuple[Path, object]:
    """A Thunderbirds game played a few turns on another companion, exported to a USB stick."""
    from companion.games.thunderbirds.loader import default_definitions
    from companion.games.thunderbirds.simulate import steps

    with Store.open(tmp_path / "elsewhere.db") as store:
        session = Session.new(store, registry.get("thunderbirds"), {"players": 2, "difficulty": "standard"}, 5003)
        for step in list(steps(2, "standard", 5003, default_definitions()))[:20]:
            session.dispatch(step.action)
        path = tmp_path / "stick" / "thunderbirds-game-1-20260501-120000.json"
        path.parent.mkdir()
        store.export_game(session.game_id, path)
        return path, session.state


def saved_games() -> list[object]:
    with Store.open(Path(os.environ["COMPANION_STATE_DIR"]) / "companion.db") as store:
        return store.list_games()


def test_an_export_becomes_a_saved_game_that_resumes_where_it_was(exported: tuple[Path, object]) -> None:
    path, state = exported
    result = companion_import(str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"Imported {path} as saved game 1 (Thunderbirds)."
    with Store.open(Path(os.environ["COMPANION_STATE_DIR"]) / "companion.db") as store:
        assert Session.resume(store, 1).state == state


def test_a_game_not_installed_here_is_refused_with_that_reason(exported: tuple[Path, object]) -> None:
    path, _state = exported
    document = json.loads(path.read_text(encoding="utf-8"))
    other = path.with_name("chess-game-1.json")
    other.write_text(json.dumps({**document, "game": "chess"}), encoding="utf-8")
    result = companion_import(str(other))
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "companion import: chess-game-1.json cannot be imported: the game chess is not installed here."
    )
    assert saved_games() == []


def test_a_public_record_is_refused_saying_why(exported: tuple[Path, object], tmp_path: Path) -> None:
    path, _state = exported
    with Store.open(tmp_path / "elsewhere.db") as store:
        record = path.with_name("public.json")
        store.export_game(1, record, public=True)  # what a game with hands or roles exports
    result = companion_import(str(record))
    assert result.returncode == 2
    line = result.stderr.strip()
    assert line.startswith("companion import: public.json cannot be imported: it is the public record of a game")
    assert "not enough to play on" in line and "Traceback" not in result.stderr
    assert saved_games() == []


def test_a_game_that_does_not_replay_is_refused_and_not_kept(exported: tuple[Path, object]) -> None:
    path, _state = exported
    document = json.loads(path.read_text(encoding="utf-8"))
    document["actions"][3]["action"] = {"type": "Move", "vehicle": "tb9", "to": "the-moon"}
    tampered = path.with_name("tampered.json")
    tampered.write_text(json.dumps(document), encoding="utf-8")
    result = companion_import(str(tampered))
    assert result.returncode == 2
    assert result.stderr.startswith("companion import: tampered.json cannot be imported: the game does not replay")
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert saved_games() == []


def test_a_file_that_is_not_there_or_not_an_export(tmp_path: Path) -> None:
    result = companion_import(str(tmp_path / "missing.json"))
    assert result.returncode == 2 and "missing.json cannot be imported: the file does not exist." in result.stderr
    junk = tmp_path / "photo.json"
    junk.write_bytes(b"\xff\xd8\xff not json")
    result = companion_import(str(junk))
    assert result.returncode == 2 and "photo.json cannot be imported" in result.stderr


def test_what_a_file_says_of_itself_is_worked_out_again_from_its_steps(exported: tuple[Path, object]) -> None:
    """An export edited by hand (a live turn-3 game marked won at turn 99, a step's label changed) is imported
    with what its replay gives, and the import says so, in the player's language."""
    path, state = exported
    document = json.loads(path.read_text(encoding="utf-8"))
    true_summary = dict(document["summary"])
    true_labels = dict(document["actions"][1]["labels"])
    document["summary"].update(status="won", turn=99)
    document["actions"][1]["label"] = "Gordon wins the game"
    document["actions"][1]["labels"] = {"en": "Gordon wins the game", "fr": "Gordon gagne la partie"}
    forged = path.with_name("forged.json")
    forged.write_text(json.dumps(document), encoding="utf-8")
    result = companion_import(str(forged), "--lang", "fr")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"{forged} importé")
    assert "résumé" in lines[1] and "étape 2" in lines[1], lines[1]
    with Store.open(Path(os.environ["COMPANION_STATE_DIR"]) / "companion.db") as store:
        (saved,) = store.list_games()
        assert saved.summary == true_summary
        resumed = Session.resume(store, saved.id)
        assert resumed.state == state
        assert resumed.history()[1].stored_label == json.dumps(true_labels, ensure_ascii=False, separators=(",", ":"))
    honest = companion_import(str(path))
    assert honest.returncode == 0 and len(honest.stdout.strip().splitlines()) == 1, honest.stdout


def test_a_step_that_no_longer_fits_is_named_in_the_players_language(exported: tuple[Path, object]) -> None:
    path, _state = exported
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["actions"][3]["labels"]["fr"] == "Gordon conclut le sauvetage"
    document["actions"][3]["action"] = {"type": "EndTurn"}
    tampered = path.with_name("tampered.json")
    tampered.write_text(json.dumps(document), encoding="utf-8")
    result = companion_import(str(tampered), "--lang", "fr")
    assert result.returncode == 2
    assert "(Gordon conclut le sauvetage)" in result.stderr and '{"en"' not in result.stderr, result.stderr
    assert saved_games() == []
