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


def drawn_cells(pilot: Any) -> list[Any]:
    """The chains' cells on screen, each as its presenter's CardCell."""
    from companion.games.thunderbirds_solitaire.ui.widgets import SolitaireCardCell

    return [w.cell for w in pilot.widgets() if isinstance(w, SolitaireCardCell) and w.cell is not None]


# --- a scripted game: set-up, turns, Lady Penelope to Tracy Island, an undo ---------------------------------------

#: The seed of the scripted game (the table deals, so it only fixes the shuffles the companion makes: the pods').
SEED = 12


def scripted_actions() -> list[Any]:
    """The scripted game with your own deck, as a player would play it by touch: set-up (a Civilian put back under
    the deck, four Disasters), three turns with the chains growing and a Hood card placed, Lady Penelope escorting
    a Civilian, flipping to her Air side and flying it to Tracy Island, then a chain filled to its four cards."""
    from companion.games.thunderbirds_solitaire import actions as a

    confirm = [a.ConfirmStep(step) for step in ("incoming-call", "actions", "win-loss")]
    return [
        a.TurnCard("civilian"),
        *[a.TurnCard("disaster") for _n in range(4)],
        # Turn 1: a Civilian to chain 1, a Hood card to chain 2; Lady Penelope takes the Civilian.
        a.TurnCard("civilian"),
        a.PlaceCard(1),
        a.TurnCard("hood"),
        a.PlaceCard(2),
        *confirm,
        a.BeginLadyPenelope(),
        a.AssignCivilian("turned-6"),
        # Turn 2: a Civilian to chain 3; she flips to her Air side.
        a.TurnCard("civilian"),
        a.PlaceCard(3),
        *confirm,
        a.BeginLadyPenelope(),
        a.FlipLadyPenelope(),
        a.EndTurn(),
        # Turn 3: a Disaster to chain 4; she flies to Tracy Island and the Civilian is rescued.
        a.TurnCard("disaster"),
        a.PlaceCard(4),
        *confirm,
        a.BeginLadyPenelope(),
        a.MoveLadyPenelope("tracy-island"),
        a.UnassignCivilian(),
        # Turn 4: chain 2 filled to its Disaster and three more cards.
        a.TurnCard("hood"),
        a.PlaceCard(2),
        a.TurnCard("civilian"),
        a.PlaceCard(2),
        *confirm,
    ]


#: The action (1 first) after which the scripted game is undone by touch, then played again.
UNDO_AFTER = 30


def expected_states() -> list[Any]:
    """The scripted game's states, computed with the rules alone: index n is the state after n actions."""
    from companion.engine.chance import LiveChance
    from companion.engine.rng import seed_state
    from companion.games.thunderbirds_solitaire.loader import default_data_dir, load_files, toml_files
    from companion.games.thunderbirds_solitaire.rules import apply
    from companion.games.thunderbirds_solitaire.setup import initial_state, setup_mapping
    from companion.games.thunderbirds_solitaire.state import evolve

    defs = load_files(toml_files(default_data_dir()), [])[0]
    chance = LiveChance(seed_state(SEED))
    state = evolve(initial_state(setup_mapping(defs, "basic", "table"), chance), rng=chance.rng_after)
    states = [state]
    for action in scripted_actions():
        chance = LiveChance(state.rng)
        state, _events = apply(state, action, chance)
        state = evolve(state, rng=chance.rng_after)
        states.append(state)
    return states


def _done(controller: Any) -> int:
    return len([h for h in controller.snapshot.history if not h.is_undone])


