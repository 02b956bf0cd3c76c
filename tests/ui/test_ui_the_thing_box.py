"""The Thing's Box screen in the real app, by touch under Xvfb: the weather die's faces named on the docked
keyboard, the Location deck's list edited (a card of the box added, the inferred ones removed); a card without its
French name refused with its reason and nothing written; then saved, and a new game rolls the named faces and
places the Leader token on the added card. A second run (a restart) finds them all again."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import artefact_dir
from runs import scenario_notes

pytestmark = pytest.mark.slow

SCENARIO = r"""
def box_touch(pilot, *keys):
    for key in keys:
        opener = pilot.opener(key)
        if opener is not None:  # one of a kind of action: its chooser first
            pilot.tap(opener)
            yield pilot.settle()
        pilot.tap(key)
        yield pilot.settle()


def box_game(pilot, notes):
    # Home, a new 4-player game with the real bag (no deal), the weather rolled, phase 8 with nobody's token.
    yield from box_touch(pilot, "back")
    yield pilot.until(lambda: pilot.screen_name() == "home", "Home")
    yield from box_touch(pilot, "new_game")
    yield pilot.until(lambda: pilot.screen_name() == "new_game", "New game")
    yield from box_touch(pilot, "option:bag:physical", "players:4", "start_game")
    yield pilot.until(lambda: pilot.screen_name() == "play", "the game")
    yield pilot.settle()
    notes["play"] = pilot.texts()
    notes["reveals"] = []
    for key in ["act:RollWeather"] + ["act:EndPhase"] * 7 + ["act:MoveNpcs:-1"]:
        yield from box_touch(pilot, key)
        while pilot.has("reveal:ok"):
            notes["reveals"].append(pilot.texts())
            yield from box_touch(pilot, "reveal:ok")


def box_edit(pilot, out, args, notes):
    from companion.games.the_thing.overlay import box_file
    from companion.ui.touch_player import docked_keyboard, type_text

    app = pilot.app
    yield from pilot.open_from_home("the_thing", "card_editor", "box")
    yield from box_touch(pilot, "box:section:weather", *["box:faces:down"] * 4)
    for face, name in ((1, "alpha"), (2, "beta")):
        yield from box_touch(pilot, f"box:face-{face}:name")
        yield from type_text(pilot, "box:field:name", name)
        yield from box_touch(pilot, "box:form:ok")
    notes["weather"] = pilot.texts()
    notes["layout"] = [str(p) for p in pilot.check_layout("box-weather")]
    yield pilot.screenshot(out / "box-weather.png")

    yield from box_touch(pilot, "box:section:locations")
    for key in [k for k in pilot.keys("box:place-") if k.endswith(":remove")]:
        yield from box_touch(pilot, key)
    yield from box_touch(pilot, "box:place:add")
    notes["layout"] += [str(p) for p in pilot.check_layout("box-form")]
    yield pilot.drawn()  # a field made in this frame lays its text out on the next one
    pilot.tap("box:field:en")
    yield pilot.until(lambda: docked_keyboard() is not None, "the docked keyboard")
    yield pilot.settle()
    (_x, bottom), (_w, height) = docked_keyboard().bbox
    ok = pilot.find("box:form:ok")
    notes["ok_above_keyboard"] = ok.to_window(ok.x, ok.y)[1] >= bottom + height
    yield pilot.screenshot(out / "box-form.png")
    yield from type_text(pilot, "box:field:en", "hut")
    yield from box_touch(pilot, "box:form:ok", "box:save")
    yield pilot.until(lambda: any("name is missing" in t for t in pilot.texts()), "the refusal")
    notes["refused"] = [t for t in pilot.texts() if "name is missing" in t]
    notes["layout"] += [str(p) for p in pilot.check_layout("box-refused")]
    yield pilot.screenshot(out / "box-refused.png")
    notes["written_when_refused"] = box_file().exists()
    notes["faces_when_refused"] = list(app.pack.rules.definitions.weather_faces)

    yield from box_touch(pilot, "box:place-hut:rename")
    yield from type_text(pilot, "box:field:fr", "hutte")
    yield from box_touch(pilot, "box:form:ok", "box:deck:toggle", "box:save")
    yield pilot.until(lambda: box_file().exists() and not pilot.has("box:save"), "the save")
    notes["places"] = [p.id for p in app.pack.rules.definitions.places]
    notes["locations"] = pilot.texts()
    notes["layout"] += [str(p) for p in pilot.check_layout("box-locations")]
    yield pilot.screenshot(out / "box-locations.png")
    yield from box_game(pilot, notes)


def box_again(pilot, out, args, notes):
    yield from pilot.open_from_home("the_thing", "card_editor", "box")
    notes["layout"] = []
    for section in ("counts", "weather", "locations"):
        yield from box_touch(pilot, f"box:section:{section}")
        notes[section] = pilot.texts()
        notes["layout"] += [str(p) for p in pilot.check_layout(f"box-{section}")]
        yield pilot.screenshot(out / f"box-{section}.png")
    yield from box_game(pilot, notes)
"""


def test_the_box_screen_names_the_weather_faces_and_the_location_deck_and_games_use_them(
    xvfb_display: str, request: pytest.FixtureRequest
) -> None:
    first = scenario_notes(xvfb_display, artefact_dir(request, "edit"), "box_edit", SCENARIO)
    assert first["layout"] == [] and first["ok_above_keyboard"]
    assert {"Face 1", "alpha", "Face 2", "beta", "2"} <= set(first["weather"])
    assert first["refused"] == ['box.toml: entry "hut": field "names": the French name is missing']
    assert not first["written_when_refused"] and first["faces_when_refused"] == [""] * 6
    assert first["places"] == ["cabin", "hut"] and {"hut / hutte", "yes"} <= set(first["locations"])
    saved = (Path(os.environ["COMPANION_DATA_DIR"]) / "overlay" / "the_thing" / "box.toml").read_text(encoding="utf-8")
    assert 'faces = ["alpha", "beta"]' in saved and 'cards = ["cabin", "hut"]' in saved

    # A restart, in French: the Box shows what was saved, and a new game uses it.
    second = scenario_notes(xvfb_display, artefact_dir(request, "restarted"), "box_again", SCENARIO, lang="fr")
    assert second["layout"] == [] and "Piste Évasion du chien\u00a0: cases" in second["counts"]
    assert {"alpha", "beta"} <= set(second["weather"]) and {"hut / hutte", "oui"} <= set(second["locations"])
    for run, (weather, leader) in (
        (first, ("Weather: ", "Leader token: hut")),
        (second, ("Météo\u00a0: ", "Jeton Leader\u00a0: hutte")),
    ):
        assert leader in run["play"]  # the set-up's draw, from the deck's only card but the Cabin
        rolled, phase_8 = run["reveals"][0], run["reveals"][-1]
        assert {weather + "alpha", weather + "beta"} & set(rolled), rolled
        assert leader in phase_8, phase_8
