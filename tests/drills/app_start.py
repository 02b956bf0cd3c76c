"""Starts the real app on whatever broken files the environment points at, and reports what the players see.

    python tests/drills/app_start.py --out DIR

The saved games, the card overlay and the config come from COMPANION_STATE_DIR, COMPANION_DATA_DIR and
COMPANION_CONFIG, as on a café's Pi. Once the app has settled on Home, every text on screen is recorded and a
screenshot taken; then each saved game's Resume button is touched, and what the screen says after each touch is
recorded too (leaving any game that opened). Writes DIR/report.json: {"ok", "error", "home": [texts], "home_notice",
"resumes": [{"key", "screen", "notice", "texts"}], "logged": [error log lines]}.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import traceback
from collections.abc import Generator
from pathlib import Path
from typing import Any


class Collect(logging.Handler):
    """Keeps every error logged while the app runs (they go to the log, never to the screen)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True, type=Path)
    out: Path = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)

    from companion.ui.launch import prepare_kivy

    prepare_kivy((800, 480), False, None)

    from companion.ui.app import CompanionApp
    from companion.ui.pilot import Pilot

    report: dict[str, Any] = {"ok": False, "error": None, "home": [], "resumes": [], "logged": []}
    collect = Collect()
    logging.getLogger().addHandler(collect)

    def texts(app: Any, pilot: Any) -> list[str]:
        return [str(w.text) for w in pilot.widgets() if isinstance(getattr(w, "text", None), str) and w.text.strip()]

    def script(app: Any, pilot: Any) -> Generator[Any, None, None]:
        yield pilot.until(lambda: pilot.screen_name() == "home", "Home")
        yield pilot.settle()
        report["home"] = texts(app, pilot)
        report["home_notice"] = app.notice
        yield pilot.screenshot(out / "home.png")
        for key in sorted(pilot.keys("resume:")):
            pilot.tap(key)
            yield pilot.settle()
            yield 0.2
            yield pilot.settle()
            report["resumes"].append(
                {"key": key, "screen": pilot.screen_name(), "notice": app.notice, "texts": texts(app, pilot)}
            )
            yield pilot.screenshot(out / f"{key.replace(':', '-')}.png")
            if pilot.screen_name() != "home":
                app.leave_game()
                yield pilot.until(lambda: pilot.screen_name() == "home", "Home again")

    class StartApp(CompanionApp):
        def on_start(self) -> None:
            super().on_start()
            pilot = self.pilot = Pilot(self)  # Kivy holds callbacks weakly: the app keeps the pilot alive

            def done(error: BaseException | None) -> None:
                report["ok"] = error is None
                if error is not None:
                    report["error"] = "".join(traceback.format_exception(error))
                self.stop()

            pilot.run(script(self, pilot), done)

    try:
        StartApp().run()
    except BaseException:
        report["ok"] = False
        report["error"] = traceback.format_exc()
    report["logged"] = collect.lines
    (out / "report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
