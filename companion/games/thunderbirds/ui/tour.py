"""Thunderbirds' part of the screen tour (`companion.ui.screen_tour`): the card editor (each kind, a card's form,
its region chooser), a seeded game with a rescue, the board with two vehicles, the scheme, a player's FAB cards,
the discard pile, the menu, a few bot moves for History, and Adjust in each section."""

from __future__ import annotations

from typing import Any

from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport
from companion.ui.screen_tour import Script

#: The seeded game the tour plays: one player, heroic, a rescue on the table at once.
PLAYERS, DIFFICULTY, SEED, MOVES = 1, "heroic", 5, 8


def tour(screen_tour: Any) -> Script:
    pilot = screen_tour.pilot
    report = PlayReport()
    player = AutoPlayer(pilot, screen_tour.out, report)

    def tap(key: str) -> Script:
        yield from player.tap(key)

    yield from tap("card_editor")
    for kind in ("scheme", "event", "fab", "vehicle", "hood-track", "disaster"):
        yield from tap(f"kind:{kind}")
    yield from tap(next(k for k in pilot.keys("edit:")))
    yield from tap("editor:pick:region")
    yield from tap("popup:cancel")
    yield from tap("back")
    yield from tap("back")
    # A game, far enough to show a rescue and some history.
    yield from player.start(PLAYERS, DIFFICULTY, SEED)
    yield from player.visit("table")
    yield from tap("tile:1")
    yield from tap("popup:close")
    yield from tap("open:discards")
    yield from tap("popup:close")
    yield from tap("open:menu")
    yield from tap("popup:cancel")
    yield from tap("open:board")
    for key in pilot.keys("vehicle:")[:2]:
        yield from tap(key)
        yield from player.visit(f"board-{key[8:]}")
    yield from tap("back")
    yield from tap("open:scheme")
    yield from tap("back")
    yield from tap(pilot.keys("open:player:")[0])
    yield from tap("back")
    rescues = pilot.keys("open:rescue:")
    if rescues:
        yield from tap(rescues[0])
        yield from tap("rescue:done")
    # A few bot moves so the history, a roll and a reveal have something to show.
    yield from player.play(max_actions=MOVES)
    yield from player.to_table(None)
    yield from tap("open:history")
    yield from tap("back")
    yield from tap("open:menu")
    yield from tap("open:adjust")
    for section in ("disasters", "tokens", "fabs", "pieces", "effects", "track"):
        yield from tap(f"section:{section}")
    yield from tap("back")
    screen_tour.note["screens"] = sorted(set(s.split("+")[0] for s in report.screens))
    screen_tour.note["popups"] = sorted(set(s for s in report.screens if "+" in s))
