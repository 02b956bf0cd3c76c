"""The spectator page in a real browser follows a game played by touch in the real app (Xvfb), action by action:
the app's own config file turns the pages on, and each position the app made durable shows in the browser, with
its sequence number, the shared screen's lines and the latest history line, before the next touch."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from companion.paths import ROOT

from .conftest import shown_version, texts

HERE = Path(__file__).resolve().parent
_LAUNCH = r"""
import sys
sys.path[:0] = [{ui!r}, {here!r}]
import scenarios, web_scenarios
vars(scenarios).update(vars(web_scenarios))
import driver
sys.argv = ["driver.py", "--scenario", "web_follow", "--out", {out!r}, "--arg", "actions={actions}"]
sys.exit(driver.main())
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_spectator_page_follows_a_game_played_by_touch(
    xvfb_display: str, browser: Any, tmp_path: Path, isolated_dirs: Path
) -> None:
    port, actions = free_port(), 8
    Path(os.environ["COMPANION_CONFIG"]).write_text(
        f'[web]\nenabled = true\nhost = "127.0.0.1"\nport = {port}\n', encoding="utf-8"
    )
    out = tmp_path / "run"
    out.mkdir()
    code = _LAUNCH.format(ui=str(ROOT / "tests" / "ui"), here=str(HERE), out=str(out), actions=actions)
    environment = {**os.environ, "DISPLAY": xvfb_display, "KIVY_HOME": str(tmp_path / "kivy")}
    log = (out / "driver.log").open("w", encoding="utf-8")
    app = subprocess.Popen([sys.executable, "-c", code], env=environment, stdout=log, stderr=subprocess.STDOUT)
    page = browser.new_page()
    followed: list[dict[str, Any]] = []
    try:
        deadline = time.monotonic() + 120
        while not (out / "web.url").exists():
            assert app.poll() is None and time.monotonic() < deadline, (out / "driver.log").read_text()
            time.sleep(0.2)
        page.goto(f"http://127.0.0.1:{port}/")
        while len(followed) < actions + 1:
            assert app.poll() is None and time.monotonic() < deadline, (out / "driver.log").read_text()
            lines = (out / "published.jsonl").read_text().splitlines() if (out / "published.jsonl").exists() else []
            if len(lines) == len(followed):
                time.sleep(0.05)
                continue
            expected = json.loads(lines[len(followed)])
            assert shown_version(page, expected["version"]) == expected["version"]
            assert page.evaluate("document.body.dataset.step") == str(expected["step"])
            assert texts(page, "lines") == expected["lines"]
            assert (texts(page, "history") or [""])[0] == expected["latest"]
            followed.append(expected)
            (out / "seen").write_text(str(expected["version"]), encoding="utf-8")
        app.wait(120)
    finally:
        page.close()
        if app.poll() is None:
            app.kill()
            app.wait(10)
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["ok"], report["error"]
    assert report["notes"]["actions"] == actions
    steps = [entry["step"] for entry in followed]
    assert steps == list(range(steps[0], steps[0] + actions + 1)), "one step a touch, each seen in the browser"
    assert len({entry["latest"] for entry in followed[1:]}) > 1
