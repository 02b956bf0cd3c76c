"""The examples in the engine's docstrings, the types a pack author reads first (`companion.engine`'s public
names), run as they are written: an example that no longer holds fails here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import companion.engine

ENGINE = Path(companion.engine.__file__).resolve().parent
#: The modules whose docstrings carry examples (each is one a pack author imports from).
WITH_EXAMPLES = ("__init__.py", "pack.py", "deck.py", "dice.py", "track.py")


def test_the_engine_examples_hold() -> None:
    files = [str(ENGINE / name) for name in WITH_EXAMPLES]
    command = [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "--doctest-modules", *files]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=ENGINE.parent.parent)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    ran = {line.split("::")[0].rsplit("/", 1)[-1] for line in result.stdout.splitlines() if " PASSED" in line}
    assert ran == set(WITH_EXAMPLES), result.stdout[-2000:]  # every module's examples were found and ran


def test_the_public_names_are_each_where_the_engine_says() -> None:
    assert sorted(companion.engine.__all__) == companion.engine.__all__
    for name in companion.engine.__all__:
        assert getattr(companion.engine, name).__name__ == name or name == "Sound"
