"""The UI test harness: each app scenario in its own process (tests/ui/driver.py) on the session's Xvfb.

Screenshots go to `artifacts/ui/<test name>/` and are kept as test artefacts. A test that runs the app uses
`run_app` or `start_app`, which take the screen from `xvfb_display`: that marks it `ui` (tests/conftest.py). The
presenter tests here need no screen and run in the fast loop.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.paths import ROOT
from tests.marks import mark_modules

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "driver.py"
ARTIFACTS = ROOT / "artifacts" / "ui"

#: The modules here that take long, with what they do; marked `slow` (still run by `make test`).
SLOW = {
    "test_ui_game.py": "whole seeded games by touch, in both languages and three window sizes",
    "test_ui_screens.py": "fitted text in a real window at many widths; the start-up with a broken overlay",
    "test_ui_demo.py": "`companion demo` plays a whole game",
    "test_ui_delete.py": "Home's Delete through the real app, in both languages",
    "test_ui_export.py": "Home's one-tap export through the real app, in both languages",
    "test_ui_table_scroll.py": "a game played by touch into a new turn",
    "test_ui_packs.py": "two games played, resumed and exported through the real app",
    "test_ui_federation.py": "Federation played, killed and resumed through the real app",
    "test_ui_kit.py": "a kit game added from a stick, played, killed and resumed through the real app",
    "test_ui_thunder_road.py": "a Thunder Road race played by touch, killed and resumed through the real app",
    "test_ui_kit_demo.py": "`companion demo` plays both kit examples",
    "test_ui_solitaire.py": "Solitaire played, killed and resumed through the real app",
    "test_ui_solitaire_demo.py": "`companion demo` plays a Solitaire game",
    "test_ui_warpspawn.py": "Warpspawn to a rescue, killed and resumed in the real app",
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_modules(items, HERE, SLOW, pytest.mark.slow)


@dataclass(frozen=True)
class Report:
    ok: bool
    error: str | None
    layout: dict[str, list[str]]
    notes: dict[str, Any]
    out: Path
    log: str

    def layout_problems(self) -> list[str]:
        return [f"{label}: {problem}" for label, problems in self.layout.items() for problem in problems]


def artefact_dir(request: pytest.FixtureRequest, suffix: str = "") -> Path:
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name + (f"-{suffix}" if suffix else ""))
    path = ARTIFACTS / name
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    return path


RunApp = Callable[..., Report]


def _app_environment(
    xvfb_display: str, tmp_path: Path, run: str, extra: dict[str, str] | None = None
) -> dict[str, str]:
    """The environment of one app run, with a Kivy home of its own: two apps started at once with one fresh
    KIVY_HOME race on Kivy's first-run files (its config.ini), and the loser exits 1 without a word."""
    kivy_home = tmp_path / f"kivy-home-{run}"
    kivy_home.mkdir(exist_ok=True)
    environment = {**os.environ, "DISPLAY": xvfb_display, "KIVY_HOME": str(kivy_home), **(extra or {})}
    environment.pop("WAYLAND_DISPLAY", None)
    return environment


@pytest.fixture
def run_app(xvfb_display: str, request: pytest.FixtureRequest, tmp_path: Path) -> RunApp:
    """Runs a scenario of tests/ui/scenarios.py in the real app; returns its report (never raises on failure)."""

    def run(
        scenario: str,
        size: str = "800x480",
        lang: str = "en",
        args: dict[str, str] | None = None,
        out: Path | None = None,
        timeout: float = 240,
        env: dict[str, str] | None = None,
    ) -> Report:
        target = out or artefact_dir(request, f"{scenario}-{size}-{lang}")
        command = [
            sys.executable,
            str(DRIVER),
            "--scenario",
            scenario,
            "--size",
            size,
            "--lang",
            lang,
            "--out",
            str(target),
        ]
        for key, value in (args or {}).items():
            command += ["--arg", f"{key}={value}"]
        environment = _app_environment(xvfb_display, tmp_path, f"{scenario}-{size}-{lang}", env)
        completed = subprocess.run(
            command, env=environment, capture_output=True, text=True, timeout=timeout, cwd=str(ROOT)
        )
        log = completed.stdout + completed.stderr
        (target / "driver.log").write_text(log, encoding="utf-8")
        report_file = target / "report.json"
        if not report_file.exists():
            return Report(False, f"no report (exit {completed.returncode})\n{log[-4000:]}", {}, {}, target, log)
        data = json.loads(report_file.read_text(encoding="utf-8"))
        return Report(bool(data["ok"]), data.get("error"), data.get("layout", {}), data.get("notes", {}), target, log)

    return run


@pytest.fixture
def start_app(
    xvfb_display: str, request: pytest.FixtureRequest, tmp_path: Path
) -> Callable[..., subprocess.Popen[str]]:
    """Starts a scenario without waiting for it (the caller may kill it); output goes to driver.log."""
    started: list[subprocess.Popen[str]] = []

    def start(
        scenario: str,
        size: str = "800x480",
        lang: str = "en",
        args: dict[str, str] | None = None,
        out: Path | None = None,
    ) -> subprocess.Popen[str]:
        target = out or artefact_dir(request, f"{scenario}-{size}-{lang}")
        command = [
            sys.executable,
            str(DRIVER),
            "--scenario",
            scenario,
            "--size",
            size,
            "--lang",
            lang,
            "--out",
            str(target),
        ]
        for key, value in (args or {}).items():
            command += ["--arg", f"{key}={value}"]
        environment = _app_environment(xvfb_display, tmp_path, f"{scenario}-{size}-{lang}")
        log = (target / "driver.log").open("w", encoding="utf-8")
        process = subprocess.Popen(
            command, env=environment, stdout=log, stderr=subprocess.STDOUT, text=True, cwd=str(ROOT)
        )
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait(10)
