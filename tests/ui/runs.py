"""A test's own code run in a real window under the session's Xvfb, each run in a process of its own: a scenario
of the app defined in the test file (run by tests/ui/driver.py like those of tests/ui/scenarios.py), or a probe
script on a bare Kivy window that prints its findings as one JSON line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.paths import ROOT

HERE = Path(__file__).resolve().parent

_LAUNCH = r"""
import sys
sys.path.insert(0, {here!r})
import scenarios
exec({code!r}, scenarios.__dict__)
import driver
sys.argv = ["driver.py", "--scenario", {name!r}, "--size", {size!r}, "--lang", {lang!r}, "--out", {out!r}]
sys.exit(driver.main())
"""


def _environment(display: str, **extra: str) -> dict[str, str]:
    environment = dict(os.environ, DISPLAY=display, **extra)
    environment.pop("WAYLAND_DISPLAY", None)
    return environment


def scenario_notes(
    display: str,
    out: Path,
    name: str,
    code: str,
    size: str = "800x480",
    lang: str = "en",
    timeout: float = 240,
    env: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Runs the scenario `name` that `code` defines (a generator function of pilot, out, args and notes) in the
    real app, with `env` added to its environment; returns the notes it wrote. Fails the test with the driver's
    error when the scenario does."""
    launch = _LAUNCH.format(here=str(HERE), code=code, name=name, size=size, lang=lang, out=str(out))
    completed = subprocess.run(
        [sys.executable, "-c", launch],
        env=_environment(display, **(env or {})),
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=str(ROOT),
    )
    report_file = out / "report.json"
    if not report_file.exists():
        pytest.fail(f"no report (exit {completed.returncode}): {completed.stderr[-3000:]}")
    report = json.loads(report_file.read_text(encoding="utf-8"))
    assert report["ok"], (report["error"] or "") + completed.stderr[-2000:]
    notes: dict[str, Any] = report["notes"]
    return notes


def probe_result(display: str, kivy_home: Path, code: str, timeout: float = 120) -> dict[str, Any]:
    """Runs the probe script `code`; returns the JSON object it printed last."""
    environment = _environment(display, KIVY_HOME=str(kivy_home), KIVY_NO_CONSOLELOG="1", KIVY_NO_ARGS="1")
    completed = subprocess.run(
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True, timeout=timeout, cwd=str(ROOT)
    )
    assert completed.returncode == 0, completed.stderr[-3000:]
    found: dict[str, Any] = json.loads(completed.stdout.strip().splitlines()[-1])
    return found


def killed_run(
    display: str, out: Path, name: str, code: str, env: dict[str, str], size: str = "800x480", timeout: float = 240
) -> int:
    """Runs the scenario `name` that `code` defines until it kills itself with SIGKILL (a power cut, at the moment
    it chose); its exit code (-9). What it wants the test to know it writes to a file named in `env`."""
    launch = _LAUNCH.format(here=str(HERE), code=code, name=name, size=size, lang="en", out=str(out))
    completed = subprocess.run(
        [sys.executable, "-c", launch],
        env=_environment(display, **env),
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=str(ROOT),
    )
    (out / "driver.log").write_text(completed.stdout + completed.stderr, encoding="utf-8")
    return completed.returncode
