"""Thunder Road's part of the screen tour (`companion.ui.screen_tour`): the data editor and one fact's form, then a
new race: the table's four sections, an FX die rolled and its pop-up, the menu and History."""

from __future__ import annotations

from typing import Any

from companion.games.thunder_road.ui.presenters.table import SECTIONS
from companion.ui.screen_tour import Script, table_tour


def tour(screen_tour: Any) -> Script:
    pilot = screen_tour.pilot
    yield from screen_tour.tap("card_editor", look="editor")
    yield from screen_tour.tap(pilot.keys("edit:")[0], look="editor-form")
    yield from screen_tour.tap("editor:cancel")
    yield from screen_tour.tap("back")
    yield pilot.until(lambda: pilot.screen_name() == "home", "Home")
    yield from screen_tour.tap("new_game")
    yield from screen_tour.tap("start_game")
    yield pilot.until(lambda: pilot.screen_name() == "table", "the table screen")
    for section, _name, _kinds in SECTIONS:
        yield from screen_tour.tap(f"section:{section}", look=f"table-{section}")
    rolls = pilot.keys("act:RollFx")
    if rolls:
        yield from screen_tour.tap(rolls[0])
        if pilot.has("reveal:ok"):
            yield from screen_tour.look("table+reveal")
            yield from screen_tour.tap("reveal:ok")
    yield from screen_tour.tap("section:turn")
    yield from table_tour(screen_tour)
