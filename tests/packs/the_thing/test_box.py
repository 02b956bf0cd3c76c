"""The Box editor's draft, file and words: steps stay in range, a value not given starts at the low end, the
weather die's faces and the Location deck are completed by touch, the file completes the data as written (and a
new game uses it), a broken entry is refused with its reason and nothing written, and the words exist in both
languages."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from companion.engine.chance import LiveChance
from companion.engine.data.files import shipped_files
from companion.engine.data.problems import DataError
from companion.games.the_thing import actions as a
from companion.games.the_thing import names as nm
from companion.games.the_thing.definitions import CABIN
from companion.games.the_thing.loader import default_definitions, read
from companion.games.the_thing.overlay import BoxDraft, write_box
from companion.games.the_thing.rules import ThingRules
from companion.games.the_thing.ui.presenters.box import BoxEditing, present_box
from companion.locale import speaking
from companion.paths import DATA_DIR

DEFS = default_definitions()
SHIPPED = shipped_files(DATA_DIR / "the_thing", "the_thing")


def reread(path: Path):  # type: ignore[no-untyped-def]
    return read(SHIPPED, [(path, str(path))])


def touched(editing: BoxEditing, *keys: str, **typed: str) -> BoxEditing:
    """The presses in order; after a press that opens a form, the texts typed (field=text) before the next."""
    for key in keys:
        editing = editing.press(key)
        if editing.form is not None:
            for field, text in typed.items():
                if field in dict(editing.form.texts):
                    editing = editing.typed(field, text)
    return editing


def test_steps_start_low_stay_in_range_and_the_file_completes_the_data(tmp_path: Path) -> None:
    draft = BoxDraft.of(DEFS)
    assert draft.dog_spaces is None and draft.step("dog", -1).dog_spaces == 2
    assert draft.step("dog", 1).step("dog", 1).dog_spaces == 3
    assert draft.step("damage-8", -1).step("damage-8", -1).damage == (None, None, None, None, 0)
    draft = draft.step("dog", 1).step("damage-5", 1).toggle_deck()
    path = write_box(draft, tmp_path)
    defs = reread(path)
    assert (defs.dog_spaces, defs.heliport_damage[1], defs.deck_complete) == (2, 0, True)
    assert len(defs.missing()) == 2  # four damage counts still to give, and the weather die's faces
    assert "weather_die" not in path.read_text(encoding="utf-8") and "[[location]]" not in path.read_text("utf-8")


def test_weather_faces_named_by_touch_are_what_the_roll_shows(tmp_path: Path) -> None:
    editing = BoxEditing.of(DEFS)
    view = present_box(DEFS, touched(editing, "box:section:weather"), "box.toml")
    assert [row.value for row in view.rows] == ["6"] + ["not given"] * 6  # six faces: our inference, said so
    assert "inference" in view.rows[0].name and not view.save.enabled
    editing = touched(editing, "box:section:weather", "box:faces:down", "box:faces:down", "box:faces:down")
    editing = touched(editing, "box:faces:down", "box:faces:down")  # a die keeps two faces at least
    assert editing.draft.faces == ("", "")
    editing = touched(editing, "box:face-1:name", "box:form:ok", name="  North   wind ")
    editing = touched(editing, "box:face-2:name", "box:form:cancel", name="never saved")
    assert editing.draft.faces == ("North wind", "")
    editing = touched(editing, "box:face-2:name", "box:form:ok", name="Calm")
    assert present_box(DEFS, editing, "box.toml").save.enabled
    defs = reread(write_box(editing.draft, tmp_path))
    assert defs.weather_faces == ("North wind", "Calm") and len(defs.missing()) == 3
    rules = ThingRules(defs)
    state = rules.initial_state({"players": 4, "bag": "physical"}, LiveChance(7))
    after, _events = rules.apply(state, a.RollWeather(), LiveChance(3))
    assert nm.weather(defs, after.weather) in ("North wind", "Calm") and after.weather_faces == 2


def test_the_location_deck_completed_by_touch_is_what_phase_8_deals(tmp_path: Path) -> None:
    editing = touched(BoxEditing.of(DEFS), "box:section:locations")
    view = present_box(DEFS, editing, "box.toml")
    cabin = view.rows[0]
    assert cabin.name == "Cabin / Cabane" and cabin.buttons == ()  # the expansion's card: neither renamed nor removed
    assert view.rows[1].value == "inferred" and [b.key for b in view.rows[1].buttons] == [
        "box:place-armory:rename",
        "box:place-armory:remove",
    ]
    for place in DEFS.places:
        editing = editing.press(f"box:place-{place.id}:remove")
    assert [p.id for p in editing.draft.places] == [CABIN]
    editing = touched(editing, "box:place:add", "box:form:ok", en="Radio room", fr="Salle radio")
    editing = touched(editing, "box:place-radio-room:rename", "box:form:ok", en="Radio room", fr="Salle de radio")
    editing = editing.press("box:deck:toggle")
    path = write_box(editing.draft, tmp_path)
    defs = reread(path)
    assert [(p.id, p.name.text("fr"), p.confidence) for p in defs.places] == [
        ("cabin", "Cabane", "rules"),
        ("radio-room", "Salle de radio", "box"),
    ]
    assert defs.deck_complete and len(defs.missing()) == 3
    rules = ThingRules(defs)
    state = rules.initial_state({"players": 4, "bag": "physical"}, LiveChance(1))
    assert state.leader_token == "radio-room"
    state = replace(state, turns=replace(state.turns, phase=7))  # phase 8, as the checklist reaches it
    after, _events = rules.apply(state, a.MoveNpcs(-1), LiveChance(5))
    assert after.leader_token == "radio-room" and set(after.turned) <= {"radio-room", CABIN}
    # Opened again, the editor starts from the saved list; a shipped card put back is written as shipped.
    again = BoxEditing.of(defs, "locations")
    assert [p.id for p in again.draft.places] == ["cabin", "radio-room"]


def test_a_broken_entry_is_refused_with_its_reason_and_nothing_is_written(tmp_path: Path) -> None:
    editing = touched(BoxEditing.of(DEFS), "box:section:locations", "box:place:add", "box:form:ok", en="Radio room")
    saved = write_box(BoxDraft.of(DEFS).step("dog", 1), tmp_path)
    before = saved.read_text(encoding="utf-8")
    with pytest.raises(DataError) as refused:
        write_box(editing.draft, tmp_path)
    assert saved.read_text(encoding="utf-8") == before
    shown = editing.refused(refused.value)
    assert shown.problem == 'box.toml: entry "radio-room": field "names": the French name is missing'
    assert shown.draft == editing.draft  # kept as typed, to be corrected
    with speaking("fr"), pytest.raises(DataError, match="le nom français manque"):
        write_box(editing.draft, tmp_path)  # said in the language of the moment
    only_cabin = BoxDraft.of(DEFS)
    for place in DEFS.places:
        only_cabin = only_cabin.remove_place(place.id)
    with pytest.raises(DataError, match="needs a card besides the Cabin"):
        write_box(only_cabin, tmp_path)


def test_the_box_screen_speaks_both_languages_and_saves_only_a_change() -> None:
    editing = BoxEditing.of(DEFS)
    assert not present_box(DEFS, editing, "box.toml").save.enabled
    with speaking("fr"):
        view = present_box(DEFS, editing.press("box:dog:up"), "box.toml")
        weather = present_box(DEFS, editing.press("box:section:weather").press("box:face-1:name"), "box.toml")
    assert view.rows[0].name == "Piste Évasion du chien\u00a0: cases" and view.save.enabled
    assert [row.value for row in view.rows[1:6]] == ["non donné"] * 5
    assert [tab.label for tab in view.tabs] == ["Nombres", "Dé Météo", "Pioche Lieux"]
    assert weather.form is not None and weather.form.title.startswith("Face\u00a01") and not weather.save.enabled


def test_the_cabin_stays_the_die_keeps_its_range_and_a_hand_written_list_is_checked(tmp_path: Path) -> None:
    draft = BoxDraft.of(DEFS)
    assert draft.remove_place(CABIN) == draft and draft.rename_place(CABIN, "Hut", "Hutte") == draft
    assert len(draft.step_faces(1).step_faces(10).faces) == 12 and draft.step_faces(1).faces[-1] == ""
    added = draft.add_place("Radio room", "Salle radio").add_place("Radio  room", "Autre")
    assert [p.id for p in added.places[-2:]] == ["radio-room", "radio-room-2"] and added.places[-1].en == "Radio room"
    assert draft.add_place("Été", "Été").places[-1].id == "ete"
    overlay = tmp_path / "mine.toml"
    for cards, why in (
        ('["cabin", "armory", "armory"]', "listed twice"),
        ('["cabin", "kennel"]', "no Location card has the id kennel"),
        ('["armory", "hangar"]', "the Cabin's Location card is needed"),
    ):
        overlay.write_text(f"[location_deck]\ncards = {cards}\n", encoding="utf-8")
        with pytest.raises(DataError, match=why) as refused:
            reread(overlay)
        first = refused.value.problems[0]  # named in the file that says it (the NPCs' start may follow)
        assert (first.file, first.entry, first.field) == (str(overlay), "location_deck", "cards")
    overlay.write_text('[weather_die]\nfaces = ["A"]\n', encoding="utf-8")
    with pytest.raises(DataError, match="a die has 2 to 12 faces, got 1"):
        reread(overlay)
