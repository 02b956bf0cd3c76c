"""Thunderbirds Solitaire's part of the screen tour (`companion.ui.screen_tour`), reached by touch: Home's picker
(every game's tile whole), the editor (each tab, a form of each kind, the symbol chooser), set-up with the table's
deck, the table (a card turned, a card's details, the symbols picker, the menu, the choosers, the declaration's
question), the rescue (entry, allocation, result), Lady Penelope's phase (both stages, its end), Adjust (and a
pilot's chooser), what the companion checks, and the end of a game.

The game deals from the player's corrections (cards, symbols and dice): with the shipped data alone it stops at
set-up, so its test gives it the test fixture's made-up ones."""

from __future__ import annotations

from typing import Any

from companion.games.thunderbirds_solitaire.ui.autoplay import AutoPlayer, PlayReport
from companion.ui.layout_check import shown_whole
from companion.ui.screen_tour import Script

#: The seeded player's shuffles, and the moves it makes after the scripted part (enough to end the game).
SEED, MOVES = 4, 60


def tour(screen_tour: Any) -> Script:
    pilot = screen_tour.pilot
    notes = screen_tour.note
    report = PlayReport()
    player = AutoPlayer(pilot, screen_tour.out, report, seed=SEED)

    def tap(key: str) -> Script:
        yield from player.tap(key)

    yield pilot.drawn()
    notes["picker"] = {key: shown_whole(pilot.find(key)) for key in pilot.keys("game:")}
    yield from tap("card_editor")
    for tab in ("basic", "advanced", "symbols", "dice", "pods", "pilots", "thunderbirds", "counts"):
        yield from tap(f"tab:{tab}")
    yield from tap("edit:emergency:basic_count")
    yield from tap("back")
    yield from tap("tab:symbols")
    yield from tap("editor:add:symbol")
    yield from tap("back")
    yield from tap("tab:dice")
    yield from tap(pilot.keys("edit:die:")[0])
    yield from tap("editor:pick:faces")
    yield from tap("popup:cancel")
    yield from tap("back")
    yield from tap("tab:pilots")
    yield from tap("edit:pilot:john")
    yield from tap("back")
    yield from tap("tab:basic")
    yield from tap("edit:card:basic-01")
    yield from tap("back")
    yield from tap("back")
    # A game with your own deck: "What did you turn?", a card completed in the editor, the reveal of a card put back.
    yield from player.start(deck="basic", dealing="table", seed=4)
    yield from tap("act:TurnCard:civilian:-:-")
    yield from player.dismiss_reveals()
    yield from tap("open:turn-named")
    # A card of the chooser (a named one), not the "What did you turn?" buttons under the pop-up.
    yield from tap(next(k for k in pilot.keys("act:TurnCard:") if k.split(":")[3] != "-"))
    yield from player.dismiss_reveals()
    while not pilot.has("setup:start"):
        yield from tap("act:TurnCard:disaster:-:-")
        yield from player.dismiss_reveals()
    yield from tap("setup:start")
    yield pilot.drawn()
    panel = pilot.app.screen_manager.get_screen("table").ids.entries
    notes["panel_first_line_whole"] = shown_whole(panel.children[-1])  # Kivy keeps the first added last
    yield from tap("open:steps")
    yield from tap("popup:close")
    yield from tap("act:TurnCard:civilian:-:-")
    yield from player.dismiss_reveals()
    yield from tap(f"open:symbols:{pilot.app.controller.snapshot.state.turned.id}")
    yield from tap(pilot.keys("symbol:add:")[-1])
    yield from tap("symbol:save")
    yield from tap("act:PlaceCard:1")
    yield from player.dismiss_reveals()
    yield from tap(pilot.keys("card:")[0])
    yield from tap("popup:close")
    yield from tap("open:menu")
    yield from tap("open:help")
    yield from tap("back")
    yield from tap("open:declare:lost")
    yield from tap("declare:keep")
    yield from tap("open:steps")
    yield from tap("open:rules")
    yield from tap("back")
    yield from tap("open:adjust")
    yield from tap(pilot.keys("open:pilot:")[0])
    yield from tap("popup:cancel")
    yield from tap("back")
    # The symbols of chain 1's cards told from the cards' details, then a rescue: entered, allocated, ended.
    for card in pilot.app.controller.snapshot.state.chain(1):
        if card.symbols is None:
            yield from tap(f"card:{card.id}")
            yield from tap(f"open:symbols:{card.id}")
            yield from tap(pilot.keys("symbol:add:")[-1])
            yield from tap("symbol:save")
    if pilot.has("open:rescue"):
        yield from tap("open:rescue")
        yield from tap(pilot.keys("rescue:chain:")[0])
        for face in pilot.keys("face:add:")[:3]:
            yield from tap(face)
        yield from tap("rescue:enter")
        yield from player.dismiss_reveals()
        allocations = pilot.keys("act:AllocateDie:")
        if allocations:
            yield from tap(allocations[0])
        yield from tap("act:EndRescue")
        yield from player.dismiss_reveals()
        yield from tap("rescue:done")
    for step in ("incoming-call", "actions", "win-loss"):
        yield from tap(f"act:ConfirmStep:{step}:yes")
    yield from tap("act:BeginLadyPenelope")
    yield from tap("act:FlipLadyPenelope")
    yield from tap("act:EndTurn")
    yield from player.dismiss_reveals()
    yield from tap("lp:done")
    # Then the seeded player to the end of the game.
    yield from player.play(max_actions=MOVES)
    notes["screens"] = sorted({name.split("+")[0] for name in report.screens})
    notes["popups"] = sorted({name for name in report.screens if "+" in name})
    notes["outcome"] = report.outcome
    notes["config_problems"] = list(pilot.app.config_problems)
