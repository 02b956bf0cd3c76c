"""The Thing's part of the screen tour (`companion.ui.screen_tour`): the Box screen, then a new game: the play
screen, the secret deal through the shell's hand-over step (the first seat's cover, its token shown, the cover
again; the other seats dealt unseen), the weather's public pop-up, phase 4 with the chooser of an escape's driver,
then the table's menu and History."""

from __future__ import annotations

from typing import Any

from companion.ui.screen_tour import Script, editor_tour, table_tour


def tour(screen_tour: Any) -> Script:
    pilot, app = screen_tour.pilot, screen_tour.app
    yield from editor_tour(screen_tour)
    yield from screen_tour.tap("new_game")
    yield from screen_tour.tap("start_game")
    yield pilot.until(lambda: pilot.screen_name() == "play", "the play screen")
    yield from screen_tour.look("play")
    for seat in range(app.controller.snapshot.state.players):
        yield from deal(screen_tour, seat, looked=seat == 0)
    yield from screen_tour.tap("act:RollWeather")
    if pilot.has("reveal:ok"):
        yield from screen_tour.look("play+reveal")
        yield from close_reveals(screen_tour)
    for _phase in range(3):
        yield from screen_tour.tap("act:EndPhase")
        yield from close_reveals(screen_tour)
    yield from screen_tour.look("play-phase-4")
    escape = pilot.opener("act:Board:base-helicopter:0:human")
    yield from screen_tour.tap(escape, look="play+chooser")
    yield from screen_tour.tap("popup:cancel")
    yield from table_tour(screen_tour)


def deal(screen_tour: Any, seat: int, looked: bool) -> Script:
    """`seat`'s token looked at through the hand-over step, as the deal does seat by seat."""
    pilot = screen_tour.pilot
    yield from screen_tour.tap(f"open:handover:{seat}", look="handover" if looked else None)
    yield from screen_tour.tap("secret:show", look="handover-shown" if looked else None)
    yield from screen_tour.tap(f"act:LookAtToken:{seat}", look="handover-covered" if looked else None)
    yield from close_reveals(screen_tour)
    yield from screen_tour.tap("secret:done")
    yield pilot.until(lambda: pilot.screen_name() == "play", "the play screen")


def close_reveals(screen_tour: Any) -> Script:
    while screen_tour.pilot.has("reveal:ok"):
        yield from screen_tour.tap("reveal:ok")
