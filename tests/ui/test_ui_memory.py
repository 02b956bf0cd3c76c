"""What keeps the app's memory down, checked in the real app: Adjust's long sections build only the rows in view
and still reach every row by scrolling, freed memory is handed back to the system, and once the game's screens
are built the long-lived objects are put out of the garbage collector's sight."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

from companion.paths import ROOT

#: Runs in its own process with a real window: a game dealt, then Adjust's Pieces section, scrolled to its end.
ADJUST_SCRIPT = textwrap.dedent(
    """
    import gc, json, sys
    from companion.ui.launch import prepare_kivy
    prepare_kivy((800, 480), False, None)
    from companion.ui.app import CompanionApp
    from companion.ui.memory import return_freed_memory
    from companion.ui.pilot import Pilot

    found = {}

    def lines(app):
        screen = app.screen_manager.get_screen("adjust")
        rows = screen.ids.rows
        shown = [w for w in rows.layout_manager.children if type(w).__name__ == "AdjustLine"]
        return rows, shown

    def script(app):
        pilot = app.pilot
        yield pilot.until(lambda: app.pack.is_loaded and app.controller.snapshot is None, "the data")
        app.start_game({"players": 2, "difficulty": "introduction"}, 34)
        yield pilot.until(lambda: pilot.screen_name() == "setup_guide", "the set-up guide")
        at_start = gc.get_freeze_count()  # Kivy's start-up objects, frozen after the first frame
        app.go("table")
        yield pilot.settle(frames=2)
        yield pilot.until(lambda: gc.get_freeze_count() > at_start, "the game's screens frozen")
        found["frozen_at_start"] = at_start
        table = app.screen_manager.get_screen("table")
        found["frozen"] = gc.get_freeze_count()
        found["table_frozen"] = not any(o is table for o in gc.get_objects())
        app.go("adjust", section="pieces")
        yield pilot.settle(frames=3)
        rows, shown = lines(app)
        found["rows"] = len(rows.data)
        found["built"] = len(shown)
        rows.scroll_y = 0
        yield pilot.settle(frames=3)
        rows, shown = lines(app)
        last = rows.data[-1]["row"]
        found["last_row_shown"] = any(line.ids.label.text == last.label for line in shown)
        found["built_after_scroll"] = len(shown)
        key = last.buttons[0].key
        found["last_key_shown"] = pilot.has(key)
        pilot.tap(key)
        yield pilot.settle(frames=2)
        found["chooser_opened"] = pilot.has("popup:cancel")
        found["trimmed"] = return_freed_memory()
        found["frozen_after"] = gc.get_freeze_count()

    class Probe(CompanionApp):
        def on_start(self):
            super().on_start()
            self.pilot = Pilot(self)
            self.pilot.run(script(self), self.finish)

        def finish(self, error):
            found["error"] = None if error is None else repr(error)
            self.stop()

    Probe(language="en").run()
    print("RESULT " + json.dumps(found))
    """
)


def test_adjust_builds_the_rows_in_view_and_reaches_every_row(xvfb_display: str, tmp_path) -> None:
    environment = dict(os.environ, DISPLAY=xvfb_display)  # the test's own directories: tests/conftest.py
    script = tmp_path / "adjust_rows.py"  # a file: Kivy's App reads its class's source file
    script.write_text(ADJUST_SCRIPT, encoding="utf-8")
    completed = subprocess.run(
        [sys.executable, str(script)], env=environment, capture_output=True, text=True, timeout=180, cwd=str(ROOT)
    )
    lines = [line for line in completed.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, f"exit {completed.returncode}: {completed.stdout[-3000:]}{completed.stderr[-3000:]}"
    found = json.loads(lines[-1][len("RESULT ") :])
    assert found["error"] is None, found
    # Pieces lists every vehicle, pod and seat (twenty-odd rows); at 800x480 about six are in view.
    assert found["rows"] >= 15, found
    assert found["built"] < found["rows"] / 2, found
    assert found["built_after_scroll"] < found["rows"] / 2, found
    # The last row, scrolled to, shows its own text and buttons, and its button works.
    assert found["last_row_shown"] and found["last_key_shown"] and found["chooser_opened"], found
    if sys.platform.startswith("linux"):
        assert found["trimmed"] is True, found
    # Frozen again once the Table's screens were built: thousands more long-lived objects, the Table among them;
    # what came later (Adjust and its rows) is not.
    assert found["frozen"] > found["frozen_at_start"] + 5000 and found["table_frozen"], found
    assert found["frozen_after"] <= found["frozen"], found
