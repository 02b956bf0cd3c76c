"""Runs the pack's command-line entry points as a person types them: `python -m ...` in a fresh process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from companion.paths import ROOT

SCENARIO = "companion.games.federation.scenario_cli"
CHECK_DATA = "companion.games.federation.check_data"


def run(module: str, *args: str | Path) -> subprocess.CompletedProcess[str]:
    """The command's exit code, standard output and standard error (UTF-8, whatever the locale)."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", module, *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
