"""The kit is pure: every module of companion/kit imports with Kivy, gpiozero and pyserial unavailable."""

from __future__ import annotations

import subprocess
import sys

from companion.paths import ROOT

PROGRAM = """
import sys
for name in ("kivy", "gpiozero", "serial"):
    sys.modules[name] = None  # any import of them now fails
import importlib, pkgutil, companion.kit
for module in pkgutil.iter_modules(companion.kit.__path__):
    importlib.import_module(f"companion.kit.{module.name}")
print(sorted(m for m in sys.modules if m.startswith("companion.kit.")))
"""


def test_every_kit_module_imports_without_ui_or_hardware_libraries() -> None:
    done = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "companion.kit.rules" in done.stdout and "companion.kit.pack" in done.stdout
