"""Runs one UI scenario in the real app, in its own process (a Kivy window cannot be recreated in a process).

    python tests/ui/driver.py --scenario NAME --size 800x480 --lang en --out DIR [--arg key=value ...]

Writes DIR/report.json: {"ok", "error", "layout": {label: [problem, ...]}, "notes": {...}} and exits 0 when the
script ran to its end (the test then asserts on the report).
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def main() -> int:
    import faulthandler
    import signal

    faulthandler.register(signal.SIGUSR1, all_threads=True)
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenario", required=True)
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", required=True, type=Path)
    parser.add_argument("--arg", action="append", default=[])
    options = parser.parse_args()
    args = dict(item.split("=", 1) for item in options.arg)
    out: Path = options.out
    out.mkdir(parents=True, exist_ok=True)

    from companion.ui.launch import parse_size, prepare_kivy

    size = parse_size(options.size)
    prepare_kivy(size, False, None)
    app_log = _log_to(out / "app.log")

    import scenarios  # tests/ui/scenarios.py

    from companion.ui.app import CompanionApp
    from companion.ui.pilot import Pilot

    script_factory = getattr(scenarios, options.scenario)
    report: dict[str, object] = {"ok": False, "error": None, "layout": {}, "notes": {}}

    class DrivenApp(CompanionApp):
        def on_start(self) -> None:
            super().on_start()
            self.pilot = Pilot(self)
            notes: dict[str, object] = {}
            report["notes"] = notes

            def done(error: BaseException | None) -> None:
                report["ok"] = error is None
                if error is not None:
                    report["error"] = "".join(traceback.format_exception(error)) + _tail(app_log)
                report["layout"] = {k: [str(p) for p in v] for k, v in self.pilot.layout_problems.items()}
                self.stop()

            self.pilot.run(script_factory(self.pilot, out, args, notes), done)

    try:
        DrivenApp(language=options.lang).run()
    except BaseException:
        report["ok"] = False
        report["error"] = traceback.format_exc()
    (out / "report.json").write_text(json.dumps(report, indent=2, default=str), encoding="utf-8")
    return 0 if report["ok"] else 1


def _log_to(path: Path) -> Path:
    """The app's log (what Kivy's console would have shown: warnings, the worker's errors) kept beside the
    screenshots, so a failed run says what the app saw."""
    import logging

    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setLevel(logging.INFO)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(handler)
    return path


def _tail(path: Path, lines: int = 40) -> str:
    """The last lines the app logged, for a failed run's report."""
    if not path.exists():
        return ""
    logged = path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:]
    return "\napp log (last lines):\n" + "\n".join(logged) if logged else ""


if __name__ == "__main__":
    sys.exit(main())
