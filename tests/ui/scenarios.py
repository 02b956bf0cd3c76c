"""Scripts the UI tests run inside the real app (see driver.py). Each is a generator that touches, waits and
records what the test then checks in `notes`."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any

Script = Generator[Any, None, None]


def digest(state: Any) -> str:
    """A fingerprint of a game state (its encoded form), to compare with a state computed elsewhere."""
    import hashlib
    import json

    from companion.games.thunderbirds.rules import RULES

    return hashlib.sha256(json.dumps(RULES.encode_state(state), sort_keys=True).encode()).hexdigest()


def mirror_frames(app: Any) -> int:
    mirror = app.lights.mirror if getattr(app, "lights", None) else None
    return len(mirror.frames) if mirror is not None else -1


def smoke(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    yield pilot.settle()
    notes["screen"] = pilot.screen_name()
    yield pilot.screenshot(out / "01-home.png")
    pilot.check_layout("home")
    pilot.tap("settings")
    yield pilot.settle()
    notes["after_tap"] = pilot.screen_name()
    yield pilot.screenshot(out / "02-settings.png")
    pilot.check_layout("settings")


def tour(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """New game -> set-up guide -> table -> board, a screenshot and a layout check on each."""
    pilot.app.next_seed = int(args.get("seed", "7"))
    yield pilot.settle()
    pilot.tap("new_game")
    yield pilot.settle()
    yield pilot.screenshot(out / "01-new-game.png")
    pilot.check_layout("new_game")
    pilot.tap("start_game")
    yield pilot.until(lambda: pilot.screen_name() == "setup_guide", "the set-up guide")
    n = 0
    while pilot.has("guide:next"):
        n += 1
        yield pilot.screenshot(out / f"02-guide-{n}.png")
        pilot.check_layout(f"guide-{n}")
        pilot.tap("guide:next")
        yield pilot.settle()
    pilot.tap("guide:start")
    yield pilot.until(lambda: pilot.screen_name() == "table", "the table")
    yield pilot.screenshot(out / "03-table.png")
    pilot.check_layout("table")
    pilot.tap("open:board")
    yield pilot.settle()
    yield pilot.screenshot(out / "04-board.png")
    pilot.check_layout("board")


def full_game(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """A whole seeded game from the New game screen to Game over, every move made by touching the screen."""
    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    report = PlayReport()
    seen: set[str] = set()

    def first_time(name: str) -> bool:
        if name in seen:
            return False
        seen.add(name)
        return True

    player = AutoPlayer(pilot, out, report, shoot=first_time)
    yield from player.start(
        int(args.get("players", "2")), args.get("difficulty", "introduction"), int(args.get("seed", "11"))
    )
    yield from player.play(max_actions=int(args.get("max_actions", "3000")))
    yield pilot.settle()  # the game-end backup runs on the worker
    state = pilot.app.controller.snapshot.state
    notes.update(
        actions=report.actions,
        turns=report.turns,
        outcome=report.outcome,
        reason=report.reason,
        screens=sorted(set(s.split("+")[0] for s in report.screens)),
        popups=sorted(set(s for s in report.screens if "+" in s)),
        screenshots=report.screenshots,
        final_screen=pilot.screen_name(),
        history_length=len(pilot.app.controller.snapshot.history),
        labels_sample=report.labels[:5],
        hood=state.hood,
        game_over_title=pilot.app.screen_manager.get_screen("game_over").ids.title.text,
        digest=digest(state),
        mirror_frames=mirror_frames(pilot.app),
    )


def undo_redo(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """Undo and redo by touch: the Table's undo, the History screen's redo and "back to here"; an undone draw
    redone reveals the same card; a new action after an undo drops the redo tail."""
    from companion.games.thunderbirds import actions as a
    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    report = PlayReport()
    player = AutoPlayer(pilot, out, report, shoot=lambda name: name.startswith("history"))
    yield from player.start(2, "introduction", int(args.get("seed", "34")))
    controller = pilot.app.controller
    seen: dict[int, str] = {0: digest(controller.snapshot.state)}
    # Play until the first turn has ended (so a disaster draw is in the history).
    yield from player.play(max_actions=40, stop=lambda state: state.turn >= 2)
    yield from player.to_table(a.EndTurn())
    history = controller.snapshot.history
    cursor = len(history)
    notes["played"] = cursor
    notes["last_label"] = history[-1].label
    final = digest(controller.snapshot.state)
    yield from player.tap("undo")
    yield pilot.until(lambda: len([h for h in controller.snapshot.history if not h.is_undone]) == cursor - 1, "undo")
    notes["after_undo_cursor"] = len([h for h in controller.snapshot.history if not h.is_undone])
    after_undo = digest(controller.snapshot.state)
    yield from player.tap("undo")
    yield pilot.until(lambda: len([h for h in controller.snapshot.history if not h.is_undone]) == cursor - 2, "undo")
    yield from player.tap("open:history")
    yield from player.visit("history-after-undo")
    yield from player.tap("redo")
    yield pilot.until(lambda: len([h for h in controller.snapshot.history if not h.is_undone]) == cursor - 1, "redo")
    notes["redo_matches_undo_state"] = digest(controller.snapshot.state) == after_undo
    yield from player.tap(f"history:{cursor}")
    yield pilot.until(lambda: controller.snapshot.can_redo is False, "redo to the end")
    notes["redo_to_end_matches"] = digest(controller.snapshot.state) == final
    yield from player.tap("history:0")
    yield pilot.until(lambda: controller.snapshot.can_undo is False, "back to the start")
    notes["start_matches"] = digest(controller.snapshot.state) == seen[0]
    yield from player.tap(f"history:{cursor}")
    yield pilot.until(lambda: controller.snapshot.can_redo is False, "forward again")
    notes["forward_again_matches"] = digest(controller.snapshot.state) == final
    yield from player.visit("history-forward")
    # An undone action followed by a new one: the redo tail is dropped.
    yield from player.tap("undo")
    yield pilot.until(lambda: controller.snapshot.can_redo, "undo")
    yield from player.tap("back")
    yield from player.play(max_actions=report.actions + 1)
    notes["redo_after_new_action"] = controller.snapshot.can_redo
    notes["history_after_new_action"] = len(controller.snapshot.history)


def play_and_ack(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """Plays a seeded game, writing "ack <seq> <digest>" to a file after each action the screen has shown (the
    test kills this process at some point)."""
    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    report = PlayReport()
    player = AutoPlayer(pilot, None, report, check_layout=False)
    yield from player.start(int(args.get("players", "2")), "introduction", int(args["seed"]))
    progress = Path(args["progress"])
    controller = pilot.app.controller
    with progress.open("a", encoding="utf-8") as handle:
        handle.write(f"game {controller.snapshot.game_id}\n")
        handle.flush()
        for _ in range(int(args.get("actions", "40"))):
            yield from player.play(max_actions=report.actions + 1)
            snapshot = controller.snapshot
            done = len([h for h in snapshot.history if not h.is_undone])
            handle.write(f"ack {done} {digest(snapshot.state)}\n")
            handle.flush()
            if snapshot.state.outcome is not None:
                break


def resume_check(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """After a crash: resume the saved game from the Home screen by touch and report where it stands."""
    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    player = AutoPlayer(pilot, out, PlayReport())
    yield pilot.until(lambda: bool(pilot.keys("resume:")), "a saved game on the Home screen")
    yield from player.visit("home")
    keys = pilot.keys("resume:")
    notes["saved_games"] = keys
    yield from player.tap(keys[0])
    yield pilot.until(lambda: pilot.app.controller.snapshot is not None, "the game to load")
    snapshot = pilot.app.controller.snapshot
    notes["screen"] = pilot.screen_name()
    notes["cursor"] = len([h for h in snapshot.history if not h.is_undone])
    notes["digest"] = digest(snapshot.state)
    notes["notice"] = pilot.app.notice
    yield from player.visit()


def switch_language(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """The language changes at once on every screen, by touch, and is remembered."""
    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    player = AutoPlayer(pilot, out, PlayReport())
    yield pilot.settle()
    home = pilot.app.screen_manager.get_screen("home")
    notes["home_before"] = home.ids.new_game.text
    yield from player.tap("settings")
    yield from player.tap("language:fr")
    settings = pilot.app.screen_manager.get_screen("settings")
    notes["settings_title_fr"] = settings.ids.title.text
    notes["back_fr"] = pilot.find("back").text
    yield from player.visit("settings-fr")
    yield from player.tap("back")
    notes["home_after"] = home.ids.new_game.text
    yield from player.tap("new_game")
    notes["new_game_title"] = pilot.app.screen_manager.get_screen("new_game").ids.title.text
    yield from player.tap("language:en")
    notes["new_game_title_en"] = pilot.app.screen_manager.get_screen("new_game").ids.title.text
    yield from player.tap("language:fr")


def table_buttons(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """The big buttons on the table (gpiozero's MockFactory pins) act like the screen's: end the turn, then
    confirm the reveal."""
    import time

    from gpiozero import Device

    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    player = AutoPlayer(pilot, out, PlayReport())
    yield from player.start(2, "introduction", 34)
    controller = pilot.app.controller
    board = pilot.app.lights.board
    notes["buttons"] = board.buttons.describe() if board and board.buttons else []
    before = len(controller.snapshot.history)

    def press(pin: int) -> None:
        device = Device.pin_factory.pin(pin)
        device.drive_low()
        time.sleep(0.08)  # past the bounce time
        device.drive_high()

    press(int(args["end_turn"]))  # three actions are left: the screen asks first, as it does for a finger
    yield pilot.until(lambda: pilot.has("endturn:confirm"), "the pause before the turn ends")
    notes["paused"] = len(controller.snapshot.history) == before
    press(int(args["end_turn"]))
    yield pilot.until(lambda: len(controller.snapshot.history) == before + 1, "the button's end of turn")
    yield pilot.until(lambda: pilot.has("reveal:ok"), "the reveal")
    notes["label"] = controller.snapshot.history[-1].label
    yield from player.visit("table-after-button")
    press(int(args["confirm"]))
    yield pilot.until(lambda: not pilot.has("reveal:ok"), "the reveal to close")
    notes["reveal_closed"] = True


def _game_left_for_home(pilot: Any, out: Path, button: str) -> Any:
    """A two-player game dealt, then left from the menu for Home, where its line shows `button`; the player."""
    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    player = AutoPlayer(pilot, out, PlayReport())
    yield from player.start(2, "introduction", 34)
    pilot.app.leave_game()
    yield pilot.until(lambda: bool(pilot.keys(button)), f"the saved game's {button} button on Home")
    return player


def lights_after_leaving(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """A game dealt (its lights on the on-screen strip), then left for Home: how many LEDs the strip shows lit
    in the game and once on Home."""
    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    player = AutoPlayer(pilot, out, PlayReport())
    yield from player.start(2, "introduction", 34)
    mirror = pilot.app.lights.mirror

    def lit() -> int:
        return sum(1 for light in mirror.latest.values() if not light.is_dark)

    yield pilot.until(lambda: lit() > 0, "the game's lights on the strip")
    notes["lit_in_game"] = lit()
    pilot.app.leave_game()
    yield pilot.until(lambda: pilot.screen_name() == "home", "Home and the worker done with the game")
    yield pilot.drawn()
    notes["lit_on_home"] = lit()
    yield from player.visit("home-after-leaving")


def export_from_home(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """A game started, left from the menu, then exported with one tap on its Home line."""
    player = yield from _game_left_for_home(pilot, out, "export:")
    app = pilot.app
    yield from player.visit("home-with-export")
    key = pilot.keys("export:")[0]
    notes["key"] = key
    yield from player.tap(key)
    yield pilot.until(lambda: bool(app.notice), "the export's notice")
    notes["notice"] = app.notice
    yield from player.visit("home-exported")


def delete_from_home(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """A game started and left, then deleted from its Home line: the question first (kept once), then deleted."""
    player = yield from _game_left_for_home(pilot, out, "delete:")
    app = pilot.app
    key = pilot.keys("delete:")[0]
    notes["games_before"] = len(app.controller.saved_games)
    yield from player.tap(key)
    yield pilot.button("delete:confirm")
    yield from player.visit("home-delete-question")
    notes["question"] = [w.text for w in pilot.widgets() if isinstance(getattr(w, "text", None), str) and w.text]
    yield from player.tap("delete:keep")
    yield pilot.until(lambda: not pilot.has("delete:confirm"), "the question closed")
    # The tap on the row's button did not drag the list: it is still at the top of its area, frame after frame.
    games = app.screen_manager.get_screen("home").ids.games
    scroll = games.parent
    gaps = []
    for _frame in range(30):
        yield pilot.settle(frames=1)
        gaps.append(scroll.top - (scroll.g_translate.y + games.height))
    notes["list_gaps_at_top"] = gaps
    notes["list_fits"] = games.height <= scroll.height
    notes["games_after_keep"] = len(app.controller.saved_games)
    yield from player.tap(key)
    yield pilot.button("delete:confirm")
    yield from player.tap("delete:confirm")
    yield pilot.until(lambda: bool(app.notice) and not pilot.has(key), "the game gone from Home")
    notes["notice"] = app.notice
    notes["games_after_delete"] = len(app.controller.saved_games)
    yield from player.visit("home-deleted")


def table_scroll(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """The Table's action list scrolled to its end by a player, then the turn ended by touch: the next player's
    actions start at the top of the list."""
    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    player = AutoPlayer(pilot, out, PlayReport())
    yield from player.start(2, "introduction", 34)
    app = pilot.app
    actions = app.screen_manager.get_screen("table").ids.actions
    scroll = actions.parent
    for played in range(1, 60):  # the bot plays on until the list is longer than its area, mid-turn
        yield from player.play(max_actions=played)
        yield from player.to_table(None)
        yield pilot.settle(frames=2)
        if actions.height > scroll.height and pilot.has("act:EndTurn"):
            break
    notes["overflows"] = actions.height > scroll.height
    for _attempt in range(5):  # where a drag to the end of the list leaves it, once the table has settled
        scroll.scroll_y = 0
        scroll.effect_y.velocity = 0
        scroll.effect_y.value = 0
        yield pilot.settle(frames=5)
        if scroll.scroll_y < 0.5:
            break
    notes["scrolled_before"] = scroll.scroll_y
    active = app.controller.snapshot.state.active
    yield from player.tap("act:EndTurn")
    if pilot.has("endturn:confirm"):  # actions were left: End turn asks first
        yield from player.tap("endturn:confirm")
    yield from player.dismiss_reveals()
    yield from player.to_table(None)
    yield pilot.until(lambda: app.controller.snapshot.state.active != active, "the next player's turn")
    yield pilot.settle(frames=10)
    notes["scrolled_after"] = scroll.scroll_y
    # Pixels between the top of the area and the top of the list (Kivy rounds its scroll to whole pixels).
    notes["gap_at_top_after"] = scroll.top - (scroll.g_translate.y + actions.height)


def chain_outputs(pins: dict[str, Any], outputs: int) -> list[bool]:
    """What a chain of 74HC595s wired to these mock pins shows: the bits clocked in on the clock's rising edges,
    the last `outputs` of them latched on the latch's rising edge (the first bit clocked travels furthest: it ends
    on the last output). Read from the pins' own histories (gpiozero's MockPin records each change)."""

    def changes(pin: Any) -> list[tuple[float, bool]]:
        # MockPin stores each change with the time since the one before; the last change's time is kept.
        when, found = pin._last_change, []
        for entry in reversed(pin.states):
            found.append((when, bool(entry.state)))
            when -= entry.timestamp
        return list(reversed(found))

    order = {"data": 0, "clock": 1, "latch": 2}  # the data is set before the clock rises, both before the latch
    events = sorted((t, order[name], name, state) for name, pin in pins.items() for t, state in changes(pin))
    data, clock, latch = False, False, False
    shifted: list[bool] = []
    shown = [False] * outputs
    for _t, _order, name, state in events:
        if name == "data":
            data = state
        elif name == "clock":
            if state and not clock:
                shifted.append(data)
            clock = state
        else:
            if state and not latch and len(shifted) >= outputs:
                last = shifted[-outputs:]
                shown = [last[outputs - 1 - i] for i in range(outputs)]
            latch = state
    return shown


def lights_from_config(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """A Thunderbirds game opened by touch on an app whose lights only the config file names: what the board's
    LEDs hold once it is dealt (gpio: the mock pins' states; shift595: what the chain latched from the pins' bit
    stream; serial: read by the test from the controller), then what Settings says, reached by touch."""
    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    app = pilot.app
    player = AutoPlayer(pilot, out, PlayReport())
    yield from player.start(2, "introduction", 34)
    yield pilot.until(lambda: app.lights.board is not None and app.lights.scene is not None, "the lights")
    board = app.lights.board
    backend = board.backend
    notes["backend"] = backend.kind
    if backend.kind == "serial":
        yield pilot.until(lambda: backend.wait_connected(0), "the LED controller", timeout=20)
    yield pilot.until(lambda: backend.flush(0), "the lights written")
    yield pilot.settle(frames=5)
    yield pilot.until(lambda: backend.flush(0), "the lights written")
    state = app.controller.snapshot.state
    notes["hood"] = state.hood
    notes["occupied"] = [slot for slot, _card in state.track.occupied()]
    if backend.kind in ("gpio", "shift595"):
        from gpiozero import Device

        factory = Device.pin_factory
        notes["factory"] = type(factory).__name__
        notes["pins"] = {str(pin): int(factory.pin(pin).state) for pin in range(2, 28)}
        if backend.kind == "shift595":
            wiring = {name: int(args[name]) for name in ("data", "clock", "latch")}
            chain = chain_outputs({name: factory.pin(pin) for name, pin in wiring.items()}, int(args["outputs"]))
            notes["chain"] = [int(bit) for bit in chain]
    yield from player.tap("open:menu")
    yield from player.tap("open:settings")
    settings = app.screen_manager.get_screen("settings")
    notes["status"] = settings.ids.lights_status.text
    notes["chosen"] = [
        b.action_key
        for b in pilot.widgets()
        if getattr(b, "action_key", "").startswith("lights:") and b.text.startswith("✓")
    ]
    notes["home_problems"] = list(getattr(app, "config_problems", ()))


def config_problems_on_home(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """The app started on a config file with mistakes: what Home and the notice bar say, what still applies."""
    from companion import locale

    app = pilot.app
    yield pilot.until(lambda: app.lights.board is not None, "the lights (they read the config file)")
    yield pilot.until(lambda: bool(app.notice), "the notice bar")
    notes["notice"] = app.notice
    yield pilot.settle()
    home = app.screen_manager.get_screen("home")
    notes["home"] = home.ids.recovery.text
    notes["home_height"] = home.ids.recovery.height
    notes["language"] = locale.language()
    notes["backend"] = app.lights.board.backend.kind
    yield pilot.screenshot(out / "home.png")
    pilot.check_layout("home")
    pilot.tap("settings")
    yield pilot.settle()
    settings = app.screen_manager.get_screen("settings")
    notes["settings_problems"] = settings.ids.config_problems.text
    yield pilot.screenshot(out / "settings.png")
    pilot.check_layout("settings")


def _texts(pilot: Any) -> list[str]:
    return [w.text for w in pilot.widgets() if isinstance(getattr(w, "text", None), str) and w.text]


def restore_from_home(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """The saved games file could not be read at start: Home offers the backups; one is restored by touch, after
    its question."""
    app = pilot.app
    yield pilot.button("open:backups")
    yield pilot.settle()
    notes["home_before"] = _texts(pilot)
    notes["games_before"] = len(app.controller.saved_games)
    yield pilot.screenshot(out / "01-home.png")
    pilot.check_layout("home")
    pilot.tap("open:backups")
    yield pilot.until(lambda: bool(pilot.keys("restore:")), "the backups listed")
    yield pilot.until(lambda: not app.screen_manager.get_screen("backups").reading, "the lists read")
    yield pilot.settle()
    notes["backups_screen"] = _texts(pilot)
    notes["restore_keys"] = pilot.keys("restore:")
    yield pilot.screenshot(out / "02-backups.png")
    pilot.check_layout("backups")
    pilot.tap(f"restore:{args['backup']}")
    yield pilot.button("restore:confirm")
    yield pilot.settle()
    notes["question"] = _texts(pilot)
    yield pilot.screenshot(out / "03-question.png")
    pilot.check_layout("restore-question")
    pilot.tap("restore:confirm")
    yield pilot.until(lambda: pilot.screen_name() == "home" and bool(app.controller.saved_games), "Home, restored")
    yield pilot.settle()
    notes["notice"] = app.notice
    notes["games_after"] = len(app.controller.saved_games)
    notes["home_after"] = _texts(pilot)
    yield pilot.screenshot(out / "04-home-restored.png")
    pilot.check_layout("home-restored")
    key = pilot.keys("resume:")[0]
    pilot.tap(key)
    yield pilot.until(lambda: app.controller.snapshot is not None, "the restored game resumed")
    notes["resumed_actions"] = len(app.controller.snapshot.history)


def import_from_home(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """Home, Backups and import: the exported games found are listed (those that cannot be imported say why);
    one is imported by touch and appears on Home."""
    app = pilot.app
    yield pilot.button("backups")
    pilot.tap("backups")
    yield pilot.until(lambda: pilot.screen_name() == "backups", "the Backups screen")
    yield pilot.until(lambda: bool(pilot.keys("import:")), "the exports listed")
    yield pilot.until(lambda: not app.screen_manager.get_screen("backups").reading, "the lists read")
    yield pilot.settle()
    notes["listed"] = _texts(pilot)
    notes["import_keys"] = pilot.keys("import:")
    notes["enabled"] = [
        w.action_key for w in pilot.widgets() if getattr(w, "action_key", "").startswith("import:") and not w.disabled
    ]
    yield pilot.screenshot(out / "01-backups.png")
    pilot.check_layout("backups")
    pilot.tap(notes["enabled"][0])
    yield pilot.until(lambda: bool(app.notice), "the import's notice")
    notes["notice"] = app.notice
    pilot.tap("back")
    yield pilot.until(lambda: pilot.screen_name() == "home" and bool(pilot.keys("resume:")), "Home with the game")
    yield pilot.settle()
    notes["resume_keys"] = pilot.keys("resume:")
    yield pilot.screenshot(out / "02-home.png")
    pilot.check_layout("home")
    pilot.tap(notes["resume_keys"][0])
    yield pilot.until(lambda: app.controller.snapshot is not None, "the imported game resumed")
    notes["resumed_actions"] = len(app.controller.snapshot.history)


def key_moments(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """The demo's game (seed 34) by touch, stopping at each key moment: End turn tapped with three actions left
    (the pause, then Keep playing), the no-dice card's tile, the Scheme screen's foil buttons, a roll read
    against its card, and the Icelandic volcano's closed routes on the Table and the Board."""
    from companion.games.thunderbirds import actions as a
    from companion.games.thunderbirds.state import PendingRescue
    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    app = pilot.app
    player = AutoPlayer(pilot, out, PlayReport())
    yield from player.start(2, "introduction", 34)
    state = app.controller.snapshot.state
    table = app.screen_manager.get_screen("table")
    notes["tiles"] = {t.tile.card: t.tile.name for t in table.ids.tiles.children if t.tile and t.tile.card}
    notes["scheme_button"] = table.ids.scheme.text
    yield from player.tap("act:EndTurn")
    notes["end_turn_popup"] = _texts(pilot)
    notes["end_turn_keys"] = [k for k in ("popup:cancel", "endturn:confirm") if pilot.has(k)]
    yield from player.tap("popup:cancel")
    after = app.controller.snapshot.state
    notes["kept_playing"] = [after.turn == state.turn, after.active == state.active, after.actions_left]
    defs = app.pack.defs_for(state)
    slot = next(slot for slot, card in state.track.occupied() if defs.disasters[card].is_no_dice)
    yield from player.tap(f"tile:{slot}")
    notes["no_dice_popup"] = _texts(pilot)
    yield from player.tap("popup:close")
    yield from player.play(stop=lambda s: isinstance(s.pending, PendingRescue))
    yield from player.to_table(a.FinishRescue())
    notes["score_line"] = app.screen_manager.get_screen("rescue").ids.score.text
    rolled = app.controller.snapshot.state.pending
    notes["roll"] = [rolled.score, app.pack.defs_for(state).disasters[rolled.disaster].difficulty]
    yield from player.play(stop=lambda s: any(e.kind == "block-edges" for e in s.effects))
    yield from player.to_table(None)
    notes["effects"] = app.screen_manager.get_screen("table").ids.effects.text
    yield from player.tap("open:board")
    board = app.screen_manager.get_screen("board")
    notes["board_hint"] = board.ids.hint.text
    notes["closed_edges"] = sorted(sorted(e.ends) for e in board.ids.map.edges if e.closed)
    yield pilot.screenshot(out / "board-closed-routes.png")
    yield from player.play(stop=lambda s: any(isinstance(x, a.FoilScheme) for x in app.pack.legal_actions(s)))
    yield from player.to_table(None)
    yield from player.tap("open:scheme")
    notes["scheme_success_buttons"] = [
        b.action_key for b in pilot.widgets() if getattr(b, "role", "") == "success" and pilot.has(b.action_key)
    ]


