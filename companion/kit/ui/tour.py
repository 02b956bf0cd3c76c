"""A kit game's part of the screen tour (`companion.ui.screen_tour`), reached by touch: the table in each of the
kit's sections (at their top and scrolled to their end), a roll and its reveal, each card draw (the hand-over
step for a secret one), the end of a turn asked and kept, the timer running, Adjust in each section (and a
marker's chooser), the data editor with each kind of form; then, when the test gave the app a USB stick, Home's
"Add a game" with the stick's files and a clash with an installed kit. Notes how many widgets the table holds
(a big kit scrolls: the table makes rows for what is in view) and how long the paused timer ran."""

from __future__ import annotations

import time
from typing import Any

from companion.kit.ui.autoplay import KitPlayer, KitReport
from companion.kit.ui.presenters.table import sections_of
from companion.ui.screen_tour import Script

#: The seed of the toured game, and its players (fewer when the kit takes fewer).
SEED, PLAYERS = 11, 4


def tour(screen_tour: Any) -> Script:
    pilot = screen_tour.pilot
    notes = screen_tour.note
    app = pilot.app
    report = KitReport()
    player = KitPlayer(pilot, screen_tour.out, report)
    players = min(PLAYERS, app.pack.info.players[1])
    yield from player.start(app.pack.info.name, players, SEED)
    kit = app.controller.snapshot.state.kit
    for section in sections_of(kit):
        yield from player.section(section)
        yield from player.visit(f"table-{section}")
        rows = app.screen_manager.current_screen.ids.rows
        rows.scroll_y = 0  # the end of the section, as a finger would drag it
        yield pilot.settle(frames=2)
        yield from player.visit(f"table-{section}-end")
    table = app.screen_manager.get_screen("table")
    notes["table_widgets"] = sum(1 for _widget in table.walk())
    if "dice" in sections_of(kit):
        yield from player.section("dice")
        rolls = pilot.keys("act:Roll:")
        if rolls:
            yield from player.tap(rolls[0])
            yield from player.close_popup()
    if "cards" in sections_of(kit):
        yield from player.section("cards")
        for key in pilot.keys("act:Draw:"):
            yield from player.tap(key)
            yield from player.visit()
            if pilot.has("reveal:handover"):
                yield from player.tap("reveal:handover")
                yield from player.tap("secret:show")
                yield from player.visit("handover-shown")
                yield from player.tap("secret:hide")
                yield from player.tap("secret:hide:confirm")
                yield from player.tap("secret:done")
            elif pilot.has("reveal:ok"):
                yield from player.tap("reveal:ok")
    yield from player.section("turn")
    began = time.monotonic()  # the section's rows come a few frames after its tab: End the turn, if the kit has it
    yield pilot.until(lambda: pilot.has("end:ask") or time.monotonic() - began > 3, "the turn's buttons")
    if pilot.has("end:ask"):
        yield from player.tap("end:ask")
        yield from player.tap("end:keep")
    if pilot.has("act:StartTimer"):
        yield from player.tap("act:StartTimer")
        yield 1.2
        yield from player.visit("table-timer-running")
        notes["timer_text"] = app.screen_manager.current_screen.ids.timer.text
        yield from player.tap("timer:pause")
        notes["paused_ms"] = app.controller.snapshot.state.timer_ms
    yield from player.tap("open:menu")
    yield from player.tap("open:adjust")
    for key in pilot.keys("section:"):
        yield from player.tap(key)
        yield from player.visit()
    moves = pilot.keys("move:")
    if moves:
        yield from player.tap(moves[0])
        yield from player.tap("popup:cancel")
    yield from player.tap("back")
    yield from player.tap("open:menu")
    yield from player.tap("open:home")
    yield pilot.until(lambda: pilot.screen_name() == "home", "Home")
    yield from player.tap("card_editor")  # the data editor: each section, and each kind of form
    yield pilot.until(lambda: pilot.screen_name() == "editor", "the editor")
    for section, form in (("dice", "edit:die:0"), ("cards", "add:card:0"), ("bags", "add:token:0")):
        if pilot.has(f"section:{section}"):
            yield from player.tap(f"section:{section}")
            yield from player.visit()
            if pilot.has(form):
                yield from player.tap(form)
                yield from player.tap("editor:cancel")
    yield from player.tap("back")
    yield pilot.until(lambda: pilot.screen_name() == "home", "Home again")
    if screen_tour.prepared.get("stick"):  # the test gave the app a USB stick with kits on it
        yield pilot.button("add_game")
        yield from player.tap("add_game")
        yield pilot.until(lambda: bool(pilot.keys("stick:")), "the files on the stick")
        yield from player.visit("home-stick")
        yield from player.tap(pilot.keys("stick:")[0])
        yield pilot.button("stick:keep")
        yield from player.visit("home-stick-clash")
        yield from player.tap("stick:keep")
    notes["screens"] = sorted(set(report.screens))
