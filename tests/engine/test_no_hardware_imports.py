"""The engine and the game packs never import the UI or hardware libraries (they run headless and in tests)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import companion

PACKAGE_ROOT = Path(companion.__file__).resolve().parent

BLOCKER = textwrap.dedent(
    """
    import importlib, pkgutil, sys

    BLOCKED = ("kivy", "gpiozero", "serial", "RPi", "lgpio")

    class Blocker:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError(f"{name} must not be imported here")
            return None

    sys.meta_path.insert(0, Blocker())
    failures = []
    for package in ("companion.engine", "companion.games"):
        module = importlib.import_module(package)
        names = [package] + [
            info.name for info in pkgutil.walk_packages(module.__path__, prefix=package + ".")
        ]
        for name in names:
            try:
                importlib.import_module(name)
            except Exception as error:
                failures.append(f"{name}: {type(error).__name__}: {error}")
            else:
                print("imported", name)
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
    if loaded:
        failures.append(f"loaded anyway: {loaded}")
    print("\\n".join(failures), file=sys.stderr)
    sys.exit(1 if failures else 0)
    """
)


def expected_modules(package: str) -> set[str]:
    """Every module file under the package at test time, as a dotted name."""
    folder = PACKAGE_ROOT / package
    names = set()
    for path in folder.rglob("*.py"):
        parts = path.relative_to(PACKAGE_ROOT.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.add(".".join(parts))
    return names


def test_engine_and_games_import_with_ui_and_hardware_libraries_unavailable() -> None:
    result = subprocess.run([sys.executable, "-c", BLOCKER], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    imported = {line.split()[1] for line in result.stdout.splitlines() if line.startswith("imported ")}
    wanted = expected_modules("engine") | expected_modules("games")
    # Folders without an __init__.py are not packages and cannot be imported by name; everything else must be.
    assert wanted - imported <= {n for n in wanted if not _is_importable_path(n)}
    assert "companion.engine.session" in imported and "companion.engine.store" in imported


def _is_importable_path(dotted: str) -> bool:
    parts = dotted.split(".")
    folder = PACKAGE_ROOT.parent
    for part in parts[:-1]:
        folder = folder / part
        if not (folder / "__init__.py").exists():
            return False
    return True


def test_the_blocker_really_blocks() -> None:
    probe = BLOCKER.split("failures = []")[0] + "import kivy\n"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "must not be imported" in result.stderr
