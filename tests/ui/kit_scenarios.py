"""Scripts the kit's UI tests run inside the real app (driver.py runs them like scenarios.py's): a kit game added
from a USB stick (a real folder listed in a mounts file of the test's own), played and undone by touch with an
acknowledgement after each action the screen showed; resumed after a kill; every kit screen looked at."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Generator
from pathlib import Path
from typing import Any

Script = Generator[Any, None, None]


def kit_digest(pack: Any, state: Any) -> str:
    """A fingerprint of a kit game's state (its encoded form)."""
    return hashlib.sha256(json.dumps(pack.rules.encode_state(state), sort_keys=True).encode()).hexdigest()[:24]


def use_stick(args: dict[str, str]) -> None:
    """The app finds removable drives in `args["mounts"]` (a file written as /proc/mounts is) under
    `args["media"]`, the way it reads the machine's own."""
    from companion import exports

    exports.MOUNTS_FILE = Path(args["mounts"])
    exports.REMOVABLE_ROOTS = (args["media"].rstrip("/") + "/",)


def lit_leds(app: Any) -> dict[str, list[Any]]:
    """The recording back-end's latest frame: each lit LED's colour, level and whether it blinks."""
    board = app.lights.board
    frame = board.backend.latest if board is not None else {}
    return {
        name: [list(light.colour), light.level, light.blink is not None]
        for name, light in frame.items()
        if not light.is_dark
    }


def done_actions(app: Any) -> int:
    return len([entry for entry in app.controller.snapshot.history if not entry.is_undone])


