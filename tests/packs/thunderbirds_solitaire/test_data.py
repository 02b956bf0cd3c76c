"""The Solitaire data: shipped with every unknown as a flagged slot, completed by the player in an overlay that is
validated like the shipped files, never written over them; `check-data` run as typed names every slot."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games.thunderbirds_solitaire import overlay
from companion.games.thunderbirds_solitaire.errors import DataError
from companion.games.thunderbirds_solitaire.loader import (
    default_data_dir,
    default_overlay_dir,
    load_definitions_safe,
    load_report,
)

FIXTURE = Path(__file__).resolve().parent / "fixture-overlay"


def check_data(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "companion.games.thunderbirds_solitaire.check_data", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, env=env)


def shipped_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted(default_data_dir().glob("*")):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()


def test_the_shipped_data_invents_nothing() -> None:
    """Counts only where a source gives them; no card, pod, die face or ability content at all."""
    definitions, report = load_report()
    assert definitions.basic_count is None
    assert definitions.advanced_count == 16 and definitions.pod_count == 16 and definitions.dice_count == 21
    assert all(card.kind is None and card.names is None and card.symbols is None for card in definitions.cards.values())
    assert all(pod.names is None and pod.ability is None for pod in definitions.pods.values())
    assert all(pilot.ability is None for pilot in definitions.pilots.values())
    assert [p.id for p in definitions.pilots.values() if p.names is not None] == ["john", "brains"]
    assert all(tb.ability is None for tb in definitions.thunderbirds.values())
    assert list(definitions.symbols) == ["wild"] and not definitions.symbols_complete
    assert definitions.dice == {}
    assert {tb.id for tb in definitions.thunderbirds.values() if tb.marks.get("names") == "low"} == {"tb2", "tb4"}
    assert not definitions.deck_is_known("basic") and not definitions.pods_are_known()
    assert len(report.unknown) == 3 + 16 + 16 + 6 + 5


def test_check_data_list_names_every_unknown_slot() -> None:
    result = check_data("--list")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Emergency deck: the number of basic cards is unknown" in out
    assert "Symbols: only the wild symbol is known" in out
    assert "Dice: 0 of 21 described" in out
    for number in range(1, 17):
        assert f"Emergency card advanced-{number:02d}: unknown; missing: kind, name, symbols" in out
        assert f"Pod card pod-{number:02d}: unknown; missing: name, ability" in out
    for pilot in ("john", "brains"):
        assert f"Pilot card {pilot}: partial; missing: ability" in out
    for number in range(3, 7):
        assert f"Pilot card pilot-{number}: unknown; missing: name, ability" in out
    for tb in ("tb1", "tb3", "tb5"):
        assert f"Thunderbird card {tb}: partial; missing: ability\n" in out
    for tb in ("tb2", "tb4"):
        assert f"Thunderbird card {tb}: partial; missing: ability; inferred, to check: name" in out
    assert "The companion can deal the basic deck: no; the advanced deck: no." in out
    assert out.rstrip().endswith("valid: 6 files")


def test_check_data_says_which_rules_are_checked_in_both_languages() -> None:
    from companion.locale import build

    build.main()
    english = check_data("--rules")
    assert "Checked by the companion (the rules excerpt):" in english.stdout
    assert "Road side up, a Hood card coming to her chain in the Incoming Call phase is discarded" in english.stdout
    assert "Yours, with the rulebook" in english.stdout and "Winning and losing" in english.stdout
    french = check_data("--rules", "--list", "--lang", "fr")
    assert french.returncode == 0, french.stderr
    assert "Vérifié par le compagnon (l'extrait des règles)\u00a0:" in french.stdout
    assert "Carte Urgence advanced-01\u00a0: inconnue\u00a0; manque\u00a0: sorte, nom, symboles" in french.stdout
    assert "Checked by" not in french.stdout


def test_a_completed_fixture_deck_can_be_dealt() -> None:
    result = check_data("--overlay", str(FIXTURE))
    assert result.returncode == 0, result.stderr
    assert "The companion can deal the basic deck: yes; the advanced deck: yes." in result.stdout


def test_a_broken_overlay_names_the_file_line_entry_and_field(tmp_path: Path) -> None:
    (tmp_path / "emergency.toml").write_text(
        '[emergency]\nbasic_count = 3\nconfidence = { basic_count = "player" }\n\n'
        '[[card]]\nid = "basic-02"\nkind = "dragon"\nconfidence = { kind = "player" }\n\n'
        '[[card]]\nid = "basic-09"\nnames = { en = "Nine" }\n',
        encoding="utf-8",
    )
    result = check_data("--overlay", str(tmp_path))
    assert result.returncode == 2
    path = tmp_path / "emergency.toml"
    assert result.stderr.splitlines() == [
        f'{path}:12: entry "basic-09": field "confidence": names has no confidence mark; give one of rules, source,'
        " low, player",
        f'{path}:11: entry "basic-09": field "id": there are 3 slots (basic-01 to basic-03)',
        f'{path}:7: entry "basic-02": field "kind": expected one of disaster, civilian, hood',
        "3 problems: the data is not valid",
    ]
    assert "Traceback" not in result.stderr


def test_the_editor_writes_the_overlay_never_the_shipped_files() -> None:
    before = shipped_digest()
    overlay.set_fields("emergency", "emergency", {"basic_count": 5})
    overlay.set_fields("symbol", "fire", {"names": {"en": "Fire", "fr": "Feu"}})
    previous = overlay.set_fields("card", "basic-01", {"kind": "disaster", "names": {"en": "Dam"}, "symbols": ["fire"]})
    assert previous == {}
    assert shipped_digest() == before
    written = default_overlay_dir() / "emergency.toml"
    assert written.is_file() and str(written).startswith(os.environ["COMPANION_DATA_DIR"])
    card = load_report()[0].cards["basic-01"]
    assert card.kind == "disaster" and card.symbols == ("fire",)
    assert dict(card.marks) == {"kind": "player", "names": "player", "symbols": "player"}
    overlay.clear_entry("card", "basic-01")
    assert load_report()[0].cards["basic-01"].kind is None


def test_an_invalid_edit_is_refused_and_nothing_is_written() -> None:
    overlay.set_fields("emergency", "emergency", {"basic_count": 2})
    written = default_overlay_dir() / "emergency.toml"
    text = written.read_text(encoding="utf-8")
    with pytest.raises(DataError) as refused:
        overlay.set_fields("card", "basic-03", {"kind": "disaster"})
    assert "there are 2 slots (basic-01 to basic-02)" in str(refused.value)
    with pytest.raises(DataError) as refused:
        overlay.set_fields("card", "basic-01", {"symbols": ["ice"]})
    assert "unknown symbol ice; add it to the symbols first" in str(refused.value)
    with pytest.raises(DataError):
        overlay.set_fields("pilot", "virgil", {"names": {"en": "Virgil"}})
    assert written.read_text(encoding="utf-8") == text
    assert [p.name for p in default_overlay_dir().iterdir()] == ["emergency.toml"]


def test_a_symbol_in_use_cannot_be_taken_back() -> None:
    overlay.set_fields("symbol", "fire", {"names": {"en": "Fire"}})
    overlay.set_fields("die", "red", {"names": {"en": "Red"}, "count": 3, "faces": ["fire", "wild"]})
    with pytest.raises(DataError) as refused:
        overlay.clear_entry("symbol", "fire")
    assert "unknown symbol fire" in str(refused.value)
    assert "fire" in load_report()[0].symbols


def test_cards_are_completed_only_once_their_count_is_known() -> None:
    with pytest.raises(DataError) as refused:
        overlay.set_fields("card", "basic-01", {"kind": "hood"})
    assert "the number of basic cards is not known yet" in str(refused.value)
    overlay.set_fields("card", "advanced-16", {"kind": "hood"})
    with pytest.raises(DataError):
        overlay.set_fields("card", "advanced-17", {"kind": "hood"})


def test_the_dice_cannot_outnumber_the_box() -> None:
    overlay.set_fields("die", "red", {"names": {"en": "Red"}, "count": 20, "faces": ["wild"]})
    with pytest.raises(DataError) as refused:
        overlay.set_fields("die", "blue", {"names": {"en": "Blue"}, "count": 2, "faces": ["wild"]})
    assert "the kinds of dice add up to 22 dice, more than the 21 in the box" in str(refused.value)


def test_a_complete_deck_needs_four_disasters() -> None:
    overlay.set_fields("emergency", "emergency", {"basic_count": 4})
    for number in range(1, 4):
        overlay.set_fields("card", f"basic-{number:02d}", {"kind": "disaster"})
    with pytest.raises(DataError) as refused:
        overlay.set_fields("card", "basic-04", {"kind": "civilian"})
    assert "the basic cards hold 3 Disasters; setting up the four chains needs four" in str(refused.value)


def test_a_broken_overlay_file_is_skipped_and_named_the_others_still_apply() -> None:
    folder = default_overlay_dir()
    folder.mkdir(parents=True)
    shutil.copy(FIXTURE / "symbols.toml", folder / "symbols.toml")
    (folder / "pods.toml").write_text("[[pod]\nid = ", encoding="utf-8")
    definitions, problems = load_definitions_safe()
    assert "star" in definitions.symbols
    assert len(problems) == 1 and problems[0].file == str(folder / "pods.toml")
    assert "invalid TOML" in str(problems[0])


def test_a_shipped_fact_without_its_confidence_mark_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(default_data_dir(), data)
    pilots = data / "pilots.toml"
    pilots.write_text(
        pilots.read_text(encoding="utf-8").replace('confidence = { names = "rules", start = "rules" }', "", 1),
        encoding="utf-8",
    )
    result = check_data("--data", str(data))
    assert result.returncode == 2
    assert f'{pilots}:6: entry "john": field "confidence": names has no confidence mark' in result.stderr
    assert f'{pilots}:7: entry "john": field "confidence": start has no confidence mark' in result.stderr
