"""Warpspawn Thunderbirds' part of the screen tour (`companion.ui.screen_tour`), reached by touch: a finished
game's end screen (when one is saved), the data editor on the 20 x 20 board (a base moved by a tap on the grid,
saved, then reset), New game's squares screen (a pawn started elsewhere), then a seeded game: the set-up guide,
the grid in each phase, the hand-over step's cover, shown and hidden hands, choosers, reveals, a square's pop-up
and the menu. Notes what the test checks of the editor, the squares and the secret step's buttons."""

from __future__ import annotations

from typing import Any

from companion.games.warpspawn_thunderbirds.loader import default_definitions, default_overlay_dir
from companion.games.warpspawn_thunderbirds.ui.autoplay import AutoPlayer, PlayReport
from companion.ui.layout_check import shown_whole
from companion.ui.pilot import SyntheticTouch
from companion.ui.screen_tour import Script

#: The seeded game, and the actions the bot makes in it by touch.
SEED, ACTIONS = 7, 40


def tour(screen_tour: Any) -> Script:
    """Every screen and pop-up of the game."""
    pilot = screen_tour.pilot
    notes = screen_tour.note
    app = pilot.app
    report = PlayReport()
    secret_buttons = notes.setdefault("secret_buttons", {})

    def secret_step(stage: str, _app: Any) -> None:
        # The secret step's own buttons: whole on screen, in no scrolling area (never below a fold).
        for key in pilot.keys("secret:"):
            button, scrolled = pilot.find(key), False
            node = button.parent
            while node is not None and node is not node.parent:
                scrolled = scrolled or type(node).__name__ in ("ListScroll", "ScrollView")
                node = node.parent
            secret_buttons[f"{stage}:{key}"] = shown_whole(button) and not scrolled

    player = AutoPlayer(pilot, screen_tour.out, report, on_step=secret_step)
    # A finished game (the oldest saved game of this pack; the test stores one): its end screen.
    saved = sorted(g.game_id for g in app.controller.saved_games if g.game == app.pack.info.name)
    if saved:
        yield from player.tap(f"resume:{saved[0]}")
        yield pilot.until(lambda: pilot.screen_name() == "over", "the end screen")
        yield from player.visit("over")
        yield from player.tap("open:home")
        yield pilot.until(lambda: pilot.screen_name() == "home", "Home")
    # The data editor: Yellow's base on the 20 x 20 board moved by a tap on the grid, saved, then our default again.

    def touch_square(screen_name: str, square: tuple[int, int]) -> None:
        grid = app.screen_manager.get_screen(screen_name).ids.grid
        if not grid.is_visible(square):
            grid.centre_on(square)
        x, y = grid.square_center(square)
        touch = SyntheticTouch(x, y)
        touch.down()
        touch.up()

    yield from player.tap("card_editor")
    yield from player.tap("size:20")
    yield from player.tap("colour:yellow")
    yield pilot.drawn()
    touch_square("editor", (5, 16))
    yield pilot.settle()
    yield from player.tap("editor:save")
    yield pilot.until(lambda: (default_overlay_dir() / "layouts.toml").exists(), "the overlay written")
    yield pilot.settle()
    notes["editor_saved"] = list(default_definitions().layouts[20].bases["yellow"])
    notes["editor_mark"] = default_definitions().layouts[20].confidence["bases"]
    yield from player.tap("grid:zoom")
    yield from player.visit("editor-20")
    yield from player.tap("editor:reset")
    yield pilot.until(lambda: not (default_overlay_dir() / "layouts.toml").exists(), "the overlay removed")
    notes["editor_reset"] = list(default_definitions().layouts[20].bases["yellow"])
    yield from player.tap("back")
    # New game, its squares screen: Green's TB3 starts elsewhere, by a tap on the grid.
    yield from player.tap("new_game")
    yield from player.tap("players:4")
    yield from player.tap("open:squares")
    yield from player.tap("colour:green")
    yield from player.tap("piece:tb3")
    yield pilot.drawn()
    touch_square("squares", (9, 4))
    yield pilot.settle()
    notes["squares_starts"] = {c: {p: list(q) for p, q in v.items()} for c, v in app.pack_ui.draft.starts.items()}
    yield from player.visit("squares-moved")
    yield from player.tap("squares:done")
    notes["new_game_lines"] = pilot.texts()
    yield from player.tap("players:2")
    yield from player.tap("back")
    # A game: the guide, the grid in each phase, hands, choosers, reveals, a square's pop-up.
    yield from player.start(2, 12, SEED)
    seen = set()
    while report.actions < ACTIONS:
        yield from player.play(max_actions=report.actions + 1)
        yield from player.to_grid()
        state = app.controller.snapshot.state
        if state.board and "square" not in seen:
            seen.add("square")
            square = state.board[0].square
            yield from player.tap(f"focus:{square[0]}:{square[1]}")
            yield from player.tap("popup:close")
    yield from player.tap("open:menu")
    yield from player.tap("popup:cancel")
    notes["screens"] = sorted(set(report.screens))
