"""Scripts run inside the real app (tests/ui/driver.py) for the web views' tests: a Warpspawn Thunderbirds game played
by touch while a browser in the test's process follows the spectator page, one action at a time.

The two processes meet through files in the run's folder: the app writes each position it published
(`published.jsonl`: version, step, the spectator's lines and latest history line) and waits until the test writes
that version to `seen` (the browser showed it) before it touches the next action."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scenarios import Script


def web_follow(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    from companion.games.warpspawn_thunderbirds.ui.autoplay import AutoPlayer, PlayReport
    from companion.web.views import spectator_message

    app = pilot.app
    yield pilot.until(lambda: app.web is not None, "the web pages to start (the config file turns them on)", 60)
    (out / "web.url").write_text(app.web.url, encoding="utf-8")
    report = PlayReport()
    player = AutoPlayer(pilot, None, report, check_layout=False)
    yield from player.start(2, int(args.get("board", "12")), int(args.get("seed", "1")))
    seen = out / "seen"
    published = out / "published.jsonl"

    def acknowledged() -> int:
        text = seen.read_text(encoding="utf-8").strip() if seen.exists() else ""
        return int(text) if text else -1

    for _ in range(int(args.get("actions", "8")) + 1):
        position = app.web.board.current
        message = spectator_message(position, "en")
        line = {"version": position.version, "step": position.step, "lines": message["lines"]}
        with published.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps({**line, "latest": (message["history"] or [""])[0]}) + "\n")
        yield pilot.until(lambda v=position.version: acknowledged() >= v, "the browser to show the position", 60)
        if report.actions >= int(args.get("actions", "8")):
            break
        yield from player.play(max_actions=report.actions + 1)
    notes["actions"] = report.actions


def web_settings(pilot: Any, out: Path, args: dict[str, str], notes: dict[str, Any]) -> Script:
    """Settings by touch, in a game: the pages turned on, a seat's code shown with its QR code, a new code made, the
    pages turned off again."""
    from kivy.core.window import Window
    from kivy.uix.image import Image

    from companion.games.warpspawn_thunderbirds.ui.autoplay import AutoPlayer, PlayReport
    from companion.ui.widgets.popups import AppPopup

    app = pilot.app
    player = AutoPlayer(pilot, out, PlayReport())
    yield from player.start(2, 12, 1)
    yield from player.tap("open:menu")
    yield from player.tap("open:settings")
    yield pilot.until(lambda: pilot.screen_name() == "settings", "Settings")
    notes["before"] = app.screen_manager.get_screen("settings").ids.web_label.text
    notes["codes_enabled_off"] = not app.screen_manager.get_screen("settings").ids.web_codes.disabled
    yield from player.tap("web:toggle")
    yield pilot.until(lambda: app.web is not None, "the pages to start", 30)
    yield pilot.settle()
    notes["after"] = app.screen_manager.get_screen("settings").ids.web_label.text
    notes["url"] = app.web.url
    from websockets.sync.client import connect

    with connect(app.web.url.replace("http", "ws") + "ws") as watching:
        watching.recv(timeout=10)
        label = app.screen_manager.get_screen("settings").ids.web_label
        yield pilot.until(lambda: "\n1" in label.text, "the page counted on Settings", 10)
        notes["watching"] = app.screen_manager.get_screen("settings").ids.web_label.text
        yield pilot.screenshot(out / "settings-web-on.png")
        notes["layout"] = [str(problem) for problem in pilot.check_layout("settings")]
    yield from player.tap("web:codes")
    yield pilot.until(lambda: bool(player.popup_kind()), "the seat's code")
    popup = next(child for child in Window.children if isinstance(child, AppPopup))
    first = app.web.seat_codes()[0][1]
    notes["popup_title"] = popup.title
    notes["popup_text"] = [w.text for w in popup.walk() if getattr(w, "text", "")]
    notes["qr"] = [tuple(w.texture.size) for w in popup.walk() if isinstance(w, Image) and w.texture is not None]
    notes["short"] = first.short
    notes["popup_layout"] = [str(problem) for problem in pilot.check_layout("seat-code")]
    yield pilot.screenshot(out / "seat-code.png")
    yield from player.tap("web:renew")
    yield pilot.settle()
    notes["renewed"] = (
        app.web.seat_codes()[0][1].short != first.short and app.web.server.codes.find(first.token) is None
    )
    yield from player.tap("web:close")
    yield pilot.settle()
    yield from player.tap("web:toggle")
    yield pilot.until(lambda: app.web is None, "the pages to stop", 30)
    yield pilot.settle()
    notes["off_again"] = app.screen_manager.get_screen("settings").ids.web_label.text
