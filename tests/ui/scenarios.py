"""Scripts the UI tests run inside the real app (see driver.py). Each is a generator that touches, waits and
records what the test then checks in `notes`."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import Any

Script = Generator[Any, None, None]


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
    from companion.ui.autoplay import AutoPlayer, PlayReport

    report = PlayReport()
    seen: set[str] = set()

    def first_time(name: str) -> bool:
        if name in seen:
            return False
        seen.add(name)
        return True

    player = AutoPlayer(pilot, out, report, shoot=first_time)
    yield from player.start(int(args.get("players", "2")), args.get("difficulty", "introduction"),
                            int(args.get("seed", "11")))
    yield from player.play(max_actions=int(args.get("max_actions", "3000")))
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
    )


def every_screen(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """Every screen and pop-up of the app, reached by touch, each checked for layout and photographed."""
    from companion.ui.autoplay import AutoPlayer, PlayReport

    report = PlayReport()
    player = AutoPlayer(pilot, out, report)

    def tap(key: str) -> Script:
        yield from player.tap(key)

    def look(label: str) -> Script:
        yield from player.visit(label)

    yield from look("home")
    for key in ("settings", "back", "help", "back", "card_editor"):
        yield from tap(key)
    for kind in ("scheme", "event", "fab", "hood-track", "disaster"):
        yield from tap(f"kind:{kind}")
    first = next(k for k in pilot.keys("edit:"))
    yield from tap(first)
    yield from tap("editor:pick:region")
    yield from tap("popup:cancel")
    yield from tap("back")
    yield from tap("back")
    # A game, far enough to show a rescue and some history.
    yield from player.start(int(args.get("players", "1")), args.get("difficulty", "heroic"),
                            int(args.get("seed", "5")))
    yield from look("table")
    yield from tap("tile:1")
    yield from tap("popup:close")
    yield from tap("open:discards")
    yield from tap("popup:close")
    yield from tap("open:menu")
    yield from tap("popup:cancel")
    yield from tap("open:board")
    vehicles = pilot.keys("vehicle:")
    for key in vehicles[:2]:
        yield from tap(key)
        yield from look(f"board-{key[8:]}")
    yield from tap("back")
    yield from tap("open:scheme")
    yield from tap("back")
    players = pilot.keys("open:player:")
    yield from tap(players[0])
    yield from tap("back")
    rescues = pilot.keys("open:rescue:")
    if rescues:
        yield from tap(rescues[0])
        yield from tap("rescue:done")
    # Play a few bot moves so the history, a roll and a reveal have something to show.
    yield from player.play(max_actions=int(args.get("moves", "12")))
    yield from player.to_table(None)
    yield from tap("open:history")
    yield from tap("back")
    yield from tap("open:menu")
    yield from tap("open:adjust")
    for section in ("disasters", "tokens", "fabs", "pieces", "effects", "track"):
        yield from tap(f"section:{section}")
    yield from tap("back")
    notes["screens"] = sorted(set(s.split("+")[0] for s in report.screens))
    notes["popups"] = sorted(set(s for s in report.screens if "+" in s))
    notes["visits"] = len(report.screens)
