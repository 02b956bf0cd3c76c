"""Scripts the Thunderbirds Solitaire UI tests run inside the real app (tests/ui/driver.py runs them through
`runs.scenario_notes`). Each is a generator that touches, waits and records what the test then checks in `notes`.

The app is started with the player's data directory the test prepares (COMPANION_DATA_DIR): the shipped data
alone, or with the test fixture's overlay (tests/packs/thunderbirds_solitaire/fixture-overlay: made-up cards,
symbols and dice, never the game's facts) so the companion can deal and check rescues.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Generator
from pathlib import Path
from typing import Any

Script = Generator[Any, None, None]
GAME = "thunderbirds_solitaire"


def digest(state: Any) -> str:
    """A fingerprint of a Solitaire state (its encoded form), to compare with a state computed elsewhere."""
    from companion.games.thunderbirds_solitaire.rules import RULES

    return hashlib.sha256(json.dumps(RULES.encode_state(state), sort_keys=True).encode()).hexdigest()


def shown_texts(pilot: Any) -> list[str]:
    return [
        str(w.text)
        for w in pilot.widgets()
        if isinstance(getattr(w, "text", None), str) and w.text and pilot._is_shown(w)
    ]


def drawn_cells(pilot: Any) -> list[Any]:
    """The chains' cells on screen, each as its presenter's CardCell."""
    from companion.games.thunderbirds_solitaire.ui.widgets import SolitaireCardCell

    return [w.cell for w in pilot.widgets() if isinstance(w, SolitaireCardCell) and w.cell is not None]


def every_screen(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """Every Solitaire screen and pop-up, reached by touch, each checked for layout and photographed: Home with the
    game picked, the editor (each tab, a form of each kind, the symbol chooser), set-up with the table's deck, the
    table (a card turned, a card's details, the symbols picker, the menu, the choosers, the declaration's
    question), the rescue (entry, allocation, result), Lady Penelope's phase (both stages, its end), Adjust (and a
    pilot's chooser), what the companion checks, and the end of a game."""
    from companion.games.thunderbirds_solitaire.ui.autoplay import AutoPlayer, PlayReport

    report = PlayReport()
    player = AutoPlayer(pilot, out, report, seed=int(args.get("seed", "4")))

    def tap(key: str) -> Script:
        yield from player.tap(key)

    yield pilot.settle()
    yield pilot.until(lambda: pilot.has(f"game:{GAME}"), "the game picker")
    yield from tap(f"game:{GAME}")
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
    yield from tap(pilot.keys("act:TurnCard:")[0])
    yield from player.dismiss_reveals()
    while not pilot.has("setup:start"):
        yield from tap("act:TurnCard:disaster:-:-")
        yield from player.dismiss_reveals()
    yield from tap("setup:start")
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
    yield from tap("popup:cancel")
    yield from tap("open:declare:lost")
    yield from tap("declare:keep")
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
    yield from player.play(max_actions=int(args.get("moves", "60")))
    notes["screens"] = sorted({name.split("+")[0] for name in report.screens})
    notes["popups"] = sorted({name for name in report.screens if "+" in name})
    notes["outcome"] = report.outcome
