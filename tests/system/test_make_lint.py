"""`make lint`, the gate `make test` and `make test-fast` pass first: an unused import, an unformatted file or a type
error fails it, named. Run as the Makefile runs it, on a copy of the tree (the files git tracks) with the tests' own
venv."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from companion.paths import ROOT

MODULE = Path("companion") / "files.py"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """The files `make lint` sees here (tracked, or new and not ignored), copied with their times (so make finds
    nothing to rebuild)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
        timeout=60,
    )
    for name in filter(None, listed.stdout.split(b"\0")):
        source = ROOT / os.fsdecode(name)
        if source.is_file():
            target = tmp_path / os.fsdecode(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    # mypy's cache of the run `make lint` just made: mypy then re-checks only what a test changes.
    if (ROOT / ".mypy_cache").is_dir():
        shutil.copytree(ROOT / ".mypy_cache", tmp_path / ".mypy_cache")
    return tmp_path


def make_lint(tree: Path) -> subprocess.CompletedProcess[str]:
    """`make lint` in `tree` with the venv running these tests; its install step is taken as done (`-o`)."""
    venv = Path(sys.prefix)
    assert (venv / "bin" / "ruff").is_file(), f"no ruff in {venv}: run the tests from the project's venv"
    key = subprocess.run(["cksum", "pyproject.toml"], cwd=tree, capture_output=True, text=True, check=True)
    installed = venv / f".test-{key.stdout.split()[0]}"
    return subprocess.run(
        ["make", "--no-print-directory", "lint", f"VENV={venv}", "-o", str(installed)],
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_an_unused_import_fails_it_naming_the_file_the_line_and_the_import(tree: Path) -> None:
    source = (tree / MODULE).read_text(encoding="utf-8")
    (tree / MODULE).write_text(source.replace("import logging\n", "import json\nimport logging\n", 1), encoding="utf-8")
    completed = make_lint(tree)
    assert completed.returncode != 0
    assert "F401" in completed.stdout and "`json` imported but unused" in completed.stdout
    line = source.splitlines().index("import logging") + 1
    assert f"--> {MODULE}:{line}:" in completed.stdout


def test_an_unformatted_file_fails_it_naming_the_file(tree: Path) -> None:
    source = (tree / MODULE).read_text(encoding="utf-8")
    # Single quotes: nothing the linter minds, but not how the formatter writes a string.
    (tree / MODULE).write_text(source.replace('open("wb")', "open('wb')", 1), encoding="utf-8")
    completed = make_lint(tree)
    assert completed.returncode != 0
    line = source.splitlines().index('        with temporary.open("wb") as out:') + 1
    assert "File would be reformatted" in completed.stdout and f"--> {MODULE}:{line}:" in completed.stdout


def test_a_type_error_fails_it_naming_the_file_and_the_line(tree: Path) -> None:
    source = (tree / MODULE).read_text(encoding="utf-8")
    written = "            out.write(raw)"
    # A number where the file wants bytes: valid Python, and ruff has nothing to say about it.
    (tree / MODULE).write_text(source.replace(written, "            out.write(len(raw))", 1), encoding="utf-8")
    completed = make_lint(tree)
    assert completed.returncode != 0
    line = source.splitlines().index(written) + 1
    assert f'{MODULE}:{line}: error: Argument 1 to "write"' in completed.stdout, completed.stdout
    assert "[arg-type]" in completed.stdout


def test_a_pure_module_without_type_hints_fails_it(tree: Path) -> None:
    """The engine, the lights, the kit and the games' rules are checked strictly: a function without hints is an
    error there, and only there (the shell's screens follow mypy's defaults)."""
    probe = "\n\ndef probe(value):\n    return value\n"
    for where in ("companion/engine/deck.py", "companion/games/thunderbirds/ui/hooks.py"):
        path = tree / where
        path.write_text(path.read_text(encoding="utf-8") + probe, encoding="utf-8")
    completed = make_lint(tree)
    assert completed.returncode != 0
    errors = [line for line in completed.stdout.splitlines() if ": error: " in line]
    assert len(errors) == 1 and errors[0].startswith("companion/engine/deck.py:"), completed.stdout
    assert "Function is missing a type annotation" in errors[0]


def test_the_pre_commit_hooks_run_the_ruff_the_project_pins() -> None:
    """The hooks must judge a commit as `make lint` will: same ruff version, the linter and the format check."""
    pins = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    (ruff,) = [pin for pin in pins["test"] if pin.startswith("ruff")]
    hooks = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    rev = re.search(r"^ {4}rev: v(\S+)$", hooks, re.MULTILINE)
    assert rev is not None and rev[1] == ruff.removeprefix("ruff==")
    assert re.findall(r"- id: (\S+)", hooks) == ["ruff-check", "ruff-format"]
    assert "args: [--check]" in hooks