def kit_stick_play(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """Home's "Add a game from a USB stick": a broken file named and left out, a name clash kept, the new game
    added; then played by touch (a draw, a roll, a draw from the bag, a marker moved, the next phase), one action
    undone, and counters changed until the test kills the app. "ack <done> <digest>" follows each action shown."""
    from companion.kit import actions as a
    from companion.kit.ui.autoplay import KitPlayer, KitReport
    from companion.ui.action_keys import act

    use_stick(args)
    app = pilot.app
    player = KitPlayer(pilot, out, KitReport())
    yield pilot.settle()
    yield pilot.until(lambda: pilot.has("settings"), "Home")
    notes["before_stick"] = pilot.has("add_game")
    yield from player.tap("settings")
    yield from player.tap("back")  # Home looks for games and sticks again
    yield pilot.button("add_game")
    yield from player.visit("home-with-stick")
    yield from player.tap("add_game")
    yield pilot.button("stick:race.toml")
    notes["stick_keys"] = sorted(pilot.keys("stick:"))
    notes["stick_texts"] = pilot.texts()
    pilot.check_layout("stick-chooser")
    yield from player.tap("stick:clash.toml")
    yield pilot.button("stick:keep")
    notes["clash_texts"] = pilot.texts()
    pilot.check_layout("stick-clash")
    yield from player.tap("stick:keep")
    yield from player.tap("add_game")
    yield from player.tap("stick:race.toml")
    yield pilot.until(lambda: pilot.has("game:stick_race"), "the game added to the picker")
    notes["added_notice"] = app.notice
    yield from player.visit("home-added")
    yield from player.start("stick_race", 2, int(args.get("seed", "7")))
    pack = app.pack
    progress = Path(args["progress"])
    with progress.open("a", encoding="utf-8") as handle:

        def ack() -> None:
            snapshot = app.controller.snapshot
            handle.write(f"ack {done_actions(app)} {kit_digest(pack, snapshot.state)}\n")
            handle.flush()

        handle.write(f"game {app.controller.snapshot.game_id}\n")
        handle.flush()
        seat = app.controller.snapshot.state.current
        plays = [
            ("cards", act(a.Draw("boost", seat))),
            ("dice", act(a.Roll("run", seat))),
            ("bags", act(a.DrawFromBag("chips", seat))),
            ("tracks", act(a.MoveMarker("race", f"p{seat + 1}", by=1))),
            ("tracks", act(a.MoveMarker("race", f"p{seat + 1}", to=3))),
            ("turn", act(a.NextPhase())),
        ]
        for section, key in plays:
            yield from player.section(section)
            yield from player.press(key)
            ack()
        notes["labels"] = list(player.report.labels)
        before = app.controller.snapshot.version
        yield from player.tap("undo")
        yield pilot.until(lambda: app.controller.snapshot.version > before, "the undo")
        ack()
        notes["after_undo"] = [entry.label for entry in app.controller.snapshot.history if not entry.is_undone]
        yield from player.section("counters")
        for number in range(int(args.get("actions", "40"))):
            current = app.controller.snapshot.state.current
            key = act(a.ChangeCounter("pot", current, 1 if number % 2 == 0 else -1))
            yield from player.press(key)
            ack()


def kit_resume(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """After the kill: the saved game resumed from Home by touch; where it stands, its screen, its LEDs."""
    from companion.kit.ui.autoplay import KitPlayer, KitReport

    app = pilot.app
    player = KitPlayer(pilot, out, KitReport())
    yield pilot.until(lambda: bool(pilot.keys("resume:")), "a saved game on Home")
    yield from player.visit("home")
    notes["saved_games"] = pilot.keys("resume:")
    notes["home_texts"] = pilot.texts()
    yield from player.tap(pilot.keys("resume:")[0])
    yield pilot.until(lambda: app.controller.snapshot is not None and pilot.screen_name() == "table", "the table")
    yield pilot.until(lambda: app.lights.board is not None and app.lights.scene is not None, "the lights")
    yield pilot.settle(frames=2)
    snapshot = app.controller.snapshot
    notes["screen"] = pilot.screen_name()
    notes["screen_class"] = type(app.screen_manager.current_screen).__name__
    notes["cursor"] = done_actions(app)
    notes["digest"] = kit_digest(app.pack, snapshot.state)
    notes["state"] = app.pack.rules.encode_state(snapshot.state)
    notes["game"] = app.pack.name
    notes["backend"] = type(app.lights.board.backend).__name__
    notes["leds"] = lit_leds(app)
    yield from player.section("tracks")
    yield from player.visit()


def two_games_side_by_side(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """Home lists a Thunderbirds game and a kit game; each resumes into its own screens, and back again."""
    from companion.kit.ui.autoplay import KitPlayer, KitReport

    app = pilot.app
    player = KitPlayer(pilot, out, KitReport())
    yield pilot.until(lambda: len(pilot.keys("resume:")) == 2, "both saved games on Home")
    yield from player.tap("settings")
    yield from player.tap("back")
    yield pilot.until(lambda: len(app.controller.saved_games) == 2 and len(pilot.keys("game:")) > 2, "the picker")
    yield from player.visit("home")
    notes["home_texts"] = pilot.texts()
    games = {game.game: game.game_id for game in app.controller.saved_games}
    for name in ("dice_race", "thunderbirds", "dice_race"):
        yield from player.tap(f"resume:{games[name]}")
        yield pilot.until(lambda n=name: pilot.screen_name() == "table" and app.pack.name == n, f"{name}'s table")
        yield pilot.until(lambda n=name: app.lights.scene is not None and app.lights.scene.game == n, f"{name} lights")
        yield pilot.settle()
        notes[f"{name}_screen"] = [pilot.screen_name(), type(app.screen_manager.current_screen).__name__]
        notes[f"{name}_screens_built"] = sorted(app.screen_manager.screen_names)
        notes[f"{name}_leds"] = sorted(app.lights.mirror.latest) if app.lights.mirror else []
        yield from player.visit(f"{name}-table")
        yield from player.tap("open:menu")
        yield from player.tap("open:home")
        yield pilot.until(lambda: pilot.screen_name() == "home", "Home")


def kit_comes_back(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """A saved game of a kit whose file is gone: listed on Home with the reason and no way to resume it, beside a
    game that resumes; then the kit added again from a USB stick, and the same saved game resumed by touch."""
    from companion.kit.ui.autoplay import KitPlayer, KitReport

    use_stick(args)
    app = pilot.app
    player = KitPlayer(pilot, out, KitReport())
    gone = int(args["gone"])
    yield pilot.until(lambda: len(app.controller.saved_games) == 2, "both saved games")
    yield from player.tap("settings")
    yield from player.tap("back")  # Home looks for games and sticks again
    yield pilot.button("add_game")
    yield from player.visit("home-game-gone")
    notes["home_texts"] = pilot.texts()
    notes["resumable"] = sorted(pilot.keys("resume:"))
    [button] = [w for w in pilot.widgets() if getattr(w, "action_key", "") == f"resume:{gone}"]
    notes["gone_button"] = [str(button.text), bool(button.disabled)]
    pilot.tap(button)  # a finger on the greyed button: nothing opens
    yield pilot.settle(frames=3)
    notes["after_tap"] = [pilot.screen_name(), app.controller.snapshot is not None]
    yield from player.tap("add_game")
    yield from player.tap("stick:race.toml")
    yield pilot.until(lambda: pilot.has(f"resume:{gone}"), "the saved game resumable again")
    yield from player.visit("home-game-back")
    notes["back_texts"] = pilot.texts()
    yield from player.tap(f"resume:{gone}")
    yield pilot.until(lambda: app.controller.snapshot is not None and pilot.screen_name() == "table", "the table")
    yield pilot.settle()
    yield from player.visit("resumed")
    snapshot = app.controller.snapshot
    notes["resumed"] = [
        app.pack.name,
        type(app.screen_manager.current_screen).__name__,
        snapshot.game_id,
        done_actions(app),
        app.pack.rules.encode_state(snapshot.state),
    ]


def broken_games_at_start(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """The app started beside a broken kit file and a broken pack: what Home says, and a game of another
    installed game started by touch."""
    from companion.kit.ui.autoplay import KitPlayer, KitReport

    app = pilot.app
    player = KitPlayer(pilot, out, KitReport())
    yield pilot.until(lambda: len(pilot.keys("game:")) > 1, "the game picker")
    yield pilot.settle()
    yield from player.visit("home-with-problems")
    notes["home_texts"] = pilot.texts()
    notes["picker"] = sorted(pilot.keys("game:"))
    yield from player.start("dice_race", 2, 3)
    notes["started"] = [app.pack.name, pilot.screen_name(), type(app.screen_manager.current_screen).__name__]


def kit_editor(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """Home's Card editor for a kit example, by touch: a die whose faces the rulebook leaves out completed on the
    docked keyboard and saved, a bad face refused with the field, a token count stepped; then a new game rolls the
    completed die."""
    from companion.games.thunderbirds_solitaire.ui.autoplay import type_text
    from companion.kit import actions as a
    from companion.kit.ui.autoplay import KitPlayer, KitReport
    from companion.ui.action_keys import act

    app = pilot.app
    player = KitPlayer(pilot, out, KitReport())
    yield pilot.until(lambda: pilot.has("game:thunder_road_upkeep"), "the kit on Home's picker", timeout=60)
    yield from player.tap("game:thunder_road_upkeep")
    yield from player.tap("card_editor")
    yield pilot.until(lambda: pilot.screen_name() == "editor", "the editor")
    yield from player.visit("editor-dice")
    notes["before"] = [row["row"].text for row in app.screen_manager.current_screen.ids.rows.data]
    yield from player.tap("edit:die:1")
    yield from player.visit("editor-form")
    yield from type_text(pilot, "field:faces", "1,2,3,4,5,6")
    yield from player.tap("editor:save")
    yield pilot.until(lambda: app.screen_manager.current_screen.draft is None, "the save")
    notes["notice"] = app.notice
    notes["after"] = [row["row"].text for row in app.screen_manager.current_screen.ids.rows.data]
    notes["intro"] = app.screen_manager.current_screen.ids.intro.text
    yield from player.tap("edit:die:2")
    yield from type_text(pilot, "field:faces", "1,skull")
    yield from player.tap("editor:save")
    yield pilot.until(lambda: bool(app.screen_manager.current_screen.problem), "the refusal")
    yield from player.visit("editor-refused")
    notes["refused"] = app.screen_manager.current_screen.problem
    yield from player.tap("editor:cancel")
    yield from player.tap("section:bags")
    yield from player.tap("edit:token:0:1")
    yield from player.tap("count:-1")
    yield from player.tap("editor:save")
    yield pilot.until(lambda: app.screen_manager.current_screen.draft is None, "the second save")
    notes["bags"] = [row["row"].text for row in app.screen_manager.current_screen.ids.rows.data]
    yield from player.tap("back")
    yield pilot.until(lambda: pilot.screen_name() == "home", "Home")
    yield from player.start("thunder_road_upkeep", 2, 4)
    yield from player.section("dice")
    seat = app.controller.snapshot.state.current
    key = act(a.Roll("road", seat))
    notes["road_offered"] = player.offered(key)
    yield from player.press(key)
    notes["rolled"] = list(player.report.labels)