def scripted_game(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """Plays the scripted game by touch from Home's game picker, writing "ack <actions> <digest>" to the file
    `progress` names after each action the screen has shown (the test may kill this process at any moment); notes
    what the screen shows on the way: the cells drawn in each chain, Lady Penelope's card, Tracy Island."""
    from companion.games.thunderbirds_solitaire import actions as a
    from companion.games.thunderbirds_solitaire.ui.autoplay import AutoPlayer, PlayReport

    report = PlayReport()
    shots = args.get("shots", "yes") == "yes"
    player = AutoPlayer(pilot, out if shots else None, report, check_layout=shots)
    yield pilot.settle()
    yield pilot.until(lambda: pilot.has(f"game:{GAME}"), "the game picker")
    yield from player.start("basic", "table", SEED)
    app = pilot.app
    controller = app.controller
    progress = Path(args["progress"]) if "progress" in args else None
    handle = progress.open("a", encoding="utf-8") if progress else None

    def ack() -> None:
        if handle is not None:
            handle.write(f"ack {_done(controller)} {digest(controller.snapshot.state)}\n")
            handle.flush()

    if handle is not None:
        handle.write(f"game {controller.snapshot.game_id}\n")
        handle.flush()
    seen: dict[str, Any] = {"chains": [], "lady_penelope": [], "tracy": [], "rooms": []}
    limit = int(args.get("actions", "999"))
    for index, action in enumerate(scripted_actions(), start=1):
        if index > limit:
            break
        yield from player.perform(action)
        yield from player.dismiss_reveals()
        ack()
        if isinstance(action, a.PlaceCard | a.UnassignCivilian | a.FlipLadyPenelope | a.AssignCivilian):
            yield from player.go_to("table")
            yield pilot.drawn()
            table = app.screen_manager.get_screen("table")
            rows = list(reversed(table.ids.chains.children))
            seen["chains"].append([sum(1 for c in row.cells if not c.cell.is_empty) for row in rows[:4]])
            seen["rooms"].append([row.room.text for row in rows[:4]])
            seen["lady_penelope"].append(table.ids.lady.text)
            seen["tracy"].append(rows[4].detail.text)
        if index == UNDO_AFTER:
            before = digest(controller.snapshot.state)
            yield from player.tap("undo")
            yield pilot.until(lambda n=index: _done(controller) == n - 1, "the undo")
            notes["undo_screen"] = pilot.screen_name()
            notes["undo_digest"] = digest(controller.snapshot.state)
            notes["undo_keys"] = pilot.keys("act:")
            ack()
            yield from player.perform(action)  # played again by touch
            yield from player.dismiss_reveals()
            notes["redone_same"] = digest(controller.snapshot.state) == before
            ack()
    if handle is not None:
        handle.close()
    notes.update(seen)
    notes["actions"] = _done(controller)
    notes["digest"] = digest(controller.snapshot.state)
    notes["labels"] = [entry.label for entry in controller.snapshot.history if not entry.is_undone]


def resume_check(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """After a crash: resume the saved game from Home by touch and report where it stands."""
    from companion.games.thunderbirds_solitaire.ui.autoplay import AutoPlayer, PlayReport

    player = AutoPlayer(pilot, out, PlayReport())
    yield pilot.until(lambda: bool(pilot.keys("resume:")), "a saved game on Home")
    yield from player.visit("home")
    keys = pilot.keys("resume:")
    notes["saved_games"] = keys
    yield from player.tap(keys[0])
    yield pilot.until(lambda: pilot.app.controller.snapshot is not None, "the game to load")
    yield pilot.settle()
    snapshot = pilot.app.controller.snapshot
    notes["screen"] = pilot.screen_name()
    notes["cursor"] = _done(pilot.app.controller)
    notes["digest"] = digest(snapshot.state)
    notes["texts"] = pilot.texts()
    yield from player.visit()


# --- the card editor, then the next game -------------------------------------------------------------------------


def editor_then_next_game(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """From Home: the editor completes the number of basic cards, a symbol, a kind of die and its faces, and a card
    (its kind, its name typed on the docked on-screen keyboard, its symbol). The game saved before keeps its facts;
    a new game offers the completed card when you say what you turned, and the companion rolls the completed dice
    for a rescue at its chain. The editor is reached from the game's menu too."""
    from companion.games.thunderbirds_solitaire.loader import default_overlay_dir
    from companion.games.thunderbirds_solitaire.ui.autoplay import AutoPlayer, PlayReport, type_text

    report = PlayReport()
    player = AutoPlayer(pilot, out, report)
    app = pilot.app

    def tap(key: str) -> Script:
        yield from player.tap(key)

    yield pilot.settle()
    yield pilot.until(lambda: pilot.has(f"game:{GAME}") and bool(pilot.keys("resume:")), "Home with the saved game")
    old_game = pilot.keys("resume:")[0]
    yield from tap(f"game:{GAME}")
    yield from tap("card_editor")
    yield from tap("edit:emergency:basic_count")
    for step in ("10", "1", "1"):
        yield from tap(f"editor:step:basic_count:{step}")
    yield from tap("editor:save")
    yield from tap("back")
    yield from tap("tab:symbols")
    yield from tap("editor:add:symbol")
    yield from type_text(pilot, "field:names.en", "Star")
    yield from type_text(pilot, "field:names.fr", "Etoile")
    yield from tap("editor:save")
    yield from tap("back")
    yield from tap("tab:dice")
    yield from tap("editor:add:die")
    yield from type_text(pilot, "field:names.en", "Blue")
    yield from tap("editor:step:count:1")
    yield from tap("editor:step:count:1")
    for _face in range(2):
        yield from tap("editor:pick:faces")
        yield from tap("editor:symbol:symbol-1")
    yield from tap("editor:save")
    yield from tap("back")
    yield from tap("tab:basic")
    yield from tap("edit:card:basic-01")
    yield from tap("editor:kind:disaster")
    yield from type_text(pilot, "field:names.en", "Dam burst")
    yield from tap("editor:pick:symbols")
    yield from tap("editor:symbol:symbol-1")
    yield from tap("editor:save")
    notes["saved_notice"] = app.notice
    notes["basic_list"] = pilot.texts()
    yield from tap("back")
    yield from tap("back")
    notes["overlay"] = {p.name: p.read_text(encoding="utf-8") for p in sorted(default_overlay_dir().glob("*.toml"))}
    # The game saved before the edits keeps the facts it began with.
    yield from tap(old_game)
    yield pilot.until(lambda: pilot.screen_name() == "setup", "the saved game's set-up")
    notes["old_game_named"] = pilot.has("open:turn-named")
    notes["old_game_keys"] = pilot.keys("act:")
    yield from tap("open:menu")
    yield from tap("open:home")
    yield pilot.until(lambda: pilot.screen_name() == "home", "Home")
    # A new game uses them.
    yield from player.start("basic", "table", 3)
    yield from tap("open:turn-named")
    notes["named_choices"] = [
        w.text for w in pilot.widgets() if getattr(w, "action_key", "").startswith("act:TurnCard")
    ]
    yield from tap("act:TurnCard:disaster:basic-01:-")
    yield from player.dismiss_reveals()
    while not pilot.has("setup:start"):
        yield from tap("act:TurnCard:disaster:-:-")
        yield from player.dismiss_reveals()
    yield from tap("setup:start")
    notes["chain_1"] = [cell.name for cell in drawn_cells(pilot)[:1]]
    notes["chain_1_symbols"] = [cell.symbols for cell in drawn_cells(pilot)[:1]]
    # The editor from the game's menu, and back to the table.
    yield from tap("open:menu")
    yield from tap("open:editor")
    notes["editor_from_menu"] = pilot.screen_name()
    yield from tap("back")
    notes["back_from_editor"] = pilot.screen_name()
    # The completed dice, rolled by the companion for a rescue at the completed card's chain.
    yield from tap("open:rescue")
    notes["rescue_chains"] = pilot.keys("rescue:chain:")
    yield from tap("rescue:chain:1")
    yield from tap("dice:more:die-1")
    yield from tap("rescue:roll")
    notes["roll_reveal"] = pilot.texts()
    yield from player.dismiss_reveals()
    state = app.controller.snapshot.state
    notes["rolled"] = [die.symbol for die in state.rescue.dice] if state.rescue else []
    yield from tap("die:0")
    yield from tap("act:AllocateDie:0:basic-01:0")
    yield from tap("act:EndRescue")
    yield from player.dismiss_reveals()
    notes["rescue_done"] = pilot.texts()
    yield from tap("rescue:done")
    notes["labels"] = [entry.label for entry in app.controller.snapshot.history]


# --- the advanced deck, dealt by the companion --------------------------------------------------------------------


def advanced_deck(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """New game with the advanced deck (the basic cards and the 16 advanced ones) dealt by the companion, from the
    test fixture's completed deck: the four chains dealt by one touch, what the table then says of the deck."""
    from companion.games.thunderbirds_solitaire.ui.autoplay import AutoPlayer, PlayReport

    player = AutoPlayer(pilot, out, PlayReport())
    yield pilot.settle()
    yield pilot.until(lambda: pilot.has(f"game:{GAME}"), "the game picker")
    yield from player.start("advanced", "companion", 6)
    state = pilot.app.controller.snapshot.state
    notes["setup"] = {"deck": state.setup.deck, "dealing": state.setup.dealing, "cards": len(state.deck)}
    notes["advanced_cards"] = sorted(c for c in state.deck if c.startswith("advanced-"))
    yield from player.tap("act:DealChains")
    yield from player.dismiss_reveals()
    yield from player.tap("setup:start")
    yield pilot.until(lambda: pilot.screen_name() == "table", "the table")
    yield pilot.drawn()
    state = pilot.app.controller.snapshot.state
    notes["leftmost"] = [cell.kind for cell in drawn_cells(pilot) if cell.position == 1]
    notes["status"] = pilot.app.screen_manager.get_screen("table").ids.status.text
    notes["deck_left"] = len(state.deck)
