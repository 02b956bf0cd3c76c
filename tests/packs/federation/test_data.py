"""The shipped data: every fact carries its mark, the module's numbers are the ones of the rules text and the page,
French is our translation and says so; a broken file names the file, the line and the field; check-data reports
the readings and the empty slots, as typed."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

from companion.games.federation.errors import DataError
from companion.games.federation.loader import FILES, default_data_dir, default_definitions, load_definitions

from .cli import CHECK_DATA, run

DEFS = default_definitions()


def test_the_module_s_numbers() -> None:
    """The rules text's tables and the page's modifiers, as the facts file gives them (section 3)."""
    rows = {table.id: [(row.id, row.faces, row.revenue) for row in table.rows] for table in DEFS.tables.values()}
    assert rows["resources"] == [("poor", (1, 2), 1), ("moderate", (3, 4), 2), ("rich", (5, 6), 3)]
    assert rows["minor-race"] == [
        ("none", (1, 2, 3), 0),
        ("primitive", (4,), 1),
        ("modern", (5,), 2),
        ("advanced", (6,), 3),
    ]
    assert rows["enigma"] == [("none", (1, 2, 3, 4), 0), ("enigma", (5, 6), 0)]
    assert rows["consequences"] == [("destroyed", (1, 2, 3), 0), ("retreat", (4, 5), 0), ("again", (6,), 0)]
    assert (DEFS.enigma_roll.solved_on, DEFS.enigma_roll.consequences_on, DEFS.enigma_roll.ship_bonus) == (
        (5,),
        (1, 2, 3, 4),
        1,
    )
    assert (DEFS.diplomacy.joins_at, DEFS.diplomacy.never_on) == (6, (1, 2))
    modifiers = {
        r.id: (r.diplomacy_modifier, r.minor_race_revenue, r.conquers_minor_races) for r in DEFS.races.values()
    }
    assert modifiers == {
        "federation": (1, 0, False),
        "klingon": (0, 0, True),
        "romulan": (0, 0, True),
        "ferengi": (1, -1, True),
        "cardassian": (0, 1, True),
        "borg": (0, 1, True),
    }
    assert (DEFS.revenue.homesystem, DEFS.revenue.terraformed_bonus, DEFS.victory.over_percent) == (10, 1, 60)
    assert [phase.id for phase in DEFS.phases] == [
        "draw", "move", "exploration", "enigma", "diplomacy", "battle", "revenue", "recruit", "upkeep", "control",
    ]  # fmt: skip


def test_every_fact_is_marked_and_the_marks_agree() -> None:
    for name in FILES:
        data = tomllib.loads((default_data_dir() / name).read_text(encoding="utf-8"))
        for key, entries in data.items():
            for entry in entries if isinstance(entries, list) else [entries]:
                where = f"{name} {key} {entry.get('id', '')}"
                assert entry.get("confidence") in ("high", "low", "unknown"), where
                assert entry.get("source"), where
    assert {reading.mark.confidence for reading in DEFS.readings.values()} == {"low"}
    assert all("I" in reading.mark.source for reading in DEFS.readings.values())
    assert all(slot.value is None and slot.mark.confidence == "unknown" for slot in DEFS.slots)


def test_french_is_marked_as_our_translation_and_typeset_the_french_way() -> None:
    texts = [race.names for race in DEFS.races.values()] + [race.short for race in DEFS.races.values()]
    texts += [table.names for table in DEFS.tables.values()] + [phase.names for phase in DEFS.phases]
    texts += [reading.question for reading in DEFS.readings.values()] + [slot.names for slot in DEFS.slots]
    texts += [row.names for table in DEFS.tables.values() for row in table.rows]
    assert all("fr" in words.translated for words in texts)
    assert (
        DEFS.races["klingon"].names.text("fr") == "Empire klingon"
        and DEFS.races["romulan"].short.text("fr") == "Romuliens"
    )
    for words in texts:
        assert not re.search(r" [:;?!%»]|« ", words.text("fr")), words.text("fr")


def copy_data(tmp_path: Path) -> Path:
    folder = tmp_path / "federation"
    shutil.copytree(default_data_dir(), folder)
    return folder


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(folder: Path, name: str, text: str) -> int:
    return next(n for n, line in enumerate((folder / name).read_text().splitlines(), 1) if text in line)


@pytest.mark.parametrize(
    ("name", "old", "new", "field", "words", "line_text"),
    [
        ("races.toml", "diplomacy_modifier = 1", "diplomacy_modifier = 9", "race.federation.diplomacy_modifier",
         "expected a whole number from -5 to 5", 'id = "federation"'),
        ("races.toml", 'id = "klingon"', 'id = "federation"', "race.federation", "this id is used twice", None),
        ("races.toml", "conquers_minor_races = false", "conquers_minor_races = false\nspeed = 3",
         "race.federation.speed", "unknown field", 'id = "federation"'),
        ("tables.toml", "faces = [5, 6]\nnames = { en = \"Rich\"", "faces = [5]\nnames = { en = \"Rich\"",
         "table.resources.row", "the rows must cover the faces 1 to 6, each once", 'id = "resources"'),
        ("tables.toml", 'source = ["R"]\nnote = "R: 1-2', 'source = ["I"]\nnote = "R: 1-2',
         "table.resources.confidence", "a fact marked I has confidence low, not high", 'id = "resources"'),
        ("tables.toml", 'bonus_ships = ["command-ship", "science-vessel"]', 'bonus_ships = ["warbird"]',
         "enigma_roll.bonus_ships", "unknown ship warbird", "bonus_ships"),
        ("readings.toml", 'default = "solved"', 'default = "perhaps"', "reading.enigma-high.default",
         "expected one of the reading's choices", 'id = "enigma-high"'),
        ("empire.toml", 'names = { en = "Colony", fr = "Colonie" }', 'names = { en = "Colony" }',
         "building.colony.names", "both written", 'id = "colony"'),
        ("phases.toml", 'module = true\nconfidence = "high"\nsource = ["R"]',
         'module = "yes"\nconfidence = "high"\nsource = ["R"]', "phase.exploration.module", "expected true or false",
         'id = "exploration"'),
    ],
)  # fmt: skip
def test_a_broken_file_names_the_file_the_line_and_the_field(
    tmp_path: Path, name: str, old: str, new: str, field: str, words: str, line_text: str | None
) -> None:
    folder = copy_data(tmp_path)
    edit(folder, name, old, new)
    with pytest.raises(DataError) as raised:
        load_definitions(folder)
    problems = [p for p in raised.value.problems if p.field == field]
    assert problems, raised.value.problems
    problem = problems[0]
    assert problem.file == str(folder / name) and words in problem.message
    if line_text is not None:
        assert problem.line == line_of(folder, name, line_text)
        assert str(problem).startswith(f"{folder / name}:{problem.line}: field '{field}': ")


def test_a_missing_file_and_bad_toml_are_named(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    (folder / "phases.toml").unlink()
    edit(folder, "races.toml", "[[race]]", "[[race]\n")
    with pytest.raises(DataError) as raised:
        load_definitions(folder)
    text = str(raised.value)
    assert f"{folder / 'phases.toml'}: the file is missing" in text
    assert f"{folder / 'races.toml'}: not valid TOML" in text and "line" in text


def test_check_data_lists_the_readings_and_the_empty_slots() -> None:
    done = run(CHECK_DATA, "--list")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert re.search(r"readings\s+0\s+5\s+0", out) and re.search(r"empty slots\s+0\s+0\s+3", out)
    assert "reading enigma-high (low): The page says a 5 solves the Enigma" in out
    assert "Ours: It solves the Enigma." in out
    assert "slot colony-cost (unknown, empire.toml): Cost of a colony; read it from your Warp Empires rules." in out
    assert out.rstrip().endswith("The data is valid (5 files read).")


def test_check_data_on_a_missing_folder_says_so(tmp_path: Path) -> None:
    done = run(CHECK_DATA, "--data", tmp_path / "nowhere")
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == f"{tmp_path / 'nowhere'}: there is no such folder"


def test_check_data_in_french() -> None:
    from companion.locale.build import main as build

    build()
    done = run(CHECK_DATA, "--list", "--lang", "fr")
    assert done.returncode == 0, done.stderr
    assert "lecture enigma-high (basse)\u00a0: La page dit qu'un 5 résout l'Énigme" in done.stdout
    assert "Les données sont valides (5\u00a0fichiers lus)." in done.stdout


def test_check_data_on_broken_data_names_every_problem_and_exits_2(tmp_path: Path) -> None:
    folder = copy_data(tmp_path)
    edit(folder, "races.toml", "diplomacy_modifier = 1", "diplomacy_modifier = 9")
    edit(folder, "tables.toml", "joins_at = 6", "joins_at = 60")
    done = run(CHECK_DATA, "--data", folder)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert any(
        line.startswith(f"{folder / 'races.toml'}:") and "race.federation.diplomacy_modifier" in line for line in lines
    )
    assert any(line.startswith(f"{folder / 'tables.toml'}:") and "diplomacy.joins_at" in line for line in lines)
    assert lines[-1] == "The data is not valid: 2 problems found"
    assert "Traceback" not in done.stderr


def test_check_data_counts_one_problem_in_the_singular_in_both_languages(tmp_path: Path) -> None:
    from companion.locale.build import main as build

    build()
    folder = copy_data(tmp_path)
    edit(folder, "races.toml", "diplomacy_modifier = 1", "diplomacy_modifier = 9")
    english = run(CHECK_DATA, "--data", folder)
    french = run(CHECK_DATA, "--data", folder, "--lang", "fr")
    assert english.returncode == french.returncode == 2
    assert english.stderr.splitlines()[-1] == "The data is not valid: 1 problem found"
    assert french.stderr.splitlines()[-1] == "Les données ne sont pas valides\u00a0: 1\u00a0problème trouvé"
