"""The Makefile's install steps (`make run`, `make test` set-up): setuptools' "Editable installation" warning block,
printed by the build backend on every editable install, is not shown; the recipes are read with `make -n` (nothing
is run, nothing installed) and the warning is raised as setuptools raises it, under each recipe's environment."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

from companion.paths import ROOT

#: What setuptools' editable_wheel warns (a BuildBackendWarning, a UserWarning) on every `pip install -e`.
WARNING = (
    "import warnings; warnings.warn('Editable installation.\\n!!\\n  Please be careful with folders in your working "
    "directory with the same name as your package as they may take precedence during imports.\\n!!', UserWarning)"
)


def install_lines(venv: Path) -> list[str]:
    """The editable `pip install` commands the Makefile would run to set `venv` up for the app and the tests."""
    key = subprocess.run(["cksum", "pyproject.toml"], cwd=ROOT, capture_output=True, text=True, check=True)
    stamps = [f"{venv}/.app-{key.stdout.split()[0]}", f"{venv}/.test-{key.stdout.split()[0]}"]
    planned = subprocess.run(
        ["make", "-n", "--always-make", "--no-print-directory", f"VENV={venv}", *stamps],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return [line for line in planned.stdout.splitlines() if "pip install" in line and " -e " in line]


def test_the_editable_install_warning_is_not_printed(tmp_path: Path) -> None:
    lines = install_lines(tmp_path / "venv")
    assert len(lines) == 2, lines  # the app's and the tests'
    for line in lines:
        words = shlex.split(line)
        python = words.index(f"{tmp_path / 'venv'}/bin/python")
        environment = words[:python]  # what the recipe sets for pip and the build backend it starts
        assert all("=" in word for word in environment), line
        bare = subprocess.run([sys.executable, "-c", WARNING], capture_output=True, text=True, timeout=60)
        assert "Editable installation" in bare.stderr  # the warning as it shows without the recipe's setting
        run = subprocess.run(
            ["env", *environment, sys.executable, "-c", WARNING], capture_output=True, text=True, timeout=60
        )
        assert run.returncode == 0 and run.stderr == "", (line, run.stderr)