# --- cards the players complete, by touch -------------------------------------------------------------------


def _type_into(screen: Any, label: str, text: str) -> None:
    """Types `text` into the editor's field on the line reading `label` (as the on-screen keyboard would)."""
    from kivy.uix.textinput import TextInput

    for line in screen.ids.content.children:
        if line.ids.label.text == label:
            field = next(w for w in line.ids.buttons.children if isinstance(w, TextInput))
            field.text = text
            return
    raise AssertionError(f"no field {label!r} in the editor")


def _save(player: Any, pilot: Any, screen: Any) -> Script:
    saves = len(screen.undo_stack)
    yield from player.tap("editor:save")
    yield pilot.until(lambda: len(screen.undo_stack) > saves, "the card saved")
    yield pilot.settle()


def unknown_cards_by_touch(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """Seed 22 deals an unknown disaster to slot 3 and turns an unknown scheme face up, and its first draw is
    another unknown disaster. The players enter each where it matters (the set-up guide, the draw's pop-up), in
    the card editor, then play on: the rules check the cards like known ones."""
    from companion import locale
    from companion.games.thunderbirds import actions as a
    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    app = pilot.app
    english = locale.language() == "en"
    player = AutoPlayer(pilot, out, PlayReport())
    app.next_seed = 22
    yield pilot.settle()
    for key in ("new_game", "players:2", "difficulty:introduction", "start_game"):
        yield from player.tap(key)
    yield pilot.until(lambda: pilot.screen_name() == "setup_guide", "the set-up guide")
    while not pilot.has("open:complete:unknown-disaster-3"):
        yield from player.tap("guide:next")
    guide = app.screen_manager.get_screen("setup_guide")
    notes["guide_before"] = [w.text for w in guide.ids.lines.children][::-1]
    yield from player.tap("open:complete:unknown-disaster-3")
    editor = app.screen_manager.get_screen("card_editor")
    notes["editor_title"] = editor.ids.title.text
    _type_into(editor, "Name in English" if english else "Nom en anglais", "Mine Collapse")
    _type_into(editor, "Name in French" if english else "Nom en français", "Effondrement de la mine")
    for key in ("editor:pick:region", "editor:region:africa", "editor:type:land", "editor:difficulty:+1"):
        yield from player.tap(key)
    for key in ("editor:pick:reward", "editor:reward:joker", "editor:pick:bonus", "editor:piece:mole"):
        yield from player.tap(key)
    yield from _save(player, pilot, editor)
    yield from player.tap("back")
    notes["guide_step_kept"] = pilot.screen_name() == "setup_guide" and not pilot.has(
        "open:complete:unknown-disaster-3"
    )
    guide = app.screen_manager.get_screen("setup_guide")
    notes["guide_after"] = [w.text for w in guide.ids.lines.children][::-1]
    while not pilot.has("open:complete:unknown-scheme-1-1"):
        yield from player.tap("guide:previous")
    yield from player.tap("open:complete:unknown-scheme-1-1")
    editor = app.screen_manager.get_screen("card_editor")  # screens left are let go: this is a new one
    _type_into(editor, "Name in English" if english else "Nom en anglais", "Fire in the Alps")
    _type_into(editor, "Name in French" if english else "Nom en français", "Feu dans les Alpes")
    for key in ("editor:pick:regions", "editor:region:europe", "editor:pick:token", "editor:token:technology"):
        yield from player.tap(key)
    for key in ("editor:pick:piece:pieces", "editor:piece:fab1", "editor:region:europe"):
        yield from player.tap(key)
    yield from _save(player, pilot, editor)
    yield from player.tap("back")
    while pilot.has("guide:next"):
        yield from player.tap("guide:next")
    yield from player.tap("guide:start")
    yield from player.tap("act:EndTurn")
    yield from player.tap("endturn:confirm")
    yield pilot.button("reveal:ok")
    notes["draw_popup"] = _texts(pilot)
    notes["draw_keys"] = [k for k in ("open:complete:unknown-disaster-1", "reveal:ok") if pilot.has(k)]
    yield from player.tap("open:complete:unknown-disaster-1")
    editor = app.screen_manager.get_screen("card_editor")
    _type_into(editor, "Name in English" if english else "Nom en anglais", "Flood at the Dam")
    _type_into(editor, "Name in French" if english else "Nom en français", "Crue au barrage")
    for key in ("editor:pick:region", "editor:region:asia", "editor:no_dice:toggle"):
        yield from player.tap(key)
    for key in ("editor:pick:piece:auto_requirements", "editor:piece:tb2", "editor:region:asia"):
        yield from player.tap(key)
    yield from player.tap("editor:pick:reward")
    yield from player.tap("editor:reward:joker")
    yield from _save(player, pilot, editor)
    yield from player.tap("back")
    yield pilot.until(lambda: pilot.screen_name() == "table", "back at the table")
    snapshot = app.controller.snapshot
    notes["confirms"] = [act for act in snapshot.legal if isinstance(act, (a.ConfirmRescue,))]
    notes["confirmed_foils"] = [act for act in snapshot.legal if isinstance(act, a.FoilScheme) and act.confirmed]
    defs = app.pack.defs_for(snapshot.state)
    notes["cards"] = {
        card: [defs.disasters[card].completeness, defs.disasters[card].is_no_dice]
        for card in ("unknown-disaster-1", "unknown-disaster-3")
    }
    table = app.screen_manager.get_screen("table")
    notes["tiles"] = [[t.tile.name, t.tile.difficulty] for t in table.ids.tiles.children if t.tile and t.tile.card]
    yield from player.tap("open:scheme")
    scheme = app.screen_manager.get_screen("scheme")
    notes["scheme_title"] = scheme.ids.title.text
    notes["scheme_lines"] = [w.text for w in scheme.ids.lines.children][::-1]
    notes["scheme_keys"] = pilot.keys()


def editor_by_touch(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """The card editor from Home, by touch: two broken overlay files listed (a café's card with a bad difficulty,
    fixed here and saved back into its file; a file that is not TOML, set aside), then an event completed with
    effect blocks and how its lasting effect ends, and a F.A.B. card with its bonus, timing and turn."""
    from companion import locale
    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    app = pilot.app
    english = locale.language() == "en"
    player = AutoPlayer(pilot, out, PlayReport())
    yield pilot.settle()
    home = app.screen_manager.get_screen("home")
    notes["home_before"] = home.ids.recovery.text
    yield from player.tap("card_editor")
    editor = app.screen_manager.get_screen("card_editor")
    notes["problem_keys"] = pilot.keys("fix:") + pilot.keys("aside:")
    yield from player.tap("fix:unknown-disaster-2")
    notes["fix_subtitle"] = editor.ids.subtitle.text
    notes["fix_rows"] = [line.ids.label.text for line in editor.ids.content.children][::-1]
    for _step in range(12):  # 50 as the file says, down to 20 (the highest) and on to 9
        yield from player.tap("editor:difficulty:-1")
    yield from _save(player, pilot, editor)
    yield from player.tap("back")
    notes["keys_after_fix"] = pilot.keys("fix:") + pilot.keys("aside:")
    aside = pilot.keys("aside:")
    if aside:
        yield from player.tap(aside[0])
        yield pilot.until(lambda: not pilot.has(aside[0]), "the file set aside")
    notes["keys_after_aside"] = pilot.keys("fix:") + pilot.keys("aside:")
    yield from player.tap("kind:event")
    yield from player.tap("edit:explosion-on-tracy-island")
    for key in ("editor:pick:effect", "editor:effect:speed-limit", "editor:pick:effect-vehicle:0"):
        yield from player.tap(key)
    yield from player.tap("editor:vehicle:tb2")
    _type_into(
        editor,
        "Ends (as printed), in English" if english else "Fin (comme imprimée), en anglais",
        "until a player discards a Technology token",
    )
    _type_into(
        editor,
        "Ends (as printed), in French" if english else "Fin (comme imprimée), en français",
        "jusqu'à ce qu'un joueur défausse un jeton Technologie",
    )
    for key in ("editor:pick:effect", "editor:effect:move-hood"):
        yield from player.tap(key)
    _type_into(editor, "Text in English" if english else "Texte en anglais", "Thunderbird 2 is hit: top speed 1.")
    _type_into(editor, "Text in French" if english else "Texte en français", "Thunderbird 2 est touché : vitesse 1.")
    notes["event_rows"] = [line.ids.label.text for line in editor.ids.content.children][::-1]
    yield from _save(player, pilot, editor)
    yield from player.tap("back")
    yield from player.tap("kind:fab")
    yield from player.tap("edit:grandmas-cooking")
    for key in ("editor:pick:effect", "editor:effect:rescue-modifier", "editor:pick:effect-type:0", "editor:type:land"):
        yield from player.tap(key)
    for key in ("editor:effect:0:+1", "editor:timing:before-roll", "editor:any_turn:toggle"):
        yield from player.tap(key)
    _type_into(editor, "Text in English" if english else "Texte en anglais", "+3 to a land rescue.")
    _type_into(editor, "Text in French" if english else "Texte en français", "+3 à un sauvetage terrestre.")
    notes["fab_rows"] = [line.ids.label.text for line in editor.ids.content.children][::-1]
    yield from _save(player, pilot, editor)
    yield from player.tap("back")
    yield from player.tap("back")
    yield pilot.until(lambda: pilot.screen_name() == "home", "Home")
    notes["home_after"] = app.screen_manager.get_screen("home").ids.recovery.text


#: The Table's buttons read back with OCR (tests/ui/test_ui_readable_text.py): its main one, with an "rn".
READ_BACK_BUTTONS = ("act:EndTurn", "open:history", "open:menu", "open:board", "open:discards")


def readable_buttons(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """A game dealt and the Table shown; each of its key buttons cut out of the drawn frame as an image to read
    back, with the text it shows."""
    from ocr import box_image, widget_box, window_pixels

    from companion.games.thunderbirds.ui.autoplay import AutoPlayer, PlayReport

    player = AutoPlayer(pilot, out, PlayReport(), shoot=lambda _name: False)
    yield from player.at_table(seed=int(args.get("seed", "34")))
    yield pilot.screenshot(out / "table.png")
    pixels, width, _height = yield from window_pixels(pilot)
    read: dict[str, dict[str, str]] = {}
    for key in READ_BACK_BUTTONS:
        widget = pilot.find(key)
        image = box_image(pixels, width, widget_box(widget), out / f"{key.replace(':', '-')}.pgm")
        read[key] = {"text": str(widget.text), "image": str(image)}
    notes["buttons"] = read


def screen_tour(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """The toolkit's screen tour of one game (`args["game"]`): every screen at every size, in both languages."""
    from companion.ui.screen_tour import run_tour

    if "mounts" in args:  # a USB stick the test made (tests/ui/test_ui_kit.py's `make_stick`)
        from kit_scenarios import use_stick

        use_stick(args)
    yield from run_tour(pilot, out, args["game"], notes, {"stick": "yes"} if "mounts" in args else {})
