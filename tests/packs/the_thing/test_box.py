"""The Box editor's draft, file and words: steps stay in range, a value not given starts at the low end, the file
completes the data as written, and the words exist in both languages."""

from __future__ import annotations

from pathlib import Path

from companion.engine.data.files import shipped_files
from companion.games.the_thing.loader import default_definitions, read
from companion.games.the_thing.overlay import BoxDraft, write_box
from companion.games.the_thing.ui.presenters.box import present_box
from companion.locale import speaking
from companion.paths import DATA_DIR

DEFS = default_definitions()


def test_steps_start_low_stay_in_range_and_the_file_completes_the_data(tmp_path: Path) -> None:
    draft = BoxDraft.of(DEFS)
    assert draft.dog_spaces is None and draft.step("dog", -1).dog_spaces == 2
    assert draft.step("dog", 1).step("dog", 1).dog_spaces == 3
    assert draft.step("damage-8", -1).step("damage-8", -1).damage == (None, None, None, None, 0)
    draft = draft.step("dog", 1).step("damage-5", 1).toggle_deck()
    path = write_box(draft, tmp_path)
    defs = read(shipped_files(DATA_DIR / "the_thing", "the_thing"), [(path, str(path))])
    assert (defs.dog_spaces, defs.heliport_damage[1], defs.deck_complete) == (2, 0, True)
    assert len(defs.missing()) == 2  # four damage counts still to give, and the weather die's faces by hand


def test_the_box_screen_speaks_both_languages_and_saves_only_a_change() -> None:
    draft = BoxDraft.of(DEFS)
    assert not present_box(DEFS, draft, "box.toml").save.enabled
    with speaking("fr"):
        view = present_box(DEFS, draft.step("dog", 1), "box.toml")
    assert view.rows[0].name == "Piste Évasion du chien\u00a0: cases" and view.save.enabled
    assert [row.value for row in view.rows[1:6]] == ["non donné"] * 5
